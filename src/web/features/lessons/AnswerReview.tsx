/**
 * Show Answers: each question with the learner's answer and, where it was wrong, the right one, by the
 * letters of what the learner was shown. Shared by quizzes and the exam.
 */
import { List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ANSWER_LETTERS } from '../../../domain/constants.ts';
import { SUCCESS_TEXT } from '../../lib/enrollment-ui.ts';

interface Props {
  questions: { question: string; answers: string[] }[];
  answers: string[];
  correct: string[];
}

export function AnswerReview({ questions, answers, correct }: Props) {
  const { t } = useTranslation();
  const letterLabel = (i: number, letters: string[]) => {
    const l = letters[i];
    if (!l) return t('No answer');
    return `${l}. ${questions[i]?.answers[ANSWER_LETTERS.indexOf(l as (typeof ANSWER_LETTERS)[number])] ?? ''}`;
  };
  return (
    <List spacing="sm" listStyleType="none" p={0}>
      {questions.map((q, i) => {
        const right = !!answers[i] && answers[i] === correct[i];
        return (
          <List.Item
            key={i}
            icon={
              <ThemeIcon
                color={right ? 'green' : 'red'}
                size={22}
                radius="xl"
                role="img"
                aria-label={right ? t('Correct') : t('Incorrect')}
              >
                {right ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
              </ThemeIcon>
            }
          >
            <Text fw={600} dir="auto">{`${i + 1}. ${q.question}`}</Text>
            <Text size="sm">
              {t('Your answer')}: {letterLabel(i, answers)}
            </Text>
            {!right && (
              <Text size="sm" c={SUCCESS_TEXT}>
                {t('Correct answer')}: {letterLabel(i, correct)}
              </Text>
            )}
          </List.Item>
        );
      })}
    </List>
  );
}
