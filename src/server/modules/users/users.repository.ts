/** Users table access. Functions take the database (or a transaction) first. */
import crypto from 'node:crypto';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import { contains } from '../../paging.ts';
import { json, now } from '../../db/dialect.ts';
import { normalizeEmail } from '../../../domain/validation.ts';

export type UserRow = UsersTable;
export type NewUser = Pick<UserRow, 'email' | 'passwordHash' | 'firstname' | 'lastname'> & Partial<UserRow>;

export const newId = () => crypto.randomBytes(12).toString('hex');

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', normalizeEmail(email))
    .executeTakeFirst();
}

/** An account named by id or by e-mail (old posts name their author either way). */
export function findUserByIdOrEmail(db: Db, idOrEmail: string) {
  return db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', idOrEmail), eb('email', '=', idOrEmail.toLowerCase())]))
    .executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const ts = now();
  const row: UserRow = {
    id: user.id ?? newId(),
    roles: '[]',
    lang: 'en',
    cookieoptin: 'prompt',
    certifications: '{}',
    address1: null,
    address2: null,
    city: null,
    state: null,
    country: null,
    postal: null,
    phone: null,
    birthDate: null,
    bio: null,
    heard: null,
    vocation: null,
    created: ts,
    timestamp: ts,
    lasttime: null,
    lastseen: null,
    passwordChanged: null,
    ...user,
    email: normalizeEmail(user.email),
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

export async function updateUser(db: Db, id: string, fields: Partial<Omit<UserRow, 'id' | 'created'>>) {
  await db
    .updateTable('users')
    .set({ ...fields, timestamp: now() })
    .where('id', '=', id)
    .execute();
}

/** The notices the user turned off; a settings change, so the account's `timestamp` stays. */
export async function setNoticesOff(db: Db, id: string, off: string[]) {
  await db
    .updateTable('users')
    .set({ noticesoff: json(off) })
    .where('id', '=', id)
    .execute();
}

export async function setRoles(db: Db, id: string, roles: string[]) {
  await updateUser(db, id, { roles: json([...new Set(roles)].sort()) });
}

/** Users whose e-mail, first or last name holds `text`, in any case: the user list's search and bulk selections. */
export const userHasText = (text: string) => (eb: ExpressionBuilder<Database, 'users'>) =>
  eb.or([contains('email', text), contains('firstname', text), contains('lastname', text)]);

/** Users holding a role (roles are stored as a JSON list of names). */
export const userHasRole = (role: string) => (eb: ExpressionBuilder<Database, 'users'>) => eb('roles', 'like', `%"${role}"%`);

export async function listUsers(db: Db, opts: { search?: string; role?: string; skip?: number; limit?: number }) {
  let q = db.selectFrom('users');
  if (opts.search) {
    q = q.where(userHasText(opts.search));
  }
  if (opts.role) q = q.where(userHasRole(opts.role));
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('lastname')
      .orderBy('firstname')
      .orderBy('id')
      .offset(opts.skip ?? 0)
      .limit(opts.limit ?? 50)
      .execute(),
    q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** classLinks for a list of users at once: two queries, then the links of each user by id. */
export async function classLinksOfUsers(db: Db, ids: string[]): Promise<(userId: string) => { classes: string[]; instructor: string[] }> {
  const [enrolled, hosted] = ids.length
    ? await Promise.all([
        db.selectFrom('enrollments').select(['user', 'classid']).where('user', 'in', ids).execute(),
        db.selectFrom('classes').select(['id', 'instructor']).where('instructor', 'in', ids).execute(),
      ])
    : [[], []];
  return (userId) => ({
    classes: enrolled.filter((e) => e.user === userId).map((e) => e.classid),
    instructor: hosted.filter((c) => c.instructor === userId).map((c) => c.id),
  });
}

/** Users who host at least one class (of the course, when given). */
export async function listInstructors(db: Db, course?: string) {
  let q = db
    .selectFrom('users')
    .innerJoin('classes', 'classes.instructor', 'users.id')
    .select(['users.id', 'users.firstname', 'users.lastname'])
    .distinct();
  if (course) q = q.where('classes.course', '=', course);
  return q.orderBy('users.lastname').orderBy('users.firstname').execute();
}
