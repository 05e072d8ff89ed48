/**
 * A class's participant table a page at a time (15 rows by default, as the spec's table): sorted by
 * name, e-mail, registration date or progress, searched by name or e-mail, paged by keyset. Only the
 * page's own rows get their lesson counts, so a class of 5,000 costs about what a class of 15 does.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Engine } from '../../db/dialect.ts';
import type { ParticipantPageQuery, ParticipantRow, ParticipantSort } from '../../../domain/tables.ts';
import { USER_SEARCH_TEXT } from '../../db/migrations/021-scale.ts';
import { decodeCursor, encodeCursor, fetchKeysetPage } from '../../keyset.ts';
import { countOf, keepNothing, likePattern, type Keep } from '../../paging.ts';
import { PARTICIPANT_COLUMNS } from './enrollment.repository.ts';

type Column =
  'users.lastname' | 'users.firstname' | 'users.email' | 'enrollments.regdate' | 'enrollments.percentcomplete' | 'enrollments.id';
const SORT_COLUMNS: Record<ParticipantSort, Column[]> = {
  name: ['users.lastname', 'users.firstname', 'enrollments.id'],
  email: ['users.email', 'enrollments.id'],
  date: ['enrollments.regdate', 'enrollments.id'],
  completed: ['enrollments.percentcomplete', 'enrollments.id'],
};
const KEY: Record<Column, 'lastname' | 'firstname' | 'email' | 'regdate' | 'percentcomplete' | 'enrollment'> = {
  'users.lastname': 'lastname',
  'users.firstname': 'firstname',
  'users.email': 'email',
  'enrollments.regdate': 'regdate',
  'enrollments.percentcomplete': 'percentcomplete',
  'enrollments.id': 'enrollment',
};

/** The member's columns the table shows, sorts and searches. */
const MEMBER_COLUMNS = ['users.id', 'users.firstname', 'users.lastname', 'users.email', 'users.suspended'] as const;

/** A page's row before its lesson counts. */
const ROW_COLUMNS = [...PARTICIPANT_COLUMNS, 'enrollments.certcode'] as const;

/** How many members in table order a PostgreSQL text filter tests for its page before it tests them all. */
export const PARTICIPANT_WALK = 100;

/** The searched text of a member, over the users columns of `table`. */
const searchText = (table: string) => sql.raw(USER_SEARCH_TEXT.replace(/(firstname|lastname|email)/g, `${table}.$1`));

