/** Opens the store named by DATABASE_URL (SQLite file by default, or PostgreSQL) and migrates it. */
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema.ts';
import type { Engine } from './dialect.ts';
import * as m001 from './migrations/001-initial.ts';
import * as m003 from './migrations/003-learning.ts';
import * as m005 from './migrations/005-admin.ts';

export type Db = Kysely<Database>;
export interface Store { db: Db; engine: Engine; close(): Promise<void> }

/** Versioned migrations, in order. Each takes the engine for the few column types that differ. */
const MIGRATIONS: Record<string, { up: (db: Kysely<any>, engine: Engine) => Promise<void> }> = {
  '001-initial': m001,
  '003-learning': m003,
  '005-admin': m005,
};

// PostgreSQL returns bigint (count(*)) as a string; numeric columns we use are double precision.
pg.types.setTypeParser(20, (v: string) => Number(v));

export function engineOf(url: string): Engine {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

export function openStore(url: string): Store {
  const engine = engineOf(url);
  if (engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool discards it and the next query opens a new one.
    pool.on('error', (err) => process.emitWarning(`PostgreSQL idle connection lost: ${err.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine, close: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, engine, close: () => db.destroy() };
}

/**
 * Kysely prepares every query anew; preparing costs about as much as running a small query, so
 * statements are kept by their SQL text. Safe because Kysely runs one query at a time on the
 * connection (a stream holds it until it ends). Bounded: dropped wholesale past 500 texts.
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (text: string) => {
          let stmt = cache.get(text);
          if (!stmt) {
            if (cache.size >= 500) cache.clear();
            stmt = prepare(text);
            cache.set(text, stmt);
          }
          return stmt;
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export async function migrate(store: Store): Promise<string[]> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, mod] of Object.entries(MIGRATIONS)) out[name] = { up: (db) => mod.up(db, store.engine) };
      return out;
    },
  };
  const migrator = new Migrator({ db: store.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
