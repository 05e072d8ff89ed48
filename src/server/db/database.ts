/** Opens the store named by DATABASE_URL (SQLite file by default, or PostgreSQL) and migrates it. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  Kysely,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Driver,
  type KyselyPlugin,
  type Transaction,
} from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema.ts';
import type { Engine } from './dialect.ts';
import { logFault } from '../faults.ts';
import { PipelinedPostgresDialect } from './one-trip.ts';
import { up as m001 } from './migrations/001-initial.ts';
import { up as m003 } from './migrations/003-learning.ts';
import { up as m005 } from './migrations/005-admin.ts';
import { up as m007 } from './migrations/007-account-secrets.ts';
import { up as m009 } from './migrations/009-sessions-2fa.ts';
import { up as m011 } from './migrations/011-exam-attempts.ts';
import { up as m015 } from './migrations/015-spec-readings.ts';
import { up as m017 } from './migrations/017-country-codes.ts';
import { up as m019 } from './migrations/019-privacy.ts';
import { up as m021 } from './migrations/021-scale.ts';
import { up as m023 } from './migrations/023-staff.ts';
import { up as m025 } from './migrations/025-offline.ts';
import { up as m027 } from './migrations/027-tables-history.ts';
import { up as m029 } from './migrations/029-audit-targets.ts';
import { up as m031 } from './migrations/031-table-sorts.ts';
import { up as m033 } from './migrations/033-class-members.ts';
import { up as m035 } from './migrations/035-exam-attempts-due.ts';

export type Db = Kysely<Database>;
export interface Store {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
  /** The SQLite handle (backups, pragmas), on SQLite only. */
  sqlite?: SQLite.Database;
  /** The PostgreSQL pool (metrics: connections in use and waiting), on PostgreSQL only. */
  pool?: pg.Pool;
}

/** Versioned migrations, in order. Each takes the engine for the few column types that differ. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
const MIGRATIONS: Record<string, { up: (db: Kysely<any>, engine: Engine) => Promise<void> }> = {
  '001-initial': { up: m001 },
  '003-learning': { up: m003 },
  '005-admin': { up: m005 },
  '007-account-secrets': { up: m007 },
  '009-sessions-2fa': { up: m009 },
  '011-exam-attempts': { up: m011 },
  '015-spec-readings': { up: m015 },
  '017-country-codes': { up: m017 },
  '019-privacy': { up: m019 },
  '021-scale': { up: m021 },
  '023-staff': { up: m023 },
  '025-offline': { up: m025 },
  '027-tables-history': { up: m027 },
  '029-audit-targets': { up: m029 },
  '031-table-sorts': { up: m031 },
  '033-class-members': { up: m033 },
  '035-exam-attempts-due': { up: m035 },
};

// PostgreSQL returns bigint (count(*)) as a string; numeric columns we use are double precision.
pg.types.setTypeParser(20, (v: string) => Number(v));

/** SQLITE_SYNCHRONOUS: `full` (every commit synced), `normal` (none, as before), default `learner`. */
const SQLITE_SYNC = (process.env.SQLITE_SYNCHRONOUS ?? 'learner').toLowerCase();

const isSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;
/** Which engine a handle (or a transaction of it) runs on, for the few statements spelled per engine (dialect.ts). */
export const engineOfDb = (db: Db): Engine => (isSqlite(db) ? 'sqlite' : 'postgres');

/**
 * Group commit for SQLite: the WAL file is fsynced off the event loop (libuv's file pool), and commits
 * that arrive while a sync runs share the next one. better-sqlite3 is synchronous, so a commit with
 * synchronous=FULL held the whole process for the length of an fsync, several milliseconds on a busy disk.
 * A commit made with NORMAL is in the WAL file (the OS's cache) when it returns; once the WAL is synced
 * it survives a power loss too. Frames a checkpoint has already moved into the database file are safe
 * either way: with NORMAL, SQLite syncs the database file at the end of every checkpoint.
 */
