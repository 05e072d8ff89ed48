/**
 * What leaves the server of a post or reply: the spec's fields, plus what the reader may do with it
 * (`abilities`), so the web app never re-derives the rules. A private post's share list is shown only to
 * those who may edit the post: the addresses on it are not for every reader.
 */
import type { CommentRow, ReplyRow } from './comments.repository.ts';
import { fromJson } from '../../db/dialect.ts';

export interface ReplyRecord {
  _id: string; author: string; authorname: string; body: string; context: string | null; lang: string | null;
  /** The post replied to. */
  parent: string; timestamp: string;
  abilities: { update: boolean; remove: boolean };
}

export interface CommentRecord {
  _id: string;
  /** The discussion, in course-lesson form (courseId-lessonId). */
  parent: string;
  /** The class id, or null for a discussion without a class. */
  context: string | null;
  author: string; authorname: string; courseId: string | null; lessonId: string | null; classId: string | null;
  body: string; subject: string | null;
  access: 'private' | 'public';
  /** Private posts: the share list, for the author and admins only ([] and '' for other readers). */
  shared: string[]; sharedStr: string;
  timestamp: string;
  replies: ReplyRecord[];
  abilities: { update: boolean; remove: boolean; reply: boolean };
}

/** A post in an author's list (the account's comments panel): link parts, titles and a reply count instead of the replies. */
export interface AuthorCommentRecord extends Omit<CommentRecord, 'replies'> {
  courseTitle: string | null; className: string | null; replyCount: number;
}

export function presentReply(r: ReplyRow, abilities: ReplyRecord['abilities']): ReplyRecord {
  return {
    _id: r.id, author: r.author, authorname: r.authorname ?? '', body: r.body, context: r.context, lang: r.lang,
    parent: r.commentId, timestamp: r.timestamp, abilities,
  };
}

export function presentComment(r: CommentRow, replies: ReplyRecord[], abilities: CommentRecord['abilities']): CommentRecord {
  const shared = abilities.update ? fromJson<string[]>(r.shared, []) : [];
  return {
    _id: r.id, parent: r.parent, context: r.context, author: r.author, authorname: r.authorname ?? '',
    courseId: r.courseId, lessonId: r.lessonId, classId: r.classId, body: r.body, subject: r.subject,
    access: r.access === 'private' ? 'private' : 'public', shared, sharedStr: shared.join(', '),
    timestamp: r.timestamp, replies, abilities,
  };
}
