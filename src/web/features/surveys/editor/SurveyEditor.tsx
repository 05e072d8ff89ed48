/**
 * A small survey editor for editors (lazy chunk): title, introduction, thank-you text, status, language
 * and the questions with their type. For select and choice the first line is the question and each
 * further line a choice (spec 3). Saved through surveys/saveSurvey; removed through removeSurvey.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Button, Group, Loader, NativeSelect, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SurveyQuestion } from '../../../../domain/types.ts';
import { LANGUAGE_NAMES, PUBLIC_LANGUAGES, SURVEY_QUESTION_TYPES } from '../../../../domain/constants.ts';
import { MSG } from '../../../../domain/messages.ts';
import { NEW_ID, SURVEY_MAX_QUESTIONS, SurveyQuestionSchema, isChoiceQuestion } from '../../../../domain/validation.ts';
import { ApiError } from '../../../lib/api.ts';
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

/** The message for one question, or undefined when it is fine. */
function questionError(q: SurveyQuestion): string | undefined {
  if (SurveyQuestionSchema.safeParse(q).success) return undefined;
  if (!q.question.trim()) return tk('Please write the question.');
  return isChoiceQuestion(q.type)
    ? tk('Write the question on the first line and at least two choices below it, one per line.')
    : MSG.invalidSurvey;
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
  const [draft, setDraft] = useState<Draft | null>(isNew ? { ...EMPTY, lang: userLang } : null);
  const [errors, setErrors] = useState<{ title?: string; questions: Record<number, string> }>({ questions: {} });
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

  useEffect(() => {
    if (isNew || !q.data || draft) return;
    const s = q.data;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the draft is filled once the stored survey arrives, and kept after that
    setDraft({
      title: s.title ?? '',
      description: s.description ?? '',
      description2: s.description2 ?? '',
      status: s.status ?? 'Active',
      lang: s.lang ?? '',
      questions: s.questions?.length ? s.questions : EMPTY.questions,
    });
  }, [isNew, q.data, draft]);

  if (!isNew && q.isError) return <Alert color="red">{t(MSG.surveyNotFound)}</Alert>;
  if (!draft) return <Loader role="status" aria-label={t('Loading')} />;

  const languages = config?.publiclanguages?.length ? config.publiclanguages : [...PUBLIC_LANGUAGES];
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const setQuestion = (i: number, patch: Partial<SurveyQuestion>) => {
    const questions = draft.questions.map((x, j) => (j === i ? { ...x, ...patch } : x));
    set({ questions });
    if (errors.questions[i]) setErrors((e) => ({ ...e, questions: { ...e.questions, [i]: questionError(questions[i]!) ?? '' } }));
  };
  const move = (i: number, by: -1 | 1) => {
    const questions = [...draft.questions];
    const [item] = questions.splice(i, 1);
    questions.splice(i + by, 0, item!);
    set({ questions });
    setErrors((e) => ({ ...e, questions: {} }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const qErrors: Record<number, string> = {};
    draft.questions.forEach((x, i) => {
      const m = questionError(x);
      if (m) qErrors[i] = m;
    });
    const titleError = draft.title.trim() ? undefined : tk('Please give the survey a title.');
    setErrors({ title: titleError, questions: qErrors });
    if (titleError || Object.keys(qErrors).length) {
      setFormError(MSG.correctFields);
      return;
    }
    save.mutate({
      _id: isNew ? NEW_ID : surveyId,
      title: draft.title.trim(),
      description: draft.description,
      description2: draft.description2,
      status: draft.status,
      lang: draft.lang,
      questions: draft.questions.map((x) => ({ type: x.type, question: x.question.trim() })),
    });
  };

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
          error={errors.title ? t(errors.title) : undefined}
          onChange={(e) => {
            const v = e.currentTarget.value;
            set({ title: v });
            if (errors.title && v.trim()) setErrors((x) => ({ ...x, title: undefined }));
          }}
        />
        <Group grow align="flex-start">
          <NativeSelect
            label={t('Status')}
            value={draft.status}
            onChange={(e) => set({ status: e.currentTarget.value })}
            data={STATUSES.map((s) => ({ value: s, label: t(s) }))}
          />
          <NativeSelect
            label={t('Language')}
            value={draft.lang}
            onChange={(e) => set({ lang: e.currentTarget.value })}
            data={[{ value: '', label: t('All languages') }, ...languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] ?? l }))]}
          />
        </Group>
        <RichTextField
          label={t('Introduction')}
          value={draft.description}
          onChange={(v) => set({ description: v })}
          minHeight={80}
          testId="survey-editor-description"
        />
        <RichTextField
          label={t('Thank-you text (shown after answering)')}
          value={draft.description2}
          onChange={(v) => set({ description2: v })}
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
                    onClick={() => {
                      set({ questions: draft.questions.filter((_, j) => j !== i) });
                      setErrors((e) => ({ ...e, questions: {} }));
                    }}
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
                error={errors.questions[i] ? t(errors.questions[i]!) : undefined}
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
            onClick={() => set({ questions: [...draft.questions, { type: 'textfield', question: '' }] })}
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
