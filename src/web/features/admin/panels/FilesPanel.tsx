/** Files (spec /app_files/list, upload, remove): upload with a context and title, list by context, remove. */
import { useState } from 'react';
import { Alert, Anchor, Button, FileInput, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUpload } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../../domain/messages.ts';
import { FILE_MAX_BYTES, FileFieldsSchema } from '../../../../domain/validation.ts';
import { fieldError, zodErrors } from '../../../lib/forms.ts';
import { queryClient } from '../../../lib/query.ts';
import { addStatus } from '../../../lib/status.ts';
import { tk } from '../../../lib/tk.ts';
import type { PanelProps } from '../panel-props.ts';
import { removeFile, uploadFile } from '../api.ts';
import { filesPage, type FileRow } from '../../../lib/tables-api.ts';
import { ConfirmButton, dayTime, errorMessage, fieldErrors } from '../../../components/panel-parts.tsx';
import { DataTable, type DataColumn } from '../../../components/DataTable.tsx';

export const fileSize = (n: number) =>
  n >= 1048576 ? `${(n / 1048576).toFixed(1)} MB` : n >= 1024 ? `${Math.round(n / 1024)} KB` : `${n} B`;

interface UploadValues {
  thefile: File | null;
  context: string;
  title: string;
}

/** The file's own rules (the schema knows the text fields only). */
function fileError(file: File | null): string | undefined {
  if (!file) return MSG.fileMissing;
  if (file.size === 0) return MSG.fileEmpty;
  if (file.size > FILE_MAX_BYTES) return MSG.fileTooLarge;
  return undefined;
}

function UploadForm({ defaultContext }: { defaultContext: string }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<UploadValues>({
    initialValues: { thefile: null, context: defaultContext || 'files', title: '' },
    validate: (v) => ({ ...zodErrors(FileFieldsSchema, { context: v.context, title: v.title }), thefile: fileError(v.thefile) }),
  });
  const upload = useMutation({
    mutationFn: (v: UploadValues) => uploadFile(v.thefile!, v.context.trim(), v.title.trim()),
    onMutate: () => setError(null),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['files'] });
      addStatus('success', tk('The file has been uploaded.'));
      form.setFieldValue('thefile', null);
      form.setFieldValue('title', '');
    },
    onError: (err) => {
      const message = errorMessage(err);
      setError(message);
      const fields = fieldErrors(err);
      form.setErrors(
        Object.keys(fields).length
          ? fields
          : [MSG.fileRefused, MSG.fileTooLarge, MSG.fileEmpty, MSG.fileMissing].includes(message as never)
            ? { thefile: message }
            : {},
      );
    },
  });
  const submit = form.onSubmit(
    (v) => upload.mutate(v),
    () => setError(MSG.correctFields),
  );
  const err = (k: string) => fieldError(t, form.errors, k);
  return (
    <form onSubmit={submit} noValidate data-testid="upload-form">
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {t(error)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <FileInput
            label={t('File')}
            name="thefile"
            required
            clearable
            leftSection={<IconUpload size={16} aria-hidden />}
            {...form.getInputProps('thefile')}
            error={err('thefile')}
          />
          <TextInput label={t('Context')} name="context" required {...form.getInputProps('context')} error={err('context')} />
          <TextInput label={t('Title')} name="title" {...form.getInputProps('title')} error={err('title')} />
        </SimpleGrid>
        <Text size="xs" c="gray.7">
          {t('Context: the page or course the file belongs to.')}{' '}
          {t('Up to 10 MB. Files that could run as a program or script are refused.')}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={upload.isPending} data-testid="upload-submit">
            {t('Upload')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The files table's columns: name (a link to the file), title, context, type, size, updated, and Remove. */
const FILE_COLUMNS: DataColumn<FileRow>[] = [
  {
    id: 'filename',
    header: tk('File'),
    cell: (f) => (
      <Anchor href={f.url} target="_blank" rel="noopener" style={{ overflowWrap: 'anywhere' }}>
        {f.filename}
      </Anchor>
    ),
    csv: (f) => f.filename,
  },
  { id: 'title', header: tk('Title'), cell: (f) => f.title, csv: (f) => f.title },
  { id: 'context', header: tk('Context'), cell: (f) => f.context, csv: (f) => f.context },
  {
    id: 'mime',
    header: tk('Type'),
    cell: (f) => (
      <Text size="xs" ff="monospace">
        {f.mime}
      </Text>
    ),
    csv: (f) => f.mime,
  },
  { id: 'size', header: tk('Size'), cell: (f) => <span style={{ whiteSpace: 'nowrap' }}>{fileSize(f.size)}</span>, csv: (f) => f.size },
  {
    id: 'mtime',
    header: tk('Updated'),
    cell: (f) => <span style={{ whiteSpace: 'nowrap' }}>{dayTime(f.mtime)}</span>,
    csv: (f) => f.mtime,
  },
  { id: 'actions', header: tk('Actions'), sortable: false, cell: (f) => <RemoveFile f={f} /> },
];

function RemoveFile({ f }: { f: FileRow }) {
  const { t } = useTranslation();
  return (
    <ConfirmButton
      label={tk('Remove')}
      title={tk('Remove this file?')}
      testid="file-remove"
      message={`${f.filename}: ${t('Pages that show this file will show a broken link.')}`}
      onConfirm={async () => {
        await removeFile(f.filename);
        await queryClient.invalidateQueries({ queryKey: ['files'] });
        addStatus('success', tk('The file has been removed.'));
      }}
    />
  );
}

export default function FilesPanel(_: PanelProps) {
  const { t } = useTranslation();
  const [context, setContext] = useState('');
  const [shown] = useDebouncedValue(context.trim(), 300);
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="xs">
          {t('Upload a file')}
        </Title>
        <UploadForm defaultContext={context.trim()} />
      </Paper>
      <DataTable<FileRow>
        testid="files"
        csvName="files"
        columns={FILE_COLUMNS}
        rowKey={(f) => f.filename}
        defaultSort="mtime"
        defaultDir="desc"
        queryKey={['files', 'table', shown]}
        fetchPage={(q) => filesPage({ ...q, ...(shown ? { context: shown } : {}) })}
        minWidth={760}
        rowProps={(f) => ({ 'data-file': f.filename })}
        filterLabel={tk('Search')}
        toolbar={
          <TextInput
            type="search"
            label={t('Show the files of a context')}
            placeholder={t('All')}
            value={context}
            onChange={(e) => setContext(e.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
        }
      />
    </Stack>
  );
}
