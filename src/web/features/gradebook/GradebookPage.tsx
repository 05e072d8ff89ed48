/**
 * The gradebook: one row per learner of a class (/gradebook/{classid}, the class's instructor and
 * admins) or of every class of a course (/gradebook/course/{courseid}, admins): each quiz's best or
 * last score, the exam's attempts and result, completion and certificate. Sorting, filtering and a CSV
 * export (UTF-8 with BOM, headers in the reader's language); one learner's attempts with questions and
 * answers; an extra exam attempt granted with a reason (audited on the server).
 */
import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconDownload, IconPlus, IconSearch, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { ApiError } from '../../lib/api.ts';
import { addStatus } from '../../lib/status.ts';
import { useSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PageLoader } from '../../app/guards.tsx';
import { dateTimeText, gradebookOf, grantAttempt, learnerAttempts, type Gradebook, type GradebookRow } from '../../lib/data/exams.ts';
import { toCsv } from './csv.ts';
import { classMembersPath, courseGradebookPath } from '../../lib/paths.ts';
import { AppModal } from '../../components/AppModal.tsx';

/** A result badge in a narrow column wraps its words instead of cutting them to an ellipsis. */
const WRAPPING_BADGE = { root: { height: 'auto', paddingBlock: 2 }, label: { whiteSpace: 'normal', overflow: 'visible' } } as const;

type SortKey = 'name' | 'exam' | 'attempts' | 'completion';
type Filter = 'all' | 'passed' | 'notpassed' | 'completed' | 'notstarted';

const name = (r: GradebookRow) => `${r.firstname} ${r.lastname}`.trim();

