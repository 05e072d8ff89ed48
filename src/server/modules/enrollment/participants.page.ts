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
import { encodeCursor, fetchKeysetPage } from '../../keyset.ts';
import { likePattern } from '../../paging.ts';

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

export async function pageParticipants(
  db: Db,
  engine: Engine,
  query: ParticipantPageQuery,
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
  if (query.q) {
    const text = USER_SEARCH_TEXT.replace(/(firstname|lastname|email)/g, 'users.$1');
    filtered = filtered.where(sql.raw(text), 'like', sql`${likePattern(query.q)} escape '\\'`);
  }
  const page = filtered.select([
    'enrollments.id as enrollment',
    'enrollments.user',
    'users.firstname',
    'users.lastname',
    'users.email',
    'enrollments.regdate',
    'enrollments.timestamp',
    'enrollments.completed',
    'enrollments.percentcomplete',
    'enrollments.certcode',
    'users.suspended',
  ]);
  // Every enrolment has its user (an account's removal removes its enrolments), so without a text
  // filter the class's enrolments are counted alone, over the class index.
  const counted = query.q ? filtered : db.selectFrom('enrollments').where('enrollments.classid', '=', query.classid);
  const { rows, total, more } = await fetchKeysetPage(page, counted, query, columns);
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
    total,
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
