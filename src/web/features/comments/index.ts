/**
 * What other screens use of discussions: the lesson viewer's discussion and the account's comments
 * panel. Both load on demand, so a screen that shows neither downloads none of it.
 */
import { createElement, lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { LessonDiscussionProps } from './LessonDiscussion.tsx';

export type { LessonDiscussionProps } from './LessonDiscussion.tsx';

const LessonDiscussionLazy = lazy(() => import('./LessonDiscussion.tsx'));
const AuthorPostsLazy = lazy(() => import('./AuthorPosts.tsx').then((m) => ({ default: m.AuthorPosts })));

const fallback = createElement(Skeleton, { h: 120 });

/** `<LessonDiscussion courseId lessonId classId material commentId? />`: question, discussion button and the newest posts. */
export function LessonDiscussion(props: LessonDiscussionProps) {
  return createElement(Suspense, { fallback }, createElement(LessonDiscussionLazy, props));
}

/** The account's comments panel: the user's posts (or, for admins, `userId`'s), newest first. */
export function CommentsPanel({ userId }: { userId?: string }) {
  return createElement(Suspense, { fallback }, createElement(AuthorPostsLazy, { author: userId }));
}
