/** Lessons table access. Functions take the database (or a transaction) first. */
import type { Db } from '../../db/database.ts';
import type { LessonsTable } from '../../db/schema.ts';
import { newId } from '../users/users.repository.ts';
import { sanitizeRichText } from '../../adapters/sanitize.ts';
import type { LessonSave } from '../../../domain/validation.ts';

export type LessonRow = LessonsTable;

export function findLesson(db: Db, id: string) {
  return db.selectFrom('lessons').selectAll().where('id', '=', id).executeTakeFirst();
}

export function lessonsOfCourse(db: Db, course: string) {
  return db.selectFrom('lessons').selectAll().where('course', '=', course).execute();
}

const blank = <T>(v: T | null | undefined) => (v === '' || v === undefined ? null : v);

/** The columns a save sets: only the fields it carries, the description through the allow-list. */
function columnsOf(body: LessonSave): Partial<LessonRow> {
  const out: Partial<LessonRow> = { course: body.course };
  if (body.title !== undefined) out.title = body.title;
  if (body.order !== undefined) out.order = body.order;
  if (body.sortorder !== undefined) out.sortorder = body.sortorder;
  if (body.sorder !== undefined) out.sorder = blank(body.sorder);
  if (body.type !== undefined) out.type = blank(body.type);
  if (body.description !== undefined) out.description = blank(sanitizeRichText(body.description));
  return out;
}

export async function insertLesson(db: Db, body: LessonSave): Promise<string> {
  const row: LessonRow = {
    id: newId(),
    course: body.course,
    title: '',
    description: null,
    order: 0,
    sortorder: 0,
    sorder: null,
    type: null,
    cached: null,
    ...columnsOf(body),
  };
  await db.insertInto('lessons').values(row).execute();
  return row.id;
}

export async function updateLesson(db: Db, id: string, body: LessonSave): Promise<void> {
  await db.updateTable('lessons').set(columnsOf(body)).where('id', '=', id).execute();
}

/** Removes the lesson with its materials. Learners' progress rows stay: they are their history. */
export async function removeLesson(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('materials').where('lesson', '=', id).execute();
    await trx.deleteFrom('lessons').where('id', '=', id).execute();
  });
}
