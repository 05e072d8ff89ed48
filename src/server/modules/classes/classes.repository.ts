/** Classes table access. Functions take the database (or a transaction) first. */
import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { ClassesTable } from '../../db/schema.ts';
import { bool, now } from '../../db/dialect.ts';
import { REGCODE_LENGTH } from '../../../domain/constants.ts';
import { REGCODE_ALPHABET } from '../../../domain/validation.ts';

export type ClassRow = ClassesTable;

export function findClass(db: Db, id: string) {
  return db.selectFrom('classes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Codes are stored in capitals; the look-up is case-insensitive because the input is upper-cased. */
export function findClassByRegcode(db: Db, regcode: string) {
  return db.selectFrom('classes').selectAll().where('regcode', '=', regcode.trim().toUpperCase()).executeTakeFirst();
}

export function listClasses(db: Db, f: { course?: string; lang?: string; instructor?: string; selfpaced?: boolean }) {
  let q = db.selectFrom('classes').selectAll();
  if (f.selfpaced) q = q.where('selfpaced', '=', bool(true));
  if (f.course) q = q.where('course', '=', f.course);
  if (f.lang) q = q.where('lang', '=', f.lang);
  if (f.instructor) q = q.where('instructor', '=', f.instructor);
  return q.orderBy('selfpaced', 'desc').orderBy('startdate', 'desc').orderBy('name').orderBy('id').execute();
}

/** Every class (kept among the figures by kept-classes.ts). */
export function allClasses(db: Db): Promise<ClassRow[]> {
  return db.selectFrom('classes').selectAll().execute();
}

/** The classes of these ids that still exist. */
export function findClasses(db: Db, ids: string[]) {
  return ids.length ? db.selectFrom('classes').selectAll().where('id', 'in', ids).execute() : Promise.resolve([] as ClassRow[]);
}

/** The ids of a course's classes. */
export async function classIdsOfCourse(db: Db, course: string): Promise<string[]> {
  return (await db.selectFrom('classes').select('id').where('course', '=', course).execute()).map((c) => c.id);
}

/** A registration code of REGCODE_LENGTH characters without look-alikes (no I, O, 0 or 1). */
export function generateRegcode(): string {
  let code = '';
  for (let i = 0; i < REGCODE_LENGTH; i++) code += REGCODE_ALPHABET[crypto.randomInt(REGCODE_ALPHABET.length)];
  return code;
}

/** Inserts a class with a new, unique registration code (a clash, about one in 10^12, draws again). */
export async function insertClass(db: Db, fields: Omit<ClassRow, 'id' | 'regcode' | 'created'>): Promise<ClassRow> {
  for (let tries = 0; tries < 8; tries++) {
    const row: ClassRow = { ...fields, id: crypto.randomBytes(12).toString('hex'), regcode: generateRegcode(), created: now() };
    const r = await db
      .insertInto('classes')
      .values(row)
      .onConflict((oc) => oc.column('regcode').doNothing())
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) === 1) return row;
  }
  throw new Error('could not draw a unique registration code');
}

export async function updateClass(db: Db, id: string, fields: Partial<Omit<ClassRow, 'id' | 'created' | 'regcode'>>) {
  if (Object.keys(fields).length) await db.updateTable('classes').set(fields).where('id', '=', id).execute();
}

/** Removes the class; its enrolments stay, so learners keep their progress ('This class no longer exists'). */
export async function removeClass(db: Db, id: string) {
  await db.deleteFrom('classes').where('id', '=', id).execute();
}
