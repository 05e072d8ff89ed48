/** Editor tools on content pages (lazy chunk: only editors download it). */
import { Button, Group, Paper, Switch, Text } from '@mantine/core';
import { IconEdit, IconPlus, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../../domain/types.ts';
import { adminPath } from '../../lib/paths.ts';

/** Where Edit Page Properties leads: the page record, or a new one for this page and language. */
export function pagePropertiesPath(context: string, page: Content | null, lang: string): string {
  if (page) return adminPath('content', page._id);
  return `${adminPath('content', 'new')}?type=page&context=${encodeURIComponent(context)}&lang=${encodeURIComponent(lang)}`;
}

export function EditorPageBar({
  context,
  page,
  lang,
  preview,
  onPreview,
  onAddBlock,
  adding,
}: {
  context: string;
  page: Content | null;
  lang: string;
  preview: boolean;
  onPreview: (v: boolean) => void;
  onAddBlock: () => void;
  adding: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xs" mb="md" radius="md" className="editor-bar" data-testid="editor-bar">
      <Group gap="xs" justify="space-between">
        {!preview ? (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={onAddBlock}
              disabled={adding}
              data-testid="add-block"
            >
              {t('Add Another Block To This Page')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSettings size={14} aria-hidden />}
              component={Link}
              to={pagePropertiesPath(context, page, lang)}
              data-testid="edit-page"
            >
              {t('Edit Page Properties')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="gray.7">
            {t('Preview: the page as readers see it.')}
          </Text>
        )}
        <Switch label={t('Preview')} checked={preview} onChange={(e) => onPreview(e.currentTarget.checked)} data-testid="preview-toggle" />
      </Group>
    </Paper>
  );
}

export function EditorBlockBar({ block, onEdit, loading }: { block: Content; onEdit: () => void; loading?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mb={4} className="editor-block-bar">
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconEdit size={14} aria-hidden />}
        onClick={onEdit}
        loading={loading}
        aria-label={`${t('Edit')}: ${block.title || block._id}`}
        data-testid="edit-block"
      >
        {t('Edit')}
      </Button>
    </Group>
  );
}
