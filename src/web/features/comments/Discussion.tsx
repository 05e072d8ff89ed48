/**
 * A discussion: the form for a new post and the posts, newest first. Embedded on a lesson it shows the
 * first few with Show More / Show Less (spec 9: 3). A post named in the address is scrolled to and
 * highlighted.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { discussionQuery } from './api.ts';
import { PostCard } from './PostCard.tsx';
import { PostForm } from './PostForm.tsx';
import './comments.css';

export function Discussion({
  parent,
  context,
  selfPaced,
  limit,
  highlightId,
  composer = true,
  composerLabel,
  headingOrder = 2,
}: {
  parent: string;
  context: string | null;
  selfPaced: boolean;
  /** Show only this many posts until Show More (embedded discussions). */
  limit?: number;
  highlightId?: string;
  /** Show the form for a new post. */
  composer?: boolean;
  composerLabel?: string;
  headingOrder?: 2 | 3;
}) {
  const { t } = useTranslation();
  const q = useQuery(discussionQuery(parent, context));
  const [expanded, setExpanded] = useState(false);
  const highlighted = useRef<HTMLDivElement>(null);
  const posts = q.data ?? [];
  const index = highlightId ? posts.findIndex((p) => p._id === highlightId) : -1;
  // A linked post further down opens the whole list.
  const showAll = !limit || expanded || index >= limit;
  const shown = showAll ? posts : posts.slice(0, limit);

  const found = index >= 0;
  useEffect(() => {
    if (!found) return;
    const timer = setTimeout(() => {
      const el = highlighted.current;
      if (!el) return;
      el.scrollIntoView({ block: 'center' });
      el.focus({ preventScroll: true });
    }, 50);
    return () => clearTimeout(timer);
  }, [found, highlightId]);

  const denied = q.error instanceof ApiError && q.error.status === 403;
  return (
    <Stack gap="md" data-testid="discussion" data-parent={parent} data-context={context ?? ''}>
      {composer && q.data && (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <PostForm parent={parent} context={context} selfPaced={selfPaced} label={composerLabel ?? t('Write a post')} />
        </Paper>
      )}
      <Group gap="xs" align="center">
        <Title order={headingOrder} size="h3">
          {t('Posts')}
        </Title>
        {q.data && (
          <Badge variant="light" data-testid="post-count" aria-label={`${t('Posts')}: ${posts.length}`}>
            {posts.length}
          </Badge>
        )}
      </Group>
      {q.isPending && (
        <Stack gap="sm" aria-busy="true">
          <Skeleton h={90} />
          <Skeleton h={90} />
        </Stack>
      )}
      {denied && (
        <Alert color="yellow" data-testid="discussion-denied">
          {t('You can read this discussion once you are enrolled in its class.')}
        </Alert>
      )}
      {q.isError && !denied && <Text c="dimmed">{t('The discussion could not be loaded. Please try again in a few minutes.')}</Text>}
      {q.data && posts.length === 0 && (
        <Text c="dimmed" data-testid="no-posts">
          {t('No posts yet. Be the first to write one.')}
        </Text>
      )}
      {shown.map((p) => (
        <PostCard
          key={p._id}
          post={p}
          selfPaced={selfPaced}
          highlighted={p._id === highlightId}
          ref={p._id === highlightId ? highlighted : undefined}
        />
      ))}
      {limit !== undefined && posts.length > limit && index < limit && (
        <Group>
          <Button variant="light" size="sm" onClick={() => setExpanded((x) => !x)} aria-expanded={expanded} data-testid="posts-toggle">
            {expanded ? t('Show Less') : t('Show More')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
