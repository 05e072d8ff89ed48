/**
 * Discussion requests (spec 7, "Comments"): one place per call, with its query options. Records carry
 * `abilities` from the server, so screens never re-derive who may edit, remove or reply.
 */
import { queryOptions } from '@tanstack/react-query';
import type { AuthorCommentRecord, ClassRecord, CommentRecord, Course, Lesson, ReplyRecord } from '../../../domain/types.ts';
import { COMMENTS_RETRIES } from '../../../domain/constants.ts';
import { api, ApiError } from '../../lib/api.ts';
import { queryClient } from '../../lib/query.ts';
import { newClientId, sendOrQueue } from '../../lib/offline/queue.ts';
import { MSG } from '../../../domain/messages.ts';
import { classQuery } from '../../lib/data/classes.ts';
import { DISCUSSION_URL } from '../../../domain/first-calls.ts';

/** Posts and replies as the server presents them (one definition in the shared domain module). */
export type PostRecord = CommentRecord;
export type AuthorPostRecord = AuthorCommentRecord;
export type { ReplyRecord };

const byNewest = <T extends { timestamp: string; _id: string }>(list: T[]) =>
  [...list].sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b._id.localeCompare(a._id));

/** One discussion (a lesson in a class, or course-wide when context is null), newest first. */
export const discussionQuery = (parent: string, context: string | null) =>
  queryOptions({
    queryKey: ['comments', 'discussion', parent, context ?? ''],
    queryFn: async ({ signal }) => byNewest(await api.post<PostRecord[]>(DISCUSSION_URL, { parent, context }, signal)),
    staleTime: 10_000,
    // A missing class or a discussion the user may not read is an answer, not a network hiccup.
    retry: (n, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && n < 1,
  });

/** An author's posts (the caller's own when no author), newest first. */
export const authorPostsQuery = (author?: string) =>
  queryOptions({
    queryKey: ['comments', 'author', author ?? ''],
    queryFn: async ({ signal }) => byNewest(await api.post<AuthorPostRecord[]>(DISCUSSION_URL, author ? { author } : {}, signal)),
    staleTime: 10_000,
    retry: (n, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && n < 1,
  });

class ClassNotFound extends Error {}

/**
 * The discussion's class. An unknown class is asked for three times at 300 ms (spec 8), then the
 * screen drops the class context.
 */
export const discussionClassQuery = (classId: string) =>
  queryOptions({
    queryKey: ['comments', 'class', classId],
    queryFn: async ({ signal }) => {
      // The class page and lesson page ask for the same class: the first answer serves both. A class
      // not found is asked for again directly (the retries of spec 8).
      const cached = queryClient.getQueryData<ClassRecord | null>(classQuery(classId).queryKey);
      const cls =
        cached === undefined
          ? await queryClient.fetchQuery(classQuery(classId))
          : (cached ?? (await api.post<ClassRecord[]>('/app_classes/list', { _id: classId }, signal))[0]);
      if (!cls) throw new ClassNotFound(classId);
      return cls;
    },
    retry: COMMENTS_RETRIES.tries - 1,
    retryDelay: COMMENTS_RETRIES.delayMs,
    staleTime: 60_000,
  });

/** Every course, to find which one a discussion's parent (course-lesson) starts with. */
export const coursesForParentQuery = () =>
  queryOptions({
    queryKey: ['comments', 'courses'],
    queryFn: ({ signal }) => api.post<Course[]>('/app_courses/list', {}, signal),
    staleTime: 5 * 60_000,
  });

export const lessonQuery = (lessonId: string) =>
  queryOptions({
    queryKey: ['comments', 'lesson', lessonId],
    queryFn: ({ signal }) => api.post<Lesson>('/app_lessons/get', { _id: lessonId }, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export interface PostDraft {
  _id?: string;
  parent: string;
  context: string | null;
  body: string;
  /** Only sent in self-paced classes (spec 2). */
  access?: 'private' | 'public';
  sharedStr?: string;
}

/** Any change re-reads the discussions and author lists. */
const refresh = () =>
  queryClient.invalidateQueries({ queryKey: ['comments'], predicate: (q) => q.queryKey[1] === 'discussion' || q.queryKey[1] === 'author' });

export async function savePost(draft: PostDraft): Promise<PostRecord> {
  // A new post carries a client id: written offline it waits on the device, and a resend is recorded once.
  const clientid = !draft._id || draft._id === 'new' ? newClientId() : null;
  const body = clientid ? { ...draft, clientid } : { ...draft };
  const r = clientid
    ? await sendOrQueue(
        { kind: 'post', path: '/app_comments/save', body, clientid },
        () => api.post<PostRecord>('/app_comments/save', body),
        MSG.postSavedOnDevice,
      )
    : await api.post<PostRecord>('/app_comments/save', body);
  await refresh();
  return r;
}

export async function removePost(post: { _id: string; author: string }): Promise<void> {
  await api.post('/app_comments/remove', { _id: post._id, author: post.author });
  await refresh();
}

export async function saveReply(reply: { _id?: string; parent: string; body: string; lang?: string }): Promise<ReplyRecord> {
  const clientid = !reply._id || reply._id === 'new' ? newClientId() : null;
  const body = clientid ? { ...reply, clientid } : { ...reply };
  const r = clientid
    ? await sendOrQueue(
        { kind: 'reply', path: '/app_comments/saveReply', body, clientid },
        () => api.post<ReplyRecord>('/app_comments/saveReply', body),
        MSG.postSavedOnDevice,
      )
    : await api.post<ReplyRecord>('/app_comments/saveReply', body);
  await refresh();
  return r;
}

export async function removeReply(id: string): Promise<void> {
  await api.post('/app_comments/removeReply', { _id: id });
  await refresh();
}
