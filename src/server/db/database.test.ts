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
