/**
 * A lesson's discussion inside the lesson viewer (spec 2): for a material with usebutton 'yes', its
 * question and a discussion button that opens the form for a post; then the newest 3 posts with
 * Show More / Show Less, and a link to the whole discussion on the comments page.
 */
import { useState } from 'react';
import { Anchor, Box, Button, Group, Paper, Skeleton, Stack, Title, Typography } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LessonDiscussionProps } from '../../lib/embeds.tsx';
import { LESSON_COMMENTS_SHOWN } from '../../../domain/constants.ts';
import { lessonDiscussionParent } from '../../../domain/first-calls.ts';
import { discussionPath } from '../../lib/paths.ts';
import { useDiscussionClass } from './use-discussion-class.ts';
import { Discussion } from './Discussion.tsx';

export type { LessonDiscussionProps };

export default function LessonDiscussion({ courseId, lessonId, classId, material, commentId }: LessonDiscussionProps) {
  const { t } = useTranslation();
  const parent = lessonDiscussionParent(courseId, lessonId);
  const klass = useDiscussionClass(classId);
  const [open, setOpen] = useState(false);
  const withButton = material?.usebutton === 'yes';
  return (
    <Box component="section" aria-labelledby={`discussion-${parent}`} data-testid="lesson-discussion" data-parent={parent}>
      <Stack gap="md">
        <Title order={2} size="h3" id={`discussion-${parent}`}>
          {t('Discussion')}
        </Title>
        {withButton ? (
          <Paper withBorder radius="md" p="md" bg="var(--mantine-color-brand-0)" data-testid="discussion-question">
            {material?.question && <Typography mb="sm" dir="auto" dangerouslySetInnerHTML={{ __html: material.question }} />}
            <Button
              leftSection={<IconMessages size={18} aria-hidden />}
              onClick={() => setOpen((o) => !o)}
              aria-expanded={open}
              data-testid="discussion-button"
            >
              {t('Join the Discussion')}
            </Button>
          </Paper>
        ) : (
          <Group>
            <Button
              variant="light"
              leftSection={<IconMessages size={18} aria-hidden />}
              onClick={() => setOpen((o) => !o)}
              aria-expanded={open}
              data-testid="discussion-write"
            >
              {t('Write a post')}
            </Button>
          </Group>
        )}
        {klass.pending ? (
          <Skeleton h={90} />
        ) : (
          <Discussion
            parent={parent}
            context={klass.context}
            selfPaced={!!klass.cls?.selfpaced}
            limit={LESSON_COMMENTS_SHOWN}
            highlightId={commentId}
            composer={open}
            composerLabel={withButton ? t('Your answer') : t('Your post')}
            headingOrder={3}
          />
        )}
        <Group>
          <Anchor component={Link} to={discussionPath(parent, klass.context)} data-testid="discussion-page-link">
            {t('Open the whole discussion')}
          </Anchor>
        </Group>
      </Stack>
    </Box>
  );
}
