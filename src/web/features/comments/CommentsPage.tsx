/** Comments page: routing and the page frame; the discussion itself belongs to the comments issue. */
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export default function CommentsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const { pathname } = useLocation();
  const parent = params.parentId ?? params.id;
  useDocumentTitle(t('Comments'));
  // The parent has the course-lesson form: link back to that lesson in the class.
  const [course, lesson] = (parent ?? '').split('-');
  return (
    <Stack data-screen="comments" data-parent={parent ?? ''} data-path={pathname}>
      <Title order={1}>{parent ? t('Discussion') : t('My Comments')}</Title>
      {parent && course && lesson && (
        <Anchor component={Link} to={`/lessons/${course}/${lesson}/${params.classId ?? 'none'}`}>{t('Back to the lesson')}</Anchor>
      )}
      <Paper withBorder p="md" radius="md"><Text>{t('Comments will be shown here.')}</Text></Paper>
    </Stack>
  );
}
