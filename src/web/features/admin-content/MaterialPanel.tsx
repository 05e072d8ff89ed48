/**
 * /admin/lessonmaterials/{course}/{lesson}/{material}: a lesson material (spec 3, Material), `new` for a
 * new one. Its section comes from the site config's materialTypes; required, the discussion button
 * (usebutton) with its question, the texts, and for quizzes and exams the questions with their answers.
 */
import { useState, type FormEvent } from 'react';
import { Button, NativeSelect, NumberInput, Paper, SimpleGrid, Skeleton, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Lesson, Material, QuizQuestion } from '../../../domain/types.ts';
import { MATERIAL_TYPES_DEFAULT } from '../../../domain/constants.ts';
import { MSG } from '../../../domain/messages.ts';
import { MaterialSaveSchema, NEW_ID } from '../../../domain/validation.ts';
import { fieldError, zodErrors } from '../../lib/forms.ts';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { addStatus } from '../../lib/status.ts';
import { tk } from '../../lib/tk.ts';
import { RichTextField } from '../../components/editor/RichTextField.tsx';
import { allCoursesQuery } from '../../lib/data/courses.ts';
import { editLessonQuery, removeMaterial, saveMaterial } from './api.ts';
import { byMaterialOrder } from './LessonPanel.tsx';
import { VersionHistory } from '../../components/VersionHistory.tsx';
import { queryClient } from '../../lib/query.ts';
import { LoadFailed, PanelHeader, SaveBar, afterPath, useEditorMutation } from './parts.tsx';
import { QuizEditor, cleanQuestions, quizProblems } from './QuizEditor.tsx';
import { adminPath, coursePath, lessonPath } from '../../lib/paths.ts';

const isQuiz = (section: string) => section === 'Quiz' || section === 'Exam';

export default function MaterialPanel({
  course: courseId,
  lesson: lessonId,
  material: materialId,
}: {
  course: string;
  lesson: string;
  material: string;
}) {
  const { t } = useTranslation();
  const courses = useQuery(allCoursesQuery());
  const lesson = useQuery(editLessonQuery(lessonId));
  const isNew = !materialId || materialId === NEW_ID;
  if (courses.isPending || lesson.isPending)
    return (
      <Stack data-testid="material-panel" data-loading="true">
        <Skeleton h={40} w="40%" />
        <Skeleton h={300} />
      </Stack>
    );
  if (lesson.isError)
    return (
      <Stack data-testid="material-panel">
        <PanelHeader crumbs={[]} title={t('Material')} />
        <LoadFailed error={lesson.error} />
      </Stack>
    );
  const courseTitle = courses.data?.find((c) => c._id === courseId)?.title ?? courseId;
  const materials = Object.values(lesson.data.materials ?? {}).sort(byMaterialOrder);
  if (isNew) {
    const next = materials.reduce((m, x) => Math.max(m, x.order ?? 0), 0) + 1;
    const fresh: Material = {
      _id: NEW_ID,
      lesson: lessonId,
      section: 'Article',
      title: '',
      order: next,
      required: true,
      usebutton: '',
      description: '',
    };
    return <MaterialForm key="new" courseId={courseId} courseTitle={courseTitle} lesson={lesson.data} record={fresh} />;
  }
  const material = materials.find((m) => m._id === materialId);
  if (!material)
    return (
      <Stack data-testid="material-panel">
        <PanelHeader crumbs={[]} title={t('Material')} />
        <LoadFailed error={new ApiError(404, MSG.notFound)} />
      </Stack>
    );
  return (
    <MaterialForm
      key={`${material._id}-${JSON.stringify(material).length}`}
      courseId={courseId}
      courseTitle={courseTitle}
      lesson={lesson.data}
      record={material}
    />
  );
}

/** What is saved: every field, empty ones as '' (or null), the questions only for a quiz or exam, the attempt rules only for an exam. */
const payloadOf = (lesson: Lesson, draft: Material) => ({
  _id: draft._id,
  lesson: lesson._id,
  section: draft.section,
  title: draft.title ?? '',
  subid: draft.subid ?? '',
  order: draft.order ?? 0,
  required: !!draft.required,
  usebutton: draft.usebutton === 'yes' ? 'yes' : '',
  question: draft.question ?? '',
  description: draft.description ?? '',
  description1: draft.description1 ?? '',
  description2: draft.description2 ?? '',
  quiz: isQuiz(draft.section) ? cleanQuestions(draft.quiz ?? []) : null,
  // The exam's own attempt rules; empty means the site's default.
  ...(draft.section === 'Exam'
    ? {
        drawcount: draft.drawcount ?? null,
        timelimit: draft.timelimit ?? null,
        maxattempts: draft.maxattempts ?? null,
        waithours: draft.waithours ?? null,
        showanswers: draft.showanswers ?? null,
      }
    : {}),
});

