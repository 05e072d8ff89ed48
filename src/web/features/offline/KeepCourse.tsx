/**
 * 'Keep this course on this device' on a course page (enrolled learners): works out the size first and
 * shows it, then keeps the course on confirmation. A kept course shows its size and Remove.
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceMobileDown, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { useOnline } from '../../lib/offline/online.ts';
import { usePreloadLessonScreens } from '../../lib/embeds.tsx';
import { canKeep, formatBytes, keepCourse, keptCourse, planKeep, removeKept, type KeepPlan } from './keep.ts';

export const keptKey = (course?: string) => (course ? ['offline-kept', course] : ['offline-kept']);

export function KeepCourse({ courseId, title }: { courseId: string; title: string }) {
  const { t, i18n } = useTranslation();
  const qc = useQueryClient();
  const online = useOnline();
  const preloadLessonScreens = usePreloadLessonScreens();
  const kept = useQuery({ queryKey: keptKey(courseId), queryFn: async () => (await keptCourse(courseId)) ?? null, enabled: canKeep() });
  const [plan, setPlan] = useState<KeepPlan | null>(null);
  const [failed, setFailed] = useState(false);
  const step = useMutation({
    mutationFn: ({ f }: { what: 'plan' | 'keep' | 'remove'; f: () => Promise<void> }) => f(),
    onMutate: () => setFailed(false),
    onError: (err) => {
      console.warn('keeping the course failed', err);
      setFailed(true);
    },
  });
  const busy = step.isPending ? step.variables.what : null;
  if (!canKeep() || kept.isPending) return null;
  const refresh = () => qc.invalidateQueries({ queryKey: keptKey() });

  const run = (what: 'plan' | 'keep' | 'remove', f: () => Promise<void>) => step.mutate({ what, f });
  const size = (b: number) => formatBytes(b, i18n.language);

  return (
    <Paper withBorder p="md" radius="md" data-testid="keep-course" data-kept={!!kept.data}>
      {kept.data ? (
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t('Kept on this device ({{size}})', { size: size(kept.data.bytes) })}</Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={busy === 'remove'}
            onClick={() =>
              run('remove', async () => {
                await removeKept(courseId);
                await refresh();
              })
            }
            data-testid="keep-remove"
          >
            {t('Remove')}
          </Button>
        </Group>
      ) : plan ? (
        <Group justify="space-between" gap="xs">
          <Text size="sm" data-testid="keep-size" data-bytes={plan.bytes}>
            {t('This course needs {{size}} on this device.', { size: size(plan.bytes) })}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setPlan(null)} disabled={busy === 'keep'}>
              {t('Cancel')}
            </Button>
            <Button
              size="xs"
              loading={busy === 'keep'}
              disabled={!online}
              data-testid="keep-confirm"
              onClick={() =>
                run('keep', async () => {
                  await keepCourse(plan, preloadLessonScreens);
                  setPlan(null);
                  await refresh();
                })
              }
            >
              {t('Keep it')}
            </Button>
          </Group>
        </Group>
      ) : (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDeviceMobileDown size={16} aria-hidden />}
          loading={busy === 'plan'}
          disabled={!online}
          onClick={() => run('plan', async () => setPlan(await planKeep(courseId, title)))}
          data-testid="keep-start"
        >
          {t('Keep this course on this device')}
        </Button>
      )}
      {failed && (
        <Alert color="red" mt="xs" role="alert">
          {t(MSG.didntWork)}
        </Alert>
      )}
    </Paper>
  );
}
