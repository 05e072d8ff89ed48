/**
 * The survey block of a content page (spec 2): the block's heading and text, then the survey named by
 * its `after` field. Editors get the block's settings (which survey, its questions, and for admins the
 * responses), loaded on demand.
 */
import { lazy, Suspense, useState } from 'react';
import { Alert, Box, Button, Group, Title, Typography } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../../domain/types.ts';
import { useSession } from '../../lib/session.ts';
import SurveyForm from './SurveyForm.tsx';

const SurveySettings = lazy(() => import('./editor/SurveySettings.tsx'));

export default function SurveyBlock({ block, editing }: { block: Content; editing?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [settings, setSettings] = useState(false);
  const canEdit = !!user?.isEditor && editing !== false;
  const surveyId = block.after?.trim();
  return (
    <Box data-survey={surveyId ?? ''} data-testid="survey-block">
      {canEdit && (
        <Group justify="flex-end" mb="xs">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconSettings size={14} aria-hidden />}
            onClick={() => setSettings(true)}
            data-testid="survey-settings-open"
          >
            {t('Survey Settings')}
          </Button>
        </Group>
      )}
      {block.title && (
        <Title order={2} mb="sm">
          {block.title}
        </Title>
      )}
      {block.body && <Typography mb="md" dangerouslySetInnerHTML={{ __html: block.body }} />}
      {surveyId ? (
        <SurveyForm
          key={surveyId}
          surveyId={surveyId}
          context="content"
          contextid={block._id}
          showTitle={!block.title}
          titleOrder={block.title ? 3 : 2}
        />
      ) : (
        canEdit && <Alert color="yellow">{t('No survey is chosen for this block yet.')}</Alert>
      )}
      {canEdit && settings && (
        <Suspense fallback={null}>
          <SurveySettings block={block} onClose={() => setSettings(false)} />
        </Suspense>
      )}
    </Box>
  );
}
