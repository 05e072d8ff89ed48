/**
 * The saved versions of a content block, course, lesson or material: who saved each and when; pick two
 * to compare them field by field; restore one (the server saves it as a new version).
 */
import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Stack, Table, Text } from '@mantine/core';
import { AppModal } from './AppModal.tsx';
import { IconHistory } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HistoryKind, RecordVersion, RecordVersionData } from '../../domain/history.ts';
import { MSG } from '../../domain/messages.ts';
import { api, ApiError } from '../lib/api.ts';
import { addStatus } from '../lib/status.ts';
import { tk } from '../lib/tk.ts';

const listVersions = (kind: HistoryKind, id: string) => api.post<RecordVersion[]>('/app_history/list', { kind, _id: id });
const getVersion = (kind: HistoryKind, id: string, version: number) =>
  api.post<RecordVersionData>('/app_history/get', { kind, _id: id, version });
const restoreVersion = (kind: HistoryKind, id: string, version: number) =>
  api.post<{ ok: true; versions: RecordVersion[] }>('/app_history/restore', { kind, _id: id, version });

/** Fields that change on every save and say nothing about the content. */
const IGNORED = new Set(['_id', 'timestamp', 'cached']);
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

function Note({ note }: { note: string | null }) {
  const { t } = useTranslation();
  if (note === 'before')
    return (
      <Badge size="sm" variant="light" color="gray.7">
        {t('Before history began')}
      </Badge>
    );
  if (note?.startsWith('restored:'))
    return (
      <Badge size="sm" variant="light">
        {t('Restored from version {{n}}', { n: note.slice(9) })}
      </Badge>
    );
  return null;
}

function Compare({ kind, id, a, b }: { kind: HistoryKind; id: string; a: number; b: number }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['history', kind, id, 'compare', a, b],
    queryFn: () => Promise.all([getVersion(kind, id, a), getVersion(kind, id, b)]),
  });
  if (q.isError)
    return (
      <Alert color="red" role="alert">
        {t(MSG.formError)}
      </Alert>
    );
  if (!q.data)
    return (
      <Text size="sm" c="dimmed">
        …
      </Text>
    );
  const [va, vb] = q.data;
  const fields = [...new Set([...Object.keys(va.data), ...Object.keys(vb.data)])].filter(
    (f) => !IGNORED.has(f) && show(va.data[f]) !== show(vb.data[f]),
  );
  if (fields.length === 0)
    return (
      <Text size="sm" data-testid="history-compare">
        {t('These versions are the same.')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table withTableBorder verticalSpacing="xs" data-testid="history-compare">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Field')}</Table.Th>
            <Table.Th>{t('Version {{n}}', { n: a })}</Table.Th>
            <Table.Th>{t('Version {{n}}', { n: b })}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((f) => (
            <Table.Tr key={f} data-field={f}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {f}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {show(va.data[f])}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {show(vb.data[f])}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function VersionHistory({ kind, id, onRestored }: { kind: HistoryKind; id: string; onRestored?: () => void | Promise<void> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const q = useQuery({ queryKey: ['history', kind, id], queryFn: () => listVersions(kind, id), enabled: open, staleTime: 0 });
  const toggle = (v: number) => setPicked((p) => (p.includes(v) ? p.filter((x) => x !== v) : [...p.slice(-1), v]));
  const restore = useMutation({
    mutationFn: (v: number) => restoreVersion(kind, id, v),
    onMutate: () => setError(null),
    onSuccess: async () => {
      await q.refetch();
      addStatus('success', tk('The version has been restored.'));
      setOpen(false);
      await onRestored?.();
    },
    onError: (err) => setError(err instanceof ApiError && err.status !== 500 ? err.message : MSG.formError),
  });
  // The version being restored, while it is.
  const busy = restore.isPending ? restore.variables : null;
  const versions = q.data ?? [];
  const [a, b] = [...picked].sort((x, y) => x - y);
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        leftSection={<IconHistory size={14} aria-hidden />}
        onClick={() => {
          setPicked([]);
          setOpen(true);
        }}
        data-testid="history-open"
      >
        {t('History')}
      </Button>
      <AppModal opened={open} onClose={() => setOpen(false)} size="xl" centered title={t('Versions')}>
        <Stack gap="sm" data-testid="history">
          <Text size="sm" c="gray.7">
            {t('Every save is kept. Pick two versions to compare them; restoring a version saves it as the newest.')}
          </Text>
          {error && (
            <Alert color="red" role="alert">
              {t(error)}
            </Alert>
          )}
          {q.isError ? (
            <Alert color="red" role="alert">
              {t(q.error instanceof ApiError && q.error.status !== 500 ? q.error.message : MSG.formError)}
            </Alert>
          ) : !q.data ? (
            <Text size="sm" c="dimmed">
              …
            </Text>
          ) : versions.length === 0 ? (
            <Text c="dimmed">{t('No records found.')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560} type="native">
              <Table striped withTableBorder verticalSpacing="xs" data-testid="history-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('Compare')}</Table.Th>
                    <Table.Th>{t('Version')}</Table.Th>
                    <Table.Th>{t('When')}</Table.Th>
                    <Table.Th>{t('Who')}</Table.Th>
                    <Table.Th>{t('Actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {versions.map((v, i) => (
                    <Table.Tr key={v.version} data-version={v.version}>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('Compare version {{n}}', { n: v.version })}
                          checked={picked.includes(v.version)}
                          onChange={() => toggle(v.version)}
                          data-testid="history-pick"
                        />
                      </Table.Td>
                      <Table.Td>
                        {v.version} <Note note={v.note} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(v.created)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{v.authoremail ?? '—'}</Table.Td>
                      <Table.Td>
                        {i === 0 ? (
                          <Text size="sm" c="gray.7">
                            {t('Current')}
                          </Text>
                        ) : (
                          <Button
                            size="xs"
                            variant="light"
                            loading={busy === v.version}
                            disabled={busy !== null}
                            onClick={() => restore.mutate(v.version)}
                            data-testid="history-restore"
                          >
                            {t('Restore')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {a !== undefined && b !== undefined && <Compare kind={kind} id={id} a={a} b={b} />}
        </Stack>
      </AppModal>
    </>
  );
}
