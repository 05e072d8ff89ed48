/**
 * A small survey editor for editors (lazy chunk): title, introduction, thank-you text, status, language
 * and the questions with their type. For select and choice the first line is the question and each
 * further line a choice (spec 3). Saved through surveys/saveSurvey; removed through removeSurvey.
 */
import { useEffect, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, NativeSelect, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SurveyQuestion } from '../../../../domain/types.ts';
import { LANGUAGE_NAMES, PUBLIC_LANGUAGES, SURVEY_QUESTION_TYPES } from '../../../../domain/constants.ts';
import { MSG } from '../../../../domain/messages.ts';
import { NEW_ID, SURVEY_MAX_QUESTIONS, SurveySaveSchema, isChoiceQuestion, type SurveySave } from '../../../../domain/validation.ts';
import { ApiError } from '../../../lib/api.ts';
import { fieldError, zodErrors } from '../../../lib/forms.ts';
import { useSession } from '../../../lib/session.ts';
import { addStatus } from '../../../lib/status.ts';
import { tk } from '../../../lib/tk.ts';
import { RichTextField } from '../../../components/editor/RichTextField.tsx';
import { removeSurvey, saveSurvey, surveyQuery } from '../api.ts';
import { AppModal } from '../../../components/AppModal.tsx';

const TYPE_LABELS: Record<SurveyQuestion['type'], string> = {
  textfield: tk('Short text'),
  text: tk('Long text'),
  numeric: tk('Number (zero or more)'),
  select: tk('Drop-down list'),
  choice: tk('Multiple choice'),
};
const STATUSES = [tk('Active'), tk('Inactive')];

interface Draft {
  title: string;
  description: string;
  description2: string;
  status: string;
  lang: string;
  questions: SurveyQuestion[];
}
const EMPTY: Draft = {
  title: '',
  description: '',
  description2: '',
  status: 'Active',
  lang: '',
  questions: [{ type: 'textfield', question: '' }],
};

/** What is sent to surveys/saveSurvey: the draft with its title and questions trimmed. */
const payloadOf = (id: string, d: Draft): SurveySave => ({
  _id: id,
  title: d.title.trim(),
  description: d.description,
  description2: d.description2,
  status: d.status,
  lang: d.lang,
  questions: d.questions.map((x) => ({ type: x.type, question: x.question.trim() })),
});

/** The message for a question the schema refused: what to write, where the schema only says the record is invalid. */
function questionError(q: SurveyQuestion): string {
  if (!q.question.trim()) return tk('Please write the question.');
  return isChoiceQuestion(q.type)
    ? tk('Write the question on the first line and at least two choices below it, one per line.')
    : MSG.invalidSurvey;
}

/**
 * The draft checked by the server's own schema. Its refusals of the title and of a question are said in the
 * editor's words, at the title and at the question's text; anything else keeps the schema's message.
 */
function validateDraft(id: string, d: Draft): FormErrors {
  const errors: FormErrors = {};
  for (const [path, message] of Object.entries(zodErrors(SurveySaveSchema, payloadOf(id, d)))) {
    const question = /^questions\.(\d+)(\.|$)/.exec(path);
    const q = question ? d.questions[Number(question[1])] : undefined;
    if (question && q) errors[`questions.${question[1]}.question`] ??= questionError(q);
    else if (path === 'title' && !d.title.trim()) errors.title = tk('Please give the survey a title.');
    else errors[path] = message;
  }
  return errors;
}

