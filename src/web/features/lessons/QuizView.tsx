/**
 * Quiz and exam views (spec 2 and 4): intro -> quiz -> posting -> result (passed or not passed) ->
 * Show Answers; Retake starts a new attempt, Cancel and Close return to the intro. Graded on the
 * server; the right answers arrive only with the result. Admins get exam settings and Fill Answers.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { FormErrors } from '@mantine/form';
import { Alert, Badge, Button, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { IconSettings, IconWand } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ANSWER_LETTERS, DEFAULT_PASS_PERCENT } from '../../../domain/constants.ts';
import { MSG } from '../../../domain/messages.ts';
import type { LessonProgress, Material, User } from '../../../domain/types.ts';
import { ApiError } from '../../lib/api.ts';
import { addStatus } from '../../lib/status.ts';
import { useSession } from '../../lib/session.ts';
import { HtmlBody } from '../../components/HtmlBody.tsx';
import { useContentLang } from '../../lib/content-lang.ts';
import { applyEnrollment, dayInText } from '../../lib/data/enrollment.ts';
import { examQuestions, newAttemptId, submitAnswers, type QuizReply } from './api.ts';
import { answerPath, sheetProblem, useAnswerSheet, type Sheet } from './answer-sheet.ts';
import { darkTitle, SUCCESS_TEXT } from '../../lib/enrollment-ui.ts';
import { SavedOnDevice } from '../../lib/offline/queue.ts';
import { AnswerReview } from './AnswerReview.tsx';
import { ScoreAlert } from './ScoreAlert.tsx';
import { adminPath } from '../../lib/paths.ts';

type State = 'intro' | 'quiz' | 'posting' | 'result' | 'answers' | 'saved';

interface Props {
  material: Material;
  /** The course's language: the quiz's text is written in it (content-lang.ts). */
  courseLang?: string;
  kind: 'quiz' | 'exam';
  courseId: string;
  lessonId: string;
  /** The class the progress goes to; without it (not enrolled) answers cannot be sent. */
  classId?: string;
  user: User;
  progress?: LessonProgress;
  onCompleted?: () => void;
}

/** The result shown: a fresh reply, or the stored one of an earlier attempt. */
type Result = Pick<QuizReply, 'score' | 'possible' | 'percent' | 'passed' | 'passpercent' | 'answers' | 'correctanswers'> & {
  date?: string;
};

function storedResult(p: LessonProgress | undefined, passpercent: number): Result | null {
  if (!p?.quizdate || p.percent === undefined) return null;
  return {
    score: p.score ?? 0,
    possible: p.possible ?? 0,
    percent: p.percent,
    passed: p.percent >= passpercent,
    passpercent,
    answers: p.answers ?? [],
    correctanswers: p.correctanswers ?? [],
    date: p.quizdate,
  };
}

