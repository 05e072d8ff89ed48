/** Test data built in the test that needs it: `buildUser(ctx, overrides)` and friends. */
import crypto from 'node:crypto';
import type { AppContext } from '../context.ts';
import { hashPassword } from '../adapters/passwords.ts';
import { insertUser, type UserRow } from '../modules/users/users.repository.ts';
import { json, now } from '../db/dialect.ts';

export const TEST_PASSWORD = 'Test-pass1!';
let hashed: Promise<string> | null = null;

export async function buildUser(ctx: AppContext, overrides: Partial<UserRow> & { roles?: string } = {}): Promise<UserRow> {
  const n = crypto.randomBytes(4).toString('hex');
  return insertUser(ctx.db, {
    email: `user-${n}@example.org`, firstname: 'Test', lastname: `User ${n}`,
    passwordHash: await (hashed ??= hashPassword(TEST_PASSWORD)), city: 'Porto', country: 'Portugal',
    ...overrides,
  });
}

export const asRoles = (...roles: string[]) => json(roles);

export async function buildCourse(ctx: AppContext, overrides: Partial<{ id: string; title: string; lang: string; status: string }> = {}) {
  const id = overrides.id ?? `course-${crypto.randomBytes(4).toString('hex')}`;
  await ctx.db.insertInto('courses').values({
    id, title: overrides.title ?? 'Test course', reftitle: null, description: null, description2: null,
    status: overrides.status ?? 'Active', lang: overrides.lang ?? 'en', order: 0, main: id, video: null, sections: 'a,b',
    smallbanner: null, timerequired: null, certificate: null, created: now(),
  }).execute();
  return id;
}

export async function buildClass(ctx: AppContext, course: string, overrides: Partial<{ id: string; instructor: string; selfpaced: number; regcode: string }> = {}) {
  const id = overrides.id ?? `class-${crypto.randomBytes(4).toString('hex')}`;
  await ctx.db.insertInto('classes').values({
    id, name: 'Test class', course, startdate: '2026-01-01', weeks: 10, instructor: overrides.instructor ?? null,
    instructorname: null, regcode: overrides.regcode ?? crypto.randomBytes(4).toString('hex').toUpperCase(),
    selfpaced: overrides.selfpaced ?? 1, lang: 'en', description: 'A class', description2: null, created: now(),
  }).execute();
  return id;
}
