/** Courses table access. Functions take the database (or a transaction) first. */
import type { Db } from '../../db/database.ts';
import type { CoursesTable } from '../../db/schema.ts';
import { now } from '../../db/dialect.ts';
import { newId } from '../users/users.repository.ts';
import { sanitizeRichText } from '../../adapters/sanitize.ts';
import type { CourseSave } from '../../../domain/validation.ts';

export type CourseRow = CoursesTable;

export function findCourse(db: Db, id: string) {
  return db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listCourses(db: Db, f: { lang?: string; _id?: string }) {
  let q = db.selectFrom('courses').selectAll();
  if (f.lang) q = q.where('lang', '=', f.lang);
  if (f._id) q = q.where('id', '=', f._id);
  return q.orderBy('order').orderBy('title').execute();
}

const blank = <T>(v: T | null | undefined) => (v === '' || v === undefined ? null : v);

/** The columns a save sets: only the fields it carries, the two descriptions through the allow-list. */
function columnsOf(body: CourseSave): Partial<CourseRow> {
  const out: Partial<CourseRow> = {};
  if (body.title !== undefined) out.title = body.title;
  if (body.lang !== undefined) out.lang = body.lang;
  if (body.order !== undefined) out.order = body.order;
  for (const k of ['reftitle', 'status', 'main', 'video', 'sections', 'smallbanner', 'timerequired', 'certificate'] as const) {
    if (body[k] !== undefined) out[k] = blank(body[k]);
  }
  for (const k of ['description', 'description2'] as const) {
    if (body[k] !== undefined) out[k] = blank(sanitizeRichText(body[k]));
  }
  return out;
}

/** The titles of these courses (those that still exist); without ids, of every course. */
export function courseTitles(db: Db, ids?: string[]) {
  if (!ids) return db.selectFrom('courses').select(['id', 'title']).execute();
  return ids.length ? db.selectFrom('courses').select(['id', 'title']).where('id', 'in', ids).execute() : Promise.resolve([]);
}

export async function insertCourse(db: Db, body: CourseSave): Promise<CourseRow> {
  const id = newId();
  const row: CourseRow = {
    id,
    title: '',
    reftitle: null,
    description: null,
    description2: null,
    status: null,
    lang: 'en',
    order: 0,
    // A new course is the main course of its own language siblings until an editor says otherwise.
    main: id,
    video: null,
    sections: null,
    smallbanner: null,
    timerequired: null,
    certificate: null,
    ...columnsOf(body),
    created: now(),
  };
  await db.insertInto('courses').values(row).execute();
  return row;
}

export async function updateCourse(db: Db, id: string, body: CourseSave): Promise<void> {
  const columns = columnsOf(body);
  if (Object.keys(columns).length) await db.updateTable('courses').set(columns).where('id', '=', id).execute();
}

export async function countClasses(db: Db, course: string): Promise<number> {
  const r = await db
    .selectFrom('classes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('course', '=', course)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Removes the course with its lessons and their materials. */
export async function removeCourse(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const lessons = trx.selectFrom('lessons').select('id').where('course', '=', id);
    await trx.deleteFrom('materials').where('lesson', 'in', lessons).execute();
    await trx.deleteFrom('lessons').where('course', '=', id).execute();
    await trx.deleteFrom('courses').where('id', '=', id).execute();
  });
}
