/** Editor tools on content pages (lazy chunk: only editors download it). */
import { Button, Group, Paper, Switch } from '@mantine/core';
import { IconEdit, IconPlus, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../../../domain/types.ts';

export function EditorPageBar({ context, page, preview, onPreview }: {
  context: string; page: Content | null; preview: boolean; onPreview: (v: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xs" mb="md" radius="md" className="editor-bar" data-testid="editor-bar">
      <Group gap="xs" justify="space-between">
        {!preview ? (
          <Group gap="xs">
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} component={Link}
              to={`/admin/content/new?context=${encodeURIComponent(context)}`}>
              {t('Add Another Block To This Page')}
            </Button>
            {page && (
              <Button size="xs" variant="light" leftSection={<IconSettings size={14} aria-hidden />} component={Link}
                to={`/admin/content/${encodeURIComponent(page._id)}`}>
                {t('Edit Page Properties')}
              </Button>
            )}
          </Group>
        ) : <span />}
        <Switch label={t('Preview')} checked={preview} onChange={(e) => onPreview(e.currentTarget.checked)} />
      </Group>
    </Paper>
  );
}

export function EditorBlockBar({ block }: { block: Content }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mb={4}>
      <Button size="compact-xs" variant="subtle" leftSection={<IconEdit size={14} aria-hidden />} component={Link}
        to={`/admin/content/${encodeURIComponent(block._id)}`} aria-label={`${t('Edit')}: ${block.title || block._id}`}>
        {t('Edit')}
      </Button>
    </Group>
  );
}
