/**
 * Selection and bulk actions for a staff table: the table keeps a `useRowSelection()` and renders a
 * `SelectCheckbox` per row (and `SelectAllCheckbox` in its header); this bar shows how many are
 * selected, offers "select all matching the filter", and runs an action after a confirmation, with a
 * progress bar while the server works. The server audits each run as one action with its list.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Progress, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BulkAction, BulkResult } from '../../domain/staff.ts';
import { ApiError } from '../lib/api.ts';
import { addStatus } from '../lib/status.ts';
import { tk } from '../lib/tk.ts';
import { runBulkAction, type BulkSelection } from '../lib/data/staff.ts';
import { AppModal } from './AppModal.tsx';

export interface RowSelection {
  ids: Set<string>;
  /** Every row matching the table's filter, not only the ticked ones. */
  allMatching: boolean;
  toggle(id: string): void;
  setPage(ids: string[], on: boolean): void;
  setAllMatching(on: boolean): void;
  clear(): void;
}

export function useRowSelection(): RowSelection {
  const [ids, setIds] = useState<Set<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  return {
    ids,
    allMatching,
    toggle: (id) => {
      setAllMatching(false);
      setIds((s) => {
        const n = new Set(s);
        if (n.has(id)) n.delete(id);
        else n.add(id);
        return n;
      });
    },
    setPage: (page, on) => {
      setAllMatching(false);
      setIds((s) => {
        const n = new Set(s);
        for (const id of page) {
          if (on) n.add(id);
          else n.delete(id);
        }
        return n;
      });
    },
    setAllMatching,
    clear: () => {
      setIds(new Set());
      setAllMatching(false);
    },
  };
}

export function SelectCheckbox({ selection, id, label }: { selection: RowSelection; id: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Checkbox
      aria-label={t('Select {{name}}', { name: label })}
      checked={selection.allMatching || selection.ids.has(id)}
      onChange={() => selection.toggle(id)}
      data-testid="row-select"
    />
  );
}

export function SelectAllCheckbox({ selection, pageIds }: { selection: RowSelection; pageIds: string[] }) {
  const { t } = useTranslation();
  const all = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));
  const some = pageIds.some((id) => selection.ids.has(id));
  return (
    <Checkbox
      aria-label={t('Select all on this page')}
      checked={selection.allMatching || all}
      indeterminate={!all && some}
      onChange={() => selection.setPage(pageIds, !all)}
      data-testid="select-page"
    />
  );
}

const ACTION_LABELS: Record<BulkAction, string> = {
  enroll: tk('Enrol in a class'),
  unenroll: tk('Remove from a class'),
  setRoles: tk('Change role'),
  suspend: tk('Suspend'),
  reactivate: tk('Reactivate'),
  message: tk('Send a message'),
};

export function BulkActionBar({
  selection,
  total,
  filter,
  actions,
  classPicker,
  fixedClass,
  onDone,
}: {
  selection: RowSelection;
  /** Rows matching the filter (all pages). */
  total: number;
  filter: BulkSelection['filter'];
  actions: BulkAction[];
  /** The class chooser for enrol/remove (the host table provides it), unless the class is given. */
  classPicker?: (value: string | null, onChange: (v: string | null) => void) => ReactNode;
  fixedClass?: string;
  onDone?: (r: BulkResult) => void;
}) {
  const { t } = useTranslation();
  const [action, setAction] = useState<BulkAction | null>(null);
  const [classid, setClassid] = useState<string | null>(fixedClass ?? null);
  const [roles, setRoles] = useState<string[]>([]);
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: runBulkAction,
    onMutate: () => setError(null),
    onSuccess: (r) => {
      addStatus('success', t('Done: {{count}} changed', { count: r.changed }));
      setConfirming(false);
      selection.clear();
      onDone?.(r);
    },
    onError: (err) => setError(err instanceof ApiError ? err.message : String(err)),
  });
  const busy = run.isPending;
  const count = selection.allMatching ? total : selection.ids.size;
  if (count === 0) return null;
  const selectionBody: BulkSelection = selection.allMatching ? { filter: filter ?? {} } : { ids: [...selection.ids] };
  const ready =
    !!action &&
    ((action !== 'enroll' && action !== 'unenroll') || !!classid) &&
    (action !== 'message' || (subject.trim() !== '' && text.trim() !== ''));
  const confirm = () => {
    if (!action) return;
    run.mutate({
      action,
      selection: selectionBody,
      ...(classid && (action === 'enroll' || action === 'unenroll') ? { classid } : {}),
      ...(action === 'setRoles' ? { roles: roles as ('cms' | 'admin')[] } : {}),
      ...(action === 'message' ? { message: { subject, text } } : {}),
    });
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="bulk-bar" role="region" aria-label={t('Bulk actions')}>
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap">
          <Text fw={500} aria-live="polite" data-testid="bulk-count">
            {t('{{count}} selected', { count })}
          </Text>
          {!selection.allMatching && total > selection.ids.size && (
            <Button size="xs" variant="subtle" onClick={() => selection.setAllMatching(true)} data-testid="select-all-matching">
              {t('Select all {{count}} matching', { count: total })}
            </Button>
          )}
          <Button size="xs" variant="subtle" onClick={() => selection.clear()}>
            {t('Clear selection')}
          </Button>
        </Group>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('Action')}
            data={actions.map((a) => ({ value: a, label: t(ACTION_LABELS[a]) }))}
            value={action}
            onChange={(v) => setAction(v as BulkAction | null)}
            data-testid="bulk-action"
            comboboxProps={{ withinPortal: true }}
          />
          {(action === 'enroll' || action === 'unenroll') && !fixedClass && classPicker?.(classid, setClassid)}
          {action === 'setRoles' && (
            <Checkbox.Group label={t('Roles')} value={roles} onChange={setRoles}>
              <Group mt={6}>
                <Checkbox value="cms" label={t('Editor (cms)')} />
                <Checkbox value="admin" label={t('Administrator (admin)')} />
              </Group>
            </Checkbox.Group>
          )}
        </Group>
        {action === 'message' && (
          <Stack gap="xs">
            <TextInput
              label={t('Subject')}
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
              maxLength={200}
              data-testid="bulk-subject"
            />
            <Textarea
              label={t('Message')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              autosize
              minRows={3}
              data-testid="bulk-text"
            />
          </Stack>
        )}
        <Group>
          <Button
            disabled={!ready}
            onClick={() => {
              setError(null);
              setConfirming(true);
            }}
            data-testid="bulk-apply"
          >
            {t('Apply')}
          </Button>
        </Group>
      </Stack>
      <AppModal opened={confirming} onClose={() => !busy && setConfirming(false)} title={t('Please confirm')} centered>
        <Stack>
          <Text>
            {action ? t(ACTION_LABELS[action]) : ''}: {t('{{count}} users', { count })}
          </Text>
          {busy && <Progress value={100} animated striped aria-label={t('Working…')} />}
          {error && (
            <Alert color="red" role="alert">
              {t(error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={busy}>
              {t('Cancel')}
            </Button>
            <Button onClick={confirm} loading={busy} data-testid="bulk-confirm">
              {t('Confirm')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </Paper>
  );
}
