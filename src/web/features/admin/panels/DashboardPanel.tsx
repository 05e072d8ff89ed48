/**
 * Dashboard: the headline figures of /app_stats/summarize and the charts of /app_stats/getStats
 * drawn with @mantine/charts: registrations and enrolments over time, completions per course, learners per
 * language and per country. Each chart can be read as a table and downloaded as CSV.
 */
import { useState, type ReactNode } from 'react';
import { AreaChart, BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import {
  Alert,
  Button,
  Collapse,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../../domain/constants.ts';
import { countryName } from '../../../../domain/countries.ts';
import { ReportFiltersSchema } from '../../../../domain/validation.ts';
import { tk } from '../../../lib/tk.ts';
import { fieldError, zodErrors } from '../../../lib/forms.ts';
import type { PanelProps } from '../panel-props.ts';
import type { StatsSummary } from '../../../../domain/replies-admin.ts';
import { allCoursesQuery, reportCsvUrl, statsQuery, summaryQuery, type StatsFilters } from '../api.ts';
import { CsvLink, LoadError, ScrollTable, errorMessage, fieldErrors } from '../../../components/panel-parts.tsx';
import { DateField } from '../../../lib/DateField.tsx';

const FIGURES: { key: keyof StatsSummary; label: string }[] = [
  { key: 'users', label: tk('Users') },
  { key: 'newUsers30d', label: tk('New users (30 days)') },
  { key: 'activeUsers30d', label: tk('Active users (30 days)') },
  { key: 'editors', label: tk('Editors') },
  { key: 'admins', label: tk('Administrators') },
  { key: 'activeCourses', label: tk('Active courses') },
  { key: 'courses', label: tk('Courses') },
  { key: 'classes', label: tk('Classes') },
  { key: 'enrollments', label: tk('Enrollments') },
  { key: 'completions', label: tk('Completions') },
  { key: 'examsPassed', label: tk('Exams passed') },
  { key: 'surveyResponses', label: tk('Survey responses') },
];

function Figures() {
  const { t, i18n } = useTranslation();
  const q = useQuery(summaryQuery());
  if (q.isError) return <LoadError error={q.error} />;
  const fmt = new Intl.NumberFormat(i18n.language);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" data-testid="figures">
      {FIGURES.map((f) => (
        <Paper key={f.key} withBorder p="sm" radius="md" data-figure={f.key}>
          <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
            {t(f.label)}
          </Text>
          {q.data ? (
            <Text fz={26} fw={700} lh={1.2}>
              {fmt.format(q.data[f.key])}
            </Text>
          ) : (
            <Skeleton h={30} mt={4} />
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** A chart with its title, its CSV download and its numbers as a table (for screen readers and keyboards). */
function ChartCard({
  title,
  csv,
  testid,
  table,
  children,
}: {
  title: string;
  csv: string;
  testid: string;
  table: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [showTable, setShowTable] = useState(false);
  return (
    <Paper withBorder p="md" radius="md" data-testid={testid} className="admin-chart">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {t(title)}
          </Title>
          <Group gap="xs">
            <Button size="xs" variant="subtle" onClick={() => setShowTable((s) => !s)} aria-expanded={showTable}>
              {showTable ? t('Hide table') : t('Show table')}
            </Button>
            <CsvLink href={csv} testid={`${testid}-csv`} />
          </Group>
        </Group>
        {children}
        <Collapse expanded={showTable}>{showTable && table}</Collapse>
      </Stack>
    </Paper>
  );
}

function DataTable({ columns, rows }: { columns: { key: string; label: string }[]; rows: Record<string, unknown>[] }) {
  const { t } = useTranslation();
  return (
    <ScrollTable minWidth={320}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.key}>{t(c.label)}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r, i) => (
          <Table.Tr key={i}>
            {columns.map((c) => (
              <Table.Td key={c.key}>{String(r[c.key] ?? '')}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}

interface FilterValues {
  from: string;
  to: string;
  course: string | null;
}

/** The filters the form asks for, empty fields left out. */
const chosenFilters = (v: FilterValues) => ({
  ...(v.from ? { from: v.from } : {}),
  ...(v.to ? { to: v.to } : {}),
  ...(v.course ? { course: v.course } : {}),
});

function Charts() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<StatsFilters>({ period: 'month' });
  // The filters are checked as the server checks them; a refusal stays until the next Show.
  const form = useForm<FilterValues>({
    initialValues: { from: '', to: '', course: '' },
    clearInputErrorOnChange: false,
    validate: (v) => zodErrors(ReportFiltersSchema, { period: filters.period, ...chosenFilters(v) }),
  });
  const q = useQuery(statsQuery(filters));
  const courses = useQuery(allCoursesQuery());

  const apply = form.onSubmit((v) => setFilters({ period: filters.period, ...chosenFilters(v) }));
  const serverErrors = q.isError ? fieldErrors(q.error) : {};
  const errorOf = (k: string) => fieldError(t, form.errors, k) ?? fieldError(t, serverErrors, k);
  const { period, from, to, course } = { ...filters, from: q.data?.from ?? filters.from, to: q.data?.to ?? filters.to };
  const csvFilters = { period, from, to, course };
  const s = q.data;

  const series = {
    registrations: t('Registrations'),
    enrollments: t('Enrollments'),
    completions: t('Completions'),
    enrolled: t('Enrolled'),
    completed: t('Completed'),
    learners: t('Learners'),
  };
  const languages = (s?.learnersByLanguage ?? []).map((r) => ({ ...r, name: LANGUAGE_NAMES[r.lang] ?? r.lang }));
  // Stored as ISO codes, named in the reader's language; the server's 'Other' bucket is a label.
  const countries = (s?.learnersByCountry ?? []).map((r) => ({
    ...r,
    country: !r.country ? t('Not given') : r.country === 'Other' ? t('Other') : countryName(r.country, i18n.language),
  }));
  const courseRows = (s?.completionsByCourse ?? [])
    .filter((r) => r.enrolled > 0 || !!filters.course)
    .map((r) => ({ ...r, name: `${r.title} (${r.lang})` }));

  return (
    <Stack gap="md">
      <form onSubmit={apply} noValidate data-testid="stats-filters">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <div>
            <Text size="sm" fw={500} id="period-label" mb={4}>
              {t('Period')}
            </Text>
            <SegmentedControl
              aria-labelledby="period-label"
              value={filters.period}
              onChange={(v) => setFilters((f) => ({ ...f, period: v as 'week' | 'month' }))}
              data={[
                { value: 'month', label: t('By month') },
                { value: 'week', label: t('By week') },
              ]}
            />
          </div>
          <DateField label={t('From')} {...form.getInputProps('from')} error={errorOf('from')} w={170} />
          <DateField label={t('To')} {...form.getInputProps('to')} error={errorOf('to')} w={170} />
          <Select
            label={t('Course')}
            placeholder={t('All courses')}
            clearable
            searchable
            value={form.values.course}
            w={260}
            onChange={(v) => form.setFieldValue('course', v)}
            error={errorOf('course')}
            comboboxProps={{ withinPortal: true }}
            data={(courses.data ?? [])
              .slice()
              .sort((a, b) => a.title.localeCompare(b.title))
              .map((c) => ({ value: c._id, label: `${c.title} (${c.lang})` }))}
          />
          <Button type="submit">{t('Show')}</Button>
        </Group>
      </form>
      {q.isError && (
        <Alert color="red" role="alert">
          {t(errorMessage(q.error))}
        </Alert>
      )}
      {!s && !q.isError && <Skeleton h={320} radius="md" />}
      {s && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <ChartCard
            title={tk('Registrations and enrollments over time')}
            csv={reportCsvUrl('timeline', csvFilters)}
            testid="chart-timeline"
            table={
              <DataTable
                rows={s.timeline}
                columns={[
                  { key: 'date', label: tk('Date') },
                  { key: 'registrations', label: tk('Registrations') },
                  { key: 'enrollments', label: tk('Enrollments') },
                  { key: 'completions', label: tk('Completions') },
                ]}
              />
            }
          >
            <AreaChart
              h={280}
              data={s.timeline}
              dataKey="date"
              curveType="monotone"
              withLegend
              withDots={s.timeline.length <= 16}
              series={[
                { name: 'registrations', label: series.registrations, color: 'brand.6' },
                { name: 'enrollments', label: series.enrollments, color: 'teal.6' },
                { name: 'completions', label: series.completions, color: 'orange.6' },
              ]}
            />
          </ChartCard>
          <ChartCard
            title={tk('Completions per course')}
            csv={reportCsvUrl('completions', { course, from: filters.from, to: filters.to })}
            testid="chart-completions"
            table={
              <DataTable
                rows={courseRows}
                columns={[
                  { key: 'name', label: tk('Course') },
                  { key: 'enrolled', label: tk('Enrolled') },
                  { key: 'completed', label: tk('Completed') },
                  { key: 'rate', label: tk('Completion rate (%)') },
                ]}
              />
            }
          >
            {courseRows.length === 0 ? (
              <Text c="dimmed">{t('No records found.')}</Text>
            ) : (
              <BarChart
                maxBarWidth={18}
                h={Math.max(220, courseRows.length * 44)}
                data={courseRows}
                dataKey="name"
                orientation="vertical"
                withLegend
                yAxisProps={{ width: 170 }}
                series={[
                  { name: 'enrolled', label: series.enrolled, color: 'brand.5' },
                  { name: 'completed', label: series.completed, color: 'teal.6' },
                ]}
              />
            )}
          </ChartCard>
          <ChartCard
            title={tk('Learners per language')}
            csv={reportCsvUrl('languages')}
            testid="chart-languages"
            table={
              <DataTable
                rows={languages}
                columns={[
                  { key: 'name', label: tk('Language') },
                  { key: 'learners', label: tk('Learners') },
                ]}
              />
            }
          >
            {/* Every bar labelled: recharts skips ticks that it thinks collide unless told otherwise. */}
            <BarChart
              h={280}
              maxBarWidth={56}
              data={languages}
              dataKey="name"
              xAxisProps={{ interval: 0, tick: { fontSize: 11 } }}
              series={[{ name: 'learners', label: series.learners, color: 'grape.6' }]}
            />
          </ChartCard>
          <ChartCard
            title={tk('Learners per country')}
            csv={reportCsvUrl('countries')}
            testid="chart-countries"
            table={
              <DataTable
                rows={countries}
                columns={[
                  { key: 'country', label: tk('Country') },
                  { key: 'learners', label: tk('Learners') },
                ]}
              />
            }
          >
            <BarChart
              maxBarWidth={28}
              h={Math.max(220, countries.length * 30)}
              data={countries}
              dataKey="country"
              orientation="vertical"
              yAxisProps={{ width: 130 }}
              series={[{ name: 'learners', label: series.learners, color: 'cyan.7' }]}
            />
          </ChartCard>
        </SimpleGrid>
      )}
    </Stack>
  );
}

export default function DashboardPanel(_: PanelProps) {
  return (
    <Stack gap="lg" data-testid="dashboard">
      <Figures />
      <Charts />
    </Stack>
  );
}