export function QuizView({ material, courseLang, kind, courseId, lessonId, classId, user, progress, onCompleted }: Props) {
  const { t } = useTranslation();
  const own = useContentLang(courseLang);
  const { config } = useSession();
  const questions = material.quiz ?? [];
  const passpercent = Number(kind === 'exam' ? config?.exampasspercent : config?.quizpasspercent) || DEFAULT_PASS_PERCENT;
  const [state, setState] = useState<State>('intro');
  // The chosen letters, and which questions are still open after a submit, live in the answer sheet's form.
  const form = useAnswerSheet();
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<string>('');
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // On a phone the submit button is far below the top of the form: bring the result into view.
  // The page above may still change height as the saved progress comes back, so the scroll is
  // repeated while it settles (a few hundred milliseconds).
  useEffect(() => {
    if (state !== 'result') return;
    const show = () => resultRef.current?.scrollIntoView({ block: 'start', behavior: 'auto' });
    show();
    const timers = [120, 350, 700].map((ms) => setTimeout(show, ms));
    return () => timers.forEach(clearTimeout);
  }, [state]);
  const last = result ?? storedResult(progress, passpercent);
  const isExam = kind === 'exam';
  const idp = `quiz-${material._id}`;

  const start = () => {
    // youranswer is reset on load (spec 3): every attempt starts empty, with its own id.
    form.setValues({ answers: questions.map(() => '') });
    setError(null);
    attempt.current = newAttemptId();
    setState('quiz');
  };

  const send = async ({ answers }: Sheet) => {
    if (!classId) return;
    setError(null);
    setState('posting');
    try {
      const r: QuizReply = await submitAnswers({
        kind,
        _id: material._id,
        user: user._id,
        classid: classId,
        courseid: courseId,
        lessonid: lessonId,
        answers,
        attempt: attempt.current,
      });
      if (r.enrollment) applyEnrollment(r.enrollment);
      setResult({
        score: r.score,
        possible: r.possible,
        percent: r.percent,
        passed: r.passed,
        passpercent: r.passpercent,
        answers: r.answers,
        correctanswers: r.correctanswers,
        date: r.quizdate,
      });
      setState('result');
      if (r.completed && r.enrollment?.completed && r.passed && isExam) onCompleted?.();
    } catch (err) {
      if (err instanceof SavedOnDevice) {
        // Taken offline: graded when the answers reach the server (the lesson then shows the result).
        setState('saved');
        return;
      }
      setError(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : MSG.formError);
      setState('quiz');
    }
  };
  /** A refused sheet: the schema's message above the questions, and the focus on the first open one. */
  const refuse = (errors: FormErrors) => {
    const { message, question } = sheetProblem(errors);
    setError(message);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[data-question="${question}"] input`)?.focus());
  };
  // The form's submit handler is made when the form is sent, not while rendering: its callbacks use refs.
  const submit = (e: FormEvent<HTMLFormElement>) => form.onSubmit(send, refuse)(e);

  const fill = useMutation({
    mutationFn: async () => (isExam ? examQuestions(courseId) : questions),
    onSuccess: (source) => {
      const letters = questions.map((_, i) => {
        const n = Number(source[i]?.iscorrect);
        return Number.isInteger(n) && n >= 1 ? (ANSWER_LETTERS[n - 1] ?? '') : '';
      });
      if (letters.every((l) => !l)) addStatus('warning', t('The right answers are not available.'));
      form.setValues({ answers: letters });
    },
    onError: () => addStatus('error', MSG.didntWork),
  });

  const startLabel = isExam ? t('Start Exam') : t('Start Quiz');
  // Spec: the result's button reads "Retake"; the quiz or exam it retakes is the panel it sits in.
  const retakeLabel = t('Retake');

  return (
    <Stack gap="sm" data-testid={`quiz-${material._id}`} data-quiz-state={state} data-kind={kind}>
      {state === 'saved' && (
        <Alert color="blue" role="status" data-testid="quiz-saved-offline">
          {t(MSG.quizSavedOnDevice)}
        </Alert>
      )}
      {state === 'intro' && (
        <>
          <HtmlBody html={material.description} {...own} />
          <Text size="sm" c="gray.8">
            {t('{{count}} questions. You need {{percent}}% to pass.', { count: questions.length, percent: passpercent })}
          </Text>
          {last && (
            <Alert
              color={last.passed ? 'green' : 'orange'}
              styles={darkTitle(last.passed ? 'green' : 'orange')}
              data-testid="quiz-last-result"
              title={last.passed ? t('Passed') : t('Not passed')}
            >
              {t('Your last result: {{percent}}% ({{score}} of {{possible}}) on {{date}}.', {
                percent: last.percent,
                score: last.score,
                possible: last.possible,
                date: dayInText(last.date),
              })}
            </Alert>
          )}
          {!classId && (
            <Text size="sm" c="gray.7">
              {t('Enroll in this course to send your answers.')}
            </Text>
          )}
          <Group gap="xs">
            <Button onClick={start} disabled={questions.length === 0} data-testid="quiz-start">
              {startLabel}
            </Button>
            {last && last.correctanswers.length > 0 && (
              <Button variant="light" onClick={() => setState('answers')} data-testid="quiz-show-answers">
                {t('Show Answers')}
              </Button>
            )}
            {user.isAdmin && (
              <Button
                variant="subtle"
                leftSection={<IconSettings size={16} aria-hidden />}
                component={Link}
                to={adminPath('lessonmaterials', courseId, lessonId, material._id)}
              >
                {isExam ? t('Exam Settings') : t('Quiz Settings')}
              </Button>
            )}
          </Group>
        </>
      )}

      {(state === 'quiz' || state === 'posting') && (
        <form
          ref={formRef}
          onSubmit={submit}
          noValidate
          aria-busy={state === 'posting'}
          aria-label={material.title || t(kind === 'exam' ? 'Exam' : 'Quiz')}
        >
          <Stack gap="md">
            {error && (
              <Alert color="red" role="alert" data-testid="quiz-error">
                {t(error)}
              </Alert>
            )}
            {questions.map((q, i) => (
              <Radio.Group
                key={i}
                name={`${idp}-q${i}`}
                data-question={i}
                label={
                  // The question's own language decides its direction (an English question in the Arabic interface).
                  <Text fw={600} component="span" lang={own.lang} dir="auto">
                    {`${i + 1}. ${q.question}`}
                  </Text>
                }
                value={form.values.answers[i] || null}
                onChange={(v) => form.setFieldValue(answerPath(i), v)}
                error={form.errors[answerPath(i)] ? t('Please choose an answer.') : undefined}
                readOnly={state === 'posting'}
              >
                <Stack gap={6} mt={6}>
                  {q.answers.map((a, j) => (
                    <Radio
                      key={j}
                      value={ANSWER_LETTERS[j]!}
                      label={
                        <span lang={own.lang} dir="auto">
                          {`${ANSWER_LETTERS[j]}. ${a}`}
                        </span>
                      }
                      disabled={state === 'posting'}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            ))}
            <Group gap="xs" justify="space-between">
              <Group gap="xs">
                <Button
                  variant="default"
                  onClick={() => {
                    setError(null);
                    setState('intro');
                  }}
                  disabled={state === 'posting'}
                >
                  {t('Cancel')}
                </Button>
                {user.isAdmin && (
                  <Button
                    variant="subtle"
                    leftSection={<IconWand size={16} aria-hidden />}
                    onClick={() => fill.mutate()}
                    loading={fill.isPending}
                    disabled={state === 'posting'}
                    data-testid="quiz-fill"
                  >
                    {t('Fill Answers')}
                  </Button>
                )}
              </Group>
              <Button type="submit" disabled={!classId} loading={state === 'posting'} data-testid="quiz-submit">
                {t('Submit Answers')}
              </Button>
            </Group>
            {state === 'posting' && (
              <Group gap="xs" role="status">
                <Loader size="sm" />
                <Text size="sm">{t('Checking your answers...')}</Text>
              </Group>
            )}
          </Stack>
        </form>
      )}

      {state === 'result' && result && (
        <Stack gap="sm" ref={resultRef} style={{ scrollMarginTop: 72 }}>
          <ScoreAlert result={result}>
            {!result.passed && (
              <Text size="sm">{t('You need {{percent}}% to pass. You can try again.', { percent: result.passpercent })}</Text>
            )}
          </ScoreAlert>
          <Group gap="xs">
            <Button variant="light" onClick={() => setState('answers')} data-testid="quiz-show-answers">
              {t('Show Answers')}
            </Button>
            <Button variant="light" onClick={start} data-testid="quiz-retake">
              {retakeLabel}
            </Button>
            <Button variant="default" onClick={() => setState('intro')} data-testid="quiz-close">
              {t('Close')}
            </Button>
          </Group>
        </Stack>
      )}

      {state === 'answers' && last && (
        <Stack gap="sm" data-testid="quiz-answers">
          <AnswerReview questions={questions} answers={last.answers} correct={last.correctanswers} />
          <Group gap="xs">
            <Badge
              color={last.passed ? 'green' : 'red'}
              variant="light"
              size="lg"
              c={last.passed ? SUCCESS_TEXT : 'red.9'}
            >{`${last.percent}%`}</Badge>
            <Button variant="light" onClick={start} data-testid="quiz-retake">
              {retakeLabel}
            </Button>
            <Button variant="default" onClick={() => setState('intro')} data-testid="quiz-close">
              {t('Close')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
