/**
 * Runs one page of a staff table (src/domain/paging.ts) on either engine: a filtered base query, a sort
 * column from the table's own allow-list (never a name from the request), a tie-breaker so rows with
 * equal sort values keep their order between pages, and the total of rows matching the filter.
 * `after` is the offset the previous page handed out as `next`, so a client may follow pages or jump.
 */
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import { PageQuerySchema, type Page, type PageQuery } from '../domain/paging.ts';
import { MSG } from '../domain/messages.ts';

/** A table's query schema: the shared paging fields, its sort names, and its own filters. */
export function pageQuerySchema<S extends string, E extends z.ZodRawShape>(sorts: readonly [S, ...S[]], extra: E) {
  return PageQuerySchema.extend({
    sort: z.enum(sorts, { error: MSG.invalidSort }).optional(),
    ...extra,
  });
}

/** `%text%` for LIKE, with the wildcards of the text itself escaped (used with ESCAPE '\'). */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** lower(column) LIKE '%text%', the same on both engines (SQLite's LIKE folds ASCII only, PostgreSQL's none). */
export const contains = (column: string, text: string): Expression<SqlBool> =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;

/** Keeps a table's totals under a key until the rows they count change (the figures cache). */
export type Keep = <T>(key: string, count: () => Promise<T>) => Promise<T>;
/** Counts every time. */
export const keepNothing: Keep = (_key, count) => count();

/** The number of rows of a filtered query. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table's filtered query
export const countOf = async (q: SelectQueryBuilder<any, any, any>): Promise<number> =>
  Number(((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()) as { n: number | string }).n);

export interface PageSpec {
  /**
   * The query the total is counted from, when the rows' joins cannot change it (joins that only add
   * columns): counting 250,000 enrolments alone costs a fraction of counting them joined.
   */
  countBase?: SelectQueryBuilder<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- any table's base query
  /** Sort name -> column reference ("users.email"), or several (a name: last, first, then the user's id). */
  sorts: Record<string, string | string[]>;
  defaultSort: string;
  defaultDir?: 'asc' | 'desc';
  /** A unique column that breaks ties. */
  tiebreak: string;
  /** The total, when the caller keeps it; otherwise counted from `countBase` (or `base`). */
  total?: () => Promise<number>;
  /**
   * Sorts whose column is on `countBase`'s own table: a page past the first is found there alone (its
   * index, in order) and only its rows are joined, instead of joining every row before the offset.
   */
  ownSorts?: string[];
}

/**
 * `base` is the filtered query without a select list; `select` adds the columns of a row. Both the rows
 * and the count run from the same base, so the total always matches what the pages show.
 */
// Kysely's builder types differ per table; this helper only adds ordering and limits, so it takes any.
export async function runPage<O>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one pager for every table: the query builder's table types differ per caller
  base: SelectQueryBuilder<any, any, any>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one pager for every table: the query builder's table types differ per caller
  select: (qb: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, O>,
  query: PageQuery,
  spec: PageSpec,
): Promise<Page<O>> {
  const sortName = query.sort && spec.sorts[query.sort] ? query.sort : spec.defaultSort;
  const sortColumns = [spec.sorts[sortName]!].flat();
  const dir = query.sort ? query.dir : (spec.defaultDir ?? query.dir);
  const offset = query.after !== undefined ? Math.max(0, Number.parseInt(query.after, 10) || 0) : query.page * query.limit;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  const ordered = <Q extends SelectQueryBuilder<any, any, any>>(q: Q) =>
    [...sortColumns, spec.tiebreak].reduce<Q>((o, c) => o.orderBy(sql.ref(c), dir) as Q, q);
  const deferred = offset > 0 && spec.countBase && spec.ownSorts?.includes(sortName);
  const rowsOf = deferred
    ? ordered(
        select(
          base.where(
            sql.ref(spec.tiebreak),
            'in',
            ordered(spec.countBase!.select(sql.ref(spec.tiebreak).as('k')))
              .limit(query.limit)
              .offset(offset),
          ),
        ),
      )
    : ordered(select(base)).limit(query.limit).offset(offset);
  const [rows, total] = await Promise.all([rowsOf.execute(), (spec.total ?? (() => countOf(spec.countBase ?? base)))()]);
  const end = offset + rows.length;
  return { rows: rows as O[], total, next: end < total ? String(end) : null };
}

/** A sort by the name of a small joined table (a course's title, a class's name) over a large one. */
export interface GroupSpec {
  /** The large table's column naming the group ("enrollments.course"). */
  column: string;
  /** Every group's name by id (a few hundred rows); a group missing here sorts first, as a null name. */
  names: () => Promise<Map<string, string | null>>;
  /** A unique column of the large table, the order within a group. */
  tiebreak: string;
  /** Keeps the counts per group until the rows change (the figures cache); none: counted each time. */
  keep?: (count: () => Promise<{ g: string; n: unknown }[]>) => Promise<{ g: string; n: unknown }[]>;
}

/**
 * One page sorted by a joined name without sorting every row: the groups are counted over an index of
 * the large table, ordered by name here, and only the groups the page falls in are read, each in
 * tie-break order. `countBase` holds the filters without the joins; `base` the joins that add columns.
 */
export async function runGroupedPage<O>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one pager for every table: the query builder's table types differ per caller
  base: SelectQueryBuilder<any, any, any>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  countBase: SelectQueryBuilder<any, any, any>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  select: (qb: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, O>,
  query: PageQuery,
  spec: GroupSpec,
): Promise<Page<O>> {
  const countGroups = async () =>
    (await countBase
      .select([sql.ref(spec.column).as('g'), sql<number>`count(*)`.as('n')])
      .groupBy(sql.ref(spec.column))
      .execute()) as { g: string; n: unknown }[];
  const counts = await (spec.keep ? spec.keep(countGroups) : countGroups());
  const names = await spec.names();
  const groups = counts.map((c) => ({ id: String(c.g), n: Number(c.n), name: names.get(String(c.g)) ?? null }));
  const byText = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);
  groups.sort((a, b) => byText(a.name, b.name) || byText(a.id, b.id));
  if (query.dir === 'desc') groups.reverse();
  const total = groups.reduce((n, g) => n + g.n, 0);
  const offset = query.after !== undefined ? Math.max(0, Number.parseInt(query.after, 10) || 0) : query.page * query.limit;
  const rows: O[] = [];
  let skip = offset;
  for (const g of groups) {
    const need = query.limit - rows.length;
    if (need <= 0) break;
    if (skip >= g.n) {
      skip -= g.n;
      continue;
    }
    rows.push(
      ...(await select(base.where(sql.ref(spec.column), '=', g.id))
        .orderBy(sql.ref(spec.tiebreak), query.dir)
        .limit(need)
        .offset(skip)
        .execute()),
    );
    skip = 0;
  }
  const end = offset + rows.length;
  return { rows, total, next: end < total ? String(end) : null };
}
