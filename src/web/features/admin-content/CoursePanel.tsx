/**
 * /admin/courses/{courseid}: a course's fields (spec 3, Course), `new` for a new course; its lessons with
 * Add A Lesson; its files. ?after=course returns to the course page once saved.
 */
import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconExternalLink, IconPlus } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Course } from '../../../domain/types.ts';
import { LANGUAGE_NAMES, PUBLIC_LANGUAGES } from '../../../domain/constants.ts';
import { MSG } from '../../../domain/messages.ts';
import { CourseSaveSchema, NEW_ID } from '../../../domain/validation.ts';
import { fieldError, zodErrors } from '../../lib/forms.ts';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { addStatus } from '../../lib/status.ts';
import { tk } from '../../lib/tk.ts';
import { RichTextField } from '../../components/editor/RichTextField.tsx';
import { allCoursesQuery, lessonsQuery, sortLessons } from '../../lib/data/courses.ts';
import { removeCourse, saveCourse } from './api.ts';
import { FilesSection } from './FilesSection.tsx';
import { VersionHistory } from '../../components/VersionHistory.tsx';
import { CourseCopyButton } from '../../components/CourseCopyButton.tsx';
import { queryClient } from '../../lib/query.ts';
import { LoadFailed, PanelHeader, SaveBar, afterPath, useEditorMutation } from './parts.tsx';
import { adminPath, coursePath } from '../../lib/paths.ts';

export default function CoursePanel({ courseid }: { courseid: string }) {
  const { t } = useTranslation();
  const { lang } = useSession();
  const courses = useQuery(allCoursesQuery());
  const isNew = !courseid || courseid === NEW_ID;
  if (isNew)
    return (
      <CourseForm key="new" record={{ _id: NEW_ID, title: '', lang, status: 'Active', order: 0, sections: '' }} all={courses.data ?? []} />
    );
  if (courses.isPending)
    return (
      <Stack data-testid="course-panel" data-loading="true">
        <Skeleton h={40} w="40%" />
        <Skeleton h={300} />
      </Stack>
    );
  if (courses.isError) return <LoadFailed error={courses.error} />;
  const course = courses.data.find((c) => c._id === courseid);
  if (!course) {
    return (
      <Stack data-testid="course-panel">
        <PanelHeader crumbs={[{ label: t('Courses') }]} title={courseid} />
        <LoadFailed error={new ApiError(404, MSG.notFound)} />
      </Stack>
    );
  }
  return <CourseForm key={`${course._id}-${course.title}-${course.order}-${course.status}`} record={course} all={courses.data} />;
}

