/**
 * Sessions through the real server on both engines and both session stores (table, Redis): idle and
 * absolute lifetimes by the app's clock (moved forward by the test), the account's Sessions list and
 * ending sessions, admins ending a user's sessions (audited), cookies in production, and no-store on
 * every personal response.
 */
import crypto from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { connectRedis, readyWithin } from '../../adapters/redis.ts';
import { APP_REQUEST_HEADER, APP_REQUEST_VALUE } from '../../../domain/constants.ts';
import { describeEachEngine, startTestServer, type TestServer } from '../../testing/harness.ts';
import { asRoles, buildUser, TEST_PASSWORD } from '../../testing/factories.ts';
import { clientWith, CHROME_ANDROID, FIREFOX } from '../../testing/browser-client.ts';
import { MSG } from '../../../domain/messages.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function signedIn(server: TestServer, roles: string[] = [], ua = FIREFOX) {
  const u = await buildUser(server.ctx, { roles: asRoles(...roles) });
  const c = clientWith(server, { 'user-agent': ua });
  await c.login(u.email, TEST_PASSWORD);
  return { u, c };
}
const whoamiId = async (c: { get(url: string): Promise<{ body: any }> }) => (await c.get('/app_users/whoami')).body.user?._id ?? null;

function lifetimes(server: () => TestServer) {
  afterEach(() => server().ctx.clock.reset());

  it('a session idle longer than 14 days ends; one in use lives on until 90 days', async () => {
    const idle = await signedIn(server());
    const used = await signedIn(server());
    server().ctx.clock.advance(13 * DAY);
    expect(await whoamiId(used.c)).toBe(used.u.id);
    server().ctx.clock.advance(13 * DAY);
    expect(await whoamiId(idle.c)).toBeNull();
    // 26 days in, last seen 13 days ago: still within the idle limit.
    expect(await whoamiId(used.c)).toBe(used.u.id);
    for (let day = 26; day < 89; day += 7) {
      server().ctx.clock.advance(7 * DAY);
      expect(await whoamiId(used.c)).toBe(used.u.id);
    }
    server().ctx.clock.advance(2 * DAY);
    expect(await whoamiId(used.c)).toBeNull();
    // Ended for good: the store no longer has it, even with the clock set back.
    server().ctx.clock.reset();
    expect(await whoamiId(used.c)).toBeNull();
  });

  it('admins get shorter limits: 1 day idle, 7 days at most', async () => {
    const a = await signedIn(server(), ['admin']);
    server().ctx.clock.advance(25 * HOUR);
    expect(await whoamiId(a.c)).toBeNull();
    const b = await signedIn(server(), ['admin']);
    for (let i = 0; i < 7; i++) {
      server().ctx.clock.advance(23 * HOUR);
      expect(await whoamiId(b.c)).toBe(b.u.id);
    }
    server().ctx.clock.advance(23 * HOUR);
    expect(await whoamiId(b.c)).toBeNull();
  });

  it('the limits are admin settings (audited), applied to existing sessions', async () => {
    const admin = await signedIn(server(), ['admin']);
    const learner = await signedIn(server());
    const r = await admin.c.post('/app_admin/setSecurity', { sessionIdleHours: 2 });
    expect(r.status).toBe(200);
    expect(r.body.security).toMatchObject({ sessionIdleHours: 2, sessionMaxDays: 90, adminSessionIdleHours: 24 });
    const audit = await server().ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'security.settings').execute();
    expect(audit.at(-1)).toMatchObject({ actor: admin.u.id, target: 'security' });
    expect(JSON.parse(audit.at(-1)!.changes)).toEqual({ sessionIdleHours: { from: 336, to: 2 } });
    server().ctx.clock.advance(3 * HOUR);
    expect(await whoamiId(learner.c)).toBeNull();
    const admin2 = await signedIn(server(), ['admin']);
    for (const bad of [{ sessionIdleHours: 0 }, { sessionMaxDays: 'x' }, { sessionMaxDays: 1000 }, { other: 1 }, []]) {
      const res = await admin2.c.post('/app_admin/setSecurity', bad);
      expect(res.status).toBe(400);
    }
    expect((await learner.c.post('/app_admin/setSecurity', { sessionIdleHours: 5000 })).status).toBe(401);
    const l2 = await signedIn(server());
    expect((await l2.c.post('/app_admin/setSecurity', { sessionIdleHours: 5000 })).status).toBe(403);
    expect((await admin2.c.post('/app_admin/setSecurity', { sessionIdleHours: 336 })).status).toBe(200);
  });
}

describeEachEngine('session lifetimes (table store)', (server) => {
  lifetimes(server);
  it('keeps sessions in the table', async () => {
    const { u } = await signedIn(server());
    expect(await server().ctx.db.selectFrom('sessions').select('userId').where('userId', '=', u.id).execute()).toHaveLength(1);
  });
});

