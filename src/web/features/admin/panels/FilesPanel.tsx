/** Files (spec /app_files/list, upload, remove): upload with a context and title, list by context, remove. */
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, FileInput, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../../domain/messages.ts';
import { FILE_MAX_BYTES } from '../../../../domain/validation.ts';
import { queryClient } from '../../../lib/query.ts';
import { addStatus } from '../../../lib/status.ts';
import { tk } from '../../../lib/tk.ts';
import type { PanelProps } from '../panel-props.ts';
import { filesQuery, removeFile, uploadFile } from '../api.ts';
import { ConfirmButton, LoadError, ScrollTable, TableSkeleton, dayTime, errorMessage, fieldErrors } from '../../../components/panel-parts.tsx';

export const fileSize = (n: number) => (n >= 1048576 ? `${(n / 1048576).toFixed(1)} MB` : n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} B`);

function UploadForm({ defaultContext }: { defaultContext: string }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [context, setContext] = useState(defaultContext || 'files');
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (f: File) => uploadFile(f, context.trim(), title.trim()),
    onMutate: () => setError(null),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['files'] });
      addStatus('success', tk('The file has been uploaded.'));
      setFile(null);
      setTitle('');
    },
    onError: (err) => {
      const message = errorMessage(err);
      setError(message);
      const fields = fieldErrors(err);
      setErrors(Object.keys(fields).length ? fields : [MSG.fileRefused, MSG.fileTooLarge, MSG.fileEmpty, MSG.fileMissing].includes(message as never) ? { thefile: message } : {});
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!file) local.thefile = MSG.fileMissing;
    else if (file.size === 0) local.thefile = MSG.fileEmpty;
    else if (file.size > FILE_MAX_BYTES) local.thefile = MSG.fileTooLarge;
    if (!context.trim()) local.context = MSG.contextRequired;
    setErrors(local);
    if (Object.keys(local).length) { setError(MSG.correctFields); return; }
    upload.mutate(file!);
  };
  return (
    <form onSubmit={submit} noValidate data-testid="upload-form">
      <Stack gap="sm">
        {error && <Alert color="red" role="alert">{t(error)}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <FileInput label={t('File')} name="thefile" required value={file} onChange={setFile} clearable leftSection={<IconUpload size={16} aria-hidden />}
            error={errors.thefile ? t(errors.thefile) : undefined} />
          <TextInput label={t('Context')} name="context" required value={context}
            onChange={(e) => setContext(e.currentTarget.value)} error={errors.context ? t(errors.context) : undefined} />
          <TextInput label={t('Title')} name="title" value={title} onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title ? t(errors.title) : undefined} />
        </SimpleGrid>
        <Text size="xs" c="gray.7">{t('Context: the page or course the file belongs to.')} {t('Up to 10 MB. Files that could run as a program or script are refused.')}</Text>
        <Group justify="flex-end"><Button type="submit" loading={upload.isPending} data-testid="upload-submit">{t('Upload')}</Button></Group>
      </Stack>
    </form>
  );
}

export default function FilesPanel(_: PanelProps) {
  const { t } = useTranslation();
  const [context, setContext] = useState('');
  const q = useQuery(filesQuery(context.trim()));
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="xs">{t('Upload a file')}</Title>
        <UploadForm defaultContext={context.trim()} />
      </Paper>
      <TextInput type="search" label={t('Show the files of a context')} placeholder={t('All')} value={context}
        onChange={(e) => setContext(e.currentTarget.value)} maw={360} />
      {q.isError ? <LoadError error={q.error} /> : !q.data ? <TableSkeleton /> : (
        <>
          <Text size="sm" c="gray.7">{t('Files')}: {q.data.length}</Text>
          <ScrollTable minWidth={760} testid="files-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('File')}</Table.Th>
                <Table.Th>{t('Title')}</Table.Th>
                <Table.Th>{t('Context')}</Table.Th>
                <Table.Th>{t('Type')}</Table.Th>
                <Table.Th>{t('Size')}</Table.Th>
                <Table.Th>{t('Updated')}</Table.Th>
                <Table.Th><span className="visually-hidden">{t('Actions')}</span></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data.length === 0 && <Table.Tr><Table.Td colSpan={7}><Text c="dimmed">{t('No records found.')}</Text></Table.Td></Table.Tr>}
              {q.data.map((f) => (
                <Table.Tr key={f.filename} data-file={f.filename}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}><Anchor href={f.url} target="_blank" rel="noopener">{f.filename}</Anchor></Table.Td>
                  <Table.Td>{f.title}</Table.Td>
                  <Table.Td>{f.context}</Table.Td>
                  <Table.Td><Text size="xs" ff="monospace">{f.mime}</Text></Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{fileSize(f.size)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayTime(f.mtime)}</Table.Td>
                  <Table.Td>
                    <ConfirmButton label={tk('Remove')} title={tk('Remove this file?')} testid="file-remove"
                      message={`${f.filename}: ${t('Pages that show this file will show a broken link.')}`}
                      onConfirm={async () => { await removeFile(f.filename); await queryClient.invalidateQueries({ queryKey: ['files'] }); addStatus('success', tk('The file has been removed.')); }} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        </>
      )}
    </Stack>
  );
}
