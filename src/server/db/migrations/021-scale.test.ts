/** Migrations 021 and later on both engines: their indexes exist and the user search index follows the users table. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ENGINES, indexNames, migratedStore } from '../../testing/harness.ts';
import type { Store } from '../database.ts';

const INDEXES = [
  'enrollments_course_completed',
  'enrollments_completed',
  'enrollments_exampassed',
  'enrollments_class_regdate',
  'enrollments_class_progress',
  'lesson_progress_lesson',
  'quiz_attempts_user',
  'replies_author',
  'sessions_expires',
  'users_name',
  'users_lastseen',
  'users_country',
  // The enrolments table's sorts (031) and the audit entries' lists (029).
  'enrollments_regdate',
  'enrollments_completed_id',
  'enrollments_percent',
  'enrollments_course_id',
  'courses_title',
  'audit_targets_target',
  'enrollments_class_sums',
  'enrollments_course_sums',
  'enrollments_class_id',
  // The participant table's name sort and its members' lookups (033).
  'enrollments_class_user',
];

describe.each(ENGINES)('migration 021 on %s', (engine) => {
  let store: Store | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const fresh = await migratedStore(engine);
    if (!fresh) return;
    ({ store, close } = fresh);
    expect(fresh.migrated).toContain('021-scale');
  });
  afterAll(() => close?.());

  it('creates every index', async () => {
    if (!store) return;
    const names = await indexNames(store);
    for (const name of [...INDEXES, ...(engine === 'postgres' ? ['users_search'] : [])]) expect(names).toContain(name);
  });

  it('uses the indexes for the participant table and the completions by course', async () => {
    if (!store) return;
    const plan = async (query: string) =>
      engine === 'sqlite'
        ? JSON.stringify((await sql.raw(`explain query plan ${query}`).execute(store!.db)).rows)
        : JSON.stringify((await sql.raw(`explain ${query}`).execute(store!.db)).rows);
    if (engine === 'sqlite') {
      expect(await plan(`select id from enrollments where classid = 'c' order by regdate, id limit 15`)).toContain(
        'enrollments_class_regdate',
      );
      expect(await plan(`select count(*) from enrollments where course = 'c' and completed is not null`)).toContain(
        'enrollments_course_completed',
      );
      expect(await plan(`select id from users order by lastname, firstname, id limit 25`)).toContain('users_name');
    }
    // PostgreSQL picks plans by table size; at the large data set's size they are checked by `npm run bench:size`.
  });
});
