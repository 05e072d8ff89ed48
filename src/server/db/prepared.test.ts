/** Queries compiled once run with each call's values, in and out of transactions, on both engines. */
import { expect, it } from 'vitest';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { describeEachEngine } from '../testing/harness.ts';
import { prepared } from './prepared.ts';
import type { Db } from './database.ts';

const byPrefix = prepared((db: Db, v: { prefix: string; after: string }) =>
  db
    .selectFrom('nav_items')
    .select(['id'])
    .where('id', 'like', v.prefix)
    // A value used twice and a constant of the query's own: both stay where they belong.
    .where((eb) => eb.or([eb('id', '>', v.after), eb('id', '=', v.after)]))
    .where('id', '!=', 'never-an-item')
    .orderBy('id'),
);

const rename = prepared((db: Db, v: { id: string; name: string }) =>
  db.updateTable('nav_items').set({ title: v.name }).where('id', '=', v.id).returning(['id', 'title']),
);

describeEachEngine('prepared queries', (server) => {
  const insert = (db: Db, id: string) =>
    db
      .insertInto('nav_items')
      .values({ id, title: id, url: '/', key: null, icon: null, cssclass: null, groups: '[]', order: 0, lang: null })
      .execute();

  it('give the rows for each call’s values, not the first call’s', async () => {
    const { db } = server().ctx;
    for (const id of ['prep-a1', 'prep-a2', 'prep-b1']) await insert(db, id);
    expect((await byPrefix(db, { prefix: 'prep-a%', after: 'prep-a1' })).rows.map((r) => r.id)).toEqual(['prep-a1', 'prep-a2']);
    expect((await byPrefix(db, { prefix: 'prep-a%', after: 'prep-a2' })).rows.map((r) => r.id)).toEqual(['prep-a2']);
    expect((await byPrefix(db, { prefix: 'prep-b%', after: 'prep-' })).rows.map((r) => r.id)).toEqual(['prep-b1']);
    expect((await byPrefix(db, { prefix: 'none%', after: '' })).rows).toEqual([]);
  });

  it('write inside a transaction, and the write is undone with it', async () => {
    const { db } = server().ctx;
    await insert(db, 'prep-t1');
    await expect(
      db.transaction().execute(async (trx) => {
        expect((await rename(trx, { id: 'prep-t1', name: 'Renamed' })).rows).toEqual([{ id: 'prep-t1', title: 'Renamed' }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await db.selectFrom('nav_items').select('title').where('id', '=', 'prep-t1').executeTakeFirstOrThrow()).title).toBe('prep-t1');
    expect((await rename(db, { id: 'prep-t1', name: 'Kept' })).rows).toEqual([{ id: 'prep-t1', title: 'Kept' }]);
  });

  it('show every run to the handle’s plugins, each as a query of its own', async () => {
    const { db } = server().ctx;
    await insert(db, 'prep-p1');
    const seen: { kind: string; id: object }[] = [];
    const watch: KyselyPlugin = {
      transformQuery: ({ node, queryId }): RootOperationNode => {
        seen.push({ kind: node.kind, id: queryId });
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const watched = db.withPlugin(watch);
    await rename(watched, { id: 'prep-p1', name: 'One' });
    await rename(watched, { id: 'prep-p1', name: 'Two' });
    const updates = seen.filter((s) => s.kind === 'UpdateQueryNode');
    expect(updates.length).toBeGreaterThanOrEqual(2);
    expect(new Set(updates.map((s) => s.id)).size).toBe(updates.length);
  });
});
