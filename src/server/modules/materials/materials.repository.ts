/** Materials table access. Functions take the database (or a transaction) first. */
import type { Db } from '../../db/database.ts';
import type { MaterialsTable } from '../../db/schema.ts';
import { bool, json } from '../../db/dialect.ts';
import { newId } from '../users/users.repository.ts';
import { sanitizeRichText } from '../../adapters/sanitize.ts';
import type { MaterialSave } from '../../../domain/validation.ts';

export type MaterialRow = MaterialsTable;

export function findMaterial(db: Db, id: string) {
  return db.selectFrom('materials').selectAll().where('id', '=', id).executeTakeFirst();
}

export function materialsOfLessons(db: Db, lessonIds: string[]) {
  if (lessonIds.length === 0) return Promise.resolve([] as MaterialRow[]);
  return db.selectFrom('materials').selectAll().where('lesson', 'in', lessonIds).orderBy('order').orderBy('id').execute();
}

export function materialsOfCourse(db: Db, course: string) {
  return db
    .selectFrom('materials')
    .selectAll('materials')
    .innerJoin('lessons', 'lessons.id', 'materials.lesson')
    .where('lessons.course', '=', course)
    .orderBy('lessons.sortorder')
    .orderBy('lessons.order')
    .orderBy('lessons.id')
    .orderBy('materials.order')
    .orderBy('materials.id')
    .execute();
}

/** The course's Exam material: the first one by lesson order, should there be several. */
export function examOf(db: Db, course: string) {
  return db
    .selectFrom('materials')
    .selectAll('materials')
    .innerJoin('lessons', 'lessons.id', 'materials.lesson')
    .where('lessons.course', '=', course)
    .where('materials.section', '=', 'Exam')
    .orderBy('lessons.sortorder')
    .orderBy('lessons.order')
    .orderBy('lessons.id')
    .orderBy('materials.order')
    .orderBy('materials.id')
    .executeTakeFirst();
}

/** A material's questions and exam rules (what grading a quiz or an exam needs). */
export function quizMaterial(db: Db, id: string) {
  return db
    .selectFrom('materials')
    .select(['id', 'lesson', 'section', 'quiz', 'drawcount', 'timelimit', 'maxattempts', 'waithours', 'showanswers'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** An Exam material by id (undefined when it is another kind of material). */
export function findExam(db: Db, id: string) {
  return db.selectFrom('materials').selectAll().where('id', '=', id).where('section', '=', 'Exam').executeTakeFirst();
}

const blank = <T>(v: T | null | undefined) => (v === '' || v === undefined ? null : v);

/** The columns a save sets: only the fields it carries, every HTML body through the allow-list. */
function columnsOf(body: MaterialSave): Partial<MaterialRow> {
  const out: Partial<MaterialRow> = {};
  if (body.lesson !== undefined) out.lesson = body.lesson;
  if (body.section !== undefined) out.section = body.section;
  if (body.order !== undefined) out.order = body.order;
  if (body.required !== undefined) out.required = bool(body.required);
  for (const k of ['title', 'subid', 'usebutton'] as const) {
    if (body[k] !== undefined) out[k] = blank(body[k]);
  }
  for (const k of ['description', 'description1', 'description2', 'question'] as const) {
    if (body[k] !== undefined) out[k] = blank(sanitizeRichText(body[k]));
  }
  // The exam's own rules (null: the site's default).
  for (const k of ['drawcount', 'timelimit', 'maxattempts', 'waithours', 'showanswers'] as const) {
    if (body[k] !== undefined) (out as Record<string, unknown>)[k] = body[k];
  }
  if (body.quiz !== undefined) {
    out.quiz = body.quiz ? json(body.quiz.map((q) => ({ question: q.question, answers: q.answers, iscorrect: q.iscorrect }))) : null;
  }
  return out;
}

export async function insertMaterial(db: Db, body: MaterialSave & { lesson: string; section: string }): Promise<string> {
  const row: MaterialRow = {
    id: newId(),
    lesson: body.lesson,
    order: 0,
    section: body.section,
    title: null,
    subid: null,
    required: 0,
    usebutton: null,
    quiz: null,
    description: null,
    description1: null,
    description2: null,
    question: null,
    ...columnsOf(body),
  };
  await db.insertInto('materials').values(row).execute();
  return row.id;
}

export async function updateMaterial(db: Db, id: string, body: MaterialSave): Promise<void> {
  const columns = columnsOf(body);
  if (Object.keys(columns).length) await db.updateTable('materials').set(columns).where('id', '=', id).execute();
}

export async function removeMaterial(db: Db, id: string): Promise<void> {
  await db.deleteFrom('materials').where('id', '=', id).execute();
}
