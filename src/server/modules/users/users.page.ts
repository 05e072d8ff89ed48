/**
 * The admin user table, a page at a time: searched through the text index of migration 021 (SQLite
 * FTS5 trigram table, PostgreSQL pg_trgm), filtered by role, sorted by name, e-mail or registration
 * date over an index each, and paged by keyset (`after`) or by page number.
 */
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Engine } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { UserPageQuery, UserSort } from '../../../domain/tables.ts';
import { USER_SEARCH_TEXT } from '../../db/migrations/021-scale.ts';
import { decodeCursor, encodeCursor, fetchKeysetPage } from '../../keyset.ts';
import { countOf, keepNothing, likePattern, type Keep } from '../../paging.ts';
import { userHasRole, type UserRow } from './users.repository.ts';

const SORT_COLUMNS: Record<UserSort, ('lastname' | 'firstname' | 'email' | 'created' | 'id')[]> = {
  name: ['lastname', 'firstname', 'id'],
  email: ['email', 'id'],
  created: ['created', 'id'],
};

/** The trigram index finds substrings of three characters or more; a shorter query reads the table. */
const TRIGRAM = 3;

/** Users whose name or e-mail contains `q`, through the text index where it can help. */
export function userSearch(engine: Engine, q: string) {
  return (eb: ExpressionBuilder<Database, 'users'>) => {
    if (engine === 'sqlite' && [...q].length >= TRIGRAM) {
      const phrase = `"${q.toLowerCase().replace(/"/g, '""')}"`;
      return eb(sql`users.rowid`, 'in', sql`(select rowid from users_search where users_search match ${phrase})`);
    }
    return eb(sql.raw(USER_SEARCH_TEXT), 'like', sql`${likePattern(q)} escape '\\'`);
  };
}

export async function pageUsers(
  db: Db,
  engine: Engine,
  query: UserPageQuery,
  /** Keeps the total of a filter by role under its key (the figures cache); none: counted each time. */
  keep: Keep = keepNothing,
): Promise<{ rows: UserRow[]; total: number; next: string | null }> {
  const columns = SORT_COLUMNS[query.sort];
  let filtered = db.selectFrom('users');
  if (query.q) filtered = filtered.where(userSearch(engine, query.q));
  if (query.role) filtered = filtered.where(userHasRole(query.role));

  const indexed = engine === 'postgres' && !!query.q && [...query.q].length >= TRIGRAM;
  const {
    rows,
    total: n,
    more,
  } = indexed
    ? await searchPage(db, { ...query, q: query.q! })
    : await fetchKeysetPage(
        filtered.selectAll(),
        filtered,
        query,
        columns,
        // Without a text filter the total (a count of up to every user) changes only with accounts or roles.
        query.q ? undefined : () => keep(query.role ?? '', () => countOf(filtered)),
        'id',
      );
  const last = rows.at(-1);
  return {
    rows,
    total: n,
    next:
      more && last
        ? encodeCursor(
            query.sort,
            query.dir,
            columns.map((c) => last[c]),
          )
        : null,
  };
}

/** How many accounts in table order a PostgreSQL search reads for its page before it asks the text index. */
export const SEARCH_WALK = 1000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a select over users or over a subquery named users
type OverUsers = SelectQueryBuilder<any, any, any>;

/**
 * One page of a PostgreSQL search through the trigram index. Left to itself the planner walks the sort's
 * index and tests every account until the page is full, guessing the matches spread evenly; the
 * accounts named Silva (about 6,000 of 100,000) all sort late, so that walk read 88,000 accounts (80 ms).
 * Reading every match from the text index and sorting them costs what the matches do: a few ms for
 * thousands, but 200 ms for a text every account has (a mail domain). So the first `walk` accounts in
 * order are tested first: if they hold the page (matches are many and early) it is exact and cheap;
 * otherwise the matches come from the index, sorted, and counted in the same pass.
 */
export async function searchPage(
  db: Db,
  query: UserPageQuery & { q: string },
  walk = SEARCH_WALK,
): Promise<{ rows: UserRow[]; total: number; more: boolean }> {
  const columns = SORT_COLUMNS[query.sort];
  const matching = <Q extends OverUsers>(q: Q): Q => {
    let f = q.where(userSearch('postgres', query.q));
    if (query.role) f = f.where(userHasRole(query.role));
    return f as Q;
  };
  const after = query.after ? decodeCursor(query.after, query.sort, query.dir, columns.length) : null;
  const past = <Q extends OverUsers>(q: Q, table: string): Q =>
    after
      ? (q.where((eb) =>
          eb(
            // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a row-value comparison over columns chosen at run time
            eb.refTuple(...(columns.map((c) => `${table}.${c}`) as [any, any])),
            query.dir === 'asc' ? '>' : '<',
            // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
            eb.tuple(...(after as [any, any])),
          ),
        ) as Q)
      : q;
  const ordered = <Q extends OverUsers>(q: Q, table: string): Q => columns.reduce((o, c) => o.orderBy(`${table}.${c}`, query.dir) as Q, q);
  const count = () => countOf(matching(db.selectFrom('users')));

  // A page by number skips matches, which only the index's full list can count off.
  if (!query.page || after) {
    const head = ordered(past(db.selectFrom('users').selectAll(), 'users'), 'users').limit(walk);
    const walked = (await ordered(matching(db.selectFrom(head.as('users')).selectAll()), 'users')
      .limit(query.limit + 1)
      .execute()) as UserRow[];
    if (walked.length > query.limit) return { rows: walked.slice(0, query.limit), total: await count(), more: true };
  }

  const matches = matching(db.selectFrom('users')).select([...columns, sql<number>`count(*) over ()`.as('matched')]);
  const keys = ordered(past(db.selectFrom(matches.as('m')).selectAll(), 'm'), 'm')
    .limit(query.limit + 1)
    .offset(after ? 0 : query.page * query.limit);
  const found = (await ordered(
    db.selectFrom('users').innerJoin(keys.as('k'), 'k.id', 'users.id').selectAll('users').select('k.matched'),
    'users',
  ).execute()) as (UserRow & { matched: number | string })[];
  // Past the last match the page is empty and carries no total: count it.
  const total = found.length ? Number(found[0]!.matched) : await count();
  const rows = found.map(({ matched: _, ...row }) => row as UserRow);
  const more = rows.length > query.limit;
  if (more) rows.pop();
  return { rows, total, more };
}
