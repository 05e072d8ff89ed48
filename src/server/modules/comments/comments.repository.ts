/** Discussion posts (comments) and their replies. Functions take the database (or a transaction) first. */
import type { Db } from '../../db/database.ts';
import type { CommentsTable, RepliesTable } from '../../db/schema.ts';
import { count, json, now } from '../../db/dialect.ts';
import { newId } from '../users/users.repository.ts';

export type CommentRow = CommentsTable;
export type ReplyRow = RepliesTable;

/** Most posts one list answers: a discussion's newest, or an author's newest. */
export const LIST_LIMIT = 500;

export function findComment(db: Db, id: string) {
  return db.selectFrom('comments').selectAll().where('id', '=', id).where('removed', '=', 0).executeTakeFirst();
}

/** The posts of one discussion: a parent (course-lesson) in one class, or in no class when context is null. */
export function discussionPosts(db: Db, parent: string, context: string | null) {
  // Removed posts come too: one that still has replies stays in its thread as a "removed" marker.
  let q = db.selectFrom('comments').selectAll().where('parent', '=', parent);
  q = context === null ? q.where('context', 'is', null) : q.where('context', '=', context);
  return q.orderBy('timestamp', 'desc').orderBy('id', 'desc').limit(LIST_LIMIT).execute();
}

/** An author's posts, newest first; `authors` holds the user id and email (older records name the email). */
export function postsByAuthor(db: Db, authors: string[]) {
  return db
    .selectFrom('comments')
    .selectAll()
    .where('author', 'in', authors)
    .where('removed', '=', 0)
    .orderBy('timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
}

/** The replies of the given posts, oldest first (a thread reads in order), grouped by post. */
export async function repliesOf(db: Db, commentIds: string[]): Promise<Map<string, ReplyRow[]>> {
  const out = new Map<string, ReplyRow[]>();
  if (commentIds.length === 0) return out;
  const rows = await db
    .selectFrom('replies')
    .selectAll()
    .where('commentId', 'in', commentIds)
    .where('removed', '=', 0)
    .orderBy('timestamp')
    .orderBy('id')
    .execute();
  for (const r of rows) out.set(r.commentId, [...(out.get(r.commentId) ?? []), r]);
  return out;
}

export async function replyCounts(db: Db, commentIds: string[]): Promise<Map<string, number>> {
  if (commentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('replies')
    .select(['commentId', (eb) => eb.fn.countAll().as('n')])
    .where('commentId', 'in', commentIds)
    .where('removed', '=', 0)
    .groupBy('commentId')
    .execute();
  return new Map(rows.map((r) => [r.commentId, count(r.n)]));
}

/**
 * The course and lesson a parent names. The spec's form is courseId-lessonId, and both ids may hold
 * dashes themselves, so every split is tried against the lessons that exist.
 */
export async function resolveParent(db: Db, parent: string): Promise<{ courseId: string; lessonId: string } | null> {
  const splits = [...parent.matchAll(/-/g)]
    .map((m) => ({ courseId: parent.slice(0, m.index), lessonId: parent.slice(m.index + 1) }))
    .filter((s) => s.courseId && s.lessonId);
  if (splits.length === 0) return null;
  const lessons = await db
    .selectFrom('lessons')
    .select(['id', 'course'])
    .where(
      'id',
      'in',
      splits.map((s) => s.lessonId),
    )
    .execute();
  return splits.find((s) => lessons.some((l) => l.id === s.lessonId && l.course === s.courseId)) ?? null;
}

export type NewComment = Pick<
  CommentRow,
  'parent' | 'context' | 'author' | 'authorname' | 'courseId' | 'lessonId' | 'classId' | 'body' | 'subject' | 'access'
> & { shared: string[] };

export async function insertComment(db: Db, fields: NewComment & { clientid?: string | null }): Promise<CommentRow> {
  const row: CommentRow = {
    ...fields,
    clientid: fields.clientid ?? null,
    id: newId(),
    shared: json(fields.shared),
    timestamp: now(),
    removed: 0,
  };
  if (!row.clientid) {
    await db.insertInto('comments').values(row).execute();
    return row;
  }
  // Two sends of one offline post racing each other: the unique (author, clientid) index lets one in.
  await db
    .insertInto('comments')
    .values(row)
    .onConflict((oc) => oc.columns(['author', 'clientid']).doNothing())
    .execute();
  return (await findCommentByClientId(db, row.author, row.clientid))!;
}

/** The post this author already sent under this device id, removed or not (a resend must not bring it back). */
export function findCommentByClientId(db: Db, author: string, clientid: string) {
  return db.selectFrom('comments').selectAll().where('author', '=', author).where('clientid', '=', clientid).executeTakeFirst();
}

/** Edits keep the post's time, so a discussion's order does not jump when someone fixes a typo. */
export async function updateComment(db: Db, id: string, fields: Pick<CommentRow, 'body' | 'subject' | 'access'> & { shared: string[] }) {
  await db
    .updateTable('comments')
    .set({ ...fields, shared: json(fields.shared) })
    .where('id', '=', id)
    .execute();
}

/** Removed posts stay in the table (with their replies); a thread shows them as removed while replies remain. */
export async function removeComment(db: Db, id: string) {
  await db.updateTable('comments').set({ removed: 1 }).where('id', '=', id).execute();
}

export function findReply(db: Db, id: string) {
  return db.selectFrom('replies').selectAll().where('id', '=', id).where('removed', '=', 0).executeTakeFirst();
}

export async function insertReply(
  db: Db,
  fields: Pick<ReplyRow, 'commentId' | 'author' | 'authorname' | 'body' | 'context' | 'lang'> & { clientid?: string | null },
): Promise<ReplyRow> {
  const row: ReplyRow = {
    ...fields,
    clientid: fields.clientid ?? null,
    id: newId(),
    parent: fields.commentId,
    timestamp: now(),
    removed: 0,
  };
  if (!row.clientid) {
    await db.insertInto('replies').values(row).execute();
    return row;
  }
  await db
    .insertInto('replies')
    .values(row)
    .onConflict((oc) => oc.columns(['author', 'clientid']).doNothing())
    .execute();
  return (await findReplyByClientId(db, row.author, row.clientid))!;
}

export function findReplyByClientId(db: Db, author: string, clientid: string) {
  return db.selectFrom('replies').selectAll().where('author', '=', author).where('clientid', '=', clientid).executeTakeFirst();
}

export async function updateReply(db: Db, id: string, body: string) {
  await db.updateTable('replies').set({ body }).where('id', '=', id).execute();
}

/** Like posts, removed replies keep their row with the spec's `removed` marker; no call answers them again. */
export async function removeReply(db: Db, id: string) {
  await db.updateTable('replies').set({ removed: 1 }).where('id', '=', id).execute();
}
