/**
 * Files of a page or course (POST /app_files/upload with `thefile` and `context`; list and remove): the
 * address of each can be copied into a link, an image or a video field.
 */
import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  CopyButton,
  FileButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { filesQuery, removeFile, uploadFile } from '../../lib/data/content.ts';
import type { FileRecord } from '../../../domain/replies-admin.ts';
import { tk } from '../../lib/tk.ts';
import { useEditorMutation } from './parts.tsx';
import { AppModal } from '../../components/AppModal.tsx';

const size = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function FilesSection({ context }: { context: string }) {
  const { t } = useTranslation();
  const files = useQuery(filesQuery(context));
  const [title, setTitle] = useState('');
  const [removing, setRemoving] = useState<FileRecord | null>(null);
  const uploading = useEditorMutation({
    mutationFn: (v: { file: File; title?: string }) => uploadFile(v.file, context, v.title),
    success: tk('The file was uploaded.'),
    then: () => setTitle(''),
  });
  const remove = useEditorMutation({ mutationFn: (f: FileRecord) => removeFile(f.filename), success: tk('The file was removed.') });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`files-${context}`} data-testid="files-section">
      <Stack gap="sm">
        <Title order={2} size="h4" id={`files-${context}`}>
          {t('Files')}
        </Title>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={t('Title of the file (optional)')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <FileButton
            onChange={(f) => {
              if (f) uploading.mutate({ file: f, title: title.trim() || undefined });
            }}
          >
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} aria-hidden />} loading={uploading.isPending} data-testid="upload-file">
                {t('Upload a file')}
              </Button>
            )}
          </FileButton>
        </Group>
        <Text size="xs" c="gray.7">
          {t('Up to 10 MB. Programs and scripts cannot be uploaded.')}
        </Text>
        {files.isPending ? (
          <Skeleton h={60} />
        ) : (files.data ?? []).length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('No files yet.')}
          </Text>
        ) : (
          <ul className="admin-content-list">
            {files.data!.map((f) => (
              <li key={f.filename}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Anchor href={f.url} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {f.title || f.filename}
                    </Anchor>
                    <Text size="xs" c="gray.7">
                      {f.mime} · {size(f.size)} · {f.mtime.slice(0, 10)}
                    </Text>
                  </div>
                  <Group gap={4} wrap="nowrap">
                    <CopyButton value={f.url}>
                      {({ copied, copy }) => (
                        <Tooltip label={copied ? t('Copied') : t('Copy the address')}>
                          <ActionIcon variant="subtle" onClick={copy} aria-label={`${t('Copy the address')}: ${f.filename}`}>
                            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </CopyButton>
                    <ActionIcon variant="subtle" color="red" onClick={() => setRemoving(f)} aria-label={`${t('Remove')}: ${f.filename}`}>
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              </li>
            ))}
          </ul>
        )}
      </Stack>
      <AppModal opened={removing !== null} onClose={() => setRemoving(null)} title={t('Remove this file?')} centered>
        <Text size="sm" mb="md">
          {removing?.filename} — {t('Links and images that use it will stop working.')}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => setRemoving(null)}>
            {t('Cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              const f = removing;
              setRemoving(null);
              if (f) remove.mutate(f);
            }}
          >
            {t('Remove')}
          </Button>
        </Group>
      </AppModal>
    </Paper>
  );
}
