/**
 * A site at the size of a large organisation, for measuring that calls stay flat as data grows:
 * 100,000 users, 200 courses each with one self-paced class of 40 lessons, 250,000 enrolments (one class
 * of 5,000 members, the rest spread evenly) and a progress row for every lesson of every enrolment
 * (10,000,000). Written by bulk SQL (a handful of INSERT ... SELECT statements over a number series), so
 * it takes minutes on either engine instead of hours of single inserts. Ids are zero-padded so rows
 * arrive in key order and every index grows at its end.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Store } from '../db/database.ts';

export interface LargeSize {
  users: number;
  courses: number;
  lessonsPerCourse: number;
  enrolments: number;
  bigClass: number;
}
export const LARGE: LargeSize = { users: 100_000, courses: 200, lessonsPerCourse: 40, enrolments: 250_000, bigClass: 5_000 };

/** Ids of the large data set, so a caller (the size benchmark) can find its big class and a learner in it. */
export const LARGE_IDS = {
  user: (i: number) => `lu-${String(i).padStart(6, '0')}`,
  course: (i: number) => `lc-${String(i).padStart(3, '0')}`,
  class: (i: number) => `lk-${String(i).padStart(3, '0')}`,
  email: (i: number) => `large${i}@example.org`,
};

const FIRST = [
  'Amina',
  'Carlos',
  'Sofia',
  'Yusuf',
  'Chloe',
  'Lukas',
  'Fatima',
  'Joao',
  'Marie',
  'Omar',
  'Lucia',
  'Jonas',
  'Layla',
  'Pedro',
  'Camille',
  'Hannah',
  'Kwame',
  'Priya',
  'Mateo',
  'Zainab',
];
const LAST = [
  'Haddad',
  'Silva',
  'Moreau',
  'Schmidt',
  'Garcia',
  'Mensah',
  'Nkosi',
  'Rossi',
  'Costa',
  'Dubois',
  'Weber',
  'Saleh',
  'Okafor',
  'Santos',
  'Fischer',
  'Nasser',
  'Lopez',
];
const LANGS = ['en', 'es', 'pt', 'fr', 'ar', 'de'];

export async function hasLargeData(store: Store): Promise<boolean> {
  const row = await store.db.selectFrom('users').select('id').where('id', '=', LARGE_IDS.user(0)).executeTakeFirst();
  return !!row;
}

