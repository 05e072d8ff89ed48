/**
 * With REDIS_URL, sessions, rate limits and cache invalidation live in Redis: tested against the real
 * Redis server on loopback (skipped locally when none runs, required under CI).
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis } from './redis.ts';
import { RedisSessionStore } from './sessions.ts';
import { RedisRateLimiter } from './rate-limit.ts';
import { redisInvalidation } from './invalidation.ts';
import { startTestServer } from '../testing/harness.ts';
import { buildUser, TEST_PASSWORD } from '../testing/factories.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const reachable = await new Promise<boolean>((resolve) => {
  const u = new URL(REDIS_URL);
  const s = net.connect(Number(u.port || 6379), u.hostname);
  s.once('connect', () => { s.destroy(); resolve(true); });
  s.once('error', () => resolve(false));
});
if (!reachable && process.env.CI) throw new Error(`Redis is not reachable at ${REDIS_URL}; CI needs it`);

describe.skipIf(!reachable)('Redis adapters', () => {
  const prefix = `lp-test-${crypto.randomBytes(4).toString('hex')}:`;
  const redis = reachable ? connectRedis(REDIS_URL) : null!;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('session store: create, resolve, revoke one, revoke all but one', async () => {
    const store = new RedisSessionStore(redis, prefix);
    const a = await store.create('user-1');
    const b = await store.create('user-1');
    const c = await store.create('user-1');
    expect(await store.userIdOf(a)).toBe('user-1');
    await store.destroy(a);
    expect(await store.userIdOf(a)).toBeNull();
    await store.destroyAllForUser('user-1', c);
    expect(await store.userIdOf(b)).toBeNull();
    expect(await store.userIdOf(c)).toBe('user-1');
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
    const heard = new Promise<void>((resolve) => b.subscribe('site', resolve));
    await new Promise((r) => setTimeout(r, 100)); // let SUBSCRIBE settle
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
