/**
 * Statements sent together give what they give one at a time, on both engines: results in order, a
 * failure that undoes the transaction, a held write that lands with the commit or fails it. On
 * PostgreSQL they also leave in one socket write: what the module is for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ENGINES, migratedStore } from '../testing/harness.ts';
import type { Db, Store } from './database.ts';
import { inOneTrip, withCommit } from './one-trip.ts';
import { recordView } from '../modules/enrollment/enrollment.repository.ts';
import { buildClass, buildLearningCourse, enrollIn } from '../testing/factories.ts';
import type { AppContext } from '../context.ts';

const item = (db: Db, id: string, title = id) =>
  db
    .insertInto('nav_items')
    .values({ id, title, url: '/', key: null, icon: null, cssclass: null, groups: '[]', order: 0, lang: null })
    .compile();
type Write = (...args: unknown[]) => unknown;
const titleOf = async (db: Db, id: string) =>
  (await db.selectFrom('nav_items').select('title').where('id', '=', id).executeTakeFirst())?.title;

describe.each(ENGINES)('statements sent together on %s', (engine) => {
  let store: Store | undefined;
  let close: (() => Promise<void>) | undefined;
  /** Socket writes to PostgreSQL while `fn` runs (0 on SQLite, which has no socket). */
  let writesDuring: (fn: () => Promise<unknown>) => Promise<number>;
  beforeAll(async () => {
    // One connection, so that every statement goes through the socket that is counted.
    const fresh = await migratedStore(engine, { poolMax: 1 });
    if (!fresh) return;
    ({ store, close } = fresh);
    writesDuring = async (fn) => {
      if (!store!.pool) {
        await fn();
        return 0;
      }
      const client = await store!.pool.connect();
      const stream = (client as unknown as { connection: { stream: { _writev: Write; _write: Write } } }).connection.stream;
      client.release();
      let writes = 0;
      const { _writev, _write } = stream;
      stream._writev = function (this: unknown, ...args: unknown[]) {
        writes++;
        return _writev.apply(this, args);
      };
      stream._write = function (this: unknown, ...args: unknown[]) {
        writes++;
        return _write.apply(this, args);
      };
      try {
        await fn();
      } finally {
        Object.assign(stream, { _writev, _write });
      }
      return writes;
    };
  });
  afterAll(() => close?.());

  it('gives each result in order and skips what is not sent, in one write on PostgreSQL', async () => {
    if (!store) return;
    const { db } = store;
    let results: readonly unknown[] = [];
    const writes = await writesDuring(async () => {
      results = await db
        .transaction()
        .execute((trx) =>
          inOneTrip(trx, [
            item(trx, 'trip-a'),
            undefined,
            trx.updateTable('nav_items').set({ title: 'A' }).where('id', '=', 'trip-a').returning(['id', 'title']).compile(),
            trx.selectFrom('nav_items').select('title').where('id', '=', 'trip-a').compile(),
          ]),
        );
    });
    const [inserted, skipped, updated, read] = results as [
      { numAffectedRows?: bigint },
      undefined,
      { rows: unknown[] },
      { rows: unknown[] },
    ];
    expect(Number(inserted.numAffectedRows)).toBe(1);
    expect(skipped).toBeUndefined();
    expect(updated.rows).toEqual([{ id: 'trip-a', title: 'A' }]);
    // The read after the update sees it: the statements ran in order.
    expect(read.rows).toEqual([{ title: 'A' }]);
    expect(await titleOf(db, 'trip-a')).toBe('A');
    // begin and the four statements together, then the commit.
    if (engine === 'postgres') expect(writes).toBe(2);
  });

  it('fails with the first statement that fails, and nothing of the transaction stays', async () => {
    if (!store) return;
    const { db } = store;
    await db.executeQuery(item(db, 'trip-b'));
    await expect(
      db
        .transaction()
        .execute((trx) =>
          inOneTrip(trx, [
            trx.updateTable('nav_items').set({ title: 'changed' }).where('id', '=', 'trip-b').compile(),
            item(trx, 'trip-b'),
            item(trx, 'trip-c'),
          ]),
        ),
    ).rejects.toThrow(/unique|duplicate/i);
    expect(await titleOf(db, 'trip-b')).toBe('trip-b');
    expect(await titleOf(db, 'trip-c')).toBeUndefined();
  });

  it('sends a held write with the commit, and a held write that fails fails the commit', async () => {
    if (!store) return;
    const { db } = store;
    await db.executeQuery(item(db, 'trip-d'));
    const writes = await writesDuring(() =>
      db.transaction().execute(async (trx) => {
        await withCommit(trx, trx.updateTable('nav_items').set({ title: 'D' }).where('id', '=', 'trip-d').compile());
      }),
    );
    expect(await titleOf(db, 'trip-d')).toBe('D');
    // begin, the update and the commit in one write: the transaction read nothing.
    if (engine === 'postgres') expect(writes).toBe(1);

    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('nav_items').set({ title: 'lost' }).where('id', '=', 'trip-d').execute();
        await withCommit(trx, item(trx, 'trip-d'));
      }),
    ).rejects.toThrow(/unique|duplicate/i);
    expect(await titleOf(db, 'trip-d')).toBe('D');
    // The connection is usable after it (the pool has only this one).
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });

  it('runs a write held outside a transaction at once, with nothing to carry it', async () => {
    if (!store) return;
    const { db } = store;
    await db.executeQuery(item(db, 'trip-e'));
    await withCommit(db, db.updateTable('nav_items').set({ title: 'E' }).where('id', '=', 'trip-e').compile());
    expect(await titleOf(db, 'trip-e')).toBe('E');
  });

  it('sends nothing for a transaction that ran no statement, and rolls back one that failed before any', async () => {
    if (!store) return;
    const { db } = store;
    const writes = await writesDuring(async () => {
      expect(await db.transaction().execute(async () => 'empty')).toBe('empty');
      await expect(
        db.transaction().execute(async () => {
          throw new Error('before any statement');
        }),
      ).rejects.toThrow('before any statement');
    });
    if (engine === 'postgres') expect(writes).toBe(0);
  });

  it('takes a learner’s view in two trips: the lock, the views and the course’s views, then the commit', async () => {
    if (!store) return;
    const { db } = store;
    const ctx = { db } as AppContext;
    const { course, lessons, materials } = await buildLearningCourse(ctx);
    const cls = await buildClass(ctx, course);
    const enrollment = await enrollIn(ctx, 'trip-user', cls);
    let update: Awaited<ReturnType<typeof recordView>>;
    const writes = await writesDuring(async () => {
      update = await recordView(db, enrollment, lessons[0], materials.article, '2026-12-01T10:00:00.000Z');
    });
    // One of the course's four required materials (the article, the quiz, the text, the exam).
    expect(update!.percentcomplete).toBe(25);
    expect(update!.lesson.materials).toEqual({ [materials.article]: '2026-12-01T10:00:00.000Z' });
    expect(await recordView(db, 'nobody-trip-class', lessons[0], materials.article)).toBeUndefined();
    expect(await db.selectFrom('lesson_progress').select('lesson').where('enrollmentId', '=', 'nobody-trip-class').execute()).toEqual([]);
    if (engine === 'postgres') expect(writes).toBe(2);
  });
});
