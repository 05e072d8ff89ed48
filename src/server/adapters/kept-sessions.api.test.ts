/**
 * Sessions kept between requests by the database store, on both engines: honoured only while nothing
 * about them has changed. Two processes over one store and one bus (as the cluster primary or Redis
 * relays it) see each other's sign-outs, suspensions and role changes at once; through the real server,
 * a kept session is read again before its last activity ends or touches it.
 */
import { describe, expect, it } from 'vitest';
import { DbSessionStore, hashToken } from './sessions.ts';
import { memoryInvalidation } from './invalidation.ts';
import { withPlugin } from '../db/database.ts';
import { Figures } from '../modules/reports/figures.ts';
import { ENGINES, describeEachEngine, migratedStore } from '../testing/harness.ts';
import { accountRow, asRoles, signedInUser } from '../testing/factories.ts';

const DAY = 24 * 3_600_000;

describe.each(ENGINES)('kept sessions in two processes [%s]', (engine) => {
  it("a sign-out, a suspension or a role change in one process is honoured by the other's next read", async () => {
    const m = await migratedStore(engine);
    if (!m) return;
    const bus = memoryInvalidation();
    const [figuresA, figuresB] = [new Figures(bus), new Figures(bus)];
    const dbA = withPlugin(m.store.db, figuresA.plugin());
    const dbB = withPlugin(m.store.db, figuresB.plugin());
    const [a, b] = [new DbSessionStore(dbA, figuresA), new DbSessionStore(dbB, figuresB)];
    try {
      const now = Date.now();
      await dbA
        .insertInto('users')
        .values([accountRow('u1'), accountRow('u2')])
        .execute();
      const t1 = await a.create('u1', { useragent: 'test', ip: '127.0.0.1' }, now, DAY);
      const t2 = await a.create('u2', { useragent: 'test', ip: '127.0.0.1' }, now, DAY);

      // Read once, then kept: the second read is the kept one.
      expect((await b.lookup(t1))?.kept).toBe(false);
      expect(await b.lookup(t1)).toMatchObject({ userId: 'u1', kept: true, user: { roles: '[]' } });
      // Last activity written elsewhere is no change to what a kept session is used for.
      await dbA.updateTable('users').set({ lastseen: new Date().toISOString() }).where('id', '=', 'u1').execute();
      await a.touch(hashToken(t1), Date.now());
      expect((await b.lookup(t1))?.kept).toBe(true);

      await dbA
        .updateTable('users')
        .set({ roles: asRoles('cms') })
        .where('id', '=', 'u1')
        .execute();
      expect(await b.lookup(t1)).toMatchObject({ kept: false, user: { roles: '["cms"]' } });
      await dbA.updateTable('users').set({ suspended: 1 }).where('id', '=', 'u1').execute();
      expect((await b.lookup(t1))?.user).toMatchObject({ suspended: 1 });

      expect((await b.lookup(t2))?.userId).toBe('u2');
      await a.destroy(t2);
      expect(await b.lookup(t2)).toBeNull();
      // A token that finds nothing is not kept: a session made later under it would be found.
      expect(await b.lookup('no-such-token')).toBeNull();
    } finally {
      figuresA.close();
      figuresB.close();
      await m.close();
    }
  });
});

describeEachEngine('kept sessions through the server', (server) => {
  it('reads a kept session again before its last activity would end it, and ends it only when the store agrees', async () => {
    const { ctx } = server();
    const { user, client } = await signedInUser(server());
    const whoami = async () => (await client.get('/app_users/whoami')).body.user?._id ?? null;
    try {
      expect(await whoami()).toBe(user.id);
      // Another process saw the learner later (its touch does not drop this process's copy): by the kept
      // copy the session is idle past its 14 days, by the store it is not.
      const token = client.cookies.get('sid')!;
      ctx.clock.advance(15 * DAY);
      await ctx.store.db
        .updateTable('sessions')
        .set({ lastseen: new Date(ctx.clock.now() - DAY).toISOString() })
        .where('id', '=', hashToken(token))
        .execute();
      expect(await whoami()).toBe(user.id);
      // Idle by the store too: ended.
      ctx.clock.advance(15 * DAY);
      expect(await whoami()).toBeNull();
    } finally {
      ctx.clock.reset();
    }
  });

  it('a role given by an admin counts from the next request, and a suspension ends the session at once', async () => {
    const admin = await signedInUser(server(), { roles: asRoles('admin') });
    const { user, client } = await signedInUser(server());
    const me = async () => (await client.get('/app_users/whoami')).body.user;
    // Read twice: the second answer comes from the kept session.
    expect((await me()).isEditor).toBeFalsy();
    expect((await me()).isEditor).toBeFalsy();
    expect((await admin.client.post('/app_users/save', { _id: user.id, roles: ['cms'] })).status).toBe(200);
    expect((await me()).isEditor).toBe(true);
    expect((await admin.client.post('/app_users/bulk', { action: 'suspend', selection: { ids: [user.id] } })).status).toBe(200);
    expect(await me()).toBeNull();
  });
});
