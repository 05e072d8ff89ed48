/**
 * Two connections to one SQLite file stand for two worker processes. The one that finds the write lock
 * taken waits for it without freezing its event loop, and every write of both arrives.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migrate, openStore, type Store } from './database.ts';
import { accountRow } from '../testing/factories.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-busy-'));
const url = `sqlite:${path.join(dir, 'app.db')}`;
const stores: Store[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('waits for another writer asynchronously and loses no write', async () => {
  const a = openStore(url);
  stores.push(a);
  await migrate(a);
  const b = openStore(url);
  stores.push(b);

  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => {
    locked = r;
  });
  // A holds the write lock across an await, as a transaction does while its route works.
  const first = a.db.transaction().execute(async (trx) => {
    await trx.insertInto('users').values(accountRow('a1')).execute();
    locked();
    await held;
    await trx.insertInto('users').values(accountRow('a2')).execute();
  });
  await isLocked;
  // B writes outside a transaction and in one, both while A holds the lock.
  const single = b.db.insertInto('users').values(accountRow('b1')).execute();
  const inTrx = b.db.transaction().execute((trx) => trx.insertInto('users').values(accountRow('b2')).execute());
  // A timer still fires while B waits: its event loop is not frozen by the wait.
  const ticked = await new Promise<boolean>((r) => setTimeout(() => r(true), 30));
  expect(ticked).toBe(true);
  release();
  await Promise.all([first, single, inTrx]);
  const ids = (await a.db.selectFrom('users').select('id').where('id', 'in', ['a1', 'a2', 'b1', 'b2']).execute()).map((r) => r.id).sort();
  expect(ids).toEqual(['a1', 'a2', 'b1', 'b2']);
});
