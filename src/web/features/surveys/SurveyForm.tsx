/**
 * A survey to answer (spec 2 and 4): its questions of the five types, Submit Answers, then the thank-you
 * text (description2), or 'There was an error submitting the form.' with the form scrolled back up.
 * Numeric answers must be positive, checked on change and on submit (spec 5).
 */
import { choiceLabel, ltrText } from '../../lib/bidi.tsx';
import { useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  NativeSelect,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  Typography,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SurveyQuestion } from '../../../domain/types.ts';
import type { SurveyFormProps } from '../../lib/embeds.tsx';
import { MSG } from '../../../domain/messages.ts';
import { SURVEY_ANSWER_MAX_LENGTH, type SurveyAnswer } from '../../../domain/validation.ts';
import { ApiError } from '../../lib/api.ts';
import { fieldError } from '../../lib/forms.ts';
import { useSession } from '../../lib/session.ts';
import { answerSurvey, surveyQuery } from './api.ts';
import { botCheckToken } from './bot-check.ts';
import { answerErrors, answerFieldErrors, checkAnswers, questionLabel, surveyChoices } from './answers.ts';

export type { SurveyFormProps };

type State = 'answering' | 'done' | 'error';

interface Values {
  /** The answers as typed, by question index. */
  answers: string[];
}

function Question({
  q,
  i,
  value,
  error,
  onChange,
}: {
  q: SurveyQuestion;
  i: number;
  value: string;
  error?: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  const label = questionLabel(q);
  const common = {
    name: `answer-${i}`,
    // The question in its own direction: an English question on an Arabic page keeps its "?" at its end.
    label: <bdi>{label}</bdi>,
    error,
    'data-testid': `survey-q-${i}`,
    'data-type': q.type,
    styles: { label: { whiteSpace: 'pre-line' as const } },
  };
  switch (q.type) {
    case 'text':
      return (
        <Textarea
          {...common}
          value={value}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={SURVEY_ANSWER_MAX_LENGTH}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'numeric':
      return (
        <TextInput
          {...common}
          value={value}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          styles={{ ...common.styles, input: { maxWidth: 240 } }}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'select':
      return (
        <NativeSelect
          {...common}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          data={[{ value: '', label: t('Choose an answer') }, ...surveyChoices(q.question).map((c) => ({ value: c, label: ltrText(c) }))]}
        />
      );
    case 'choice':
      return (
        <Radio.Group {...common} value={value} onChange={onChange}>
          <Stack gap={8} mt={6}>
            {surveyChoices(q.question).map((c) => (
              <Radio key={c} value={c} label={choiceLabel(c)} />
            ))}
          </Stack>
        </Radio.Group>
      );
    default:
      return <TextInput {...common} value={value} maxLength={SURVEY_ANSWER_MAX_LENGTH} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

export default function SurveyForm({ surveyId, context, contextid, showTitle = true, titleOrder = 2 }: SurveyFormProps) {
  const { t } = useTranslation();
  const { lang, config } = useSession();
  const q = useQuery(surveyQuery(surveyId));
  const questions = q.data?.questions ?? [];
  const form = useForm<Values>({
    initialValues: { answers: [] },
    // Each answer is checked as it changes, all of them (and that one was given) on submit.
    validateInputOnChange: true,
    validate: (v) => answerErrors(questions, v.answers),
  });
  const [formError, setFormError] = useState<{ title: string; detail?: string } | null>(null);
  const [state, setState] = useState<State>('answering');
  const top = useRef<HTMLDivElement>(null);
  const scrollUp = () => setTimeout(() => top.current?.scrollIntoView({ block: 'start' }), 0);
  const sending = useMutation({
    mutationFn: async ({ surveyId: id, answers }: { surveyId: string; answers: SurveyAnswer[] }) => {
      const grtoken = await botCheckToken(config?.botcheck);
      return answerSurvey({ surveyId: id, answers, lang, context, contextid, grtoken });
    },
    onMutate: () => setFormError(null),
    onSuccess: () => {
      setState('done');
      scrollUp();
    },
    onError: (err) => {
      // Spec 8: the same 'There was an error submitting the form.' and the page scrolls up.
      setState('error');
      const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
      if (refused) form.setErrors(answerFieldErrors(err.fields));
      setFormError({ title: MSG.formError, detail: refused && err.message !== MSG.formError ? err.message : undefined });
      scrollUp();
    },
  });

  if (q.isPending)
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton h={28} w="40%" />
        <Skeleton h={60} />
        <Skeleton h={60} />
      </Stack>
    );
  // An unknown or closed survey is not offered (editors see the block's settings instead).
  if (q.isError) return null;
  const survey = q.data;

  // Built when the form is submitted, not during render: the failure handler scrolls through a ref.
  const onSubmit = (e: FormEvent<HTMLFormElement>) =>
    form.onSubmit(
      (v) => {
        // Valid values always check out; the check turns them into what is sent (numbers as numbers, open ones null).
        const checked = checkAnswers(questions, v.answers);
        if (checked.ok) sending.mutate({ surveyId: survey._id, answers: checked.answers });
      },
      (errors) => {
        const first = questions.findIndex((_, i) => errors[`answers.${i}`]);
        if (first < 0) {
          // Nothing wrong with any answer, but none was given.
          setFormError({ title: String(errors.answers ?? MSG.surveyNoAnswers) });
          scrollUp();
          return;
        }
        setFormError({ title: MSG.correctFields });
        document.querySelector<HTMLElement>(`[data-survey-form="${survey._id}"] [name="answer-${first}"]`)?.focus();
      },
    )(e);

  return (
    <Box ref={top} data-survey-form={survey._id} data-state={state} data-testid="survey" style={{ scrollMarginTop: 80 }}>
      {showTitle && survey.title && (
        <Title order={titleOrder} mb="sm">
          {survey.title}
        </Title>
      )}
      {state === 'done' ? (
        <Paper withBorder radius="md" p="md" bg="var(--mantine-color-green-0)" data-testid="survey-done" role="status">
          <Stack gap="xs">
            <Text fw={600}>
              <IconCircleCheck size={18} aria-hidden style={{ verticalAlign: 'text-bottom', marginInlineEnd: 6 }} />
              {t('Your answers were sent.')}
            </Text>
            {survey.description2 ? (
              <Typography dir="auto" dangerouslySetInnerHTML={{ __html: survey.description2 }} />
            ) : (
              <Text>{t('Thank you for your answers.')}</Text>
            )}
          </Stack>
        </Paper>
      ) : (
        <Paper
          component="form"
          withBorder
          radius="md"
          p={{ base: 'sm', sm: 'lg' }}
          onSubmit={onSubmit}
          noValidate
          aria-label={survey.title || t('Survey')}
        >
          <Stack gap="lg">
            {formError && (
              <Alert color="red" role="alert" title={t(formError.title)} data-testid="survey-error">
                {formError.detail ? t(formError.detail) : null}
              </Alert>
            )}
            {survey.description && <Typography dir="auto" dangerouslySetInnerHTML={{ __html: survey.description }} />}
            {questions.map((question, i) => (
              <Question
                key={i}
                q={question}
                i={i}
                value={form.getValues().answers[i] ?? ''}
                error={fieldError(t, form.errors, `answers.${i}`)}
                onChange={(v) => form.setFieldValue(`answers.${i}`, v)}
              />
            ))}
            <div>
              <Button type="submit" loading={sending.isPending} data-testid="survey-submit">
                {t('Submit Answers')}
              </Button>
            </div>
          </Stack>
        </Paper>
      )}
    </Box>
  );
}
