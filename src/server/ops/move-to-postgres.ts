/**
 * Copies a whole SQLite site into an empty PostgreSQL database: the schema comes from the same
 * migrations the server runs, then every table is copied in batches in one transaction (all or
 * nothing), then both sides are compared table by table (row counts and SHA-256 digests).
 */
import { sql } from 'kysely';
import { engineOf, migrate, openStore } from '../db/database.ts';
import { listTables, siteDigest, type TableDigest } from './site-data.ts';

export interface MoveReport {
  tables: Record<string, TableDigest>;
  skipped: string[];
}

export async function moveToPostgres(
  sqliteUrl: string,
  pgUrl: string,
  opts: { withSessions?: boolean; log?: (line: string) => void } = {},
): Promise<MoveReport> {
  const log = opts.log ?? (() => {});
  if (engineOf(sqliteUrl) !== 'sqlite') throw new Error(`The source must be a SQLite site (DATABASE_URL is ${sqliteUrl})`);
  if (engineOf(pgUrl) !== 'postgres') throw new Error('The target must be a postgres:// address');
  const source = openStore(sqliteUrl);
  const target = openStore(pgUrl);
  try {
    const existing = await listTables(target);
    if (existing.length > 0)
      throw new Error(`The target database is not empty (it has ${existing.join(', ')}). Use a new, empty database.`);
    // The source is brought to the latest schema first, so both sides have the same tables and columns.
    await migrate(source);
    await migrate(target);
    const skip = new Set(opts.withSessions ? [] : ['sessions']);
    const tables = (await listTables(source)).filter((t) => !skip.has(t));
    const targetTables = new Set(await listTables(target));
    const raw = source.sqlite!;
    await target.db.transaction().execute(async (trx) => {
      for (const table of tables) {
        if (!targetTables.has(table)) throw new Error(`Table ${table} exists in the SQLite site only`);
        const columns = (raw.prepare(`select name from pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => c.name);
        // PostgreSQL takes at most 65,535 parameters in one statement.
        const batch = Math.max(1, Math.floor(30_000 / columns.length));
        // Rows the migrations wrote (generated secrets, defaults) give way to the site's own.
        await trx.deleteFrom(table as never).execute();
        let rows: Record<string, unknown>[] = [];
        let copied = 0;
        const flush = async () => {
          if (rows.length === 0) return;
          await trx
            .insertInto(table as never)
            .values(rows as never)
            .execute();
          copied += rows.length;
          rows = [];
        };
        for (const row of raw.prepare(`select * from "${table.replace(/"/g, '""')}"`).iterate() as Iterable<Record<string, unknown>>) {
          rows.push(row);
          if (rows.length >= batch) await flush();
        }
        await flush();
        log(`  ${table}: ${copied} rows`);
      }
      // Any identity or serial column's sequence continues after the copied ids.
      const seqs = await sql<{ tbl: string; col: string; seq: string }>`
        select c.relname as tbl, a.attname as col, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as seq
        from pg_class c join pg_attribute a on a.attrelid = c.oid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
          and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`.execute(trx);
      for (const s of seqs.rows) {
        await sql`select setval(${s.seq}, coalesce((select max(${sql.ref(s.col)}) from ${sql.table(s.tbl)}), 0) + 1, false)`.execute(trx);
      }
    });
    log('Comparing both sides...');
    const [from, to] = [await siteDigest(source, skip), await siteDigest(target, skip)];
    const differ = Object.keys(from).filter((t) => from[t]!.rows !== to[t]?.rows || from[t]!.sha256 !== to[t]?.sha256);
    if (differ.length) throw new Error(`The copy differs from the source in: ${differ.join(', ')}`);
    return { tables: to, skipped: [...skip] };
  } finally {
    await source.close();
    await target.close();
  }
}
