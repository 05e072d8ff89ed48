/**
 * Sign-in throttling through the real server on both engines: an attacker spraying wrong passwords
 * at one account from many addresses is stopped, while the owner, signing in from a browser that
 * signed in before (device cookie), still gets in; without TRUST_PROXY a forged X-Forwarded-For does
 * not make a new address.
 */
import { describe, expect, it } from 'vitest';
import { describeEachEngine } from './testing/harness.ts';
import { buildUser, TEST_PASSWORD } from './testing/factories.ts';
import { clientWith } from './testing/browser-client.ts';
import { parseTrustProxy } from './config.ts';
import { backoffMs } from './throttle.ts';
import { MSG } from '../domain/messages.ts';

describeEachEngine(
  'sign-in throttling behind a trusted proxy',
  (server) => {
    it('an attacker from many addresses is throttled while the owner with the device cookie signs in', async () => {
      const owner = await buildUser(server().ctx);
      const ownerBrowser = clientWith(server(), { 'x-forwarded-for': '203.0.113.7' });
      await ownerBrowser.login(owner.email, TEST_PASSWORD);
      expect(ownerBrowser.cookies.get('device')).toBeTruthy();
      await ownerBrowser.post('/app_users/logout');

      // 40 wrong passwords, each from a new address: no per-address limit applies to any of them.
      const statuses: number[] = [];
      for (let i = 1; i <= 40; i++) {
        const attacker = clientWith(server(), { 'x-forwarded-for': `198.51.100.${i}` });
        statuses.push((await attacker.post('/users/login', { login: owner.email, password: `guess-${i}` })).status);
      }
      // RATE_LIMIT_MAX 10: 20 failures on the account from unknown browsers, then the account backs off.
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
      expect(statuses.slice(-10)).toEqual(Array(10).fill(429));
      // Even the right password from an unknown browser waits now...
      const stranger = clientWith(server(), { 'x-forwarded-for': '198.51.100.200' });
      const refused = await stranger.post('/users/login', { login: owner.email, password: TEST_PASSWORD });
      expect([refused.status, refused.body.error.message]).toEqual([429, MSG.tooManyRequests]);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // ...but the owner's browser, which signed in before, is not held back by the account-wide limit.
      const r = await ownerBrowser.post('/users/login', { login: owner.email, password: TEST_PASSWORD });
      expect(r.status).toBe(200);
      expect(r.body.user._id).toBe(owner.id);
    });

    it("a device cookie is bound to its account; a known browser's failures do not push the account into back-off", async () => {
      const owner = await buildUser(server().ctx);
      const other = await buildUser(server().ctx);
      const browser = clientWith(server(), { 'x-forwarded-for': '203.0.113.20' });
      await browser.login(other.email, TEST_PASSWORD);
      await browser.post('/app_users/logout');
      for (let i = 1; i <= 25; i++) {
        await clientWith(server(), { 'x-forwarded-for': `198.51.100.${100 + i}` }).post('/users/login', {
          login: owner.email,
          password: 'nope',
        });
      }
      // The device cookie of another account does not open this one's back-off.
      expect((await browser.post('/users/login', { login: owner.email, password: TEST_PASSWORD })).status).toBe(429);

      const known = clientWith(server(), { 'x-forwarded-for': '203.0.113.21' });
      const second = await buildUser(server().ctx);
      await known.login(second.email, TEST_PASSWORD);
      await known.post('/app_users/logout');
      // Wrong passwords from the known browser count against the browser and the pair (5 free), not the account.
      const own: number[] = [];
      for (let i = 0; i < 7; i++) own.push((await known.post('/users/login', { login: second.email, password: 'wrong' })).status);
      expect(own.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(own.at(-1)).toBe(429);
      // The account itself was not pushed into back-off by them: a fresh browser elsewhere still signs in.
      const elsewhere = clientWith(server(), { 'x-forwarded-for': '203.0.113.22' });
      expect((await elsewhere.post('/users/login', { login: second.email, password: TEST_PASSWORD })).status).toBe(200);
    });

    it('guesses from one address at one account meet a growing delay', async () => {
      const u = await buildUser(server().ctx);
      const c = clientWith(server(), { 'x-forwarded-for': '192.0.2.50' });
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await c.post('/users/login', { login: u.email, password: 'wrong' })).status);
      // Five free failures, a sixth that starts the back-off, then waiting.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
      expect(backoffMs(1, 60_000)).toBe(2000);
      expect(backoffMs(2, 60_000)).toBe(4000);
      expect(backoffMs(5, 60_000)).toBe(32_000);
      expect(backoffMs(20, 60_000)).toBe(60_000);
    });

    it('records the forwarded client address for the session', async () => {
      const u = await buildUser(server().ctx);
      const c = clientWith(server(), { 'x-forwarded-for': '203.0.113.99' });
      await c.login(u.email, TEST_PASSWORD);
      const list = (await c.post('/app_users/sessions/list')).body.list;
      expect(list[0]).toMatchObject({ ip: '203.0.113.99', place: 'internet' });
    });
  },
  { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_MAX: '10' },
);

describeEachEngine(
  'sign-in throttling without TRUST_PROXY',
  (server) => {
    it('rotating X-Forwarded-For does not escape the per-address limit', async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 12; i++) {
        const c = clientWith(server(), { 'x-forwarded-for': `198.51.100.${i}` });
        statuses.push((await c.post('/users/login', { login: `sprayed-${i}@example.org`, password: 'Password1' })).status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual([429, 429]);
    });

    it('the session records the peer address, not the forged header', async () => {
      const u = await buildUser(server().ctx);
      const c = clientWith(server(), { 'x-forwarded-for': '203.0.113.99' });
      // The previous test filled this minute's window of 127.0.0.1.
      await server().ctx.limiter.clear('login:ip:127.0.0.1');
      await c.login(u.email, TEST_PASSWORD);
      const list = (await c.post('/app_users/sessions/list')).body.list;
      expect(list[0].ip).toBe('127.0.0.1');
    });
  },
  { RATE_LIMIT_MAX: '10' },
);

describeEachEngine(
  'a hop count in TRUST_PROXY',
  (server) => {
    it('believes exactly that many proxies: the client is the address one hop before them', async () => {
      const u = await buildUser(server().ctx);
      const c = clientWith(server(), { 'x-forwarded-for': '192.0.2.1, 203.0.113.5' });
      await c.login(u.email, TEST_PASSWORD);
      const list = (await c.post('/app_users/sessions/list')).body.list;
      // One hop (the load balancer at 127.0.0.1): its rightmost entry is the client; the forged left one is ignored.
      expect(list[0].ip).toBe('203.0.113.5');
    });
  },
  { TRUST_PROXY: '1' },
);

describe('TRUST_PROXY setting', () => {
  it('is none by default, a hop count, or addresses and CIDR ranges; anything else stops the start', () => {
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    for (const bad of ['true', '0', '999.1.1.1', '10.0.0.0/33', 'loadbalancer', '10.0.0.1/8/1'])
      expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
  });
});
