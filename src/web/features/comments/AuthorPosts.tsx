/**
 * An author's posts, newest first (spec 2, comments panel): author (when not the viewer), course title,
 * a link to the post in its discussion, class name, time, body and the number of replies (or None).
 * Used by the account's comments panel and by the comments page without a discussion.
 */
import { Alert, Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { loginPath } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { authorPostsQuery, type AuthorPostRecord } from './api.ts';
import { postTime } from './paths.ts';
import { discussionPath } from '../../lib/paths.ts';
import { PostBody } from './PostCard.tsx';
import './comments.css';

function Row({ post, showAuthor }: { post: AuthorPostRecord; showAuthor: boolean }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="article" data-testid="author-post" data-post-id={post._id}>
      <Stack gap={6}>
        {showAuthor && (
          <Text fw={600} data-testid="author-post-author">
            {post.authorname}
          </Text>
        )}
        {post.courseId ? (
          <Group gap="xs" justify="space-between" align="baseline">
            <Text fw={600} data-testid="author-post-course">
              {post.courseTitle ?? post.courseId}
            </Text>
            <Anchor component={Link} to={discussionPath(post.parent, post.classId, post._id)} size="sm" data-testid="author-post-link">
              {t('View in the discussion')}
            </Anchor>
          </Group>
        ) : (
          <Text c="dimmed" fs="italic" data-testid="author-post-nocontext">
            {t('The context is missing for this comment')}
          </Text>
        )}
        <Group gap="md" wrap="wrap">
          {post.className && (
            <Text size="sm" c="dimmed">
              {t('Class')}: <bdi data-testid="author-post-class">{post.className}</bdi>
            </Text>
          )}
          <Text size="sm" c="dimmed" component="time" dateTime={post.timestamp}>
            {postTime(post.timestamp)}
          </Text>
          {post.access === 'private' && (
            <Text size="sm" c="grape">
              {t('Private')}
            </Text>
          )}
        </Group>
        <PostBody html={post.body} />
        <Group gap={6}>
          <IconMessageCircle size={16} aria-hidden />
          <Text size="sm" data-testid="author-post-replies">
            {t('Replies')}: {post.replyCount > 0 ? post.replyCount : t('None')}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/** `author`: a user id whose posts an admin views; the signed-in user's own posts when absent. */
export function AuthorPosts({ author }: { author?: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const q = useQuery(authorPostsQuery(author));
  const mine = (p: AuthorPostRecord) => !!user && (p.author === user._id || p.author.toLowerCase() === user.email.toLowerCase());

  // Spec 2: if the user's own list fails for want of a session, go to /login.
  if (q.error instanceof ApiError && q.error.status === 401) return <Navigate replace to={loginPath(location.pathname)} />;
  if (q.isPending)
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton h={110} />
        <Skeleton h={110} />
      </Stack>
    );
  if (q.isError) return <Alert color="yellow">{t('The comments could not be loaded. Please try again in a few minutes.')}</Alert>;
  if (q.data.length === 0)
    return (
      <Paper withBorder radius="md" p="md">
        <Text data-testid="no-records">{t('No records found.')}</Text>
      </Paper>
    );
  return (
    <Stack gap="sm" data-testid="author-posts">
      {q.data.map((p) => (
        <Row key={p._id} post={p} showAuthor={!mine(p)} />
      ))}
    </Stack>
  );
}
