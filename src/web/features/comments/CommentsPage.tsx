/**
 * Comments page (spec 2): a lesson's discussion in a class, with a link back to the lesson; with no
 * discussion in the address, the user's own posts. Sign-in is checked by the route guard (3 tries at
 * 300 ms, then /login); an unknown class is asked for 3 times at 300 ms, then dropped (spec 8).
 */
import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text, Title, Typography } from '@mantine/core';
import { IconArrowBack } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { coursesForParentQuery, lessonQuery } from './api.ts';
import { lessonPath, parseCommentsPath, splitParent } from './paths.ts';
import { useDiscussionClass } from './use-discussion-class.ts';
import { Discussion } from './Discussion.tsx';
import { AuthorPosts } from './AuthorPosts.tsx';

function OwnComments() {
  const { t } = useTranslation();
  useDocumentTitle(t('My Comments'));
  return (
    <Stack maw={900} mx="auto" w="100%" data-screen="comments" data-parent="">
      <Title order={1}>{t('My Comments')}</Title>
      <AuthorPosts />
    </Stack>
  );
}

function DiscussionScreen({ parent, classId, commentId }: { parent: string; classId?: string; commentId?: string }) {
  const { t } = useTranslation();
  const klass = useDiscussionClass(classId);
  const courses = useQuery(coursesForParentQuery());
  const where = klass.cls
    ? splitParent(parent, [klass.cls.course])
    : splitParent(
        parent,
        (courses.data ?? []).map((c) => c._id),
      );
  const lesson = useQuery({ ...lessonQuery(where?.lessonId ?? ''), enabled: !!where });
  const course = courses.data?.find((c) => c._id === where?.courseId);
  // The lesson's discussion question: its material with the discussion button.
  const question = Object.values(lesson.data?.materials ?? {}).find((m) => m.usebutton === 'yes' && m.question)?.question;
  useDocumentTitle(lesson.data ? `${t('Discussion')}: ${lesson.data.title}` : t('Discussion'));

  return (
    <Stack
      maw={900}
      mx="auto"
      w="100%"
      data-screen="comments"
      data-parent={parent}
      data-class={klass.context ?? ''}
      data-loading={klass.pending ? 'true' : undefined}
    >
      {where && (
        <Anchor component={Link} to={lessonPath(where.courseId, where.lessonId, klass.context)} data-testid="back-to-lesson">
          <Group gap={4} component="span">
            <IconArrowBack size={16} aria-hidden className="mirror-rtl" />
            {t('Back to the lesson')}
          </Group>
        </Anchor>
      )}
      <div>
        <Title order={1}>{t('Discussion')}</Title>
        {lesson.data && (
          <Text size="lg" fw={500} data-testid="discussion-lesson">
            {lesson.data.title}
          </Text>
        )}
        <Group gap="md" mt={4}>
          {course?.title && (
            <Text size="sm" c="dimmed">
              {course.title}
            </Text>
          )}
          {klass.cls && (
            <Text size="sm" c="dimmed">
              {t('Class')}: <bdi data-testid="discussion-class">{klass.cls.name}</bdi>
            </Text>
          )}
        </Group>
      </div>
      {klass.dropped && (
        <Alert color="yellow" data-testid="class-dropped">
          {t('This class was not found. The discussion is shown without a class.')}
        </Alert>
      )}
      {question && (
        <Paper withBorder radius="md" p="md" bg="var(--mantine-color-brand-0)" data-testid="discussion-question">
          <Text fw={600} size="sm" mb={4}>
            {t('Discussion question')}
          </Text>
          <Typography dir="auto" dangerouslySetInnerHTML={{ __html: question }} />
        </Paper>
      )}
      {klass.pending ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton h={150} />
          <Skeleton h={90} />
        </Stack>
      ) : (
        <Discussion parent={parent} context={klass.context} selfPaced={!!klass.cls?.selfpaced} highlightId={commentId} />
      )}
    </Stack>
  );
}

export default function CommentsPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const path = parseCommentsPath(params);
  // Spec: "With no parent it shows the current user's own comments ... With no path at all it goes to
  // /Courses." /comments names no parent: own comments. /comments/ opens the path slot and leaves it
  // empty (so does /discussion/ or /comments/none): no path at all, the course list.
  if (!path.parent && (params.id !== undefined || params['*'] !== undefined || pathname.endsWith('/')))
    return <Navigate replace to="/Courses" />;
  if (!path.parent) return <OwnComments />;
  return (
    <DiscussionScreen key={`${path.parent}/${path.classId ?? ''}`} parent={path.parent} classId={path.classId} commentId={path.commentId} />
  );
}
