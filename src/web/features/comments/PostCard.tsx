/**
 * One post of a discussion with its replies: author, time, body, private badge and share list (for
 * those who may edit it), and the actions its `abilities` allow: Reply, Edit, Delete (confirmed).
 */
import { FORMER_AUTHOR } from '../../../domain/constants.ts';
import { forwardRef, useState, type ReactNode } from 'react';
import { Avatar, Badge, Box, Button, Group, Paper, Stack, Text, Typography } from '@mantine/core';
import { IconEdit, IconLock, IconMessageReply, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api.ts';
import { removePost, removeReply, type PostRecord, type ReplyRecord } from './api.ts';
import { postTime } from './paths.ts';
import { PostForm, ReplyForm } from './PostForm.tsx';
import { AppModal } from '../../components/AppModal.tsx';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/** Server-cleaned html of a post or reply. */
export function PostBody({ html }: { html: string }) {
  return <Typography className="post-body" dir="auto" dangerouslySetInnerHTML={{ __html: html }} />;
}

function ConfirmRemove({
  opened,
  title,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const removal = useMutation({ mutationFn: onConfirm, onSuccess: onClose });
  const busy = removal.isPending;
  return (
    <AppModal opened={opened} onClose={onClose} title={title} centered>
      <Text mb="md">{t('This cannot be undone.')}</Text>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('Cancel')}
        </Button>
        <Button color="red" loading={busy} data-testid="confirm-remove" onClick={() => removal.mutate()}>
          {t('Delete')}
        </Button>
      </Group>
    </AppModal>
  );
}

/** Failures of comment calls are only logged (spec 8); a stale screen is refreshed by the call's own re-read. */
const logged = (p: Promise<void>) =>
  p.catch((err) => {
    if (!(err instanceof ApiError && err.status === 404)) console.error('comment call failed', err);
  });

function Reply({ reply }: { reply: ReplyRecord }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <Box className="reply" data-reply-id={reply._id} data-testid="reply">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Avatar size="sm" radius="xl" color="brand" aria-hidden visibleFrom="sm">
          {initials(reply.authorname)}
        </Avatar>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} size="sm" data-testid="reply-author">
              {reply.author === FORMER_AUTHOR ? t('A former learner') : reply.authorname || t('Unknown author')}
            </Text>
            <Text size="xs" c="dimmed" component="time" dateTime={reply.timestamp}>
              {postTime(reply.timestamp)}
            </Text>
          </Group>
          {editing ? (
            <ReplyForm
              postId={reply.parent}
              reply={reply}
              autoFocus
              testId="reply-edit-form"
              onDone={() => setEditing(false)}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <PostBody html={reply.body} />
          )}
          {!editing && (reply.abilities.update || reply.abilities.remove) && (
            <Group gap={4}>
              {reply.abilities.update && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconEdit size={14} aria-hidden />}
                  onClick={() => setEditing(true)}
                  data-testid="reply-edit"
                >
                  {t('Edit')}
                </Button>
              )}
              {reply.abilities.remove && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => setConfirming(true)}
                  data-testid="reply-remove"
                >
                  {t('Delete')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Group>
      <ConfirmRemove
        opened={confirming}
        title={t('Delete this reply?')}
        onClose={() => setConfirming(false)}
        onConfirm={() => logged(removeReply(reply._id))}
      />
    </Box>
  );
}

/** The article a post stands in, removed or not, so a link to the post finds, focuses and highlights it either way. */
const PostFrame = forwardRef<HTMLDivElement, { post: PostRecord; highlighted?: boolean; labelledBy: string; children: ReactNode }>(
  function PostFrame({ post, highlighted, labelledBy, children }, ref) {
    const removed = !!post.removed;
    return (
      <Paper
        ref={ref}
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
        component="article"
        tabIndex={-1}
        className={['post', removed && 'post-removed', highlighted && 'post-highlighted'].filter(Boolean).join(' ')}
        data-post-id={post._id}
        data-testid="post"
        data-removed={removed ? 'true' : undefined}
        data-access={removed ? undefined : post.access}
        aria-labelledby={labelledBy}
      >
        {children}
      </Paper>
    );
  },
);

