/**
 * Enrollment panel of a class (spec 2): the participant table, 15 a page. The instructor and admins
 * see email, registration date, last activity and lesson count; fellow learners first and last name.
 * Links to the course page of the class and, for admins, the class in the admin area.
 */
import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Code, Group, Pagination, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconExternalLink, IconSettings, IconTable } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PARTICIPANT_PAGE_SIZE } from '../../../domain/constants.ts';
import type { ClassRecord } from '../../../domain/types.ts';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { allCoursesQuery } from '../../lib/data/courses.ts';
import { participantsQuery, type Participant } from '../../lib/data/classes.ts';
import { dayInText } from '../../lib/data/enrollment.ts';
import { adminPath, certificateVerifyPath, classEditPath, coursePath, gradebookPath } from '../../lib/paths.ts';
import { ClassMessageForm } from './ClassMessageForm.tsx';
import { tk } from '../../lib/tk.ts';
import { DataTable, type DataColumn } from '../../components/DataTable.tsx';
import { participantsPage, type ParticipantRow } from '../../lib/tables-api.ts';
import { useRowSelection, type RowSelection } from '../../components/BulkActionBar.tsx';

const day = (v?: string) => (v ? v.slice(0, 10) : '—');
const byName = (a: Participant, b: Participant) => a.lastname.localeCompare(b.lastname) || a.firstname.localeCompare(b.firstname);

