/** Class pages: routing and frame (the class issue fills in the panels). */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CLASS_PANELS } from '../../../domain/constants.ts';
import { tk } from '../../lib/tk.ts';

const TITLES: Record<string, string> = {
  enrollment: tk('Class Members'), edit: tk('Edit Class'), create: tk('Create a New Class'), confirmation: tk('Class Created'),
};

export default function ClassPage() {
  const { t } = useTranslation();
  const { panel, classid } = useParams();
  const [params] = useSearchParams();
  if (!panel) return <Navigate replace to="/Courses" />;
  // A panel value that is itself a class id selects that class.
  const isPanel = (CLASS_PANELS as readonly string[]).includes(panel);
  const name = isPanel ? panel : 'enrollment';
  const id = isPanel ? classid : panel;
  return (
    <Stack data-screen="class" data-panel={name} data-class={id ?? ''} data-regcode={params.get('regcode') ?? ''}>
      <Title order={1}>{t(TITLES[name] ?? tk('Class'))}</Title>
      <Paper withBorder p="md" radius="md"><Text>{t('Class details will be shown here.')}</Text></Paper>
    </Stack>
  );
}
