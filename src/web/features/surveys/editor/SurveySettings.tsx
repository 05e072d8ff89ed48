/**
 * The survey block's settings for editors (lazy chunk): which survey the block shows (saved as the
 * block's `after` field), editing that survey's questions or writing a new one, and for admins its
 * responses with the CSV download.
 */
import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { IconChartBar, IconEdit, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../../../domain/types.ts';
import { MSG } from '../../../../domain/messages.ts';
import { ApiError } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { addStatus } from '../../../lib/status.ts';
import { saveBlockSurvey, surveysQuery } from '../api.ts';
import { AppModal } from '../../../components/AppModal.tsx';

const SurveyEditor = lazy(() => import('./SurveyEditor.tsx'));
const SurveyResponses = lazy(() => import('../responses/SurveyResponses.tsx'));

type View = { kind: 'settings' } | { kind: 'edit'; surveyId: string } | { kind: 'responses'; surveyId: string };

export default function SurveySettings({ block, onClose }: { block: Content; onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const list = useQuery(surveysQuery());
  const [chosen, setChosen] = useState(block.after ?? '');
  const [view, setView] = useState<View>({ kind: 'settings' });
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (surveyId: string) => saveBlockSurvey(block._id, surveyId),
    onMutate: () => setError(null),
    onSuccess: () => {
      addStatus('success', t('The survey block was saved.'));
      onClose();
    },
    onError: (err) => setError(err instanceof ApiError && err.status < 500 ? err.message : MSG.formError),
  });

  const title =
    view.kind === 'edit'
      ? view.surveyId === 'new'
        ? t('New Survey')
        : t('Edit Survey')
      : view.kind === 'responses'
        ? t('Survey Responses')
        : t('Survey Settings');
  const surveys = list.data ?? [];
  return (
    <AppModal opened onClose={onClose} title={title} size={view.kind === 'settings' ? 'lg' : 'xl'} data-testid="survey-settings">
      <Suspense fallback={<Loader role="status" aria-label={t('Loading')} />}>
        {view.kind === 'settings' && (
          <Stack>
            {error && (
              <Alert color="red" role="alert">
                {t(error)}
              </Alert>
            )}
            {list.isPending ? (
              <Loader role="status" aria-label={t('Loading')} />
            ) : (
              <NativeSelect
                label={t('Survey shown in this block')}
                value={chosen}
                onChange={(e) => setChosen(e.currentTarget.value)}
                data-testid="survey-choice"
                data={[
                  { value: '', label: t('No survey') },
                  ...surveys.map((s) => ({
                    value: s._id,
                    label: `${s.title}${s.lang ? ` (${s.lang})` : ''}${s.status && s.status !== 'Active' ? ` – ${t(s.status)}` : ''}`,
                  })),
                  // A survey that no longer exists stays visible as the current choice.
                  ...(chosen && !surveys.some((s) => s._id === chosen) ? [{ value: chosen, label: chosen }] : []),
                ]}
              />
            )}
            <Group gap="xs">
              <Button
                variant="light"
                leftSection={<IconEdit size={16} aria-hidden />}
                disabled={!chosen}
                onClick={() => setView({ kind: 'edit', surveyId: chosen })}
                data-testid="survey-edit-questions"
              >
                {t('Edit Questions')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setView({ kind: 'edit', surveyId: 'new' })}
              >
                {t('New Survey')}
              </Button>
              {user?.isAdmin && (
                <Button
                  variant="light"
                  leftSection={<IconChartBar size={16} aria-hidden />}
                  disabled={!chosen}
                  onClick={() => setView({ kind: 'responses', surveyId: chosen })}
                  data-testid="survey-view-responses"
                >
                  {t('View Responses')}
                </Button>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t('Only Active surveys are shown to visitors.')}
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose} disabled={save.isPending}>
                {t('Cancel')}
              </Button>
              <Button
                onClick={() => save.mutate(chosen)}
                loading={save.isPending}
                disabled={chosen === (block.after ?? '')}
                data-testid="survey-settings-save"
              >
                {t('Save')}
              </Button>
            </Group>
          </Stack>
        )}
        {view.kind === 'edit' && (
          <SurveyEditor
            surveyId={view.surveyId}
            onBack={() => setView({ kind: 'settings' })}
            onSaved={(id) => {
              setChosen(id);
              setView({ kind: 'settings' });
            }}
            onRemoved={(id) => {
              if (chosen === id) setChosen('');
              setView({ kind: 'settings' });
            }}
          />
        )}
        {view.kind === 'responses' && (
          <Stack>
            <SurveyResponses surveyId={view.surveyId} />
            <Group>
              <Button variant="default" onClick={() => setView({ kind: 'settings' })}>
                {t('Back')}
              </Button>
            </Group>
          </Stack>
        )}
      </Suspense>
    </AppModal>
  );
}
