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
});
