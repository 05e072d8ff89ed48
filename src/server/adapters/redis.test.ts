/**
 * With REDIS_URL, sessions, rate limits and cache invalidation live in Redis: tested against the real
 * Redis server on loopback (skipped locally when none runs, required under CI).
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, readyWithin } from './redis.ts';
import { RedisSessionStore } from './sessions.ts';
import { RedisRateLimiter } from './rate-limit.ts';
import { redisInvalidation } from './invalidation.ts';
import { startTestServer } from '../testing/harness.ts';
import { buildUser, TEST_PASSWORD } from '../testing/factories.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const reachable = await new Promise<boolean>((resolve) => {
  const u = new URL(REDIS_URL);
  const s = net.connect(Number(u.port || 6379), u.hostname);
  s.once('connect', () => {
    s.destroy();
    resolve(true);
  });
  s.once('error', () => resolve(false));
});
if (!reachable && process.env.CI) throw new Error(`Redis is not reachable at ${REDIS_URL}; CI needs it`);

describe.skipIf(!reachable)('Redis adapters', () => {
  const prefix = `lp-test-${crypto.randomBytes(4).toString('hex')}:`;
  const redis = reachable ? connectRedis(REDIS_URL) : null!;
  // Commands fail at once while the client is not connected (no offline queue), so wait for it.
  beforeAll(async () => {
    expect(await readyWithin(redis, 5000)).toBe(true);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('session store: create, resolve, list, revoke one, revoke all but one', async () => {
    const store = new RedisSessionStore(redis, prefix);
    const meta = { useragent: 'Firefox/121.0', ip: '127.0.0.1' };
    const at = Date.now();
    const a = await store.create('user-1', meta, at, 60_000);
    const b = await store.create('user-1', meta, at + 1, 60_000);
    const c = await store.create('user-1', meta, at + 2, 60_000);
    expect(await store.lookup(a)).toMatchObject({
      userId: 'user-1',
      created: at,
      lastseen: at,
      useragent: 'Firefox/121.0',
      ip: '127.0.0.1',
    });
    await store.touch((await store.lookup(a))!.id, at + 500);
    expect((await store.lookup(a))!.lastseen).toBe(at + 500);
    expect((await store.list('user-1')).map((s) => s.created).sort()).toEqual([at, at + 1, at + 2]);
    await store.destroy(a);
    expect(await store.lookup(a)).toBeNull();
    expect(await store.destroyById('user-2', (await store.lookup(b))!.id)).toBe(false);
    await store.destroyAllForUser('user-1', c);
    expect(await store.lookup(b)).toBeNull();
    expect((await store.lookup(c))?.userId).toBe('user-1');
    expect(await store.destroyById('user-1', (await store.lookup(c))!.id)).toBe(true);
    expect(await store.list('user-1')).toEqual([]);
    // Only a hash of the token is stored.
    expect(await redis.keys(`${prefix}sess:${c}`)).toEqual([]);
  });

  it('rate limiter: allows max hits per window, then refuses', async () => {
    const limiter = new RedisRateLimiter(redis, prefix);
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await limiter.hit('k', 3, 60_000));
    expect(results).toEqual([true, true, true, false, false]);
  });

  it('invalidation reaches another subscriber', async () => {
    const pub = connectRedis(REDIS_URL);
    const sub1 = connectRedis(REDIS_URL);
    const sub2 = connectRedis(REDIS_URL);
    const a = redisInvalidation(pub, sub1);
    const b = redisInvalidation(pub, sub2);
    await Promise.all([pub, sub1, sub2].map((r) => readyWithin(r, 5000)));
    await new Promise((r) => setTimeout(r, 100)); // let SUBSCRIBE settle
    const heard = new Promise<void>((resolve) => b.subscribe('site', resolve));
    await a.publish('site');
    await heard;
    await a.close();
    await b.close();
    await pub.quit();
  });

  it('the server keeps sessions in Redis: login, whoami, logout', async () => {
    const server = await startTestServer('sqlite', { REDIS_URL });
    try {
      const u = await buildUser(server.ctx);
      const c = server.client();
      await c.login(u.email, TEST_PASSWORD);
      expect((await c.get('/app_users/whoami')).body.user._id).toBe(u.id);
      expect(await server.ctx.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
      await c.post('/app_users/logout');
      expect((await c.get('/app_users/whoami')).body.user).toBeNull();
    } finally {
      await server.stop();
    }
  });
});
