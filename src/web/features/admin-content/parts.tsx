/** Pieces the editing panels share: heading with the way back, the save bar with a confirmed remove. */
import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { ApiError } from '../../lib/api.ts';
import { addStatus } from '../../lib/status.ts';
import './admin-content.css';
import { coursePath } from '../../lib/paths.ts';
import { AppModal } from '../../components/AppModal.tsx';

export interface Crumb {
  label: string;
  to?: string;
}

export function PanelHeader({ crumbs, title, testid }: { crumbs: Crumb[]; title: string; testid?: string }) {
  return (
    <Stack gap={4} data-testid={testid}>
      <Breadcrumbs separatorMargin={6} className="admin-content-crumbs">
        {crumbs.map((c, i) =>
          c.to ? (
            <Anchor key={i} component={Link} to={c.to} size="sm">
              {c.label}
            </Anchor>
          ) : (
            <Text key={i} size="sm">
              {c.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
      <Title order={1}>{title}</Title>
    </Stack>
  );
}

/** The English message of a failed call (the status area and fields translate it). */
export function failure(err: unknown): string {
  if (err instanceof ApiError && err.status > 0 && err.status !== 500) return err.message;
  return MSG.formError;
}

export function LoadFailed({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Alert color={missing ? 'orange' : 'red'} role="alert">
      {missing ? t('This record could not be found.') : t(failure(error))}
    </Alert>
  );
}

/**
 * A save or remove: a success message (and no field errors) once done, then `then` with the result; the
 * server's message (and its field errors) when it fails. `isPending` keeps the button busy meanwhile.
 */
export function useEditorMutation<V, T>({
  mutationFn,
  success,
  setErrors,
  then,
}: {
  mutationFn: (v: V) => Promise<T>;
  success: string;
  setErrors?: (e: Record<string, string>) => void;
  then?: (r: T) => void;
}) {
  return useMutation({
    mutationFn,
    onSuccess: (r) => {
      addStatus('success', success);
      setErrors?.({});
      then?.(r);
    },
    onError: (err) => {
      if (err instanceof ApiError && setErrors) setErrors(err.fields);
      addStatus('error', failure(err));
    },
  });
}

/** Save (and Remove, with a confirmation) at the foot of a form, kept in view while scrolling. */
export function SaveBar({
  busy,
  removing,
  onRemove,
  removeTitle,
  removeMessage,
  children,
}: {
  busy: boolean;
  removing?: boolean;
  onRemove?: () => void;
  removeTitle?: string;
  removeMessage?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState(false);
  return (
    <Paper className="admin-content-savebar" p="xs" radius={0}>
      <Group justify="space-between" gap="xs">
        {onRemove ? (
          <Button
            color="red"
            variant="subtle"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setConfirm(true)}
            disabled={busy}
            loading={removing}
            data-testid="panel-remove"
          >
            {t('Remove')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs">
          {children}
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={busy} data-testid="panel-save">
            {t('Save')}
          </Button>
        </Group>
      </Group>
      <AppModal opened={confirm} onClose={() => setConfirm(false)} title={removeTitle ?? t('Remove this record?')} centered>
        <Text size="sm" mb="md">
          {removeMessage ?? t('This cannot be undone.')}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => setConfirm(false)}>
            {t('Cancel')}
          </Button>
          <Button
            color="red"
            data-testid="panel-confirm-remove"
            onClick={() => {
              setConfirm(false);
              onRemove?.();
            }}
          >
            {t('Remove')}
          </Button>
        </Group>
      </AppModal>
    </Paper>
  );
}

/** Where a panel's "after" query leads once saved (spec: ?after=course returns to the course page). */
export function afterPath(after: string | null, courseId: string | undefined): string | null {
  if (after === 'course' && courseId) return coursePath(courseId);
  if (after && after.startsWith('/') && !after.startsWith('//')) return after;
  return null;
}
