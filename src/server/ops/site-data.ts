/**
 * A whole site's data, table by table, for backups, restores and the move to PostgreSQL: the list of
 * tables and a digest of each (row count and a SHA-256 of its rows, independent of row order and of the
 * engine), so two copies can be compared exactly.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Store } from '../db/database.ts';

/** Kysely's own bookkeeping: written by the migrations on each side, not copied or compared. */
export const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

export async function listTables(store: Store): Promise<string[]> {
  if (store.engine === 'sqlite') {
    const rows = (await sql<{ name: string; sql: string | null }>`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%'`
      .execute(store.db)).rows;
    // A search index (an FTS5 virtual table and its shadow tables) is derived data, rebuilt by its
    // triggers on each engine in its own way (PostgreSQL indexes the users table itself).
    const virtual = rows.filter((r) => /^create virtual table/i.test(r.sql ?? '')).map((r) => r.name);
    const derived = (n: string) => virtual.some((v) => n === v || n.startsWith(`${v}_`));
    return rows.map((r) => r.name).filter((n) => !MIGRATION_TABLES.has(n) && !derived(n)).sort();
  }
  const rows = (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`
    .execute(store.db)).rows;
  return rows.map((r) => r.name).filter((n) => !MIGRATION_TABLES.has(n)).sort();
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
  return JSON.stringify(Object.keys(row).sort().map((k) => [k, norm(row[k])]));
}

export interface TableDigest { rows: number; sha256: string }

export async function tableDigest(store: Store, table: string): Promise<TableDigest> {
  const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(store.db)).rows;
  const texts = rows.map(rowText).sort();
  const hash = crypto.createHash('sha256');
  for (const t of texts) hash.update(t).update('\n');
  return { rows: rows.length, sha256: hash.digest('hex') };
}

export async function siteDigest(store: Store, skip: Set<string> = new Set()): Promise<Record<string, TableDigest>> {
  const out: Record<string, TableDigest> = {};
  for (const t of await listTables(store)) if (!skip.has(t)) out[t] = await tableDigest(store, t);
  return out;
}
