/**
 * The exam for an enrolled learner, as attempts on the server: the intro shows the rules, the attempts
 * so far and when the next one opens; Start Exam starts (or resumes) an attempt whose questions the
 * server drew; every answer is saved as it is chosen (debounced), so a reload or another device finds
 * them; a time limit counts down on the server's clock. The key is shown only when the rules allow.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, Loader, Radio, Stack, Table, Text } from '@mantine/core';
import { IconClock, IconSettings, IconWand } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormErrors } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ANSWER_LETTERS } from '../../../domain/constants.ts';
import { MSG } from '../../../domain/messages.ts';
import type { Material, User } from '../../../domain/types.ts';
import { ApiError } from '../../lib/api.ts';
import { addStatus } from '../../lib/status.ts';
import { useLatest } from '../../lib/use-latest.ts';
import { HtmlBody } from '../../components/HtmlBody.tsx';
import { useContentLang } from '../../lib/content-lang.ts';
import { invalidateEnrollments } from '../../lib/data/enrollment.ts';
import { darkTitle } from '../../lib/enrollment-ui.ts';
import { useOnline } from '../../lib/offline/online.ts';
import { AnswerReview } from './AnswerReview.tsx';
import { ScoreAlert } from './ScoreAlert.tsx';
import { examQuestions } from './api.ts';
import { answerPath, sheetProblem, useAnswerSheet, type Sheet } from './answer-sheet.ts';
import { adminPath } from '../../lib/paths.ts';
import {
  dateTimeText,
  examStatus,
  examStatusKey,
  getAttempt,
  saveExamAnswers,
  startExam,
  submitExam,
  type AttemptView,
} from '../../lib/data/exams.ts';

type State = 'intro' | 'quiz' | 'posting' | 'result' | 'answers';
const SAVE_DELAY_MS = 600;

interface Props {
  material: Material;
  /** The course's language: the quiz's text is written in it (content-lang.ts). */
  courseLang?: string;
  courseId: string;
  lessonId: string;
  classId: string;
  user: User;
  onCompleted?: () => void;
}

/** Minutes and seconds left, e.g. 9:05. */
const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The exam needs the server (its attempt rules and clock): offline it says so instead of starting. */
export function ExamView(props: Props) {
  const { t } = useTranslation();
  const online = useOnline();
  if (!online)
    return (
      <Alert color="orange" role="status" data-testid="exam-offline">
        {t(MSG.examNeedsConnection)}
      </Alert>
    );
  return <OnlineExam {...props} />;
}

