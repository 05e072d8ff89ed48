/**
 * Migration 035 on both engines: the sweep of overdue attempts has its partial index, and on PostgreSQL an
 * autosave's prepared statement finds its attempt by key even when the table's statistics predate the
 * day's attempts (as on a new site's first exam, or before the next analyse on exam day).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ENGINES, indexNames, migratedStore } from '../../testing/harness.ts';
import type { Store } from '../database.ts';
import { saveAnswers } from '../../modules/enrollment/exam-attempts.repository.ts';

const OPEN = 300;
const at = '2026-11-25T10:00:00.000Z';

describe.each(ENGINES)('migration 035 on %s', (engine) => {
  let store: Store | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    // One connection: the statements the test explains are those the saves prepared.
    const fresh = await migratedStore(engine, { poolMax: 1 });
    if (!fresh) return;
    ({ store, close } = fresh);
    expect(fresh.migrated).toContain('035-exam-attempts-due');
  });
  afterAll(() => close?.());

  it('replaces the index on (state, deadline) with one of open attempts by deadline', async () => {
    if (!store) return;
    const names = await indexNames(store);
    expect(names).toContain('exam_attempts_due');
    expect(names).not.toContain('exam_attempts_open');
  });

  it('lets the sweep of overdue attempts read only the open ones with a deadline', async () => {
    if (!store || engine !== 'sqlite') return;
    const plan = await sql
      .raw(`explain query plan select id from exam_attempts where state = 'inprogress' and deadline is not null and deadline <= '${at}'`)
      .execute(store.db);
    expect(JSON.stringify(plan.rows)).toContain('exam_attempts_due');
  });

  it('plans an autosave by the attempt key while the statistics still say the table is empty', async () => {
    if (!store || engine !== 'postgres') return;
    const { db } = store;
    await db
      .insertInto('enrollments')
      .values({ id: 'e', user: 'u', course: 'c', classid: 'k', regdate: at, timestamp: at, percentcomplete: 0, exampassed: 0 })
      .execute();
    await sql`insert into exam_attempts (id, "enrollmentId", "user", course, classid, lesson, material, kind, number, state, started, questions, answers, seq)
      select 'a' || i, 'e', 'u', 'c', 'k', 'l', 'm', 'exam', i, 'inprogress', ${at}, '[{},{},{}]', '[]', 0 from generate_series(1, ${OPEN}) i`.execute(
      db,
    );
    // Past the first five runs PostgreSQL may keep one plan for every value: the plan that matters.
    for (let seq = 1; seq <= 8; seq++) expect(await saveAnswers(db, { id: 'a1', user: 'u' }, ['A'], seq, at)).toEqual({ deadline: null });
    const plan = await db.connection().execute(async (c) => {
      const { rows } = await sql<{
        name: string;
        parameter_types: string;
      }>`select name, parameter_types::text from pg_prepared_statements where statement like 'update "exam_attempts" set "answers"%'`.execute(
        c,
      );
      expect(rows).toHaveLength(1);
      const params = rows[0]!.parameter_types.replace(/[{}]/g, '').split(',');
      await sql`set plan_cache_mode = force_generic_plan`.execute(c);
      try {
        const values = params.map((t, i) => (t === 'text' ? `'v${i}'` : 'null')).join(', ');
        return (await sql.raw(`explain execute ${rows[0]!.name}(${values})`).execute(c)).rows;
      } finally {
        await sql`reset plan_cache_mode`.execute(c);
      }
    });
    const text = JSON.stringify(plan);
    expect(text).toContain('exam_attempts_pkey');
    expect(text).not.toMatch(/exam_attempts_(due|open)/);
  });
});
