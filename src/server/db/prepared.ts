/**
 * Queries of a fixed shape, built and compiled by Kysely once per engine and then run with each call's
 * values. Kysely builds a query as a tree of frozen nodes and compiles the tree to SQL on every
 * execution; for the reads that every request makes (the session) and the writes an exam makes many
 * times (autosave), that cost more CPU than SQLite took to run them.
 */
import type { CompiledQuery, Compilable, QueryResult } from 'kysely';
import { engineOfDb, type Db } from './database.ts';
import type { Engine } from './dialect.ts';

/** A value stands in for a key of the values while the query is built: a string nothing else spells. */
const STAND_IN = '\u0000prepared\u0000';

type Slot<V> = { key: keyof V } | { constant: unknown };

/**
 * `prepared((db, v) => db.selectFrom('t').selectAll().where('id', '=', v.id))` gives a function of
 * `(db, { id })` that runs the query with those values. The query is built with stand-ins for the
 * values, so each value must go into it as a parameter only (compared, set, returned); anything that
 * would change the query's shape with the value (a list, a branch, a JSON spelling) belongs outside,
 * as a second prepared query or a value computed before. A transaction of the handle works as the
 * handle does: the compiled text depends only on the engine.
 */
/** A prepared query: run it with values, or take its statement with values to send with others (one-trip.ts). */
export interface Prepared<V, R> {
  (db: Db, values: V): Promise<QueryResult<R>>;
  statement(db: Db, values: V): CompiledQuery<R>;
}

export function prepared<V extends Record<string, unknown>, R>(build: (db: Db, values: V) => Compilable<R>): Prepared<V, R> {
  const compiled = new Map<Engine, { query: CompiledQuery<R>; slots: Slot<V>[] }>();
  const compile = (db: Db, engine: Engine) => {
    const standIns = new Proxy({} as V, { get: (_t, key) => (typeof key === 'string' ? STAND_IN + key : undefined) });
    const query = build(db, standIns).compile();
    const slots = query.parameters.map((p): Slot<V> =>
      typeof p === 'string' && p.startsWith(STAND_IN) ? { key: p.slice(STAND_IN.length) as keyof V } : { constant: p },
    );
    const entry = { query, slots };
    compiled.set(engine, entry);
    return entry;
  };
  const statement = (db: Db, values: V): CompiledQuery<R> => {
    const engine = engineOfDb(db);
    const { query, slots } = compiled.get(engine) ?? compile(db, engine);
    const parameters = slots.map((s) => ('key' in s ? values[s.key] : s.constant));
    // Each run is a query of its own to the handle's plugins (the report figures a write touches are
    // noted per run); they see the node they gave back when it was compiled, and must give it back as is.
    const queryId = { queryId: query.queryId.queryId };
    db.getExecutor().transformQuery(query.query, queryId);
    return { sql: query.sql, query: query.query, queryId, parameters };
  };
  const run = (db: Db, values: V) => db.executeQuery<R>(statement(db, values));
  return Object.assign(run, { statement });
}