export default function SurveyEditor({
  surveyId,
  onBack,
  onSaved,
  onRemoved,
}: {
  surveyId: string;
  onBack: () => void;
  onSaved: (id: string) => void;
  onRemoved: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { config, lang: userLang } = useSession();
  const isNew = surveyId === NEW_ID;
  const q = useQuery({ ...surveyQuery(surveyId), enabled: !isNew });
  const form = useForm<Draft>({
    initialValues: { ...EMPTY, lang: userLang },
    // Fields are checked on submit; a field already marked is checked again as it changes (below), and
    // only then, so a change never clears a message by itself.
    clearInputErrorOnChange: false,
    validate: (v) => validateDraft(isNew ? NEW_ID : surveyId, v),
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refused = (err: unknown) => setFormError(err instanceof ApiError && err.status < 500 ? err.message : MSG.formError);
  const save = useMutation({
    mutationFn: saveSurvey,
    onMutate: () => setFormError(null),
    onSuccess: (saved) => {
      addStatus('success', t('The survey was saved.'));
      onSaved(saved._id);
    },
    onError: refused,
  });
  const removal = useMutation({
    mutationFn: removeSurvey,
    onSuccess: (_, id) => {
      addStatus('success', t('The survey was removed.'));
      onRemoved(id);
    },
    onError: (err) => {
      setConfirming(false);
      refused(err);
    },
  });
  const busy = save.isPending || removal.isPending;

  // The stored survey fills the form once when it arrives (initialize does nothing after that), so what
  // the editor typed is kept when the survey is fetched again.
  const stored = q.data;
  const { initialize } = form;
  useEffect(() => {
    if (isNew || !stored) return;
    initialize({
      title: stored.title ?? '',
      description: stored.description ?? '',
      description2: stored.description2 ?? '',
      status: stored.status ?? 'Active',
      lang: stored.lang ?? '',
      questions: stored.questions?.length ? stored.questions : EMPTY.questions,
    });
  }, [isNew, stored, initialize]);

  if (!isNew && q.isError) return <Alert color="red">{t(MSG.surveyNotFound)}</Alert>;
  if (!isNew && !form.initialized) return <Loader role="status" aria-label={t('Loading')} />;

  const draft = form.getValues();
  const languages = config?.publiclanguages?.length ? config.publiclanguages : [...PUBLIC_LANGUAGES];
  const questionPath = (i: number) => `questions.${i}.question`;
  /** Sets a field, and checks it again when it is marked, which clears its message once it is right. */
  const setChecked = (path: string, value: unknown, checkPath = path) => {
    form.setFieldValue(path, value);
    if (form.errors[checkPath]) form.validateField(checkPath);
  };
  const setQuestion = (i: number, patch: Partial<SurveyQuestion>) =>
    setChecked(`questions.${i}`, { ...draft.questions[i]!, ...patch }, questionPath(i));
  /** A new order or a removed question: the questions' messages go, as they would sit at other questions now. */
  const setQuestions = (questions: SurveyQuestion[]) => {
    form.setFieldValue('questions', questions);
    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([k]) => !k.startsWith('questions.'))));
  };
  const move = (i: number, by: -1 | 1) => {
    const questions = [...draft.questions];
    const [item] = questions.splice(i, 1);
    questions.splice(i + by, 0, item!);
    setQuestions(questions);
  };

  const onSubmit = form.onSubmit(
    (v) => save.mutate(payloadOf(isNew ? NEW_ID : surveyId, v)),
    () => setFormError(MSG.correctFields),
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="survey-editor">
      <Stack>
        {formError && (
          <Alert color="red" role="alert">
            {t(formError)}
          </Alert>
        )}
        <TextInput
          label={t('Title')}
          required
          value={draft.title}
          name="title"
          error={fieldError(t, form.errors, 'title')}
          onChange={(e) => setChecked('title', e.currentTarget.value)}
        />
        <Group grow align="flex-start">
          <NativeSelect
            label={t('Status')}
            value={draft.status}
            error={fieldError(t, form.errors, 'status')}
            onChange={(e) => setChecked('status', e.currentTarget.value)}
            data={STATUSES.map((s) => ({ value: s, label: t(s) }))}
          />
          <NativeSelect
            label={t('Language')}
            value={draft.lang}
            error={fieldError(t, form.errors, 'lang')}
            onChange={(e) => setChecked('lang', e.currentTarget.value)}
            data={[{ value: '', label: t('All languages') }, ...languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] ?? l }))]}
          />
        </Group>
        <RichTextField
          label={t('Introduction')}
          value={draft.description}
          error={fieldError(t, form.errors, 'description')}
          onChange={(v) => setChecked('description', v)}
          minHeight={80}
          testId="survey-editor-description"
        />
        <RichTextField
          label={t('Thank-you text (shown after answering)')}
          value={draft.description2}
          error={fieldError(t, form.errors, 'description2')}
          onChange={(v) => setChecked('description2', v)}
          minHeight={80}
          testId="survey-editor-description2"
        />
        <Text fw={600}>{t('Questions')}</Text>
        {draft.questions.map((x, i) => (
          <Paper key={i} withBorder radius="md" p="sm" data-testid={`survey-editor-q-${i}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-end">
                <NativeSelect
                  label={`${t('Question')} ${i + 1}: ${t('Type')}`}
                  value={x.type}
                  style={{ flex: 1 }}
                  onChange={(e) => setQuestion(i, { type: e.currentTarget.value as SurveyQuestion['type'] })}
                  data={SURVEY_QUESTION_TYPES.map((type) => ({ value: type, label: t(TYPE_LABELS[type]) }))}
                />
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" size="lg" disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('Move up')}>
                    <IconArrowUp size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="lg"
                    disabled={i === draft.questions.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={t('Move down')}
                  >
                    <IconArrowDown size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    disabled={draft.questions.length === 1}
                    onClick={() => setQuestions(draft.questions.filter((_, j) => j !== i))}
                    aria-label={t('Remove question')}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
              <Textarea
                label={t('Question text')}
                autosize
                minRows={isChoiceQuestion(x.type) ? 4 : 2}
                value={x.question}
                description={isChoiceQuestion(x.type) ? t('First line: the question. Each following line: one choice.') : undefined}
                error={fieldError(t, form.errors, questionPath(i))}
                onChange={(e) => setQuestion(i, { question: e.currentTarget.value })}
              />
            </Stack>
          </Paper>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={draft.questions.length >= SURVEY_MAX_QUESTIONS}
            onClick={() => form.insertListItem('questions', { type: 'textfield', question: '' })}
          >
            {t('Add a Question')}
          </Button>
        </Group>
        <Group justify="space-between">
          {!isNew ? (
            <Button color="red" variant="subtle" onClick={() => setConfirming(true)} disabled={busy}>
              {t('Remove Survey')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onBack} disabled={busy}>
              {t('Cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="survey-editor-save">
              {t('Save Survey')}
            </Button>
          </Group>
        </Group>
      </Stack>
      <AppModal opened={confirming} onClose={() => setConfirming(false)} title={t('Remove this survey?')} centered>
        <Text mb="md">{t('A survey that has responses cannot be removed: set its status to Inactive instead.')}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('Cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => removal.mutate(surveyId)}>
            {t('Remove')}
          </Button>
        </Group>
      </AppModal>
    </form>
  );
}
