/**
 * Courses and classes: every course in every language; opening one lists its classes with
 * links to the class admin panel (/admin/classes/{course}/{class}) and to the course editor.
 */
import { useMemo, useState } from 'react';
import { Accordion, Anchor, Badge, Button, Group, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Course } from '../../../../domain/types.ts';
import { useSession } from '../../../lib/session.ts';
import type { PanelProps } from '../panel-props.ts';
import { allCoursesQuery, classesQuery } from '../api.ts';
import { LoadError, PanelFrame, ScrollTable, TableSkeleton, day } from '../../../components/panel-parts.tsx';
import { CourseCopyButton } from '../../../components/CourseCopyButton.tsx';
import { tk } from '../../../lib/tk.ts';
import { classesPage, type ClassRow } from '../../../lib/tables-api.ts';
import { DataTable, type DataColumn } from '../../../components/DataTable.tsx';
import { languageName } from '../../../components/LanguageName.tsx';
import { adminPath, coursePath } from '../../../lib/paths.ts';

function CourseClasses({ course }: { course: Course }) {
  const { t } = useTranslation();
  const q = useQuery(classesQuery(course._id));
  if (q.isError) return <LoadError error={q.error} />;
  if (!q.data) return <TableSkeleton />;
  if (q.data.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t('This course has no classes yet.')}
      </Text>
    );
  return (
    <ScrollTable minWidth={680}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('Class')}</Table.Th>
          <Table.Th>{t('Start date')}</Table.Th>
          <Table.Th>{t('Instructor')}</Table.Th>
          <Table.Th>{t('Self-paced')}</Table.Th>
          <Table.Th>{t('Registration code')}</Table.Th>
          <Table.Th>
            <span className="visually-hidden">{t('Actions')}</span>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {q.data.map((c) => (
          <Table.Tr key={c._id}>
            <Table.Td>
              <Anchor component={Link} to={adminPath('classes', course._id, c._id)} data-testid="admin-class-link">
                {c.name}
              </Anchor>
            </Table.Td>
            <Table.Td>{day(c.startdate)}</Table.Td>
            <Table.Td>{c.instructorname}</Table.Td>
            <Table.Td>{c.selfpaced ? t('Yes') : t('No')}</Table.Td>
            <Table.Td>
              <Text span ff="monospace">
                {c.regcode}
              </Text>
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Anchor component={Link} to={adminPath('enrollments', course._id, c._id)} size="sm">
                  {t('Enrollments')}
                </Anchor>
                <Anchor component={Link} to={coursePath(course._id, c._id)} size="sm">
                  {t('Visit')}
                </Anchor>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}

export default function CoursesPanel(_: PanelProps) {
  const { t } = useTranslation();
  const { config } = useSession();
  const q = useQuery(allCoursesQuery());
  const [lang, setLang] = useState('');
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  if (q.isError) return <LoadError error={q.error} />;
  if (!q.data) return <TableSkeleton />;
  const needle = search.trim().toLowerCase();
  const list = q.data
    .filter((c) => !lang || c.lang === lang)
    .filter((c) => !needle || c.title.toLowerCase().includes(needle) || c._id.toLowerCase().includes(needle))
    .sort((a, b) => (a.main ?? a._id).localeCompare(b.main ?? b._id) || a.lang.localeCompare(b.lang));
  const langs = [...new Set([...(config?.publiclanguages ?? []), ...q.data.map((c) => c.lang)])];
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          type="search"
          label={t('Search courses')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <Button component={Link} to="/admin/courses/new" variant="light">
          {t('New course')}
        </Button>
        <Button component={Link} to="/class/create" variant="light">
          {t('Create a New Class')}
        </Button>
      </Group>
      <div>
        <Text size="sm" fw={500} id="course-lang-label" mb={4}>
          {t('Language')}
        </Text>
        <SegmentedControl
          aria-labelledby="course-lang-label"
          value={lang}
          onChange={setLang}
          size="xs"
          data={[{ value: '', label: t('All') }, ...langs.map((l) => ({ value: l, label: l }))]}
        />
      </div>
      <Text size="sm" c="gray.7">
        {t('Courses')}: {list.length}
      </Text>
      <Accordion variant="separated" value={open} onChange={setOpen} data-testid="admin-courses">
        {list.map((c) => (
          <Accordion.Item key={c._id} value={c._id}>
            <Accordion.Control>
              <Group gap="xs" wrap="wrap">
                <Text fw={600}>{c.title}</Text>
                <Badge size="sm" variant="light">
                  {c.lang}
                </Badge>
                {c.status === 'Inactive' && (
                  <Badge size="sm" color="gray.7">
                    {t('Inactive')}
                  </Badge>
                )}
                <Text size="xs" c="gray.7" ff="monospace">
                  {c._id}
                </Text>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                <Group gap="sm" wrap="wrap">
                  <Anchor component={Link} to={adminPath('courses', c._id)} size="sm">
                    {t('Edit Course Properties')}
                  </Anchor>
                  <Anchor component={Link} to={adminPath('lessons', c._id, 'new')} size="sm">
                    {t('Add A Lesson')}
                  </Anchor>
                  <Anchor component={Link} to={coursePath(c._id)} size="sm">
                    {t('Course page')}
                  </Anchor>
                  <Anchor component={Link} to={adminPath('enrollments', c._id)} size="sm">
                    {t('Enrollments')}
                  </Anchor>
                  <CourseCopyButton course={c} siblings={q.data} />
                </Group>
                {open === c._id && <CourseClasses course={c} />}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <ClassesTable />
    </Stack>
  );
}

/** Every class of every course, a page at a time: sort by each column, filter, export. */
function ClassesTable() {
  const { t, i18n } = useTranslation();
  const columns = useMemo<DataColumn<ClassRow>[]>(
    () => [
      {
        id: 'name',
        header: tk('Class'),
        cell: (c) => (
          <Anchor component={Link} to={adminPath('classes', c.course, c._id)}>
            {c.name}
          </Anchor>
        ),
        csv: (c) => c.name,
      },
      { id: 'course', header: tk('Course'), cell: (c) => c.coursetitle ?? c.course, csv: (c) => c.coursetitle ?? c.course },
      { id: 'startdate', header: tk('Start date'), cell: (c) => day(c.startdate), csv: (c) => day(c.startdate) },
      { id: 'instructorname', header: tk('Instructor'), cell: (c) => c.instructorname, csv: (c) => c.instructorname },
      { id: 'selfpaced', header: tk('Self-paced'), cell: (c) => <YesNo v={c.selfpaced} />, csv: (c) => (c.selfpaced ? t('Yes') : t('No')) },
      {
        id: 'regcode',
        header: tk('Registration code'),
        cell: (c) => (
          <Text span ff="monospace">
            {c.regcode}
          </Text>
        ),
        csv: (c) => c.regcode,
      },
      { id: 'lang', header: tk('Language'), cell: (c) => languageName(c.lang, i18n.language), csv: (c) => c.lang },
      { id: 'created', header: tk('Created'), cell: (c) => day(c.created), csv: (c) => day(c.created) },
    ],
    [t, i18n.language],
  );
  return (
    <PanelFrame title={t('Classes')}>
      <DataTable<ClassRow>
        testid="classes"
        csvName="classes"
        columns={columns}
        rowKey={(c) => c._id}
        defaultSort="created"
        defaultDir="desc"
        queryKey={['classes', 'table']}
        fetchPage={classesPage}
        minWidth={900}
        filterLabel={tk('Search')}
      />
    </PanelFrame>
  );
}

function YesNo({ v }: { v: boolean | undefined }) {
  const { t } = useTranslation();
  return <>{v ? t('Yes') : t('No')}</>;
}