export async function pageParticipants(
  db: Db,
  engine: Engine,
  query: ParticipantPageQuery,
  /** Keeps the total of a text filter under its class and text (the figures cache); none: counted each time. */
  keep: Keep = keepNothing,
  walk = PARTICIPANT_WALK,
): Promise<{ rows: ParticipantRow[]; total: number; next: string | null }> {
  const columns = SORT_COLUMNS[query.sort];
  const enrolments = db.selectFrom('enrollments');
  // With a text filter, PostgreSQL estimates the matching accounts among all 100,000 and may read every
  // account (a parallel scan computing the searched text of each, 100 ms) to join them to the class. Each
  // member's account is looked up instead (a lateral subquery that OFFSET 0 keeps from being flattened
  // into a join), so a filter costs one lookup per member of the class, whatever the text. SQLite
  // already plans it so.
  let filtered = (
    engine === 'postgres' && query.q
      ? enrolments.innerJoinLateral(
          (eb) => eb.selectFrom('users').select(MEMBER_COLUMNS).whereRef('users.id', '=', 'enrollments.user').offset(0).as('users'),
          (join) => join.onTrue(),
        )
      : enrolments.innerJoin('users', 'users.id', 'enrollments.user')
  ).where('enrollments.classid', '=', query.classid);
  // The class's rows come from its index; the text filter reads only those.
  if (query.q) filtered = filtered.where(searchText('users'), 'like', sql`${likePattern(query.q)} escape '\\'`);
  const page = filtered.select(ROW_COLUMNS);
  // Every enrolment has its user (an account's removal removes its enrolments), so without a text
  // filter the class's enrolments are counted alone, over the class index (under a millisecond). With
  // one each member's account is read (5,000 in the largest class): that total is kept until a member,
  // a class or a name changes.
  const total = query.q
    ? () => keep(JSON.stringify([query.classid, query.q]), () => countOf(filtered))
    : () => countOf(db.selectFrom('enrollments').where('enrollments.classid', '=', query.classid));
  const full = (counted: () => Promise<number>) => fetchKeysetPage(page, filtered, query, columns, counted);
  // Sorted by date or progress, the full form already reads members in order from the class's index and
  // stops at the page; by name or e-mail it reads them all to sort the matches, so it is walked first. A
  // page by number skips matches, which only the full form can count off.
  const walking = engine === 'postgres' && (query.sort === 'name' || query.sort === 'email') && (!query.page || !!query.after);
  const {
    rows,
    total: n,
    more,
  } = walking && query.q ? await walkFirst(db, { ...query, q: query.q }, walk, total, full) : await full(total);
  const stats = rows.length
    ? await db
        .selectFrom('lesson_progress')
        .select((eb) => ['enrollmentId', eb.fn.count<number>('lesson').as('lessons'), eb.fn.max('lastview').as('lastview')])
        .where(
          'enrollmentId',
          'in',
          rows.map((r) => r.enrollment),
        )
        .where('lastview', 'is not', null)
        .groupBy('enrollmentId')
        .execute()
    : [];
  const byId = new Map(stats.map((s) => [s.enrollmentId, s]));
  const last = rows.at(-1);
  return {
    rows: rows.map((r) => {
      const s = byId.get(r.enrollment);
      return {
        _id: r.enrollment,
        user: r.user,
        firstname: r.firstname,
        lastname: r.lastname,
        email: r.email,
        regdate: r.regdate,
        lastactivity: s?.lastview ?? r.timestamp,
        lessoncount: Number(s?.lessons ?? 0),
        percentcomplete: Number(r.percentcomplete),
        completed: !!r.completed,
        ...(r.completed ? { completeddate: r.completed } : {}),
        certificate: !!r.completed,
        ...(r.certcode ? { certcode: r.certcode } : {}),
        ...(r.suspended === 1 ? { suspended: true } : {}),
      };
    }),
    total: n,
    next:
      more && last
        ? encodeCursor(
            query.sort,
            query.dir,
            columns.map((c) => {
              const v = last[KEY[c]];
              return typeof v === 'number' ? v : String(v);
            }),
          )
        : null,
  };
}

/**
 * The page of a PostgreSQL text filter sorted by a member's name or e-mail from the first `walk` members
 * in the page's order (after the cursor) when they hold it, else by `full`. The full form reads every
 * member's account (5,000 lookups, 15-20 ms in the largest class) to sort the matches, where a text most
 * members have (a letter, a mail domain) has its page among the first few dozen. The walk reads members
 * in order from the users' index, as an unfiltered page does, and stops at the page's last match (3-4
 * ms), or after `walk` members (about 5 ms) when the text is rare. Those members are a prefix of the
 * order, so their matches are the first matches of all, and the page is exact.
 */
async function walkFirst<O>(
  db: Db,
  query: ParticipantPageQuery & { q: string },
  walk: number,
  total: () => Promise<number>,
  full: (counted: () => Promise<number>) => Promise<{ rows: O[]; total: number; more: boolean }>,
) {
  // The total (kept, or counted beside the walk) serves either way.
  const counting = total();
  counting.catch(() => {});
  const columns = SORT_COLUMNS[query.sort];
  let head = db
    .selectFrom('enrollments')
    .innerJoin('users', 'users.id', 'enrollments.user')
    .where('enrollments.classid', '=', query.classid)
    .select(ROW_COLUMNS);
  if (query.after) {
    const values = decodeCursor(query.after, query.sort, query.dir, columns.length);
    head = head.where((eb) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row-value comparison over columns chosen at run time
      eb(eb.refTuple(...(columns as [any, any])), query.dir === 'asc' ? '>' : '<', eb.tuple(...(values as [any, any]))),
    );
  }
  for (const c of columns) head = head.orderBy(c, query.dir);
  // The outer order is the head's own (PostgreSQL keeps it without sorting again), by the head's names.
  let matched = db
    .selectFrom(head.limit(walk).as('h'))
    .selectAll()
    .where(searchText('h'), 'like', sql`${likePattern(query.q)} escape '\\'`);
  for (const c of columns) matched = matched.orderBy(sql.ref(`h.${KEY[c]}`), query.dir);
  const rows = (await matched.limit(query.limit + 1).execute()) as O[];
  if (rows.length <= query.limit) return full(() => counting);
  return { rows: rows.slice(0, query.limit), total: await counting, more: true };
}
