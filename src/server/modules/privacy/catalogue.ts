/**
 * The live schema, read from each engine's own catalogue: every table and its columns. The eraser uses
 * it to find tables keyed to a user that it does not know by name (tables added after it was written),
 * and the deletion test uses it to scan every column for personal data.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Engine } from '../../db/dialect.ts';

export interface TableColumns {
  table: string;
  columns: string[];
}

/**
 * Tables of a person's records that both the export and the eraser read by name; each adds its own, and
 * any other table keyed to the user is found through the live schema.
 */
export const ACCOUNT_TABLES = [
  'users',
  'sessions',
  'enrollments',
  'lesson_progress',
  'material_views',
  'quiz_attempts',
  'comments',
  'replies',
  'survey_responses',
  'classes',
  'audit_log',
  'data_exports',
  'account_deletions',
  'retention_warnings',
  'sent_mail',
  'exam_attempts',
];

/** Column names that tie a row of another table to a user (by id). */
export const USER_ID_COLUMNS = new Set(['user', 'userId', 'userid', 'user_id', 'owner', 'ownerId', 'author', 'accountId']);

/** Kysely's own bookkeeping tables hold no personal data. */
const INTERNAL = /^(kysely_|sqlite_)/;

export async function liveSchema(db: Db, engine: Engine): Promise<TableColumns[]> {
  if (engine === 'postgres') {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() order by table_name, ordinal_position`.execute(db);
    const byTable = new Map<string, string[]>();
    for (const r of rows) {
      if (INTERNAL.test(r.table_name)) continue;
      byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
    }
    return [...byTable].map(([table, columns]) => ({ table, columns }));
  }
  const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
  const out: TableColumns[] = [];
  for (const { name } of tables) {
    if (INTERNAL.test(name)) continue;
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
    out.push({ table: name, columns: rows.map((r) => r.name) });
  }
  return out;
}