function OnlineExam({ material, courseLang, courseId, lessonId, classId, user, onCompleted }: Props) {
  const { t, i18n } = useTranslation();
  const own = useContentLang(courseLang);
  const qc = useQueryClient();
  const key = examStatusKey(material._id, classId);
  const status = useQuery({ queryKey: key, queryFn: () => examStatus(material._id, classId), staleTime: 0 });
  const [state, setState] = useState<State>('intro');
  const [attempt, setAttempt] = useState<AttemptView | null>(null);
  // The chosen letters, and which questions are still open after a submit, live in the answer sheet's form;
  // the autosave sends its values and the submit goes through its check.
  const form = useAnswerSheet();
  const setSheet = form.setValues;
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle');
  const [left, setLeft] = useState<number | null>(null);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<string[] | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /** Server time minus browser time, so the countdown follows the server's clock. */
  const skew = useRef(0);
  const resumedOnce = useRef(false);
  const lang = i18n.language;
  const s = status.data;

  const enter = useCallback(
    (a: AttemptView) => {
      skew.current = Date.parse(a.servertime) - Date.now();
      seq.current = a.seq;
      setAttempt(a);
      setSheet({ answers: a.questions.map((_, i) => a.answers[i] ?? '') });
      setError(null);
      setSaving(a.saved ? 'saved' : 'idle');
      setState('quiz');
    },
    [setSheet],
  );

  // A reload, a new sign-in or another device: the open attempt comes back with its answers.
  useEffect(() => {
    if (s?.open && !resumedOnce.current && state === 'intro') {
      resumedOnce.current = true;
      enter(s.open);
    }
  }, [s, state, enter]);

  const flush = useCallback(async () => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    const next = pending.current;
    if (!next || !attempt) return;
    pending.current = null;
    seq.current += 1;
    setSaving('saving');
    try {
      await saveExamAnswers(attempt._id, next, seq.current);
      setSaving('saved');
    } catch (err) {
      setSaving('error');
      if (err instanceof ApiError && err.status === 409) {
        setError(err.message);
        void showFinished(attempt._id);
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const choose = (i: number, letter: string) => {
    form.setFieldValue(answerPath(i), letter);
    pending.current = form.getValues().answers;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void flush();
    }, SAVE_DELAY_MS);
  };

  // Saves what is pending when the page is left: on leaving the route, and on a reload or a closed tab
  // (a beacon, which the browser sends even as the page goes away).
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(
    () => () => {
      if (pending.current) void flushRef.current();
    },
    [],
  );
  useEffect(() => {
    const onHide = () => {
      if (!pending.current || !attempt || typeof navigator.sendBeacon !== 'function') return;
      seq.current += 1;
      const body = JSON.stringify({ attemptid: attempt._id, answers: pending.current, seq: seq.current });
      pending.current = null;
      navigator.sendBeacon('/app_enrollment/attempt/save', new Blob([body], { type: 'application/json' }));
    };
    window.addEventListener('pagehide', onHide);
    return () => window.removeEventListener('pagehide', onHide);
  }, [attempt]);

  /** The attempt's result after it closed elsewhere (another tab, the time limit). */
  async function showFinished(id: string) {
    try {
      const a = await getAttempt(id);
      if (a.state !== 'inprogress') {
        await qc.invalidateQueries({ queryKey: key }).catch(() => {});
        setAttempt(a);
        setState('result');
        invalidateEnrollments(0);
      }
    } catch {
      addStatus('error', MSG.didntWork);
    }
  }

  /** Sends the answers; the learner's submit checks the sheet first, the time limit sends it as it is. */
  const finish = async (answers: string[]) => {
    if (!attempt) return;
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    pending.current = null;
    setError(null);
    setState('posting');
    try {
      const r = await submitExam(attempt._id, answers);
      // The rules' answer (retake or wait) is read before the result shows, so it never shows a stale one.
      await qc.invalidateQueries({ queryKey: key }).catch(() => {});
      setAttempt(r);
      setState('result');
      invalidateEnrollments(0);
      if (r.passed && r.completed) onCompleted?.();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setError(err.message);
        await showFinished(attempt._id);
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
  const submit = (e: FormEvent<HTMLFormElement>) => form.onSubmit(({ answers }: Sheet) => finish(answers), refuse)(e);

  // The countdown: when it reaches zero the attempt is sent with what is chosen (the server closes it anyway).
  const finishRef = useLatest(() => finish(form.getValues().answers));
  useEffect(() => {
    if (state !== 'quiz' || !attempt?.deadline) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the countdown clears when the attempt ends; the interval below sets it otherwise
      setLeft(null);
      return;
    }
    const end = Date.parse(attempt.deadline);
    const tick = () => {
      const ms = end - (Date.now() + skew.current);
      setLeft(ms);
      if (ms <= 0) {
        clearInterval(id);
        void finishRef.current();
      }
    };
    const id = setInterval(tick, 1000);
    tick();
    return () => clearInterval(id);
  }, [state, attempt, finishRef]);

  const start = async () => {
    setError(null);
    try {
      enter(await startExam({ _id: material._id, classid: classId, courseid: courseId, lessonid: lessonId }));
      await qc.invalidateQueries({ queryKey: key });
    } catch (err) {
      setError(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : MSG.formError);
      await qc.invalidateQueries({ queryKey: key });
    }
  };

  /** Admins' helper: the right answers, found by their text in the shown order. */
  const fill = useMutation({
    mutationFn: (_a: AttemptView) => examQuestions(courseId),
    // The attempt the answers were asked for.
    onSuccess: (source, a) => {
      const letters = a.questions.map((q) => {
        const src = source.find((x) => x.question === q.question);
        const right = src ? src.answers[Number(src.iscorrect) - 1] : undefined;
        const i = right === undefined ? -1 : q.answers.indexOf(right);
        return i >= 0 ? ANSWER_LETTERS[i]! : '';
      });
      if (letters.every((l) => !l)) addStatus('warning', t('The right answers are not available.'));
      letters.forEach((l, i) => {
        if (l) choose(i, l);
      });
    },
    onError: () => addStatus('error', MSG.didntWork),
  });
  const fillAnswers = () => {
    if (attempt) fill.mutate(attempt);
  };

  const questions = attempt?.questions ?? [];
  const passpercent = s?.passpercent ?? attempt?.passpercent ?? 80;
  const idp = `exam-${material._id}`;
  const nextOpens =
    s && !s.canstart && s.reason === 'wait' && s.nextopens ? t(MSG.examWait, { date: dateTimeText(s.nextopens, lang) }) : null;

  const history = s && s.attempts.length > 0 && (
    <Table striped withTableBorder data-testid="exam-history" aria-label={t('Your attempts')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('Attempt')}</Table.Th>
          <Table.Th>{t('Date')}</Table.Th>
          <Table.Th>{t('Score')}</Table.Th>
          <Table.Th>{t('Result')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {s.attempts.map((a) => (
          <Table.Tr key={a._id} data-state={a.state}>
            <Table.Td>
              <bdi>{a.number}</bdi>
            </Table.Td>
            <Table.Td>{dateTimeText(a.finished ?? a.started, lang)}</Table.Td>
            <Table.Td>{a.percent === undefined ? '' : <bdi>{`${a.percent}%`}</bdi>}</Table.Td>
            <Table.Td>
              {a.state === 'inprogress' ? t('In progress') : a.passed ? t('Passed') : t('Not passed')}
              {a.state === 'expired' && ` (${t('time ran out')})`}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );

  return (
    <Stack gap="sm" data-testid={`quiz-${material._id}`} data-quiz-state={state} data-kind="exam" data-attempts="server">
      {state === 'intro' && (
        <>
          <HtmlBody html={material.description} {...own} />
          {status.isPending && <Loader size="sm" aria-label={t('Loading')} />}
          {s && (
            <>
              <Text size="sm" c="gray.8">
                {t('{{n}} questions. You need {{percent}}% to pass.', { n: s.rules.questions, percent: passpercent })}
              </Text>
              <Text size="sm" c="gray.8" data-testid="exam-rules">
                {s.allowed === null
                  ? t('Attempts used: {{used}}.', { used: s.used })
                  : t('Attempts used: {{used}} of {{allowed}}.', { used: s.used, allowed: s.allowed })}
                {s.rules.timelimit ? ` ${t('Time limit (minutes): {{n}}.', { n: s.rules.timelimit })}` : ''}
              </Text>
              {s.passed && (
                <Alert color="green" styles={darkTitle('green')} title={t('Passed')} data-testid="quiz-last-result">
                  {t('You have passed this exam.')}
                </Alert>
              )}
              {nextOpens && (
                <Alert color="orange" data-testid="exam-next-attempt">
                  {nextOpens}
                </Alert>
              )}
              {!s.canstart && s.reason === 'used' && (
                <Alert color="orange" data-testid="exam-no-attempts">
                  {t(MSG.examAttemptsUsed)}
                </Alert>
              )}
              {s.granted && (
                <Text size="sm" data-testid="exam-granted">
                  {t('Your instructor has given you another attempt.')}
                </Text>
              )}
              {history}
            </>
          )}
          {error && (
            <Alert color="red" role="alert" data-testid="quiz-error">
              {t(error)}
            </Alert>
          )}
          <Group gap="xs">
            <Button onClick={start} disabled={!s?.canstart} data-testid="quiz-start">
              {s?.open ? t('Resume Exam') : t('Start Exam')}
            </Button>
            {user.isAdmin && (
              <Button
                variant="subtle"
                leftSection={<IconSettings size={16} aria-hidden />}
                component={Link}
                to={adminPath('lessonmaterials', courseId, lessonId, material._id)}
              >
                {t('Exam Settings')}
              </Button>
            )}
          </Group>
        </>
      )}

      {(state === 'quiz' || state === 'posting') && attempt && (
        <form
          ref={formRef}
          onSubmit={submit}
          noValidate
          aria-busy={state === 'posting'}
          aria-label={material.title || t('Exam')}
          data-attempt={attempt._id}
        >
          <Stack gap="md">
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="gray.8">
                {t('Attempt {{n}}', { n: attempt.number })}
              </Text>
              <Group gap="xs">
                <Text size="sm" c="gray.8" aria-live="polite" data-testid="exam-saved" data-saving={saving}>
                  {saving === 'saving'
                    ? t('Saving...')
                    : saving === 'saved'
                      ? t('Answers saved')
                      : saving === 'error'
                        ? t('Not saved yet')
                        : ''}
                </Text>
                {left !== null && (
                  <Badge
                    size="lg"
                    color={left < 60_000 ? 'red' : 'blue'}
                    variant="light"
                    leftSection={<IconClock size={14} aria-hidden />}
                    role="timer"
                    aria-label={t('Time left')}
                    data-testid="exam-countdown"
                    c={left < 60_000 ? 'red.9' : 'blue.9'}
                  >
                    <bdi>{clock(left)}</bdi>
                  </Badge>
                )}
              </Group>
            </Group>
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
                data-text={q.question}
                label={
                  // The question's own language decides its direction (an English question in the Arabic interface).
                  <Text fw={600} component="span" lang={own.lang} dir="auto">
                    {`${i + 1}. ${q.question}`}
                  </Text>
                }
                value={form.values.answers[i] || null}
                onChange={(v) => choose(i, v)}
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
                      data-answer={a}
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
                    void flush();
                    setError(null);
                    setState('intro');
                    void qc.invalidateQueries({ queryKey: key });
                  }}
                  disabled={state === 'posting'}
                >
                  {t('Cancel')}
                </Button>
                {user.isAdmin && (
                  <Button
                    variant="subtle"
                    leftSection={<IconWand size={16} aria-hidden />}
                    onClick={fillAnswers}
                    loading={fill.isPending}
                    disabled={state === 'posting'}
                    data-testid="quiz-fill"
                  >
                    {t('Fill Answers')}
                  </Button>
                )}
              </Group>
              <Button type="submit" loading={state === 'posting'} data-testid="quiz-submit">
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

      {state === 'result' && attempt && attempt.percent !== undefined && (
        <Stack gap="sm">
          {error && (
            <Alert color="orange" role="alert" data-testid="quiz-error">
              {t(error)}
            </Alert>
          )}
          <ScoreAlert result={attempt}>
            {!attempt.passed && <Text size="sm">{t('You need {{percent}}% to pass.', { percent: passpercent })}</Text>}
            {attempt.state === 'expired' && <Text size="sm">{t(MSG.examAttemptExpired)}</Text>}
          </ScoreAlert>
          {nextOpens && (
            <Alert color="orange" data-testid="exam-next-attempt">
              {nextOpens}
            </Alert>
          )}
          {s && !s.canstart && s.reason === 'used' && (
            <Alert color="orange" data-testid="exam-no-attempts">
              {t(MSG.examAttemptsUsed)}
            </Alert>
          )}
          <Group gap="xs">
            {attempt.correctanswers && (
              <Button variant="light" onClick={() => setState('answers')} data-testid="quiz-show-answers">
                {t('Show Answers')}
              </Button>
            )}
            {s?.canstart && !attempt.passed && (
              <Button variant="light" onClick={start} data-testid="quiz-retake">
                {t('Retake')}
              </Button>
            )}
            <Button
              variant="default"
              onClick={() => {
                setError(null);
                setState('intro');
              }}
              data-testid="quiz-close"
            >
              {t('Close')}
            </Button>
          </Group>
        </Stack>
      )}

      {state === 'answers' && attempt?.correctanswers && (
        <Stack gap="sm" data-testid="quiz-answers">
          <AnswerReview questions={questions} answers={attempt.answers} correct={attempt.correctanswers!} />
          <Button variant="default" onClick={() => setState('intro')} data-testid="quiz-close">
            {t('Close')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
