/** The result of a graded quiz or exam: passed or not, and the score; what else the view has to say goes inside. */
import type { ReactNode } from 'react';
import { Alert, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { darkTitle } from '../../lib/enrollment-ui.ts';

/** The fields of a quiz reply or an exam attempt it reads (an attempt still open has no score yet). */
interface Scored {
  passed?: boolean;
  score?: number | null;
  possible?: number | null;
  percent?: number | null;
}

export function ScoreAlert({ result, children }: { result: Scored; children?: ReactNode }) {
  const { passed, score, possible, percent } = result;
  const { t } = useTranslation();
  return (
    <Alert
      color={passed ? 'green' : 'red'}
      styles={darkTitle(passed ? 'green' : 'red')}
      role="status"
      data-testid="quiz-result"
      data-passed={passed ? 'true' : 'false'}
      title={passed ? t('Passed') : t('Not passed')}
      icon={passed ? <IconCheck size={20} aria-hidden /> : <IconX size={20} aria-hidden />}
    >
      <Text>{t('You scored {{score}} of {{possible}} ({{percent}}%).', { score, possible, percent })}</Text>
      {children}
    </Alert>
  );
}
