/**
 * A burst of sign-ins larger than the password pool's queue: the overflow gets 503 with Retry-After and
 * the translated-by-key message, never a 500 or a hang, and requests that need no hashing are served
 * beside it. The pool is made tiny (one thread, the smallest queue) for this file only.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../testing/harness.ts';
import { buildUser, TEST_PASSWORD } from '../testing/factories.ts';
import { closePasswordPool } from './passwords.ts';
import { MSG } from '../../domain/messages.ts';

const saved = { threads: process.env.PASSWORD_THREADS, queue: process.env.PASSWORD_QUEUE_PER_THREAD };
beforeAll(async () => {
  await closePasswordPool();
  process.env.PASSWORD_THREADS = '1';
  process.env.PASSWORD_QUEUE_PER_THREAD = '1';
});
afterAll(async () => {
  await closePasswordPool();
  for (const [k, v] of [
    ['PASSWORD_THREADS', saved.threads],
    ['PASSWORD_QUEUE_PER_THREAD', saved.queue],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describeEachEngine(
  'sign-in burst beyond the password pool',
  (server) => {
    it('queues what fits, answers the rest 503 with Retry-After, and keeps serving other requests', async () => {
      const u = await buildUser(server().ctx);
      const burst = Array.from({ length: 60 }, () => server().client().post('/users/login', { login: u.email, password: TEST_PASSWORD }));
      const others = Array.from({ length: 10 }, () => server().client().get('/app_users/whoami'));
      const [logins, pages] = await Promise.all([Promise.all(burst), Promise.all(others)]);
      const busy = logins.filter((r) => r.status === 503);
      expect(logins.every((r) => r.status === 200 || r.status === 503)).toBe(true);
      expect(logins.some((r) => r.status === 200)).toBe(true);
      expect(busy.length).toBeGreaterThan(0);
      for (const r of busy) {
        expect(r.body).toEqual({ error: { message: MSG.signInBusy } });
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(pages.every((r) => r.status === 200)).toBe(true);
      // Once the burst has drained, the same sign-in works.
      expect((await server().client().post('/users/login', { login: u.email, password: TEST_PASSWORD })).status).toBe(200);
    });
  },
  { RATE_LIMIT_MAX: '100000' },
);
