/** Migrations run at start-up on both engines, create every entity's table, and are safe to run again. */
import { expect, it } from 'vitest';
import { describeEachEngine } from '../testing/harness.ts';
import { migrate } from './database.ts';
import { sql } from 'kysely';

const TABLES = [
  'users',
  'sessions',
  'site_config',
  'localization',
  'nav_items',
  'content',
  'courses',
  'classes',
  'enrollments',
  'lesson_progress',
  'material_views',
  'lessons',
  'materials',
  'comments',
  'replies',
  'files',
  'surveys',
  'survey_responses',
];

describeEachEngine('migrations', (server) => {
  it('create a table for every entity of spec section 3', async () => {
    const { ctx } = server();
    const tables = await ctx.db.introspection.getTables();
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(TABLES));
  });

  it('run again without doing anything', async () => {
    expect(await migrate(server().ctx.store)).toEqual([]);
  });

  it('store files as bytes and give them back unchanged', async () => {
    const { ctx } = server();
    const bytes = Buffer.from([0, 1, 2, 250, 255, 10, 13]);
    await ctx.db
      .insertInto('files')
      .values({
        filename: 'x.bin',
        title: null,
        context: 't',
        mtime: 'now',
        ctime: 'now',
        mime: 'application/octet-stream',
        size: bytes.length,
        etag: 'e',
        thefile: bytes,
      })
      .execute();
    const row = await ctx.db.selectFrom('files').select('thefile').where('filename', '=', 'x.bin').executeTakeFirstOrThrow();
    expect(Buffer.from(row.thefile).equals(bytes)).toBe(true);
    const n = await sql<{ n: number }>`select count(*) as n from files`.execute(ctx.db);
    expect(Number(n.rows[0].n)).toBe(1);
  });

  it('compare and set values of every kind as given, however SQLite is told to plan the statement', async () => {
    const { ctx, engine } = server();
    const bytes = Buffer.from([0, 255, 7]);
    const file = (filename: string) =>
      ({
        filename,
        title: null,
        context: 't',
        mtime: 'now',
        ctime: 'now',
        mime: 'text/plain',
        size: 1,
        etag: 'e',
        thefile: bytes,
      }) as const;
    await ctx.db
      .insertInto('files')
      .values([file('plain-a.txt'), file('plain-b.txt')])
      .execute();
    await ctx.db
      .updateTable('files')
      .set({ title: null, size: 3, etag: 'changed', thefile: Buffer.from([9]) })
      .where('filename', '=', 'plain-b.txt')
      .execute();
    const rows = await ctx.db
      .selectFrom('files')
      .selectAll()
      .where('context', '=', 't')
      .where('mime', '=', 'text/plain')
      .orderBy('filename')
      .execute();
    expect(rows.map((r) => [r.filename, r.title, Number(r.size), r.etag, [...Buffer.from(r.thefile)]])).toEqual([
      ['plain-a.txt', null, 1, 'e', [0, 255, 7]],
      ['plain-b.txt', null, 3, 'changed', [9]],
    ]);
    if (engine === 'sqlite') {
      // A text given for a number column is compared as the column's number, as a bare parameter is.
      const found = await ctx.db
        .selectFrom('files')
        .select('filename')
        .where('size', '=', '3' as unknown as number)
        .execute();
      expect(found).toEqual([{ filename: 'plain-b.txt' }]);
    }
  });

  it('prepare a statement with values once per connection on PostgreSQL, and run it with new values', async () => {
    const { ctx, engine } = server();
    if (engine !== 'postgres') return;
    await ctx.db.connection().execute(async (conn) => {
      const titles: string[] = [];
      for (const id of ['prep-x', 'prep-y']) {
        const row = await conn.selectNoFrom(sql<string>`cast(${id} as text)`.as('id')).executeTakeFirstOrThrow();
        titles.push(row.id);
      }
      expect(titles).toEqual(['prep-x', 'prep-y']);
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn);
      expect(prepared.rows.map((r) => r.statement)).toContain('select cast($1 as text) as "id"');
    });
  });
});
