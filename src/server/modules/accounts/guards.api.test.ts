/**
 * The account guards around the edges, through the real server on both engines: names and addresses
 * normalised, registration-code tries limited, private groups and their codes kept from outsiders,
 * and cross-site requests refused.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { describeEachEngine, type TestClient } from '../../testing/harness.ts';
import { buildClass, buildCourse, buildUser, asRoles, enrollIn, signedInUser } from '../../testing/factories.ts';
import { findUserById } from '../users/users.repository.ts';
import { MSG } from '../../../domain/messages.ts';
import { REGCODE_TRIES_PER_ADDRESS, REGCODE_TRIES_PER_USER } from './regcode-guard.ts';
import { pdfTextRuns } from '../certificates/pdf-text.ts';

const registration = (overrides: Record<string, unknown> = {}) => {
  const email = `new-${Math.random().toString(36).slice(2, 8)}@example.org`;
  return {
    firstname: 'Nadia',
    lastname: 'Haddad',
    email,
    confirmemail: email,
    city: 'Lisbon',
    country: 'Portugal',
    password: 'Secret-123',
    confirmpassword: 'Secret-123',
    terms: true,
    ...overrides,
  };
};

describeEachEngine('names and addresses', (server) => {
  it('refuses names of NULs, whitespace, control or text-direction characters with a clear message', async () => {
    for (const [firstname, message] of [
      ['\u0000\u0000', MSG.nameCharacters],
      ['   ', MSG.requiredName],
      ['Ev\u202Eil', MSG.nameCharacters],
      ['Ann\u2066a', MSG.nameCharacters],
      ['Tab\tbed', MSG.nameCharacters],
    ] as const) {
      const r = await server().client().post('/app_users/register', registration({ firstname }));
      expect(r.status, JSON.stringify(firstname)).toBe(400);
      expect(r.body.error.fields.firstname).toBe(message);
    }
    const { user, client } = await signedInUser(server());
    const r = await client.post('/app_users/save', { _id: user.id, lastname: 'Smith\u202Egnp.exe' });
    expect(r.status).toBe(400);
    expect(r.body.error.fields.lastname).toBe(MSG.nameCharacters);
    expect((await findUserById(server().ctx.db, user.id))!.lastname).toBe(user.lastname);
  });

  it('stores names NFC-normalised, Arabic names included', async () => {
    const r = await server()
      .client()
      .post('/app_users/register', registration({ firstname: 'Jose\u0301', lastname: 'نادية' }));
    expect(r.status).toBe(200);
    expect(r.body.user.firstname).toBe('Jos\u00e9');
    expect(r.body.user.lastname).toBe('نادية');
  });

  it('folds full-width and upper-case addresses, so no look-alike account can be made', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const plain = `user1-${tag}@example.org`;
    const first = await server()
      .client()
      .post('/app_users/register', registration({ email: plain, confirmemail: plain }));
    expect(first.status).toBe(200);
    const lookalike = `USER\uFF11-${tag}@EXAMPLE.ORG`;
    const second = await server()
      .client()
      .post('/app_users/register', registration({ email: lookalike, confirmemail: lookalike }));
    expect(second.status).toBe(400);
    expect(second.body.error.message).toBe(MSG.emailTaken);
    // The same folding applies at sign-in and at reset.
    expect((await server().client().post('/users/login', { login: lookalike, password: 'Secret-123' })).status).toBe(200);
    expect((await server().client().post('/app_users/resetpassword', { email: lookalike })).body.info.message).toBe(MSG.resetSent);
  });
});

describeEachEngine('registration codes', (server) => {
  it('limits tries per user and per address with a translated 429', async () => {
    const { ctx } = server();
    const course = await buildCourse(ctx);
    const cls = await buildClass(ctx, course, { selfpaced: 0, regcode: 'RIGHT123' });
    const guess = (c: TestClient, regcode: string) => c.post(`/app_enrollment/enroll/${cls}`, { courseid: course, classid: cls, regcode });

    const a = (await signedInUser(server())).client;
    for (let i = 0; i < REGCODE_TRIES_PER_USER; i++) expect((await guess(a, `WRONG${i}`)).status).toBe(403);
    const over = await guess(a, 'RIGHT123');
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe(MSG.regcodeTooManyTries);

    // Another account from the same address goes on until the address's own limit.
    let used = REGCODE_TRIES_PER_USER + 1;
    const b = (await signedInUser(server())).client;
    expect((await guess(b, 'RIGHT123')).status).toBe(200);
    used += 1;
    let c = (await signedInUser(server())).client;
    let mine = 0;
    while (used < REGCODE_TRIES_PER_ADDRESS) {
      if (mine === REGCODE_TRIES_PER_USER) {
        c = (await signedInUser(server())).client;
        mine = 0;
      }
      expect((await guess(c, `NOPE${used}`)).status).toBe(403);
      used += 1;
      mine += 1;
    }
    const d = (await signedInUser(server())).client;
    const blocked = await guess(d, 'RIGHT123');
    expect(blocked.status).toBe(429);
    // A code tried at registration counts toward the address too.
    const reg = await server()
      .client()
      .post('/app_users/register', registration({ classId: cls, courseId: course, regcode: 'RIGHT123' }));
    expect(reg.status).toBe(429);
    expect(reg.body.error.message).toBe(MSG.regcodeTooManyTries);
  });
});

describeEachEngine('private groups', (server) => {
  it("never shows a private group's code to its learners; its instructor, editors and admins see it", async () => {
    const { ctx } = server();
    const course = await buildCourse(ctx);
    const host = await signedInUser(server());
    const cls = await buildClass(ctx, course, { selfpaced: 0, instructor: host.user.id, regcode: 'SECRET42' });
    const learner = await signedInUser(server());
    await enrollIn(ctx, learner.user.id, cls);

    const own = await learner.client.post('/app_enrollment/list', {});
    expect(own.body).toHaveLength(1);
    expect(own.body[0].regcode).toBeUndefined();
    expect(JSON.stringify(own.body)).not.toContain('SECRET42');
    const byCourse = await learner.client.post('/app_classes/list', { course });
    expect(byCourse.body.map((c: { _id: string }) => c._id)).toEqual([cls]);
    expect(JSON.stringify(byCourse.body)).not.toContain('SECRET42');
    const byId = await learner.client.post('/app_classes/list', { _id: cls });
    expect(byId.body[0]._id).toBe(cls);
    expect(byId.body[0].regcode).toBeUndefined();

    expect((await host.client.post('/app_classes/list', { _id: cls })).body[0].regcode).toBe('SECRET42');
    for (const role of ['cms', 'admin']) {
      const staff = await signedInUser(server(), { roles: asRoles(role) });
      expect((await staff.client.post('/app_classes/list', { _id: cls })).body[0].regcode, role).toBe('SECRET42');
      const theirs = await staff.client.post('/app_enrollment/list', { user: learner.user.id });
      expect(theirs.body[0].regcode, role).toBe('SECRET42');
    }
  });

  it("shows a private group's details only to its members, instructor, editors and admins", async () => {
    const { ctx } = server();
    const course = await buildCourse(ctx);
    const cls = await buildClass(ctx, course, { selfpaced: 0 });
    const open = await buildClass(ctx, course, { selfpaced: 1 });
    const outsider = await signedInUser(server());
    for (const c of [server().client(), outsider.client]) {
      const r = await c.post('/app_classes/list', { _id: cls });
      expect(r.status).toBe(200);
      expect(r.body).toEqual([]);
      // A self-paced class stays public.
      expect((await c.post('/app_classes/list', { _id: open })).body[0]._id).toBe(open);
    }
    await enrollIn(ctx, outsider.user.id, cls);
    expect((await outsider.client.post('/app_classes/list', { _id: cls })).body[0]._id).toBe(cls);
  });
});

describeEachEngine('cross-site requests', (server) => {
  const bare = (path: string, init: RequestInit = {}) => fetch(`${server().baseUrl}${path}`, { redirect: 'manual', ...init });

  it('refuses a state-changing request with no Origin, Referer, Sec-Fetch-Site or app header', async () => {
    const { user, client } = await signedInUser(server());
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const json = { 'content-type': 'application/json', cookie };
    const post = await bare('/app_users/save', { method: 'POST', headers: json, body: JSON.stringify({ _id: user.id, city: 'Nowhere' }) });
    expect(post.status).toBe(403);
    expect(((await post.json()) as { error: { message: string } }).error.message).toBe(MSG.crossSite);
    expect((await findUserById(server().ctx.db, user.id))!.city).not.toBe('Nowhere');
    // The spec's GET remove link is a state change too.
    const admin = await signedInUser(server(), { roles: asRoles('admin') });
    const target = await buildUser(server().ctx);
    const adminCookie = [...admin.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await bare(`/app_users/remove/${target.id}`, { headers: { cookie: adminCookie } })).status).toBe(403);
    expect(await findUserById(server().ctx.db, target.id)).toBeTruthy();
    // Reads need nothing.
    expect((await bare('/app_users/whoami', { headers: { cookie } })).status).toBe(200);
  });

  it('accepts the same origin (by scheme, host and port), the app header, or Sec-Fetch-Site same-origin; refuses the rest', async () => {
    const { user, client } = await signedInUser(server());
    const base = new URL(server().baseUrl);
    const save = (headers: Record<string, string>) =>
      client.request('POST', '/app_users/save', { _id: user.id, city: 'Braga' }, { 'x-requested-with': '', ...headers });
    expect((await save({ origin: server().baseUrl })).status).toBe(200);
    expect((await save({ referer: `${server().baseUrl}/users/profile` })).status).toBe(200);
    expect((await save({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await save({ 'x-requested-with': 'learning-platform' })).status).toBe(200);
    const refusedHeaders: Record<string, string>[] = [
      { origin: `https://${base.host}` },
      { origin: `http://${base.hostname}:${Number(base.port) + 1}` },
      { origin: 'https://evil.example.com' },
      { origin: 'null' },
      { referer: `https://${base.host}/users/profile` },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      { 'x-requested-with': 'XMLHttpRequest' },
      {},
    ];
    for (const headers of refusedHeaders) {
      const r = await save(headers);
      expect(r.status, JSON.stringify(headers)).toBe(403);
    }
  });
});

describe('trusted origins from settings', () => {
  it('PUBLIC_URL and ALLOWED_ORIGINS are compared by scheme too', async () => {
    const { originCheck } = await import('../../origin-check.ts');
    const { loadConfig } = await import('../../config.ts');
    const check = originCheck(loadConfig({ PUBLIC_URL: 'https://learn.example.org/', ALLOWED_ORIGINS: 'http://localhost:5173' }));
    const run = async (origin: string) => {
      let status = 200;
      const reply = {
        status(s: number) {
          status = s;
          return this;
        },
        send() {
          return this;
        },
      };
      const req = { method: 'POST', headers: { origin }, routeOptions: { config: {} }, protocol: 'http', host: '127.0.0.1:3000' };
      await check(req as never, reply as never);
      return status;
    };
    expect(await run('https://learn.example.org')).toBe(200);
    expect(await run('http://learn.example.org')).toBe(403);
    expect(await run('http://localhost:5173')).toBe(200);
    expect(await run('https://localhost:5173')).toBe(403);
    expect(await run('http://127.0.0.1:3000')).toBe(200);
  });
});

describeEachEngine('certificate verification link', (server) => {
  it('comes from the settings (PUBLIC_URL, or localhost in development), never from the Host header', async () => {
    const { ctx } = server();
    const course = await buildCourse(ctx);
    const cls = await buildClass(ctx, course);
    const { user, client } = await signedInUser(server());
    const id = await enrollIn(ctx, user.id, cls);
    await ctx.db.updateTable('enrollments').set({ completed: '2026-10-20T15:30:00.000Z' }).where('id', '=', id).execute();
    const pdf = await new Promise<Buffer>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: new URL(server().baseUrl).port,
          path: `/app_users/certificate/${encodeURIComponent(course)}`,
          headers: { host: 'evil.example.com', cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => (res.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(String(res.statusCode)))));
        },
      );
      req.on('error', reject);
      req.end();
    });
    const text = pdfTextRuns(pdf).join(' ');
    expect(text).toContain(`http://localhost:${server().config.port}/`);
    expect(text).not.toContain('evil.example.com');
  });
});
