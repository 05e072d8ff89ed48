/**
 * A whole site's data, table by table, for backups, restores and the move to PostgreSQL: the list of
 * tables and a digest of each (row count and the sum of its rows' SHA-256 digests, independent of row
 * order and of the engine), so two copies can be compared exactly.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Store } from '../db/database.ts';

/** Kysely's own bookkeeping: written by the migrations on each side, not copied or compared. */
export const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

export async function listTables(store: Store): Promise<string[]> {
  if (store.engine === 'sqlite') {
    const rows = (
      await sql<{
        name: string;
        sql: string | null;
      }>`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(store.db)
    ).rows;
    // A search index (an FTS5 virtual table and its shadow tables) is derived data, rebuilt by its
    // triggers on each engine in its own way (PostgreSQL indexes the users table itself).
    const virtual = rows.filter((r) => /^create virtual table/i.test(r.sql ?? '')).map((r) => r.name);
    const derived = (n: string) => virtual.some((v) => n === v || n.startsWith(`${v}_`));
    return rows
      .map((r) => r.name)
      .filter((n) => !MIGRATION_TABLES.has(n) && !derived(n))
      .sort();
  }
  const rows = (
    await sql<{
      name: string;
    }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
      store.db,
    )
  ).rows;
  return rows
    .map((r) => r.name)
    .filter((n) => !MIGRATION_TABLES.has(n))
    .sort();
}

/** One value as the same text on both engines (bytes as base64, numbers by value). */
function norm(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Uint8Array) return `b64:${Buffer.from(v).toString('base64')}`;
  if (typeof v === 'number' || typeof v === 'bigint') return `n:${String(Number(v))}`;
  if (v instanceof Date) return v.toISOString();
  return v;
}

export function rowText(row: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(row)
      .sort()
      .map((k) => [k, norm(row[k])]),
  );
}

export interface TableDigest {
  rows: number;
  sha256: string;
}

/** Rows fetched at a time from PostgreSQL: memory stays flat whatever the table's size. */
const FETCH_ROWS = 5000;
const MOD = 1n << 256n;

/**
 * Sums rows' SHA-256 digests modulo 2^256: the total does not depend on the order rows come in, so
 * each side can be read as it is stored (no sort, nothing held in memory), and any row added, lost or
 * changed changes it.
 */
class RowSum {
  rows = 0;
  private sum = 0n;
  add(row: Record<string, unknown>) {
    this.rows += 1;
    this.sum = (this.sum + BigInt(`0x${crypto.createHash('sha256').update(rowText(row)).digest('hex')}`)) % MOD;
  }
  digest(): TableDigest {
    return { rows: this.rows, sha256: this.sum.toString(16).padStart(64, '0') };
  }
}

/**
 * Every table's digest, read in one consistent snapshot. A site of millions of rows (`seed:large`) is
 * read a batch at a time: SQLite by iterating a statement (synchronously, so nothing else uses the
 * connection meanwhile), PostgreSQL through a cursor in a repeatable-read transaction.
 */
export async function siteDigest(store: Store, skip: Set<string> = new Set()): Promise<Record<string, TableDigest>> {
  const tables = (await listTables(store)).filter((t) => !skip.has(t));
  const out: Record<string, TableDigest> = {};
  if (store.engine === 'sqlite') {
    const raw = store.sqlite!;
    raw.transaction(() => {
      for (const t of tables) {
        const sum = new RowSum();
        for (const row of raw.prepare(`select * from "${t.replace(/"/g, '""')}"`).iterate() as Iterable<Record<string, unknown>>)
          sum.add(row);
        out[t] = sum.digest();
      }
    })();
    return out;
  }
  await store.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      for (const t of tables) {
        const sum = new RowSum();
        await sql`declare digest_rows no scroll cursor for select * from ${sql.table(t)}`.execute(trx);
        for (;;) {
          const { rows } = await sql<Record<string, unknown>>`fetch forward ${sql.lit(FETCH_ROWS)} from digest_rows`.execute(trx);
          for (const row of rows) sum.add(row);
          if (rows.length < FETCH_ROWS) break;
        }
        await sql`close digest_rows`.execute(trx);
        out[t] = sum.digest();
      }
    });
  return out;
}
