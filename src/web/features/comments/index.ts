/**
 * What other screens use of discussions: the lesson viewer's discussion and the account's comments
 * panel. Both load on demand, so a screen that shows neither downloads none of it.
 */
import { createElement, lazy, Suspense, useEffect, useState } from 'react';
import { Skeleton } from '@mantine/core';
import type { LessonDiscussionProps } from './LessonDiscussion.tsx';

export type { LessonDiscussionProps } from './LessonDiscussion.tsx';

const LessonDiscussionLazy = lazy(() => import('./LessonDiscussion.tsx'));
const AuthorPostsLazy = lazy(() => import('./AuthorPosts.tsx').then((m) => ({ default: m.AuthorPosts })));

const fallback = createElement(Skeleton, { h: 120 });

/**
 * `<LessonDiscussion courseId lessonId classId material commentId? />`: question, discussion button and the newest posts.
 * Asked for once the lesson is on screen: starting its download (a link per script it needs) inside the
 * lesson's first render would hold back the lesson's first paint for a part of the page below it.
 */
export function LessonDiscussion(props: LessonDiscussionProps) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    // After the next paint: an effect of a render the app finishes at once would still run before it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setWanted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return wanted ? createElement(Suspense, { fallback }, createElement(LessonDiscussionLazy, props)) : fallback;
}

/** The account's comments panel: the user's posts (or, for admins, `userId`'s), newest first. */
export function CommentsPanel({ userId }: { userId?: string }) {
  return createElement(Suspense, { fallback }, createElement(AuthorPostsLazy, { author: userId }));
}