/** The instructor's and admins' participant table: served a page at a time, sortable, filterable, exportable. */
function participantColumns(): DataColumn<ParticipantRow>[] {
  return [
    {
      id: 'name',
      header: tk('Name'),
      cell: (r) => `${r.firstname} ${r.lastname}`.trim(),
      csv: (r) => `${r.firstname} ${r.lastname}`.trim(),
    },
    {
      id: 'email',
      header: tk('Email'),
      cell: (r) => (
        <Anchor href={`mailto:${r.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {r.email}
        </Anchor>
      ),
      csv: (r) => r.email,
    },
    { id: 'date', header: tk('Registered'), cell: (r) => day(r.regdate), csv: (r) => day(r.regdate) },
    { id: 'lastactivity', header: tk('Last activity'), sortable: false, cell: (r) => day(r.lastactivity), csv: (r) => day(r.lastactivity) },
    {
      id: 'lessons',
      header: tk('Lessons'),
      sortable: false,
      cell: (r) => <span data-testid="participant-lessons">{r.lessoncount ?? 0}</span>,
      csv: (r) => r.lessoncount ?? 0,
    },
    {
      id: 'progress',
      header: tk('Progress'),
      sortable: false,
      cell: (r) => `${Math.round(r.percentcomplete ?? 0)}%`,
      csv: (r) => Math.round(r.percentcomplete ?? 0),
    },
    {
      id: 'completed',
      header: tk('Completed'),
      cell: (r) => <Completed r={r} />,
      csv: (r) => (r.completed ? day(r.completeddate) || 'yes' : ''),
    },
    {
      id: 'certificate',
      header: tk('Certificate'),
      sortable: false,
      cell: (r) => <Certificate r={r} />,
      csv: (r) => r.certcode ?? (r.certificate ? 'yes' : ''),
    },
  ];
}

function Completed({ r }: { r: ParticipantRow }) {
  const { t } = useTranslation();
  return <>{r.completed ? (r.completeddate ? day(r.completeddate) : t('Completed')) : '—'}</>;
}

function Certificate({ r }: { r: ParticipantRow }) {
  const { t } = useTranslation();
  if (!r.certificate) return <>—</>;
  return r.certcode ? (
    <Anchor component={Link} to={certificateVerifyPath(r.certcode)} size="sm">
      {t('Certificate')}
    </Anchor>
  ) : (
    <>{t('Yes')}</>
  );
}

export function DetailedParticipants({ classid, name, selection }: { classid: string; name: string; selection?: RowSelection }) {
  const columns = useMemo(() => participantColumns(), []);
  return (
    <DataTable<ParticipantRow>
      testid="participants"
      csvName={`participants-${classid}`}
      columns={columns}
      rowKey={(r) => r._id}
      defaultSort="name"
      pageSize={PARTICIPANT_PAGE_SIZE}
      queryKey={['enrollment', 'participants', classid]}
      minWidth={860}
      fetchPage={(q) => participantsPage({ ...q, classid })}
      caption={name}
      filterLabel={tk('Search by name or email')}
      rowProps={(r) => ({ 'data-testid': 'participant-row', 'data-email': r.email, 'data-user': r.email })}
      selection={selection}
      selectId={(r) => r.user}
      selectLabel={(r) => `${r.firstname} ${r.lastname}`.trim()}
      bulk={selection ? () => <SelectionBar selection={selection} /> : undefined}
    />
  );
}

/** The instructor's selection: how many are ticked; the message form above then writes to them only. */
function SelectionBar({ selection }: { selection: RowSelection }) {
  const { t } = useTranslation();
  if (selection.ids.size === 0) return null;
  return (
    <Group gap="sm" data-testid="bulk-bar" role="region" aria-label={t('Selected learners')}>
      <Text fw={500} aria-live="polite" data-testid="bulk-count">
        {t('{{count}} selected', { count: selection.ids.size })}
      </Text>
      <Button size="xs" variant="subtle" onClick={() => selection.clear()}>
        {t('Clear selection')}
      </Button>
    </Group>
  );
}

export function ParticipantsPanel({ cls, details }: { cls: ClassRecord; details: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const courses = useQuery(allCoursesQuery());
  // The instructor and admins get the paged table (its own total); the whole list, names only, is for
  // fellow learners: a class of thousands would otherwise be sent whole beside the table's pages.
  const rows = useQuery({ ...participantsQuery(cls._id), enabled: !details });
  const [page, setPage] = useState(1);
  const selection = useRowSelection();
  const course = courses.data?.find((c) => c._id === cls.course);

  if (rows.error instanceof ApiError && (rows.error.status === 403 || rows.error.status === 401)) {
    return <Navigate replace to={coursePath(cls.course)} />;
  }
  const list = [...(rows.data ?? [])].sort(byName);
  const pages = Math.max(1, Math.ceil(list.length / PARTICIPANT_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = list.slice((current - 1) * PARTICIPANT_PAGE_SIZE, current * PARTICIPANT_PAGE_SIZE);

  return (
    <Stack gap="md" data-testid="participants-panel">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap={6}>
          <Title order={2} size="h3">
            {cls.name}
          </Title>
          <Text c="gray.8">
            {course?.title ?? cls.course}
            {cls.instructorname ? ` · ${t('Instructor')}: ${cls.instructorname}` : ''}
            {cls.startdate ? ` · ${t('Start date')}: ${dayInText(cls.startdate)}` : ''}
          </Text>
          {details && cls.regcode && (
            <Group gap={6}>
              <Text size="sm" c="gray.7">
                {t('Registration code')}:
              </Text>
              <Code fz="sm" data-testid="class-regcode">
                {cls.regcode}
              </Code>
            </Group>
          )}
          <Group gap="xs" mt={4}>
            <Button
              size="xs"
              variant="light"
              component={Link}
              to={coursePath(cls.course, cls._id)}
              leftSection={<IconExternalLink size={14} aria-hidden />}
              data-testid="class-course-link"
            >
              {t('Course page')}
            </Button>
            {details && (
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={classEditPath(cls._id)}
                leftSection={<IconEdit size={14} aria-hidden />}
              >
                {t('Edit Class')}
              </Button>
            )}
            {details && (
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={gradebookPath(cls._id)}
                leftSection={<IconTable size={14} aria-hidden />}
                data-testid="class-gradebook-link"
              >
                {t('Gradebook')}
              </Button>
            )}
            {user?.isAdmin && (
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={adminPath('classes', cls.course, cls._id)}
                leftSection={<IconSettings size={14} aria-hidden />}
                data-testid="class-admin-link"
              >
                {t('Admin')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>

      {details && <ClassMessageForm classid={cls._id} ids={[...selection.ids]} />}
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('Participants')}
          </Title>
          {!details && rows.isSuccess && (
            <Badge variant="light" size="lg">
              {list.length}
            </Badge>
          )}
        </Group>
        {details ? (
          <DetailedParticipants classid={cls._id} name={t('Participants of {{name}}', { name: cls.name })} selection={selection} />
        ) : rows.isPending ? (
          <Skeleton h={200} />
        ) : rows.isError ? (
          <Alert color="red">{t('The participants could not be loaded.')}</Alert>
        ) : list.length === 0 ? (
          <Paper withBorder p="md" radius="md">
            <Text>{t('Nobody has joined this class yet.')}</Text>
          </Paper>
        ) : (
          <>
            <Table.ScrollContainer minWidth={280} type="native" tabIndex={0} role="region" aria-label={t('Participants')}>
              <Table striped highlightOnHover withTableBorder verticalSpacing="xs" data-testid="participants-table">
                <Table.Caption className="visually-hidden">{t('Participants of {{name}}', { name: cls.name })}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('First Name')}</Table.Th>
                    <Table.Th scope="col">{t('Last Name')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((r, i) => (
                    <Table.Tr key={r._id ?? `${r.lastname}-${r.firstname}-${i}`} data-testid="participant-row" data-email={r.email ?? ''}>
                      <Table.Td>{r.firstname}</Table.Td>
                      <Table.Td>
                        {r.lastname}
                        {r.suspended && (
                          <>
                            {' '}
                            <Badge size="sm" color="red.8" variant="filled">
                              {t('Suspended')}
                            </Badge>
                          </>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {pages > 1 && (
              <Group justify="center">
                <Pagination
                  total={pages}
                  value={current}
                  onChange={setPage}
                  getControlProps={(c) => ({ 'aria-label': c === 'previous' || c === 'first' ? t('Previous') : t('Next') })}
                  getItemProps={(p) => ({ 'aria-label': t('Page {{page}}', { page: p }) })}
                />
              </Group>
            )}
          </>
        )}
      </Stack>
    </Stack>
  );
}
