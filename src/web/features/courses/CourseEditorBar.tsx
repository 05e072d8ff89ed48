/** Editor tools on the course page (lazy chunk: only editors download it). */
import { Button, Group, Paper, Switch, Text } from '@mantine/core';
import { IconPlus, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminPath } from '../../lib/paths.ts';

export default function CourseEditorBar({
  courseId,
  preview,
  onPreview,
}: {
  courseId: string;
  preview: boolean;
  onPreview: (v: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xs" radius="md" className="editor-bar" data-testid="course-editor-bar">
      <Group gap="xs" justify="space-between">
        {!preview ? (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              component={Link}
              to={`${adminPath('lessons', courseId, 'new')}?after=course`}
              data-testid="add-lesson"
            >
              {t('Add A Lesson')}
            </Button>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSettings size={14} aria-hidden />}
              component={Link}
              to={`${adminPath('courses', courseId)}?after=course`}
              data-testid="edit-course"
            >
              {t('Edit Course Properties')}
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
