/**
 * /admin/lessons/{course}/{lesson}: a lesson's title, section, position and description (spec 3,
 * Lesson), `new` for a new lesson; its materials with Add Material. ?after=course returns to the course
 * page once saved.
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
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconExternalLink, IconPlus } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Course, Lesson, Material } from '../../../domain/types.ts';
import { MSG } from '../../../domain/messages.ts';
import { LessonSaveSchema, NEW_ID } from '../../../domain/validation.ts';
import { fieldError, zodErrors } from '../../lib/forms.ts';
import { ApiError } from '../../lib/api.ts';
import { addStatus } from '../../lib/status.ts';
import { tk } from '../../lib/tk.ts';
import { RichTextField } from '../../components/editor/RichTextField.tsx';
import { allCoursesQuery, lessonsQuery } from '../../lib/data/courses.ts';
import { editLessonQuery, removeLesson, saveLesson } from './api.ts';
import { VersionHistory } from '../../components/VersionHistory.tsx';
import { queryClient } from '../../lib/query.ts';
import { LoadFailed, PanelHeader, SaveBar, afterPath, useEditorMutation } from './parts.tsx';
import { adminPath, coursePath, lessonPath } from '../../lib/paths.ts';

export const courseSections = (course: Course | undefined) =>
  (course?.sections ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
export const byMaterialOrder = (a: Material, b: Material) => (a.order ?? 0) - (b.order ?? 0) || a._id.localeCompare(b._id);

export default function LessonPanel({ course: courseId, lesson: lessonId }: { course: string; lesson: string }) {
  const { t } = useTranslation();
  const courses = useQuery(allCoursesQuery());
  const siblings = useQuery(lessonsQuery(courseId));
  const isNew = !lessonId || lessonId === NEW_ID;
  const lesson = useQuery({ ...editLessonQuery(lessonId), enabled: !isNew });
  const course = courses.data?.find((c) => c._id === courseId);
  if (courses.isPending || (isNew ? siblings.isPending : lesson.isPending)) {
    return (
      <Stack data-testid="lesson-panel" data-loading="true">
        <Skeleton h={40} w="40%" />
        <Skeleton h={300} />
      </Stack>
    );
  }
  if (!course)
    return (
      <Stack data-testid="lesson-panel">
        <PanelHeader crumbs={[]} title={t('Lesson')} />
        <LoadFailed error={new ApiError(404, MSG.notFound)} />
      </Stack>
    );
  if (!isNew && lesson.isError)
    return (
      <Stack data-testid="lesson-panel">
        <PanelHeader crumbs={[]} title={t('Lesson')} />
        <LoadFailed error={lesson.error} />
      </Stack>
    );
  if (isNew) {
    const list = siblings.data ?? [];
    const next = list.reduce((m, l) => Math.max(m, l.sortorder ?? l.order ?? 0), 0) + 1;
    const fresh: Lesson = {
      _id: NEW_ID,
      course: courseId,
      title: '',
      sorder: courseSections(course).at(-1) ?? '',
      sortorder: next,
      order: next,
      type: 'lesson',
      description: '',
    };
    return <LessonForm key="new" course={course} record={fresh} />;
  }
  const data = lesson.data!;
  return <LessonForm key={`${data._id}-${data.title}-${data.sortorder}-${data.sorder}`} course={course} record={data} />;
}

/** What is saved: the lesson in its course, empty fields as '', the order following the position when unset. */
const payloadOf = (course: Course, draft: Lesson) => ({
  _id: draft._id,
  course: course._id,
  title: draft.title.trim(),
  description: draft.description ?? '',
  sorder: draft.sorder ?? '',
  sortorder: draft.sortorder ?? 0,
  order: draft.order ?? draft.sortorder ?? 0,
  type: draft.type || 'lesson',
});

