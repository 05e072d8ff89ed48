/**
 * Import users from a CSV or XLSX file: choose the file, see every row's problems (nothing is written),
 * then import it in one go; the result (row, outcome) can be downloaded as CSV.
 */
import { useState } from 'react';
import { Alert, Badge, Button, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ImportOutcome, ImportPreview } from '../../../../domain/staff.ts';
import { IMPORT_COLUMNS } from '../../../../domain/staff.ts';
import { ApiError } from '../../../lib/api.ts';
import { addStatus } from '../../../lib/status.ts';
import { tk } from '../../../lib/tk.ts';
import { queryClient } from '../../../lib/query.ts';
import { PanelFrame, ScrollTable } from '../../../components/panel-parts.tsx';
import { fileToBase64, previewImport, runImportFile } from '../../../lib/data/staff.ts';

const OUTCOMES: Record<ImportOutcome, { label: string; color: string }> = {
  created: { label: tk('New account'), color: 'teal.9' },
  enrolled: { label: tk('Enrolled'), color: 'blue.9' },
  unchanged: { label: tk('Unchanged'), color: 'gray.8' },
  error: { label: tk('Problem'), color: 'red.9' },
};

const csvCell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export default function ImportUsersPanel() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const failed = (err: unknown) => setError(err instanceof ApiError ? err.message : String(err));

  const checking = useMutation({
    mutationFn: async (f: File) => previewImport(f.name, await fileToBase64(f)),
    onSuccess: setPreview,
    onError: failed,
  });
  const importing = useMutation({
    mutationFn: async (f: File) => runImportFile(f.name, await fileToBase64(f)),
    onMutate: () => setError(null),
    onSuccess: async (r) => {
      setPreview(r);
      setDone(true);
      addStatus('success', t('Imported: {{count}} new accounts', { count: r.created }));
      await queryClient.invalidateQueries({ predicate: (x) => ['users', 'audit'].includes(String(x.queryKey[0])) });
    },
    onError: failed,
  });
  const check = (f: File | null) => {
    setFile(f);
    setPreview(null);
    setDone(false);
    setError(null);
    if (f) checking.mutate(f);
  };
  const importNow = () => {
    if (file) importing.mutate(file);
  };
  const download = () => {
    if (!preview) return;
    const rows = [
      [t('Row'), t('Email'), t('Outcome'), t('Problems')],
      ...preview.rows.map((r) => [String(r.row), r.email, t(OUTCOMES[r.outcome].label), r.problems.map((p) => t(p)).join(' ')]),
    ];
    const blob = new Blob(['\uFEFF', rows.map((r) => r.map(csvCell).join(',')).join('\r\n')], { type: 'text/csv;charset=utf-8' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'import-result.csv';
    a.click();
    URL.revokeObjectURL(a.href);
  };

  return (
    <PanelFrame>
      <Stack gap="sm" data-testid="import-panel">
        <Text size="sm">
          {t('The first row names the columns. Columns:')} <bdi dir="ltr">{IMPORT_COLUMNS.join(', ')}</bdi>
        </Text>
        <Text size="sm" c="gray.7">
          {t(
            'New accounts get a welcome e-mail in their language with a temporary password. Existing accounts are enrolled, never created twice; importing the same file again changes nothing.',
          )}
        </Text>
        <FileInput
          label={t('CSV or XLSX file')}
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={check}
          data-testid="import-file"
        />
        {checking.isPending && (
          <Text size="sm" role="status">
            {t('Checking the file…')}
          </Text>
        )}
        {error && (
          <Alert color="red" role="alert" data-testid="import-error">
            {t(error)}
          </Alert>
        )}
        {preview && (
          <>
            <Group gap="sm" aria-live="polite" data-testid="import-summary">
              <Badge color="teal.9">
                {t('New accounts')}: {preview.created}
              </Badge>
              <Badge color="blue.9">
                {t('Enrolled')}: {preview.enrolled}
              </Badge>
              <Badge color="gray.8">
                {t('Unchanged')}: {preview.unchanged}
              </Badge>
              <Badge color="red.9" data-testid="import-errors">
                {t('Problems')}: {preview.errors}
              </Badge>
            </Group>
            {preview.errors > 0 && !done && (
              <Alert color="orange" role="alert">
                {t('Some rows have problems. Please fix them and upload the file again; nothing was imported.')}
              </Alert>
            )}
            {done && (
              <Alert color="green" role="status" data-testid="import-done">
                {t('The file has been imported.')}
              </Alert>
            )}
            <Group>
              {!done && (
                <Button
                  onClick={importNow}
                  disabled={preview.errors > 0 || preview.total === 0}
                  loading={importing.isPending}
                  data-testid="import-run"
                >
                  {t('Import')}
                </Button>
              )}
              <Button variant="light" onClick={download} data-testid="import-download">
                {t('Download the result (CSV)')}
              </Button>
            </Group>
            <ScrollTable minWidth={640} testid="import-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Row')}</Table.Th>
                  <Table.Th>{t('Email')}</Table.Th>
                  <Table.Th>{t('Outcome')}</Table.Th>
                  <Table.Th>{t('Problems')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {preview.rows.slice(0, 500).map((r) => (
                  <Table.Tr key={r.row} data-outcome={r.outcome}>
                    <Table.Td>{r.row}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.email}</Table.Td>
                    <Table.Td>
                      <Badge size="sm" color={OUTCOMES[r.outcome].color}>
                        {t(OUTCOMES[r.outcome].label)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{r.problems.map((p) => t(p)).join(' ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ScrollTable>
            {preview.rows.length > 500 && (
              <Text size="sm" c="gray.7">
                {t('The first 500 rows are shown; the download has them all.')}
              </Text>
            )}
          </>
        )}
      </Stack>
    </PanelFrame>
  );
}
