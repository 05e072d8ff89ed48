/**
 * Reports: users.csv (every account, streamed by the server), and the report tables of
 * /app_reports/{reportid} (enrolments per course and class, completions, exam pass rates, quiz score
 * distribution, survey responses) in the staff screens' one table: filters, sorting, paging and the
 * CSV of what it shows.
 */
import { useMemo, useState } from 'react';
import { Anchor, Button, Group, Paper, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconChartBar, IconUsers } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ReportFiltersSchema } from '../../../../domain/validation.ts';
import { tk } from '../../../lib/tk.ts';
import { fieldError, zodErrors } from '../../../lib/forms.ts';
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

interface FilterValues {
  from: string;
  to: string;
  course: string | null;
}

/** The filters the form asks for: empty fields left out, and the course only for a report that takes one. */
const chosenFilters = (v: FilterValues, withCourse: boolean): ReportFilters => ({
  ...(v.from ? { from: v.from } : {}),
  ...(v.to ? { to: v.to } : {}),
  ...(withCourse && v.course ? { course: v.course } : {}),
});

function Filters({ withCourse, value, onApply }: { withCourse: boolean; value: ReportFilters; onApply: (f: ReportFilters) => void }) {
  const { t } = useTranslation();
  const courses = useQuery(allCoursesQuery());
  // The filters are checked as the server checks them; a refusal stays until the next Show.
  const form = useForm<FilterValues>({
    initialValues: { from: value.from ?? '', to: value.to ?? '', course: value.course ?? null },
    clearInputErrorOnChange: false,
    validate: (v) => zodErrors(ReportFiltersSchema, chosenFilters(v, withCourse)),
  });
  const submit = form.onSubmit((v) => onApply(chosenFilters(v, withCourse)));
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" wrap="wrap" gap="sm">
        {withCourse && (
          <Select
            label={t('Course')}
            placeholder={t('All courses')}
            clearable
            searchable
            value={form.values.course}
            w={280}
            comboboxProps={{ withinPortal: true }}
            onChange={(v) => form.setFieldValue('course', v)}
            error={fieldError(t, form.errors, 'course')}
            data={(courses.data ?? [])
              .slice()
              .sort((a, b) => a.title.localeCompare(b.title))
              .map((c) => ({ value: c._id, label: `${c.title} (${c.lang})` }))}
          />
        )}
        <DateField label={t('From')} {...form.getInputProps('from')} error={fieldError(t, form.errors, 'from')} w={170} />
        <DateField label={t('To')} {...form.getInputProps('to')} error={fieldError(t, form.errors, 'to')} w={170} />
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