/** Inserts the large data set; `log` hears each step with its time. Run it on a migrated store. */
export async function seedLarge(
  store: Store,
  passwordHash: string,
  size: LargeSize = LARGE,
  log: (msg: string) => void = () => {},
): Promise<void> {
  const pg = store.engine === 'postgres';
  // A number series 0..n-1 as a table `n(i)`.
  const series = (n: number): RawBuilder<unknown> =>
    pg
      ? sql`generate_series(0, ${sql.lit(n - 1)}) as n(i)`
      : sql`(with recursive s(i) as (select 0 union all select i + 1 from s where i < ${sql.lit(n - 1)}) select i from s) as n`;
  const pad = (expr: RawBuilder<unknown>, width: number) =>
    pg ? sql`lpad((${expr})::text, ${sql.lit(width)}, '0')` : sql`printf('%0${sql.raw(String(width))}d', ${expr})`;
  // An ISO time `days` days (an expression) after a fixed start.
  const day = (days: RawBuilder<unknown>) =>
    pg
      ? sql`to_char(timestamp '2025-01-01 09:00:00' + (${days}) * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01 09:00:00', '+' || (${days}) || ' days')`;
  // The k-th name of a list as a CASE (a join would let SQLite run the number series once per name).
  const pick = (list: string[], k: RawBuilder<unknown>) =>
    sql`(case ${k} ${sql.raw(list.map((n, j) => `when ${j} then '${n}'`).join(' '))} end)`;
  // Every step on one connection, inside one transaction (a pool would spread them over several).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bulk SQL over either engine's connection or transaction, outside the typed schema
  let conn: Kysely<any> = store.db;
  const step = async (what: string, q: RawBuilder<unknown>) => {
    const t = Date.now();
    await q.execute(conn);
    log(`${what}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  const nonBig = size.courses - 1;

  if (store.sqlite) {
    // One big transaction: a rollback journal only records the few pages that existed before (new pages
    // need no undo), where the WAL would copy every new page once more. Back to WAL afterwards.
    store.sqlite.pragma('journal_mode = DELETE');
    store.sqlite.pragma('synchronous = OFF');
    store.sqlite.pragma('cache_size = -262144');
  }
  await store.db.connection().execute(async (c) => {
    conn = c;
    await sql`begin`.execute(conn);
    try {
      await step(
        `${size.users} users`,
        sql`
      insert into users (id, email, "passwordHash", firstname, lastname, roles, lang, cookieoptin, certifications, country, city, created, lastseen)
      select 'lu-' || ${pad(sql`n.i`, 6)}, 'large' || n.i || '@example.org', ${passwordHash},
        ${pick(FIRST, sql`n.i % ${sql.lit(FIRST.length)}`)}, ${pick(LAST, sql`(n.i / ${sql.lit(FIRST.length)}) % ${sql.lit(LAST.length)}`)},
        '[]', ${pick(LANGS, sql`n.i % ${sql.lit(LANGS.length)}`)}, 'prompt', '{}',
        'KE', 'Nairobi', ${day(sql`n.i % 600`)}, ${day(sql`600 + n.i % 60`)}
      from ${series(size.users)}`,
      );

      await step(
        `${size.courses} courses`,
        sql`
      insert into courses (id, title, reftitle, description, status, lang, "order", created)
      select 'lc-' || ${pad(sql`n.i`, 3)}, 'Large course ' || n.i, 'Large course ' || n.i, 'A course of the large data set.', 'Active', 'en', 100 + n.i, ${day(sql`n.i`)}
      from ${series(size.courses)}`,
      );
      await step(
        `${size.courses} classes`,
        sql`
      insert into classes (id, name, course, startdate, weeks, instructor, instructorname, regcode, selfpaced, lang, created)
      select 'lk-' || ${pad(sql`n.i`, 3)}, 'Large class ' || n.i, 'lc-' || ${pad(sql`n.i`, 3)}, ${day(sql`n.i`)}, 12,
        case when n.i = 0 then 'demo-instructor' else null end, case when n.i = 0 then 'Ines Instructor' else null end,
        null, 1, 'en', ${day(sql`n.i`)}
      from ${series(size.courses)}`,
      );
      await step(
        `${size.courses * size.lessonsPerCourse} lessons`,
        sql`
      insert into lessons (id, course, title, description, "order", sortorder, type)
      select 'lx-' || ${pad(sql`n.i / ${sql.lit(size.lessonsPerCourse)}`, 3)} || '-' || ${pad(sql`n.i % ${sql.lit(size.lessonsPerCourse)}`, 2)},
        'lc-' || ${pad(sql`n.i / ${sql.lit(size.lessonsPerCourse)}`, 3)}, 'Lesson ' || (n.i % ${sql.lit(size.lessonsPerCourse)} + 1), null,
        n.i % ${sql.lit(size.lessonsPerCourse)}, n.i % ${sql.lit(size.lessonsPerCourse)}, 'lesson'
      from ${series(size.courses * size.lessonsPerCourse)}`,
      );

      // Enrolment i is learner i mod users, in round i / users; the first `bigClass` go to class 0, the rest
      // to the other classes shifted by one per round, so nobody is enrolled twice in a class (while the
      // rounds are fewer than the classes).
      const cls = sql`case when n.i < ${sql.lit(size.bigClass)} then 0 else 1 + (n.i % ${sql.lit(size.users)} + n.i / ${sql.lit(size.users)}) % ${sql.lit(nonBig)} end`;
      const pct = sql`(n.i * 37) % 101`;
      await step(
        `${size.enrolments} enrolments`,
        sql`
      insert into enrollments (id, "user", course, classid, regdate, completed, regcode, description, timestamp, percentcomplete, exampassed, examdate, certcode)
      select 'le-' || ${pad(sql`n.i`, 7)}, 'lu-' || ${pad(sql`n.i % ${sql.lit(size.users)}`, 6)},
        'lc-' || ${pad(cls, 3)}, 'lk-' || ${pad(cls, 3)}, ${day(sql`n.i % 500`)},
        case when ${pct} = 100 then ${day(sql`100 + n.i % 500`)} else null end, null, null, ${day(sql`n.i % 500`)},
        ${pct}, case when ${pct} = 100 then 1 else 0 end,
        case when ${pct} = 100 then ${day(sql`100 + n.i % 500`)} else null end,
        case when ${pct} = 100 then 'L' || ${pad(sql`n.i`, 7)} else null end
      from ${series(size.enrolments)}`,
      );

      // Every lesson of every enrolment viewed; every fifth lesson has a quiz result.
      await step(
        `${size.enrolments * size.lessonsPerCourse} progress rows`,
        sql`
      insert into lesson_progress ("enrollmentId", lesson, firstview, lastview, quizdate, score, possible, percent)
      select e.id, l.id, e.regdate, e.regdate,
        case when l."order" % 5 = 4 then e.regdate else null end,
        case when l."order" % 5 = 4 then 4 else null end,
        case when l."order" % 5 = 4 then 5 else null end,
        case when l."order" % 5 = 4 then 80 else null end
      from enrollments e join lessons l on l.course = e.course
      where e.id >= 'le-' and e.id < 'le.'
      order by e.id, l.id`,
      );
      await sql`commit`.execute(conn);
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw err;
    } finally {
      if (store.sqlite) {
        store.sqlite.pragma('journal_mode = WAL');
        store.sqlite.pragma('synchronous = NORMAL');
      }
    }
  });
  const t = Date.now();
  if (store.sqlite) store.sqlite.exec('analyze');
  // On PostgreSQL a vacuum too: it marks the new pages all-visible, so index-only scans skip the table
  // (autovacuum does it on a running site, later; without it every count reads the heap).
  else await sql`vacuum analyze`.execute(store.db);
  log(`statistics: ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