function LessonForm({ course, record }: { course: Course; record: Lesson }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const form = useForm<Lesson>({ initialValues: record, validate: (v) => zodErrors(LessonSaveSchema, payloadOf(course, v)) });
  const draft = form.values;
  const isNew = record._id === NEW_ID;
  const saving = useEditorMutation({
    mutationFn: saveLesson,
    success: tk('The lesson was saved.'),
    setErrors: form.setErrors,
    then: (saved) => {
      const after = afterPath(search.get('after'), course._id);
      if (after) navigate(after);
      else if (isNew) navigate(adminPath('lessons', course._id, saved._id), { replace: true });
    },
  });
  const removing = useEditorMutation({
    mutationFn: removeLesson,
    success: tk('The lesson was removed.'),
    then: () => navigate(coursePath(course._id)),
  });
  const sections = courseSections(course);
  const sectionOptions = draft.sorder && !sections.includes(draft.sorder) ? [...sections, draft.sorder] : sections;
  // A changed field's error goes (the form clears it), as the editors expect.
  const set = <K extends keyof Lesson>(key: K, value: Lesson[K]) => form.setFieldValue(key, value as never);
  const err = (k: string) => fieldError(t, form.errors, k);
  const save = form.onSubmit(
    (v) => saving.mutate(payloadOf(course, v)),
    () => addStatus('error', MSG.correctFields),
  );

  return (
    <Stack gap="md" data-testid="lesson-panel" data-record={record._id}>
      <PanelHeader
        crumbs={[
          { label: course.title, to: coursePath(course._id) },
          { label: t('Lessons'), to: adminPath('courses', course._id) },
        ]}
        title={isNew ? t('New lesson') : t('Manage Lesson')}
      />
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
            <Stack gap="sm">
              <TextInput
                label={t('Title')}
                required
                value={draft.title}
                onChange={(e) => set('title', e.currentTarget.value)}
                error={err('title')}
                data-testid="lesson-title"
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <NativeSelect
                  label={t('Section')}
                  value={draft.sorder ?? ''}
                  onChange={(e) => set('sorder', e.currentTarget.value)}
                  error={err('sorder')}
                  data={[{ value: '', label: t('No section') }, ...sectionOptions.map((s) => ({ value: s, label: s }))]}
                  description={sections.length ? undefined : t('The course has no sections yet (Edit Course Properties).')}
                />
                <NumberInput
                  label={t('Position')}
                  description={t('Lessons are listed from the lowest number up')}
                  value={draft.sortorder ?? 0}
                  allowDecimal={false}
                  onChange={(v) => set('sortorder', typeof v === 'number' ? v : Number(v) || 0)}
                  error={err('sortorder')}
                />
              </SimpleGrid>
              <RichTextField
                label={t('Description')}
                value={draft.description ?? ''}
                onChange={(html) => set('description', html)}
                error={err('description')}
                minHeight={120}
                uploadContext={course._id}
                testId="lesson-description"
              />
            </Stack>
          </Paper>
          <SaveBar
            busy={saving.isPending}
            removing={removing.isPending}
            onRemove={isNew ? undefined : () => removing.mutate(record._id)}
            removeTitle={t('Remove this lesson?')}
            removeMessage={t('The lesson and all its materials are removed. This cannot be undone.')}
          >
            {!isNew && <VersionHistory kind="lesson" id={record._id} onRestored={() => queryClient.invalidateQueries()} />}
            {!isNew && (
              <Button
                variant="default"
                component={Link}
                to={lessonPath(course._id, record._id)}
                leftSection={<IconExternalLink size={16} aria-hidden />}
              >
                {t('View the lesson')}
              </Button>
            )}
          </SaveBar>
        </Stack>
      </form>
      {!isNew && <LessonMaterials courseId={course._id} lesson={record} />}
    </Stack>
  );
}

function LessonMaterials({ courseId, lesson }: { courseId: string; lesson: Lesson }) {
  const { t } = useTranslation();
  const list = Object.values(lesson.materials ?? {}).sort(byMaterialOrder);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="lesson-panel-materials" data-testid="lesson-panel-materials">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="lesson-panel-materials">
          {t('Materials')}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          component={Link}
          to={adminPath('lessonmaterials', courseId, lesson._id, 'new')}
          data-testid="add-material"
        >
          {t('Add Material')}
        </Button>
      </Group>
      {list.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('No materials yet.')}
        </Text>
      ) : (
        <ul className="admin-content-list">
          {list.map((m) => (
            <li key={m._id}>
              <Group gap="xs" wrap="wrap">
                <Badge variant="light">{t(m.section)}</Badge>
                <Anchor component={Link} to={adminPath('lessonmaterials', courseId, lesson._id, m._id)} size="sm">
                  {m.title || t(m.section)}
                </Anchor>
                <Text size="xs" c="gray.7">
                  {m.required ? t('Required') : t('Optional')}
                </Text>
                {m.quiz?.length ? (
                  <Text size="xs" c="gray.7">
                    {t('Questions: {{n}}', { n: m.quiz.length })}
                  </Text>
                ) : null}
              </Group>
            </li>
          ))}
        </ul>
      )}
    </Paper>
  );
}