const sectionsOf = (c: Course) =>
  (c.sections ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** What is saved: every field, empty ones as '', the sections tidied. */
const payloadOf = (draft: Course) => ({
  _id: draft._id,
  title: draft.title.trim(),
  reftitle: draft.reftitle ?? '',
  description: draft.description ?? '',
  description2: draft.description2 ?? '',
  status: draft.status ?? '',
  lang: draft.lang || 'en',
  order: draft.order ?? 0,
  main: draft.main ?? '',
  video: draft.video ?? '',
  sections: sectionsOf(draft).join(','),
  smallbanner: draft.smallbanner ?? '',
  timerequired: draft.timerequired ?? '',
  certificate: draft.certificate ?? '',
});

function CourseForm({ record, all }: { record: Course; all: Course[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { user, config } = useSession();
  const form = useForm<Course>({ initialValues: record, validate: (v) => zodErrors(CourseSaveSchema, payloadOf(v)) });
  const draft = form.values;
  const isNew = record._id === NEW_ID;
  const saving = useEditorMutation({
    mutationFn: saveCourse,
    success: tk('The course was saved.'),
    setErrors: form.setErrors,
    then: (saved) => {
      const after = afterPath(search.get('after'), saved._id);
      if (after) navigate(after);
      else if (isNew) navigate(adminPath('courses', saved._id), { replace: true });
    },
  });
  const removing = useEditorMutation({
    mutationFn: removeCourse,
    success: tk('The course was removed.'),
    then: () => navigate(user?.isAdmin ? '/admin/courses' : '/Courses'),
  });
  const languages = config?.publiclanguages?.length ? config.publiclanguages : [...PUBLIC_LANGUAGES];
  // A changed field's error goes (the form clears it), as the editors expect.
  const set = <K extends keyof Course>(key: K, value: Course[K]) => form.setFieldValue(key, value as never);
  const err = (k: string) => fieldError(t, form.errors, k);
  const sections = sectionsOf(draft);
  const mains = [...new Set(all.map((c) => c.main || c._id))].sort();

  const save = form.onSubmit(
    (v) => saving.mutate(payloadOf(v)),
    () => addStatus('error', MSG.correctFields),
  );

  return (
    <Stack gap="md" data-testid="course-panel" data-record={record._id}>
      <PanelHeader
        crumbs={[
          user?.isAdmin ? { label: t('Courses'), to: '/admin/courses' } : { label: t('Courses'), to: '/Courses' },
          ...(isNew ? [] : [{ label: record.title, to: coursePath(record._id) }]),
        ]}
        title={isNew ? t('New course') : t('Edit Course Properties')}
      />
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t('Title')}
                  required
                  value={draft.title}
                  onChange={(e) => set('title', e.currentTarget.value)}
                  error={err('title')}
                  data-testid="course-title"
                />
                <TextInput
                  label={t('Reference title')}
                  description={t('The name used in reports and for admins')}
                  value={draft.reftitle ?? ''}
                  onChange={(e) => set('reftitle', e.currentTarget.value)}
                  error={err('reftitle')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
                <NativeSelect
                  label={t('Language')}
                  value={draft.lang || 'en'}
                  onChange={(e) => set('lang', e.currentTarget.value)}
                  error={err('lang')}
                  data={languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] ?? l }))}
                />
                <NativeSelect
                  label={t('Status')}
                  value={draft.status === 'Inactive' ? 'Inactive' : 'Active'}
                  onChange={(e) => set('status', e.currentTarget.value)}
                  data={[
                    { value: 'Active', label: t('Active') },
                    { value: 'Inactive', label: t('Inactive') },
                  ]}
                  error={err('status')}
                />
                <NumberInput
                  label={t('Order')}
                  value={draft.order ?? 0}
                  allowDecimal={false}
                  onChange={(v) => set('order', typeof v === 'number' ? v : Number(v) || 0)}
                  error={err('order')}
                />
                <TextInput
                  label={t('Time required')}
                  placeholder={t('3 hours')}
                  value={draft.timerequired ?? ''}
                  onChange={(e) => set('timerequired', e.currentTarget.value)}
                  error={err('timerequired')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t('Main course')}
                  description={t('Language versions of one course share their main course')}
                  value={draft.main ?? ''}
                  onChange={(e) => set('main', e.currentTarget.value.trim())}
                  error={err('main')}
                  list="main-courses"
                />
                <TextInput
                  label={t('Certificate')}
                  description={t('Leave empty when the course gives no certificate')}
                  value={draft.certificate ?? ''}
                  onChange={(e) => set('certificate', e.currentTarget.value)}
                  error={err('certificate')}
                />
              </SimpleGrid>
              <datalist id="main-courses">
                {mains.map((m) => (
                  <option key={m} value={m} />
                ))}
              </datalist>
              <TagsInput
                label={t('Sections')}
                description={t('The parts of the course, in order; lessons name the section they belong to')}
                value={sections}
                onChange={(v) =>
                  set(
                    'sections',
                    v
                      .map((s) => s.replace(/,/g, ' ').trim())
                      .filter(Boolean)
                      .join(','),
                  )
                }
                error={err('sections')}
                clearable
                splitChars={[',']}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t('Video')}
                  description={t('A YouTube or Vimeo link')}
                  placeholder="https://"
                  value={draft.video ?? ''}
                  onChange={(e) => set('video', e.currentTarget.value)}
                  error={err('video')}
                />
                <TextInput
                  label={t('Small banner image')}
                  description={t('The address of an image for the course card')}
                  placeholder="https://"
                  value={draft.smallbanner ?? ''}
                  onChange={(e) => set('smallbanner', e.currentTarget.value)}
                  error={err('smallbanner')}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
            <Stack gap="sm">
              <RichTextField
                label={t('Description')}
                value={draft.description ?? ''}
                onChange={(html) => set('description', html)}
                error={err('description')}
                uploadContext={isNew ? 'courses' : record._id}
                testId="course-description"
              />
              <RichTextField
                label={t('Footer text')}
                description={t('Shown below the lessons on the course page')}
                value={draft.description2 ?? ''}
                onChange={(html) => set('description2', html)}
                error={err('description2')}
                minHeight={100}
                uploadContext={isNew ? 'courses' : record._id}
              />
            </Stack>
          </Paper>
          <SaveBar
            busy={saving.isPending}
            removing={removing.isPending}
            onRemove={isNew ? undefined : () => removing.mutate(record._id)}
            removeTitle={t('Remove this course?')}
            removeMessage={t('The course, its lessons and materials are removed. A course that still has classes cannot be removed.')}
          >
            {!isNew && <VersionHistory kind="course" id={record._id} onRestored={() => queryClient.invalidateQueries()} />}
            {!isNew && <CourseCopyButton course={record} siblings={all} />}
            {!isNew && (
              <Button
                variant="default"
                component={Link}
                to={coursePath(record._id)}
                leftSection={<IconExternalLink size={16} aria-hidden />}
              >
                {t('View the course')}
              </Button>
            )}
          </SaveBar>
        </Stack>
      </form>
      {!isNew && <CourseLessons course={record} />}
      {!isNew && <FilesSection context={record._id} />}
    </Stack>
  );
}

function CourseLessons({ course }: { course: Course }) {
  const { t } = useTranslation();
  const q = useQuery(lessonsQuery(course._id));
  const list = sortLessons(q.data, course);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="course-panel-lessons" data-testid="course-panel-lessons">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="course-panel-lessons">
          {t('Lessons')}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          component={Link}
          to={adminPath('lessons', course._id, 'new')}
        >
          {t('Add A Lesson')}
        </Button>
      </Group>
      {q.isPending ? (
        <Skeleton h={80} />
      ) : list.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('No lessons yet')}
        </Text>
      ) : (
        <ul className="admin-content-list">
          {list.map((l) => (
            <li key={l._id}>
              <Group gap="xs" wrap="wrap">
                {l.sorder && (
                  <Badge variant="light" color="gray">
                    {l.sorder}
                  </Badge>
                )}
                <Anchor component={Link} to={adminPath('lessons', course._id, l._id)} size="sm">
                  {l.title}
                </Anchor>
                <Text size="xs" c="gray.7">
                  {t('Materials: {{n}}', { n: Object.keys(l.materials ?? {}).length })}
                </Text>
              </Group>
            </li>
          ))}
        </ul>
      )}
    </Paper>
  );
}
