/**
 * Enrolments by course and class: /admin/enrollments/{course} lists the course's classes with
 * their counts; /admin/enrollments/{course}/{class} manages one class's enrolments (edit, remove, add).
 */
import { useMemo, useState } from 'react';
import { Anchor, Button, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from '../panel-props.ts';
import { allCoursesQuery, classQuery, reportCsvUrl, reportQuery } from '../api.ts';
import { CsvLink, LoadError, PanelFrame, ScrollTable, TableSkeleton, day, fullName } from '../../../components/panel-parts.tsx';
import { tk } from '../../../lib/tk.ts';
import { enrollmentsPage, type EnrollmentRow } from '../../../lib/tables-api.ts';
import { DataTable, type DataColumn } from '../../../components/DataTable.tsx';
import { ClassParticipants } from '../ClassParticipants.tsx';
import { AddToClassForm } from '../enrollment-parts.tsx';
import { adminPath } from '../../../lib/paths.ts';

function CourseClasses({ course }: { course: string }) {
  const { t } = useTranslation();
  const q = useQuery(reportQuery('enrollments', { course }));
  if (q.isError) return <LoadError error={q.error} />;
  if (!q.data) return <TableSkeleton />;
  const rows = q.data.rows;
  return (
    <PanelFrame title={t('Classes')} actions={<CsvLink href={reportCsvUrl('enrollments', { course })} />}>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('This course has no classes yet.')}</Text>
      ) : (
        <ScrollTable minWidth={700} testid="course-classes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Class')}</Table.Th>
              <Table.Th>{t('Instructor')}</Table.Th>
              <Table.Th>{t('Self-paced')}</Table.Th>
              <Table.Th>{t('Enrolled')}</Table.Th>
              <Table.Th>{t('Completed')}</Table.Th>
              <Table.Th>{t('Last registration')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={String(r.classid)}>
                <Table.Td>
                  <Anchor component={Link} to={adminPath('enrollments', course, String(r.classid))} data-testid="class-enrollments-link">
                    {String(r.classname)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{String(r.instructor ?? '')}</Table.Td>
                <Table.Td>{r.selfpaced === 'yes' ? t('Yes') : t('No')}</Table.Td>
                <Table.Td>{r.enrolled}</Table.Td>
                <Table.Td>{r.completed}</Table.Td>
                <Table.Td>{r.lastregistration}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
    </PanelFrame>
  );
}

function OneClass({ course, classid }: { course: string; classid: string }) {
  const { t } = useTranslation();
  const q = useQuery(classQuery(classid));
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={adminPath('enrollments', course)} size="sm">
        {t('All classes of this course')}
      </Anchor>
      <Title order={2}>{q.data?.name ?? classid}</Title>
      {q.data === null && <Text c="dimmed">{t('This class no longer exists')}</Text>}
      <Anchor component={Link} to={adminPath('classes', course, classid)} size="sm">
        {t('Edit class')}
      </Anchor>
      <ClassParticipants classid={classid} />
    </Stack>
  );
}

/** Every enrolment (of the chosen course), a page at a time: sort, filter by text or completion, export. */
function EnrollmentsTable({ course }: { course?: string }) {
  const { t } = useTranslation();
  const [completed, setCompleted] = useState<'' | 'yes' | 'no'>('');
  const columns = useMemo<DataColumn<EnrollmentRow>[]>(
    () => [
      {
        id: 'lastname',
        header: tk('Name'),
        cell: (r) => (
          <Anchor component={Link} to={adminPath('users', r.user)}>
            {fullName(r)}
          </Anchor>
        ),
        csv: (r) => fullName(r),
      },
      { id: 'email', header: tk('Email'), cell: (r) => <span style={{ overflowWrap: 'anywhere' }}>{r.email}</span>, csv: (r) => r.email },
      { id: 'course', header: tk('Course'), cell: (r) => r.coursetitle ?? r.course, csv: (r) => r.coursetitle ?? r.course },
      {
        id: 'classname',
        header: tk('Class'),
        cell: (r) => (
          <Anchor component={Link} to={adminPath('enrollments', r.course, r.classid)}>
            {r.classname ?? r.classid}
          </Anchor>
        ),
        csv: (r) => r.classname ?? r.classid,
      },
      { id: 'regdate', header: tk('Enrolled'), cell: (r) => day(r.regdate), csv: (r) => day(r.regdate) },
      {
        id: 'percentcomplete',
        header: tk('Progress'),
        cell: (r) => `${Math.round(r.percentcomplete)}%`,
        csv: (r) => Math.round(r.percentcomplete),
      },
      { id: 'completed', header: tk('Completed'), cell: (r) => day(r.completed) || '—', csv: (r) => day(r.completed) },
    ],
    [],
  );
  const filters = { ...(course ? { course } : {}), ...(completed ? { completed } : {}) };
  return (
    <PanelFrame title={t('Enrollments')}>
      <DataTable<EnrollmentRow>
        testid="enrollments"
        csvName="enrollments"
        columns={columns}
        rowKey={(r) => r._id}
        defaultSort="regdate"
        defaultDir="desc"
        queryKey={['enrollment', 'table', filters]}
        fetchPage={(q) => enrollmentsPage({ ...q, ...filters })}
        minWidth={900}
        filterLabel={tk('Search by name or email')}
        toolbar={
          <Select
            label={t('Completed')}
            value={completed}
            allowDeselect={false}
            w={160}
            onChange={(v) => setCompleted((v ?? '') as '' | 'yes' | 'no')}
            data={[
              { value: '', label: t('All') },
              { value: 'yes', label: t('Yes') },
              { value: 'no', label: t('No') },
            ]}
            comboboxProps={{ withinPortal: true }}
          />
        }
      />
    </PanelFrame>
  );
}

export default function EnrollmentsPanel({ rest }: PanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [course, classid] = rest;
  const courses = useQuery(allCoursesQuery());
  if (course && classid) return <OneClass course={course} classid={classid} />;
  const options = (courses.data ?? [])
    .slice()
    .sort((a, b) => a.title.localeCompare(b.title))
    .map((c) => ({ value: c._id, label: `${c.title} (${c.lang})` }));
  return (
    <Stack gap="md">
      <Select
        label={t('Course')}
        placeholder={t('Choose a course')}
        searchable
        data={options}
        value={course ?? null}
        onChange={(v) => navigate(v ? adminPath('enrollments', v) : '/admin/enrollments')}
        maw={520}
        data-testid="enrollments-course"
        comboboxProps={{ withinPortal: true }}
      />
      {courses.isError && <LoadError error={courses.error} />}
      {course ? (
        <CourseClasses course={course} />
      ) : (
        <Text c="gray.7">
          {t("Choose a course to see its classes and their enrollments. A user's own enrollments are on their page under Users.")}
        </Text>
      )}
      <EnrollmentsTable course={course} />
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="xs">
          {t('Add User to Class')}
        </Title>
        <AddToClassForm />
      </Paper>
      <Button component={Link} to="/admin/reports" variant="subtle" w="fit-content">
        {t('Reports')}
      </Button>
    </Stack>
  );
}