/**
 * A post's replies, also under a removed post. A named group, not a section: every post's replies carry
 * the same name, and two landmarks of one name cannot be told apart (axe's landmark-unique).
 */
function Replies({ replies, children }: { replies: ReplyRecord[]; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" mt="xs" ps={{ base: 'xs', sm: 'md' }} className="replies" role="group" aria-label={t('Replies')}>
      {replies.map((r) => (
        <Reply key={r._id} reply={r} />
      ))}
      {children}
    </Stack>
  );
}

export const PostCard = forwardRef<HTMLDivElement, { post: PostRecord; selfPaced: boolean; highlighted?: boolean }>(function PostCard(
  { post, selfPaced, highlighted },
  ref,
) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { abilities } = post;
  if (post.removed) {
    // Kept for the replies under it: where the post stood, marked removed.
    return (
      <PostFrame ref={ref} post={post} highlighted={highlighted} labelledBy={`post-${post._id}-removed`}>
        <Text c="dimmed" fs="italic" id={`post-${post._id}-removed`} data-testid="post-removed-note">
          {t('This post was removed.')}
        </Text>
        <Replies replies={post.replies} />
      </PostFrame>
    );
  }
  return (
    <PostFrame ref={ref} post={post} highlighted={highlighted} labelledBy={`post-${post._id}-author`}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar radius="xl" color="brand" aria-hidden>
          {initials(post.authorname)}
        </Avatar>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between">
            <Group gap="xs">
              <Text fw={600} id={`post-${post._id}-author`} data-testid="post-author">
                {post.author === FORMER_AUTHOR ? t('A former learner') : post.authorname || t('Unknown author')}
              </Text>
              <Text size="sm" c="dimmed" component="time" dateTime={post.timestamp} data-testid="post-time">
                {postTime(post.timestamp)}
              </Text>
            </Group>
            {post.access === 'private' && (
              <Badge color="grape" variant="light" leftSection={<IconLock size={12} aria-hidden />} data-testid="post-private">
                {t('Private')}
              </Badge>
            )}
          </Group>
          {post.subject && <Text fw={600}>{post.subject}</Text>}
          {editing ? (
            <PostForm
              parent={post.parent}
              context={post.context}
              selfPaced={selfPaced}
              post={post}
              autoFocus
              testId="post-edit-form"
              label={t('Edit your post')}
              onDone={() => setEditing(false)}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <>
              <PostBody html={post.body} />
              {post.access === 'private' && post.shared.length > 0 && (
                <Text size="sm" c="dimmed" data-testid="post-shared">
                  {t('Shared with')}: <bdi>{post.sharedStr}</bdi>
                </Text>
              )}
            </>
          )}
          {!editing && (
            <Group gap={4} mt={4}>
              {abilities.reply && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconMessageReply size={16} aria-hidden />}
                  onClick={() => setReplying((r) => !r)}
                  aria-expanded={replying}
                  data-testid="post-reply"
                >
                  {t('Reply')}
                </Button>
              )}
              {abilities.update && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconEdit size={16} aria-hidden />}
                  onClick={() => setEditing(true)}
                  data-testid="post-edit"
                >
                  {t('Edit')}
                </Button>
              )}
              {abilities.remove && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setConfirming(true)}
                  data-testid="post-remove"
                >
                  {t('Delete')}
                </Button>
              )}
            </Group>
          )}
          {(post.replies.length > 0 || replying) && (
            <Replies replies={post.replies}>
              {replying && <ReplyForm postId={post._id} autoFocus onDone={() => setReplying(false)} onCancel={() => setReplying(false)} />}
            </Replies>
          )}
        </Stack>
      </Group>
      <ConfirmRemove
        opened={confirming}
        title={t('Delete this post?')}
        onClose={() => setConfirming(false)}
        onConfirm={() => logged(removePost(post))}
      />
    </PostFrame>
  );
});
