/**
 * What leaves the server of a post or reply: the spec's fields, plus what the reader may do with it
 * (`abilities`), so the web app never re-derives the rules. A private post's share list is shown only to
 * those who may edit the post: the addresses on it are not for every reader.
 */
import type { CommentRow, ReplyRow } from './comments.repository.ts';
import { fromJson } from '../../db/dialect.ts';
import type { AuthorCommentRecord, CommentRecord, ReplyRecord } from '../../../domain/types.ts';

export type { AuthorCommentRecord, CommentRecord, ReplyRecord };

export function presentReply(r: ReplyRow, abilities: ReplyRecord['abilities']): ReplyRecord {
  return {
    _id: r.id,
    author: r.author,
    authorname: r.authorname ?? '',
    body: r.body,
    context: r.context,
    lang: r.lang,
    parent: r.commentId,
    timestamp: r.timestamp,
    abilities,
  };
}

export function presentComment(r: CommentRow, replies: ReplyRecord[], abilities: CommentRecord['abilities']): CommentRecord {
  if (r.removed) {
    // A removed post kept for its replies: where it stood and when, nothing of what it said or who said it.
    return {
      _id: r.id,
      parent: r.parent,
      context: r.context,
      author: '',
      authorname: '',
      courseId: r.courseId,
      lessonId: r.lessonId,
      classId: r.classId,
      body: '',
      subject: null,
      access: 'public',
      shared: [],
      sharedStr: '',
      timestamp: r.timestamp,
      replies,
      removed: true,
      abilities: { update: false, remove: false, reply: false },
    };
  }
  const shared = abilities.update ? fromJson<string[]>(r.shared, []) : [];
  return {
    _id: r.id,
    parent: r.parent,
    context: r.context,
    author: r.author,
    authorname: r.authorname ?? '',
    courseId: r.courseId,
    lessonId: r.lessonId,
    classId: r.classId,
    body: r.body,
    subject: r.subject,
    access: r.access === 'private' ? 'private' : 'public',
    shared,
    sharedStr: shared.join(', '),
    timestamp: r.timestamp,
    replies,
    removed: false,
    abilities,
  };
}