export default function GradebookPage() {
  const { t, i18n } = useTranslation();
  const { classid, courseid } = useParams();
  const { user } = useSession();
  const qc = useQueryClient();
  const scope = courseid ? { course: courseid } : { classid };
  const key = ['gradebook', scope.course ?? '', scope.classid ?? ''];
  const book = useQuery({ queryKey: key, queryFn: () => gradebookOf(scope), enabled: !!(classid || courseid), retry: false });
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const [mode, setMode] = useState<'best' | 'last'>('best');
  const [sort, setSort] = useState<{ key: SortKey; dir: 1 | -1 }>({ key: 'name', dir: 1 });
  const [detail, setDetail] = useState<GradebookRow | null>(null);
  const [granting, setGranting] = useState<GradebookRow | null>(null);
  useDocumentTitle(t('Gradebook'));
  const lang = i18n.language;

  const rows = useMemo(() => {
    const data = book.data;
    if (!data) return [];
    const q = search.trim().toLowerCase();
    const list = data.rows.filter((r) => {
      if (q && !`${name(r)} ${r.email}`.toLowerCase().includes(q)) return false;
      if (filter === 'passed') return !!r.exam?.passed;
      if (filter === 'notpassed') return !!r.exam && r.exam.attempts > 0 && !r.exam.passed;
      if (filter === 'completed') return !!r.completed;
      if (filter === 'notstarted') return !r.exam || r.exam.attempts === 0;
      return true;
    });
    const val = (r: GradebookRow): string | number => {
      switch (sort.key) {
        case 'exam':
          return r.exam?.best ?? -1;
        case 'attempts':
          return r.exam?.attempts ?? 0;
        case 'completion':
          return r.percentcomplete;
        default:
          return `${r.lastname} ${r.firstname}`.toLowerCase();
      }
    };
    return [...list].sort((a, b) => {
      const x = val(a),
        y = val(b);
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), lang)) * sort.dir;
    });
  }, [book.data, search, filter, sort, lang]);

  if (book.isPending) return <PageLoader />;
  if (book.error || !book.data) {
    const status = book.error instanceof ApiError ? book.error.status : 0;
    return (
      <Stack data-screen="gradebook">
        <Title order={1}>{t('Gradebook')}</Title>
        <Alert color="orange" data-testid="gradebook-error">
          {t(status === 403 || status === 401 ? MSG.forbidden : book.error instanceof ApiError ? book.error.message : MSG.didntWork)}
        </Alert>
      </Stack>
    );
  }
  const data: Gradebook = book.data;
  const many = data.classes.length > 1 || !!courseid;

  const headers = [
    t('Learner'),
    t('Email'),
    ...(many ? [t('Class')] : []),
    ...data.quizzes.map((q) => `${q.title} (${mode === 'best' ? t('best score') : t('last score')})`),
    ...(data.exam ? [t('Exam attempts'), t('Exam best score'), t('Exam result')] : []),
    t('Completion'),
    t('Completed'),
    t('Certificate'),
  ];
  const cells = (r: GradebookRow): string[] => [
    name(r),
    r.email,
    ...(many ? [r.classname ?? r.classid] : []),
    ...data.quizzes.map((q) => {
      const s = r.quizzes[q._id];
      return s ? `${mode === 'best' ? s.best : s.last}%` : '';
    }),
    ...(data.exam
      ? [
          r.exam ? (r.exam.allowed === null ? `${r.exam.attempts}` : `${r.exam.attempts}/${r.exam.allowed}`) : '0',
          r.exam?.best === undefined ? '' : `${r.exam.best}%`,
          !r.exam || r.exam.attempts === 0
            ? t('Not started')
            : r.exam.passed
              ? t('Passed')
              : r.exam.inprogress
                ? t('In progress')
                : t('Not passed'),
        ]
      : []),
    `${r.percentcomplete}%`,
    r.completed ? r.completed.slice(0, 10) : '',
    r.certificate ? (r.certcode ?? t('Yes')) : t('No'),
  ];

  const exportCsv = () => {
    const blob = new Blob([toCsv(headers, rows.map(cells))], { type: 'text/csv;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `gradebook-${(classid ?? courseid ?? 'class').replace(/[^\w-]+/g, '_')}.csv`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const sortHeader = (k: SortKey, label: string) => (
    <Table.Th aria-sort={sort.key === k ? (sort.dir === 1 ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => setSort((s) => ({ key: k, dir: s.key === k ? (s.dir === 1 ? -1 : 1) : 1 }))} data-testid={`sort-${k}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            {label}
          </Text>
          {sort.key === k && (sort.dir === 1 ? <IconSortAscending size={14} aria-hidden /> : <IconSortDescending size={14} aria-hidden />)}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );

  return (
    <Stack gap="md" data-screen="gradebook" data-course={data.course}>
      <Title order={1}>{t('Gradebook')}</Title>
      <Paper withBorder radius="md" p="sm">
        <Stack gap={4}>
          <Text fw={600}>{data.coursetitle}</Text>
          <Text size="sm" c="gray.8">
            {data.classes.map((c) => c.name).join(', ')}
          </Text>
          <Group gap="xs">
            {classid && (
              <Anchor component={Link} to={classMembersPath(classid)} size="sm">
                {t('Class Members')}
              </Anchor>
            )}
            {user?.isAdmin && classid && (
              <Anchor component={Link} to={courseGradebookPath(data.course)} size="sm" data-testid="gradebook-course-link">
                {t('All classes of this course')}
              </Anchor>
            )}
          </Group>
        </Stack>
      </Paper>
      <Group gap="sm" align="end" wrap="wrap">
        <TextInput
          label={t('Search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-testid="gradebook-search"
        />
        <Select
          label={t('Show')}
          value={filter}
          onChange={(v) => setFilter((v as Filter) ?? 'all')}
          allowDeselect={false}
          data-testid="gradebook-filter"
          data={[
            { value: 'all', label: t('Everyone') },
            { value: 'passed', label: t('Exam passed') },
            { value: 'notpassed', label: t('Exam not passed') },
            { value: 'notstarted', label: t('Exam not started') },
            { value: 'completed', label: t('Completed') },
          ]}
        />
        <Stack gap={2}>
          <Text size="sm" fw={500} id="gradebook-mode">
            {t('Quiz scores')}
          </Text>
          <SegmentedControl
            aria-labelledby="gradebook-mode"
            value={mode}
            onChange={(v) => setMode(v as 'best' | 'last')}
            data={[
              { value: 'best', label: t('best score') },
              { value: 'last', label: t('last score') },
            ]}
          />
        </Stack>
        <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={exportCsv} data-testid="gradebook-csv" variant="light">
          {t('Export CSV')}
        </Button>
      </Group>
      <Text size="sm" c="gray.8" data-testid="gradebook-count">
        {t('Learners shown: {{n}}', { n: rows.length })}
      </Text>
      <Table.ScrollContainer minWidth={800}>
        <Table striped withTableBorder data-testid="gradebook-table">
          <Table.Thead>
            <Table.Tr>
              {sortHeader('name', t('Learner'))}
              {many && <Table.Th>{t('Class')}</Table.Th>}
              {data.quizzes.map((q) => (
                <Table.Th key={q._id}>{q.title}</Table.Th>
              ))}
              {data.exam && sortHeader('attempts', t('Exam attempts'))}
              {data.exam && sortHeader('exam', t('Exam best score'))}
              {data.exam && <Table.Th>{t('Exam result')}</Table.Th>}
              {sortHeader('completion', t('Completion'))}
              <Table.Th>{t('Certificate')}</Table.Th>
              <Table.Th>{t('Actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r._id} data-testid="gradebook-row" data-user={r.user}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {name(r)}
                  </Text>
                  <Text size="xs" c="gray.8" dir="ltr">
                    {r.email}
                  </Text>
                </Table.Td>
                {many && <Table.Td>{r.classname ?? r.classid}</Table.Td>}
                {data.quizzes.map((q) => {
                  const s = r.quizzes[q._id];
                  return <Table.Td key={q._id}>{s ? <bdi>{`${mode === 'best' ? s.best : s.last}%`}</bdi> : '—'}</Table.Td>;
                })}
                {data.exam && (
                  <Table.Td data-testid="gradebook-attempts">
                    <bdi>{r.exam ? (r.exam.allowed === null ? r.exam.attempts : `${r.exam.attempts}/${r.exam.allowed}`) : 0}</bdi>
                  </Table.Td>
                )}
                {data.exam && <Table.Td>{r.exam?.best === undefined ? '—' : <bdi>{`${r.exam.best}%`}</bdi>}</Table.Td>}
                {data.exam && (
                  <Table.Td data-testid="gradebook-result">
                    {!r.exam || r.exam.attempts === 0 ? (
                      t('Not started')
                    ) : r.exam.passed ? (
                      <Badge color="green" variant="light" c="green.9" styles={WRAPPING_BADGE}>
                        {t('Passed')}
                      </Badge>
                    ) : r.exam.inprogress ? (
                      t('In progress')
                    ) : (
                      <Badge color="red" variant="light" c="red.9" styles={WRAPPING_BADGE}>
                        {t('Not passed')}
                      </Badge>
                    )}
                  </Table.Td>
                )}
                <Table.Td>
                  <bdi>{`${r.percentcomplete}%`}</bdi>
                  {r.completed ? <Text size="xs">{dateTimeText(r.completed, lang)}</Text> : null}
                </Table.Td>
                <Table.Td>
                  {r.certificate ? (
                    <Text size="xs" dir="ltr">
                      {r.certcode ?? t('Yes')}
                    </Text>
                  ) : (
                    t('No')
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {data.exam && (
                      <Button size="compact-xs" variant="subtle" onClick={() => setDetail(r)} data-testid="gradebook-attempts-open">
                        {t('Attempts')}
                      </Button>
                    )}
                    {data.exam && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconPlus size={12} aria-hidden />}
                        onClick={() => setGranting(r)}
                        data-testid="gradebook-grant"
                      >
                        {t('Extra attempt')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 && <Text c="gray.8">{t('No learners match.')}</Text>}
      {detail && <AttemptsModal row={detail} onClose={() => setDetail(null)} />}
      {granting && (
        <GrantModal
          row={granting}
          onClose={() => setGranting(null)}
          onDone={() => {
            setGranting(null);
            void qc.invalidateQueries({ queryKey: key });
          }}
        />
      )}
    </Stack>
  );
}

function AttemptsModal({ row, onClose }: { row: GradebookRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const data = useQuery({ queryKey: ['learner-attempts', row.classid, row.user], queryFn: () => learnerAttempts(row.classid, row.user) });
  return (
    <AppModal opened onClose={onClose} title={`${t('Exam attempts')}: ${name(row)}`} size="lg">
      {data.isPending && <PageLoader />}
      {data.data && (
        <Stack gap="md" data-testid="learner-attempts">
          {data.data.attempts.length === 0 && <Text>{t('No attempts yet.')}</Text>}
          {data.data.attempts.map((a) => (
            <Paper key={a._id} withBorder p="sm" data-testid="learner-attempt">
              <Text fw={600}>
                {t('Attempt {{n}}', { n: a.number })} · {dateTimeText(a.finished ?? a.started, i18n.language)} ·{' '}
                {a.state === 'inprogress' ? t('In progress') : <bdi>{`${a.percent}%`}</bdi>}{' '}
                {a.state !== 'inprogress' && (a.passed ? t('Passed') : t('Not passed'))}
                {a.state === 'expired' && ` (${t('time ran out')})`}
                {a.granted && ` · ${t('Extra attempt')}`}
              </Text>
              <Stack gap={4} mt="xs">
                {a.questions.map((q, i) => (
                  <Text key={i} size="sm">
                    {`${i + 1}. ${q.question}`} — {t('Your answer')}: <bdi>{q.answer || '—'}</bdi>
                    {q.answer ? ` ${q.answers[q.answer.charCodeAt(0) - 65] ?? ''}` : ''} · {t('Correct answer')}: <bdi>{q.correct}</bdi>
                    {` ${q.answers[q.correct.charCodeAt(0) - 65] ?? ''}`}
                  </Text>
                ))}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </AppModal>
  );
}

function GrantModal({ row, onClose, onDone }: { row: GradebookRow; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const grant = useMutation({
    mutationFn: grantAttempt,
    onMutate: () => setError(null),
    onSuccess: () => {
      addStatus('success', t('Extra attempt granted to {{name}}.', { name: name(row) }));
      onDone();
    },
    onError: (err) => setError(err instanceof ApiError ? err.message : MSG.didntWork),
  });
  const submit = () => grant.mutate({ classid: row.classid, user: row.user, reason: reason.trim() || undefined });
  return (
    <AppModal opened onClose={onClose} title={`${t('Extra attempt')}: ${name(row)}`}>
      <Stack gap="sm">
        <Text size="sm">{t('The learner may start one more attempt at once, without waiting.')}</Text>
        {error && (
          <Alert color="red" role="alert">
            {t(error)}
          </Alert>
        )}
        <Textarea
          label={t('Reason (kept in the audit log)')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
          data-testid="grant-reason"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button onClick={submit} loading={grant.isPending} data-testid="grant-confirm">
            {t('Grant attempt')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
