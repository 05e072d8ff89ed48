/**
 * Certificate verification codes: an HMAC of the enrolment id under a server secret kept in the
 * database (made by migration 003), so every app process gives the same code and nobody can make one up.
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { now } from '../../db/dialect.ts';
import { REGCODE_ALPHABET } from '../../../domain/validation.ts';

const secrets = new WeakMap<Db, Promise<string>>();

async function loadSecret(db: Db): Promise<string> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', 'certificate').executeTakeFirst();
  if (row) return row.value;
  // A store migrated without the row (never expected): make one; the first writer wins.
  await db
    .insertInto('server_secrets')
    .values({ name: 'certificate', value: crypto.randomBytes(32).toString('base64url'), created: now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await db.selectFrom('server_secrets').select('value').where('name', '=', 'certificate').executeTakeFirstOrThrow()).value;
}

export function certificateSecret(db: Db): Promise<string> {
  let p = secrets.get(db);
  if (!p) {
    p = loadSecret(db);
    p.catch(() => secrets.delete(db));
    secrets.set(db, p);
  }
  return p;
}

export const CODE_LENGTH = 16;

/** 16 characters (80 bits) from the 32 unambiguous letters and digits; deterministic per enrolment. */
export function certificateCode(secret: string, enrollmentId: string): string {
  const mac = crypto.createHmac('sha256', secret).update(`certificate:${enrollmentId}`).digest();
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of mac) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < CODE_LENGTH) {
      out += REGCODE_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
    if (out.length === CODE_LENGTH) break;
  }
  return out;
}

/** As printed: four groups of four. */
export const formatCode = (code: string) => code.match(/.{1,4}/g)!.join('-');
/** As typed: any case, with or without dashes and spaces. */
export const normaliseCode = (input: string) => input.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The learner's earliest completed enrolment in the course, if any. */
export function completedEnrollment(db: Db, user: string, course: string) {
  return db
    .selectFrom('enrollments')
    .selectAll()
    .where('user', '=', user)
    .where('course', '=', course)
    .where('completed', 'is not', null)
    .orderBy('completed')
    .orderBy('id')
    .executeTakeFirst();
}

/** What the certificate shows of its course. */
export function findCertificateCourse(db: Db, course: string) {
  return db.selectFrom('courses').select(['title', 'timerequired']).where('id', '=', course).executeTakeFirst();
}

/** Stores the code on the enrolment the first time its certificate is issued (the same code every time). */
export async function issueCode(db: Db, enrollmentId: string): Promise<string> {
  const code = certificateCode(await certificateSecret(db), enrollmentId);
  await db.updateTable('enrollments').set({ certcode: code }).where('id', '=', enrollmentId).where('certcode', 'is', null).execute();
  return code;
}

export function findByCode(db: Db, code: string) {
  return (
    db
      .selectFrom('enrollments')
      // A removed account's certificate stays verifiable: without the user row, with the kept name if any.
      .leftJoin('users', 'users.id', 'enrollments.user')
      .leftJoin('courses', 'courses.id', 'enrollments.course')
      .select([
        'enrollments.id',
        'enrollments.course',
        'enrollments.completed',
        'enrollments.certname',
        'users.firstname',
        'users.lastname',
        'courses.title',
        'courses.timerequired',
      ])
      .where('enrollments.certcode', '=', code)
      .where('enrollments.completed', 'is not', null)
      .executeTakeFirst()
  );
}