class WalSync {
  readonly #file: string;
  #handle: Promise<fs.promises.FileHandle> | undefined;
  #running: Promise<void> | undefined;
  #next: Promise<void> | undefined;
  /** Syncs completed, for tests and metrics. */
  done = 0;
  constructor(dbFile: string) {
    this.#file = `${dbFile}-wal`;
  }
  /** Resolves once everything committed before the call is on disk. */
  sync(): Promise<void> {
    // A sync already running may have begun before this commit was written: wait for the one after it.
    if (!this.#running) return this.#start();
    this.#next ??= this.#running
      .then(
        () => {},
        () => {},
      )
      .then(() => {
        this.#next = undefined;
        return this.#start();
      });
    return this.#next;
  }
  #start(): Promise<void> {
    const run = (async () => {
      this.#handle ??= fs.promises.open(this.#file, 'r');
      try {
        await (await this.#handle).datasync();
      } catch (err) {
        this.#handle = undefined;
        // No WAL file: nothing was ever written through it, every commit is in the synced database file.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
      this.done += 1;
    })();
    this.#running = run;
    const clear = () => {
      if (this.#running === run) this.#running = undefined;
    };
    run.then(clear, clear);
    return run;
  }
  async close() {
    const handle = this.#handle;
    this.#handle = undefined;
    await (await handle?.catch(() => undefined))?.close();
  }
}
const walSyncs = new WeakMap<Db, WalSync>();

/**
 * The store's handle with a plugin added (Kysely's withPlugin makes a new handle on the same
 * connections); the group commit of a SQLite file is found by handle, so it is carried over.
 */
export function withPlugin(db: Db, plugin: KyselyPlugin): Db {
  const out = db.withPlugin(plugin);
  const wal = walSyncs.get(db);
  if (wal) walSyncs.set(out, wal);
  return out;
}

/** How many group-commit syncs this store has completed (SQLite file stores only; else 0). */
export const walSyncCount = (db: Db) => walSyncs.get(db)?.done ?? 0;

/**
 * A transaction whose commit is on disk before it returns (quiz and exam results, completion). On a
 * SQLite file it commits as usual and then waits for the group commit's sync of the WAL (WalSync); for
 * anything else on SQLite its commit runs with synchronous=FULL (the setting cannot change inside a
 * transaction, so the connection is held across it). On PostgreSQL every connection of the app starts
 * with synchronous_commit=on (openStore), so a server, database or role configured with it off for speed
 * still keeps what learners earn, without a statement more in each transaction.
 */
export async function durableTransaction<T>(db: Db, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (!isSqlite(db)) return db.transaction().execute(fn);
  if (SQLITE_SYNC !== 'learner') return db.transaction().execute(fn);
  const wal = walSyncs.get(db);
  if (wal) {
    const result = await db.transaction().execute(fn);
    await wal.sync();
    return result;
  }
  return db.connection().execute(async (conn) => {
    await sql`pragma synchronous = FULL`.execute(conn);
    try {
      return await conn.transaction().execute(fn);
    } finally {
      await sql`pragma synchronous = NORMAL`.execute(conn);
    }
  });
}

/** Puts every commit so far on disk: for a commit found learner-earned after the fact. */
export async function syncNow(db: Db) {
  if (!isSqlite(db) || SQLITE_SYNC !== 'learner') return;
  const wal = walSyncs.get(db);
  if (wal) await wal.sync();
  else await sql`pragma wal_checkpoint(PASSIVE)`.execute(db);
}

export function engineOf(url: string): Engine {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

/** `poolMax`: PostgreSQL connections of this process, else PG_POOL_MAX, else 10. */
export function openStore(url: string, opts: { poolMax?: number } = {}): Store {
  const engine = engineOf(url);
  if (engine === 'postgres') {
    const pool = new pg.Pool({
      connectionString: url,
      max: opts.poolMax ?? (Number(process.env.PG_POOL_MAX) || 10),
      // Also the longest wait for a free connection: a burst of writes to one row queues behind its lock,
      // so this must outlast a busy moment. A stopped database refuses at once and is answered 503 anyway.
      connectionTimeoutMillis: 30_000,
      // Our own connections are recognisable in pg_stat_activity (and by the fault tests).
      application_name: process.env.PGAPPNAME || 'learning-platform',
      // Each commit on disk before it is acknowledged, whatever the server's default: set once when the
      // connection starts (a setting of the start-up message), not by a statement in every transaction.
      // An `options` parameter in DATABASE_URL takes precedence.
      options: '-c synchronous_commit=on',
      // Statements sent together go out together (one-trip.ts); one at a time, it changes nothing.
      pipeline: true,
    });
    // A connection dropped by the server (restart, fail-over, pg_terminate_backend) must not crash the
    // process. The pool's own listener covers idle connections only; one in use emits 'error' on the
    // client too, and the query running on it fails and is answered 503 by the error handler.
    pool.on('error', (err) => logFault('database', err, 'PostgreSQL idle connection lost'));
    pool.on('connect', (client) => {
      client.on('error', (err) => logFault('database', err, 'PostgreSQL connection lost'));
      prepareByName(client);
    });
    const db = new Kysely<Database>({ dialect: new PipelinedPostgresDialect(pool) });
    return { db, engine, pool, close: () => db.destroy() };
  }
  const file = url.replace(/^sqlite:(\/\/)?/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL (WAL's usual setting) may lose the last commits on power loss, never corrupts. What learners
  // earn waits for the WAL's sync by durableTransaction; SQLITE_SYNCHRONOUS=FULL makes every commit sync.
  // The cost of each is measured by `npm run bench`.
  sqlite.pragma(`synchronous = ${SQLITE_SYNC === 'full' ? 'FULL' : 'NORMAL'}`);
  // No synchronous wait for another process's write lock: SQLite's busy handler sleeps on the event loop,
  // so one worker waiting froze every request it held. RetryingSqliteDialect waits asynchronously instead.
  sqlite.pragma('busy_timeout = 0');
  const db = new Kysely<Database>({ dialect: new RetryingSqliteDialect(sqlite, withStatementCache(sqlite)) });
  const wal = file === ':memory:' || SQLITE_SYNC !== 'learner' ? undefined : new WalSync(path.resolve(file));
  if (wal) walSyncs.set(db, wal);
  return {
    db,
    engine,
    sqlite,
    close: async () => {
      await wal?.close();
      await db.destroy();
    },
  };
}

/**
 * PostgreSQL parses and plans every statement it is sent, unless the statement is prepared by name on
 * its connection: then each later run only binds values (planned anew or with a generic plan, as
 * PostgreSQL judges by its cost). For the short statements that make most requests, parsing and
 * planning were most of the database's CPU. Statements with values get a name from their text, and
 * node-postgres prepares each name once per connection. Only the first texts seen get names: a list
 * of values makes a new text for each length, and each name stays prepared on every connection.
 * PG_PREPARE=0 sends every statement unnamed (for a pooler in transaction mode that cannot keep them).
 */
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_MAX = 1000;
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < STATEMENT_NAMES_MAX) {
    name = `lp_${crypto.createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}
function prepareByName(client: pg.PoolClient) {
  if (process.env.PG_PREPARE === '0') return;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    const name =
      typeof text === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined ? statementName(text) : undefined;
    return name ? query({ name, text, values }) : query(text, values, callback);
  }) as typeof client.query;
}

/** How long a statement waits for another process's write lock before its error is answered (503). */
const BUSY_WAIT_MS = 5000;

/**
 * Several worker processes share one SQLite file and take turns at its write lock. A statement refused
 * with SQLITE_BUSY is retried after a short, jittered timer, so the waiting worker keeps serving other
 * requests meanwhile. Retrying is safe only where nothing has run yet: a `begin` (the transaction has not
 * started) or a statement outside a transaction (it either ran whole or not at all); inside a
 * transaction the write lock is already held (`begin immediate`), so BUSY cannot come from another writer.
 */
class RetryingSqliteDialect extends SqliteDialect {
  readonly #raw: SQLite.Database;
  readonly #cached: SQLite.Database;
  constructor(raw: SQLite.Database, cached: SQLite.Database) {
    super({ database: cached });
    this.#raw = raw;
    this.#cached = cached;
  }
  override createDriver(): Driver {
    const raw = this.#raw;
    let wrapped: DatabaseConnection | undefined;
    return new (class extends SqliteDriver {
      override async acquireConnection(): Promise<DatabaseConnection> {
        const inner = await super.acquireConnection();
        wrapped ??= {
          executeQuery: async (query) => {
            const deadline = Date.now() + BUSY_WAIT_MS;
            for (let attempt = 0; ; attempt++) {
              try {
                return await inner.executeQuery(query);
              } catch (err) {
                if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw err;
                // Read after the failure, not before every statement (a native call each): BUSY ends no
                // transaction, so one still open now was open before, and its statement is not retried.
                const retryable = query.sql === 'begin' || !raw.inTransaction;
                if (!retryable) throw err;
                await new Promise((r) => setTimeout(r, Math.min(20, 1 + attempt) * Math.random()));
              }
            }
          },
          streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
        };
        return wrapped;
      }
    })({ database: this.#cached });
  }
}

/**
 * Kysely prepares every query anew; preparing costs about as much as running a small query, so
 * statements are kept by their SQL text. Safe because Kysely runs one query at a time on the
 * connection (a stream holds it until it ends). Bounded: dropped wholesale past 500 texts.
 */
const NO_OP = { reader: false, run: () => ({ changes: 0, lastInsertRowid: 0 }) };

/**
 * SQLite (3.54, as built into better-sqlite3) plans some statements with the values of their `= ?`
 * parameters (one with an ORDER BY, or a join's ON term with a parameter) and then prepares them again
 * whenever a new value is bound: on every run. For the exam's target read that was 100 µs a run
 * instead of 5, and every page read the learner's enrolments that way. `= +?` compares the same value
 * with the same affinity (unary plus changes nothing) and uses the same index, but the plan no longer
 * depends on the value. Kysely writes every equality with a parameter as ` = ?`.
 */
const keptPlan = (text: string) => text.replaceAll(' = ?', ' = +?');

function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (text: string) => {
          // SQLite ends a transaction by itself on some errors (disk full, I/O error); Kysely's rollback
          // would then fail with "cannot rollback - no transaction is active" and hide the real error.
          if (text === 'rollback') return target.inTransaction ? prepare(text) : NO_OP;
          // Several server processes share the file: a transaction takes the write lock when it begins
          // (waiting up to busy_timeout), because one that read first and then wants to write while
          // another process wrote fails at once with SQLITE_BUSY instead of waiting.
          if (text === 'begin') text = 'begin immediate';
          let stmt = cache.get(text);
          if (!stmt) {
            if (cache.size >= 500) cache.clear();
            stmt = prepare(keptPlan(text));
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
