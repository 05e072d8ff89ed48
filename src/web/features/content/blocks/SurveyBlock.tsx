import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../../../domain/types.ts';
import { HtmlBody } from '../../../components/HtmlBody.tsx';

/** Survey block: heading and introduction; the questions form belongs to the content issue. */
export function SurveyBlock({ block }: { block: Content }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" data-survey={block.after}>
      {block.title && <Title order={2} mb="sm">{block.title}</Title>}
      <HtmlBody html={block.body} />
      <Text size="sm" c="dimmed" mt="xs">{t('The survey will be available here soon.')}</Text>
    </Paper>
  );
}