const REDIS_PREFIX = `lp-test-${crypto.randomBytes(4).toString('hex')}:`;
describeEachEngine(
  'session lifetimes (Redis store)',
  (server) => {
    lifetimes(server);
    afterAll(async () => {
      const redis = connectRedis(REDIS_URL);
      await readyWithin(redis, 5000);
      const keys = await redis.keys(`${REDIS_PREFIX}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });
    it('keeps sessions in Redis, not in the table', async () => {
      const { u, c } = await signedIn(server());
      expect(await whoamiId(c)).toBe(u.id);
      expect(await server().ctx.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    });
  },
  { REDIS_URL, REDIS_PREFIX },
);

describeEachEngine('the Sessions panel calls', (server) => {
  it("lists the account's sessions with device, address, place and last seen, marking this one", async () => {
    const { u, c } = await signedIn(server(), [], FIREFOX);
    const phone = clientWith(server(), { 'user-agent': CHROME_ANDROID });
    await phone.login(u.email, TEST_PASSWORD);
    const r = await c.post('/app_users/sessions/list');
    expect(r.status).toBe(200);
    expect(r.body.list).toHaveLength(2);
    const mine = r.body.list.find((s: any) => s.current);
    const other = r.body.list.find((s: any) => !s.current);
    expect(mine).toMatchObject({ device: 'Firefox · Linux', ip: '127.0.0.1', place: 'local' });
    expect(other).toMatchObject({ device: 'Chrome · Android', current: false });
    expect(mine._id).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(mine.lastseen)).toBeGreaterThan(0);
    // The token itself never appears.
    expect(JSON.stringify(r.body)).not.toContain(c.cookies.get('sid'));
  });

  it("ends one session by its id, and only one of the account's own", async () => {
    const { u, c } = await signedIn(server());
    const phone = clientWith(server(), { 'user-agent': CHROME_ANDROID });
    await phone.login(u.email, TEST_PASSWORD);
    const stranger = await signedIn(server());
    const list = (await c.post('/app_users/sessions/list')).body.list;
    const phoneId = list.find((s: any) => !s.current)._id;
    // Someone else's session id is not found for another account.
    const foreign = await stranger.c.post('/app_users/sessions/end', { _id: phoneId, password: TEST_PASSWORD });
    expect([foreign.status, foreign.body.error.message]).toEqual([404, MSG.sessionNotFound]);
    expect(await whoamiId(phone)).toBe(u.id);
    // The password is asked again: the session alone does not end another one.
    const none = await c.post('/app_users/sessions/end', { _id: phoneId });
    expect([none.status, none.body.error.fields.password]).toEqual([400, MSG.currentPasswordRequired]);
    const wrong = await c.post('/app_users/sessions/end', { _id: phoneId, password: 'Not-my-password-1' });
    expect([wrong.status, wrong.body.error.fields.password]).toEqual([400, MSG.currentPasswordWrong]);
    expect(await whoamiId(phone)).toBe(u.id);
    const r = await c.post('/app_users/sessions/end', { _id: phoneId, password: TEST_PASSWORD });
    expect(r.status).toBe(200);
    expect(r.body.list).toHaveLength(1);
    expect(await whoamiId(phone)).toBeNull();
    expect(await whoamiId(c)).toBe(u.id);
    for (const bad of [{}, { _id: 'x', password: TEST_PASSWORD }, { _id: 5, password: TEST_PASSWORD }, '[]'])
      expect((await c.post('/app_users/sessions/end', bad)).status).toBe(400);
    expect((await server().client().post('/app_users/sessions/end', { _id: phoneId, password: TEST_PASSWORD })).status).toBe(401);
    expect((await server().client().post('/app_users/sessions/list')).status).toBe(401);
  });

  it('ends every other session, keeping this one', async () => {
    const { u, c } = await signedIn(server());
    const others = [clientWith(server(), { 'user-agent': CHROME_ANDROID }), server().client()];
    for (const o of others) await o.login(u.email, TEST_PASSWORD);
    for (const body of [{}, { password: 'Not-my-password-1' }]) {
      const refused = await c.post('/app_users/sessions/endothers', body);
      expect(refused.status).toBe(400);
      for (const o of others) expect(await whoamiId(o)).toBe(u.id);
    }
    const r = await c.post('/app_users/sessions/endothers', { password: TEST_PASSWORD });
    expect(r.body.list.map((s: any) => s.current)).toEqual([true]);
    for (const o of others) expect(await whoamiId(o)).toBeNull();
    expect(await whoamiId(c)).toBe(u.id);
  });

  it('an admin ends every session of a user, recorded in the audit log; nobody else may', async () => {
    const target = await signedIn(server());
    const second = server().client();
    await second.login(target.u.email, TEST_PASSWORD);
    const editor = await signedIn(server(), ['cms']);
    const refused = await editor.c.post('/app_users/sessions/endall', { user: target.u.id });
    expect(refused.status).toBe(403);
    expect(await whoamiId(target.c)).toBe(target.u.id);
    const admin = await signedIn(server(), ['admin']);
    const r = await admin.c.post('/app_users/sessions/endall', { user: target.u.id });
    expect(r.body).toEqual({ ok: true, ended: 2 });
    expect(await whoamiId(target.c)).toBeNull();
    expect(await whoamiId(second)).toBeNull();
    expect(await whoamiId(admin.c)).toBe(admin.u.id);
    const audit = await server()
      .ctx.db.selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'sessions.endall')
      .where('target', '=', target.u.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: admin.u.id, actoremail: admin.u.email, targettype: 'user' });
    expect(JSON.parse(audit[0].changes)).toEqual({ email: target.u.email, sessions: 2 });
    expect((await admin.c.post('/app_users/sessions/endall', { user: 'no-such-user' })).status).toBe(404);
    expect((await admin.c.post('/app_users/sessions/endall', {})).status).toBe(400);
  });
});

describeEachEngine(
  'ending sessions: password guesses',
  (server) => {
    it('wrong passwords given to end sessions meet the sign-in back-off', async () => {
      const { u, c } = await signedIn(server());
      const phone = clientWith(server(), { 'user-agent': CHROME_ANDROID });
      await phone.login(u.email, TEST_PASSWORD);
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) statuses.push((await c.post('/app_users/sessions/endothers', { password: `Guess-${i}-pass` })).status);
      // Five free failures, a sixth that starts the back-off, then waiting; the other session lives on.
      expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429, 429]);
      expect(await whoamiId(phone)).toBe(u.id);
    });
  },
  { RATE_LIMIT_MAX: '10' },
);

describeEachEngine('no-store on personal responses', (server) => {
  it('every route answered to a signed-in browser carries Cache-Control: no-store (unless it is public on purpose)', async () => {
    const { u, c } = await signedIn(server());
    const walked: string[] = [];
    for (const r of server().routes) {
      // The web app's static files (when built) are the same for everyone; every API route is walked.
      if (!/^\/(app_|users\/)/.test(r.url) || r.url === '/app_users/logout' || r.url.startsWith('/app_users/sessions/end')) continue;
      const url = r.url.replace(/:(\w+)/g, 'x').replace(/\*$/, 'x');
      const res = await c.request(r.method, url, r.method === 'GET' ? undefined : {});
      const cache = res.headers.get('cache-control') ?? '';
      walked.push(`${r.method} ${r.url} ${res.status} ${cache}`);
      if (!/no-store/.test(cache)) expect(`${r.method} ${r.url}: ${cache}`).toMatch(/public/);
    }
    expect(walked.length).toBeGreaterThan(80);
    // Still signed in: the walk did not sign the user out.
    expect(await whoamiId(c)).toBe(u.id);
    expect((await c.get('/app_users/whoami')).headers.get('cache-control')).toBe('no-store');
  });

  it('the sign-in answer is no-store too', async () => {
    const u = await buildUser(server().ctx);
    const r = await server().client().post('/users/login', { login: u.email, password: TEST_PASSWORD });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });
});

describe('cookies in production', () => {
  it('the session and language cookies are __Host- (Secure, Path=/, no Domain); every cookie is Secure', async () => {
    const server = await startTestServer('sqlite', { NODE_ENV: 'production', PUBLIC_URL: 'https://learn.example.org' });
    try {
      const u = await buildUser(server.ctx);
      const res = await fetch(`${server.baseUrl}/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [APP_REQUEST_HEADER]: APP_REQUEST_VALUE },
        body: JSON.stringify({ login: u.email, password: TEST_PASSWORD }),
      });
      expect(res.status).toBe(200);
      const cookies = res.headers.getSetCookie();
      const sid = cookies.find((c) => c.startsWith('__Host-sid='))!;
      expect(sid).toBeTruthy();
      expect(sid).toMatch(/; Secure/i);
      expect(sid).toMatch(/; Path=\//i);
      expect(sid).toMatch(/; HttpOnly/i);
      expect(sid).not.toMatch(/Domain=/i);
      expect(cookies.some((c) => /^sid=/.test(c))).toBe(false);
      const lang = await fetch(`${server.baseUrl}/app_users/setlang/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [APP_REQUEST_HEADER]: APP_REQUEST_VALUE },
        body: JSON.stringify({ lang: 'es' }),
      });
      const all = [...cookies, ...lang.headers.getSetCookie()];
      expect(all.find((c) => c.startsWith('__Host-lang=es'))).toMatch(/; Secure/i);
      expect(all.some((c) => c.startsWith('lang='))).toBe(false);
      for (const c of all) expect(c).toMatch(/; Secure/i);
      // SameSite=Lax on every cookie: sent on a link followed from elsewhere, never on another site's POST.
      for (const c of all) expect(c).toMatch(/; SameSite=Lax/i);
      // A plain `sid` cookie is not read in production (it could be set by a subdomain).
      const token = sid.split(';')[0].split('=')[1];
      const plain = await fetch(`${server.baseUrl}/app_users/whoami`, { headers: { cookie: `sid=${token}` } });
      expect(((await plain.json()) as { user: unknown }).user).toBeNull();
      const host = await fetch(`${server.baseUrl}/app_users/whoami`, { headers: { cookie: `__Host-sid=${token}` } });
      expect(((await host.json()) as { user: { _id: string } }).user._id).toBe(u.id);
    } finally {
      await server.stop();
    }
  });
});