function MaterialForm({
  courseId,
  courseTitle,
  lesson,
  record,
}: {
  courseId: string;
  courseTitle: string;
  lesson: Lesson;
  record: Material;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { config } = useSession();
  const form = useForm<Material>({
    initialValues: { ...record, quiz: record.quiz?.map((q) => ({ ...q, answers: [...q.answers] })) },
    validate: (v) => zodErrors(MaterialSaveSchema, payloadOf(lesson, v)),
  });
  const draft = form.values;
  const [showProblems, setShowProblems] = useState(false);
  const isNew = record._id === NEW_ID;
  const types = config?.materialTypes?.length ? config.materialTypes : MATERIAL_TYPES_DEFAULT;
  const sections = types.includes(draft.section) ? types : [...types, draft.section];
  const quiz = isQuiz(draft.section);
  // A changed field's error goes (the form clears it), as the editors expect.
  const set = <K extends keyof Material>(key: K, value: Material[K]) => form.setFieldValue(key, value as never);
  const err = (k: string) => fieldError(t, form.errors, k);
  const lessonAdminPath = adminPath('lessons', courseId, lesson._id);
  const saving = useEditorMutation({
    mutationFn: (payload: Partial<Material> & { _id: string }) => saveMaterial(payload),
    success: tk('The material was saved.'),
    setErrors: form.setErrors,
    then: (saved) => {
      const after = afterPath(search.get('after'), courseId);
      if (after) navigate(after);
      else if (isNew) navigate(adminPath('lessonmaterials', courseId, lesson._id, saved._id), { replace: true });
    },
  });
  const removing = useEditorMutation({
    mutationFn: removeMaterial,
    success: tk('The material was removed.'),
    then: () => navigate(lessonAdminPath),
  });

  // The quiz editor shows its own problems once a save was tried; the status area names the first problem
  // of the fields, or asks to correct the quiz.
  const quizBad = (v: Material) => isQuiz(v.section) && Object.keys(quizProblems(cleanQuestions(v.quiz ?? []))).length > 0;
  const submit = form.onSubmit(
    (v) => {
      if (quizBad(v)) {
        addStatus('error', MSG.correctFields);
        return;
      }
      saving.mutate(payloadOf(lesson, v) as Partial<Material> & { _id: string });
    },
    (errs, v) => addStatus('error', quizBad(v) ? MSG.correctFields : String(Object.values(errs)[0] || MSG.correctFields)),
  );
  const save = (e: FormEvent<HTMLFormElement>) => {
    setShowProblems(true);
    submit(e);
  };

  return (
    <Stack gap="md" data-testid="material-panel" data-record={record._id}>
      <PanelHeader
        crumbs={[
          { label: courseTitle, to: coursePath(courseId) },
          { label: lesson.title, to: lessonAdminPath },
        ]}
        title={isNew ? t('New material') : t('Edit material')}
      />
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <NativeSelect
                  label={t('Section')}
                  value={draft.section}
                  onChange={(e) => set('section', e.currentTarget.value)}
                  error={err('section')}
                  data={sections.map((s) => ({ value: s, label: t(s) }))}
                  data-testid="material-section"
                />
                <TextInput
                  label={t('Title')}
                  value={draft.title ?? ''}
                  onChange={(e) => set('title', e.currentTarget.value)}
                  error={err('title')}
                  data-testid="material-title"
                />
                <NumberInput
                  label={t('Order')}
                  value={draft.order ?? 0}
                  allowDecimal={false}
                  onChange={(v) => set('order', typeof v === 'number' ? v : Number(v) || 0)}
                  error={err('order')}
                />
              </SimpleGrid>
              <Switch
                label={t('Required')}
                description={t('Learners need it to complete the course')}
                checked={!!draft.required}
                onChange={(e) => set('required', e.currentTarget.checked)}
              />
              {draft.section === 'Survey' && (
                <TextInput
                  label={t('Survey')}
                  description={t('The id of the survey to show')}
                  value={draft.subid ?? ''}
                  onChange={(e) => set('subid', e.currentTarget.value)}
                  error={err('subid')}
                />
              )}
              <RichTextField
                label={quiz ? t('Introduction') : t('Text')}
                value={draft.description ?? ''}
                onChange={(html) => set('description', html)}
                error={err('description')}
                uploadContext={courseId}
                testId="material-description"
              />
              {!quiz && (
                <>
                  <RichTextField
                    label={t('More text')}
                    value={draft.description1 ?? ''}
                    onChange={(html) => set('description1', html)}
                    error={err('description1')}
                    minHeight={80}
                    uploadContext={courseId}
                  />
                  <RichTextField
                    label={t('Closing text')}
                    value={draft.description2 ?? ''}
                    onChange={(html) => set('description2', html)}
                    error={err('description2')}
                    minHeight={80}
                    uploadContext={courseId}
                  />
                </>
              )}
            </Stack>
          </Paper>
          {quiz && (
            <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
              <QuizEditor
                questions={draft.quiz ?? []}
                onChange={(q: QuizQuestion[]) => set('quiz', q)}
                exam={draft.section === 'Exam'}
                showProblems={showProblems}
              />
            </Paper>
          )}
          {draft.section === 'Exam' && (
            <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" data-testid="exam-rules-editor">
              <Stack gap="sm">
                <Text fw={600}>{t('Exam attempts')}</Text>
                <Text size="sm" c="gray.8" data-testid="exam-pool-size">
                  {t('Questions in the pool: {{n}}. Each attempt asks {{asked}}.', {
                    n: (draft.quiz ?? []).length,
                    asked: draft.drawcount && draft.drawcount < (draft.quiz ?? []).length ? draft.drawcount : (draft.quiz ?? []).length,
                  })}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <NumberInput
                    label={t('Questions per attempt')}
                    description={t('Empty: every question of the pool.')}
                    min={1}
                    allowDecimal={false}
                    value={draft.drawcount ?? ''}
                    onChange={(v) => set('drawcount', v === '' ? null : Number(v))}
                    error={err('drawcount')}
                    data-testid="exam-drawcount"
                  />
                  <NumberInput
                    label={t('Time limit in minutes')}
                    description={t('Empty: no time limit.')}
                    min={1}
                    allowDecimal={false}
                    value={draft.timelimit ?? ''}
                    onChange={(v) => set('timelimit', v === '' ? null : Number(v))}
                    error={err('timelimit')}
                  />
                  <NumberInput
                    label={t('Exam attempts allowed')}
                    description={t('Empty: the site setting. 0 means no limit.')}
                    min={0}
                    allowDecimal={false}
                    value={draft.maxattempts ?? ''}
                    onChange={(v) => set('maxattempts', v === '' ? null : Number(v))}
                    error={err('maxattempts')}
                  />
                  <NumberInput
                    label={t('Hours between exam attempts')}
                    description={t('Empty: the site setting. 0 means no wait.')}
                    min={0}
                    allowDecimal={false}
                    value={draft.waithours ?? ''}
                    onChange={(v) => set('waithours', v === '' ? null : Number(v))}
                    error={err('waithours')}
                  />
                  <NativeSelect
                    label={t('Exam answers shown to learners')}
                    value={draft.showanswers ?? ''}
                    onChange={(e) => set('showanswers', e.currentTarget.value || null)}
                    error={err('showanswers')}
                    data={[
                      { value: '', label: t('The site setting') },
                      { value: 'never', label: t('Never') },
                      { value: 'afterpassing', label: t('After passing') },
                    ]}
                  />
                </SimpleGrid>
              </Stack>
            </Paper>
          )}
          <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
            <Stack gap="sm">
              <Switch
                label={t('Show a discussion button')}
                checked={draft.usebutton === 'yes'}
                onChange={(e) => set('usebutton', e.currentTarget.checked ? 'yes' : '')}
                data-testid="material-usebutton"
              />
              {draft.usebutton === 'yes' && (
                <Textarea
                  label={t('Discussion question')}
                  autosize
                  minRows={2}
                  value={draft.question ?? ''}
                  onChange={(e) => set('question', e.currentTarget.value)}
                  error={err('question')}
                />
              )}
            </Stack>
          </Paper>
          <SaveBar
            busy={saving.isPending}
            removing={removing.isPending}
            onRemove={isNew ? undefined : () => removing.mutate(record._id)}
            removeTitle={t('Remove this material?')}
            removeMessage={t('Readers will no longer see it. This cannot be undone.')}
          >
            {!isNew && <VersionHistory kind="material" id={record._id} onRestored={() => queryClient.invalidateQueries()} />}
            {!isNew && (
              <Button
                variant="default"
                component={Link}
                to={lessonPath(courseId, lesson._id, null, record._id)}
                leftSection={<IconExternalLink size={16} aria-hidden />}
              >
                {t('View in the lesson')}
              </Button>
            )}
          </SaveBar>
        </Stack>
      </form>
    </Stack>
  );
}
