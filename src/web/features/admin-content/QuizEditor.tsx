/**
 * The questions of a quiz or exam (spec 3: question, answers, and the correct answer as a 1-based index;
 * answer letters A to Z). Questions can be added, moved and removed; answers added and removed.
 */
import { ActionIcon, Button, Group, Paper, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QuizQuestion } from '../../../domain/types.ts';
import { ANSWER_LETTERS } from '../../../domain/constants.ts';
import { tk } from '../../lib/tk.ts';

const MIN_ANSWERS = 2;
const MAX_ANSWERS = ANSWER_LETTERS.length;

/** What is wrong with each question (by index), in the words shown beside it. */
export function quizProblems(questions: QuizQuestion[]): Record<number, string> {
  const out: Record<number, string> = {};
  questions.forEach((q, i) => {
    if (!q.question.trim()) out[i] = tk('Please write the question.');
    else if (q.answers.length < MIN_ANSWERS) out[i] = tk('Please give at least two answers.');
    else if (q.answers.some((a) => !a.trim())) out[i] = tk('Each answer needs a text.');
    else if (!q.iscorrect || q.iscorrect < 1 || q.iscorrect > q.answers.length) out[i] = tk('Please choose the correct answer.');
  });
  return out;
}

/** Questions as the server stores them (no learner's answer, trimmed texts). */
export const cleanQuestions = (questions: QuizQuestion[]): QuizQuestion[] =>
  questions.map((q) => ({ question: q.question.trim(), answers: q.answers.map((a) => a.trim()), iscorrect: q.iscorrect }));

export function QuizEditor({
  questions,
  onChange,
  exam,
  showProblems,
}: {
  questions: QuizQuestion[];
  onChange: (q: QuizQuestion[]) => void;
  exam: boolean;
  showProblems: boolean;
}) {
  const { t } = useTranslation();
  const problems = showProblems ? quizProblems(questions) : {};
  const update = (i: number, patch: Partial<QuizQuestion>) => onChange(questions.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  const move = (i: number, by: number) => {
    const next = [...questions];
    const [q] = next.splice(i, 1);
    next.splice(i + by, 0, q!);
    onChange(next);
  };
  const add = () => onChange([...questions, { question: '', answers: ['', ''], iscorrect: undefined }]);

  return (
    <Stack gap="sm" data-testid="quiz-editor">
      <Group justify="space-between">
        <Text fw={600}>
          {exam ? t('Exam questions') : t('Quiz questions')} ({questions.length})
        </Text>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={add} data-testid="add-question">
          {t('Add a question')}
        </Button>
      </Group>
      {questions.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('No questions yet.')}
        </Text>
      )}
      {questions.map((q, i) => {
        const label = `${t('Question')} ${i + 1}`;
        return (
          <Paper key={i} withBorder p="sm" radius="md" component="fieldset" style={{ minWidth: 0 }} data-question={i}>
            <Text component="legend" fw={600} size="sm" px={4}>
              {label}
            </Text>
            <Stack gap="xs">
              <Group justify="flex-end" gap={4}>
                <ActionIcon variant="subtle" onClick={() => move(i, -1)} disabled={i === 0} aria-label={`${t('Move up')}: ${label}`}>
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  onClick={() => move(i, 1)}
                  disabled={i === questions.length - 1}
                  aria-label={`${t('Move down')}: ${label}`}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => onChange(questions.filter((_, j) => j !== i))}
                  aria-label={`${t('Remove')}: ${label}`}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
              <Textarea
                label={t('Question')}
                value={q.question}
                autosize
                minRows={1}
                onChange={(e) => update(i, { question: e.currentTarget.value })}
                data-testid="question-text"
              />
              <Radio.Group
                label={t('Answers (choose the correct one)')}
                value={q.iscorrect ? String(q.iscorrect) : null}
                onChange={(v) => update(i, { iscorrect: Number(v) })}
                error={problems[i] && t(problems[i]!)}
              >
                <Stack gap={6} mt={4}>
                  {q.answers.map((a, k) => {
                    const letter = ANSWER_LETTERS[k]!;
                    return (
                      <Group key={k} gap="xs" wrap="nowrap" className="quiz-answer">
                        <Radio value={String(k + 1)} aria-label={`${t('Correct answer')}: ${letter}`} />
                        <Text fw={700} w={18} ta="center" aria-hidden>
                          {letter}
                        </Text>
                        <TextInput
                          value={a}
                          onChange={(e) => update(i, { answers: q.answers.map((x, m) => (m === k ? e.currentTarget.value : x)) })}
                          aria-label={`${t('Answer')} ${letter}`}
                          style={{ flex: 1, minWidth: 0 }}
                          data-testid="answer-text"
                        />
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          disabled={q.answers.length <= MIN_ANSWERS}
                          aria-label={`${t('Remove the answer')} ${letter}`}
                          onClick={() => {
                            const answers = q.answers.filter((_, m) => m !== k);
                            const c = q.iscorrect;
                            update(i, { answers, iscorrect: !c ? c : c === k + 1 ? undefined : c > k + 1 ? c - 1 : c });
                          }}
                        >
                          <IconX size={16} aria-hidden />
                        </ActionIcon>
                      </Group>
                    );
                  })}
                </Stack>
              </Radio.Group>
              <Group>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  disabled={q.answers.length >= MAX_ANSWERS}
                  onClick={() => update(i, { answers: [...q.answers, ''] })}
                  data-testid="add-answer"
                >
                  {t('Add an answer')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
