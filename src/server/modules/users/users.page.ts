/**
 * The admin user table, a page at a time: searched through the text index of migration 021 (SQLite
 * FTS5 trigram table, PostgreSQL pg_trgm), filtered by role, sorted by name, e-mail or registration
 * date over an index each, and paged by keyset (`after`) or by page number.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Engine } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import type { UserPageQuery, UserSort } from '../../../domain/tables.ts';
import { USER_SEARCH_TEXT } from '../../db/migrations/021-scale.ts';
import { encodeCursor, fetchKeysetPage } from '../../keyset.ts';
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

  const page = filtered.selectAll();
  const {
    rows,
    total: n,
    more,
  } = await fetchKeysetPage(
    page,
    filtered,
    query,
    columns,
    // Without a text filter the total (a count of up to every user) changes only with accounts or roles.
    query.q ? undefined : () => keep(query.role ?? '', () => countOf(filtered)),
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
