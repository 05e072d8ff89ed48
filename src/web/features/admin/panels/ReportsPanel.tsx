/**
 * Reports: users.csv (every account, streamed by the server), and the report tables of
 * /app_reports/{reportid} (enrolments per course and class, completions, exam pass rates, quiz score
 * distribution, survey responses) in the staff screens' one table: filters, sorting, paging and the
 * CSV of what it shows.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Paper, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconChartBar, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../../domain/messages.ts';
import { dayOnlyError } from '../../../../domain/dates.ts';
import { tk } from '../../../lib/tk.ts';
import type { PanelProps } from '../panel-props.ts';
import { USERS_CSV_URL, allCoursesQuery, reportPage, type ReportFilters } from '../api.ts';
import { REPORT_TABLES, type ReportColumn, type ReportRow, type ReportTableId } from '../../../../domain/reports.ts';
import { DataTable, type DataColumn } from '../../../components/DataTable.tsx';
import { CsvLink } from '../../../components/panel-parts.tsx';
import { DateField } from '../../../lib/DateField.tsx';
import { adminPath } from '../../../lib/paths.ts';

export const REPORTS: { id: ReportTableId; label: string; description: string; course: boolean }[] = [
  {
    id: 'enrollments',
    label: tk('Enrollments per course and class'),
    description: tk('Classes without learners are listed too; dates filter by registration.'),
    course: true,
  },
  {
    id: 'completions',
    label: tk('Completions per course'),
    description: tk('Enrolled, completed, completion rate and average progress.'),
    course: true,
  },
  {
    id: 'exams',
    label: tk('Exam pass rates per course'),
    description: tk('Learners who took and passed the exam, and attempts.'),
    course: true,
  },
  {
    id: 'quizscores',
    label: tk('Quiz score distribution'),
    description: tk("Each learner's latest score per quiz, and every attempt, in steps of ten points."),
    course: true,
  },
  { id: 'surveys', label: tk('Responses per survey'), description: tk('Dates filter by the day of the answer.'), course: false },
];

/** A report's cells: class and survey names link to their screens, yes/no read in the admin's language. */
function reportColumns(id: ReportTableId): DataColumn<ReportRow>[] {
  return REPORT_TABLES[id].map((c: ReportColumn) => ({
    id: c.key,
    header: c.label,
    numeric: c.numeric,
    cell: (r) => <ReportCellView report={id} column={c.key} row={r} />,
    csv: (r) => r[c.key] ?? '',
  }));
}

function ReportCellView({ report, column, row }: { report: ReportTableId; column: string; row: ReportRow }) {
  const { t } = useTranslation();
  const v = row[column];
  if (column === 'classname' && row.classid && row.course) {
    return (
      <Anchor component={Link} to={adminPath('classes', String(row.course), String(row.classid))} size="sm">
        {String(v)}
      </Anchor>
    );
  }
  if (column === 'title' && report === 'surveys' && row.survey) {
    return (
      <Anchor component={Link} to={adminPath('surveys', String(row.survey))} size="sm">
        {String(v)}
      </Anchor>
    );
  }
  return <>{v === 'yes' ? t('Yes') : v === 'no' ? t('No') : String(v ?? '')}</>;
}

function ReportTable({ id, filters }: { id: ReportTableId; filters: ReportFilters }) {
  const columns = useMemo(() => reportColumns(id), [id]);
  return (
    <DataTable<ReportRow>
      testid={`report-${id}`}
      csvName={id}
      columns={columns}
      queryKey={['reports', id, filters]}
      fetchPage={(q) => reportPage(id, { ...q, ...filters })}
      rowKey={(r) => REPORT_TABLES[id].map((c) => String(r[c.key] ?? '')).join('\u0000')}
      filterLabel={tk('Search')}
      minWidth={Math.max(560, columns.length * 120)}
    />
  );
}

function Filters({ withCourse, value, onApply }: { withCourse: boolean; value: ReportFilters; onApply: (f: ReportFilters) => void }) {
  const { t } = useTranslation();
  const courses = useQuery(allCoursesQuery());
  const [form, setForm] = useState({ from: value.from ?? '', to: value.to ?? '', course: value.course ?? (null as string | null) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    const from = form.from && dayOnlyError(form.from);
    const to = form.to && dayOnlyError(form.to);
    if (from) errs.from = from;
    if (to) errs.to = to;
    if (!errs.from && !errs.to && form.from && form.to && form.from > form.to) errs.to = MSG.dateRange;
    setErrors(errs);
    if (Object.keys(errs).length) return;
    onApply({
      ...(form.from ? { from: form.from } : {}),
      ...(form.to ? { to: form.to } : {}),
      ...(withCourse && form.course ? { course: form.course } : {}),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" wrap="wrap" gap="sm">
        {withCourse && (
          <Select
            label={t('Course')}
            placeholder={t('All courses')}
            clearable
            searchable
            value={form.course}
            w={280}
            comboboxProps={{ withinPortal: true }}
            onChange={(v) => setForm({ ...form, course: v })}
            data={(courses.data ?? [])
              .slice()
              .sort((a, b) => a.title.localeCompare(b.title))
              .map((c) => ({ value: c._id, label: `${c.title} (${c.lang})` }))}
          />
        )}
        <DateField
          label={t('From')}
          value={form.from}
          onChange={(e) => setForm({ ...form, from: e.currentTarget.value })}
          error={errors.from ? t(errors.from) : undefined}
          w={170}
        />
        <DateField
          label={t('To')}
          value={form.to}
          onChange={(e) => setForm({ ...form, to: e.currentTarget.value })}
          error={errors.to ? t(errors.to) : undefined}
          w={170}
        />
        <Button type="submit">{t('Show')}</Button>
      </Group>
    </form>
  );
}

export default function ReportsPanel(_: PanelProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: ReportTableId = REPORTS.find((r) => r.id === params.get('report'))?.id ?? 'enrollments';
  const [filters, setFilters] = useState<Record<string, ReportFilters>>({});
  const report = REPORTS.find((r) => r.id === tab)!;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Title order={2} size="h4">
              <IconUsers size={18} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 6 }} />
              {t('All users')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('Every account with its profile fields, roles, created and last seen, as a CSV file.')}
            </Text>
          </div>
          <CsvLink href={USERS_CSV_URL} label={tk('Download users.csv')} size="sm" testid="users-csv" />
        </Group>
      </Paper>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="gray.7">
          {t('The charts of the dashboard are downloadable as CSV there.')}
        </Text>
        <Button
          component={Link}
          to="/admin/dashboard"
          variant="light"
          leftSection={<IconChartBar size={16} aria-hidden />}
          data-testid="open-dashboard"
        >
          {t('Dashboard')}
        </Button>
      </Group>
      <Tabs
        value={tab}
        onChange={(v) => {
          if (v) {
            const next = new URLSearchParams(params);
            next.set('report', v);
            setParams(next, { replace: true });
          }
        }}
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {REPORTS.map((r) => (
            <Tabs.Tab key={r.id} value={r.id} data-testid={`report-tab-${r.id}`}>
              {t(r.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {REPORTS.map((r) => (
          <Tabs.Panel key={r.id} value={r.id} pt="md">
            {r.id === tab && (
              <Stack gap="sm">
                <Text size="sm" c="gray.7">
                  {t(report.description)}
                </Text>
                <Filters
                  key={r.id}
                  withCourse={r.course}
                  value={filters[r.id] ?? {}}
                  onApply={(f) => setFilters((x) => ({ ...x, [r.id]: f }))}
                />
                <ReportTable id={r.id} filters={filters[r.id] ?? {}} />
              </Stack>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
