/** Accounts and sessions through the real server, on SQLite and on PostgreSQL. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { buildUser, buildCourse, buildClass, asRoles, registrationBody, TEST_PASSWORD } from '../../testing/factories.ts';
import { findUserById } from './users.repository.ts';
import { MSG } from '../../../domain/messages.ts';

const registration = (overrides: Record<string, unknown> = {}) => registrationBody({ terms: true, ...overrides });

describeEachEngine('users API', (server) => {
  describe('whoami', () => {
    it('answers a visitor with config, labels and no user', async () => {
      const r = await server().client().get('/app_users/whoami');
      expect(r.status).toBe(200);
      expect(r.body.user).toBeNull();
      expect(r.body.config.publiclanguages).toEqual(['en', 'es', 'pt', 'fr', 'ar', 'de']);
      expect(r.body.config.langredirects).toEqual({ de: '/German' });
      expect(r.body.lang).toBe('en');
      expect(typeof r.body.asof).toBe('string');
      expect(r.body).toHaveProperty('loc');
      expect(r.body).toHaveProperty('cookieoptin', null);
    });

    it('leaves loc out when the caller already has the current version', async () => {
      const c = server().client();
      const first = await c.get('/app_users/whoami');
      const again = await c.get(`/app_users/whoami?asof=${encodeURIComponent(first.body.asof)}`);
      expect(again.body.loc).toBeNull();
      expect(again.body.asof).toBe(first.body.asof);
    });

    it('answers a signed-in user with the user and derived flags, never the hash', async () => {
      const u = await buildUser(server().ctx, { roles: asRoles('cms') });
      const c = server().client();
      await c.login(u.email, TEST_PASSWORD);
      const r = await c.get('/app_users/whoami');
      expect(r.body.user).toMatchObject({ _id: u.id, email: u.email, isEditor: true, isAdmin: false, roles: ['cms'] });
      expect(JSON.stringify(r.body)).not.toContain('argon2');
      expect(r.body.cookieoptin).toEqual({ setting: 'prompt' });
    });
  });

  describe('login and logout', () => {
    it('signs in with the right password and rotates the session id', async () => {
      const u = await buildUser(server().ctx);
      const c = server().client();
      await c.login(u.email, TEST_PASSWORD);
      const first = c.cookies.get('sid');
      const r = await c.login(u.email.toUpperCase(), TEST_PASSWORD);
      expect(r.body.user._id).toBe(u.id);
      const second = c.cookies.get('sid');
      expect(second).toBeTruthy();
      expect(second).not.toBe(first);
      // The old session id no longer works.
      const old = server().client();
      old.cookies.set('sid', first!);
      expect((await old.get('/app_users/whoami')).body.user).toBeNull();
    });

    it('refuses a wrong password or unknown login with 401 and the spec message', async () => {
      const u = await buildUser(server().ctx);
      for (const body of [
        { login: u.email, password: 'wrong-password' },
        { login: 'nobody@example.org', password: 'whatever' },
      ]) {
        const r = await server().client().post('/users/login', body);
        expect(r.status).toBe(401);
        expect(r.body).toEqual({ error: { message: 'Incorrect username or password' } });
      }
    });

    it('answers bad input with 400, never 500', async () => {
      const c = server().client();
      for (const body of ['{not json', '[]', '"text"', { login: 5 }, { password: 'x' }, { login: 'a'.repeat(1000), password: 'x' }]) {
        const r = await c.post('/users/login', body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(typeof r.body.error.message).toBe('string');
      }
    });

    it('logout revokes the session on the server', async () => {
      const u = await buildUser(server().ctx);
      const c = server().client();
      await c.login(u.email, TEST_PASSWORD);
      const token = c.cookies.get('sid')!;
      expect((await c.post('/app_users/logout')).body).toEqual({ ok: true });
      expect((await c.get('/app_users/whoami')).body.user).toBeNull();
      const replay = server().client();
      replay.cookies.set('sid', token);
      expect((await replay.get('/app_users/whoami')).body.user).toBeNull();
    });
  });

  describe('register', () => {
    it('creates the account, signs it in and answers info.message', async () => {
      const c = server().client();
      const body = registration();
      const r = await c.post('/app_users/register', body);
      expect(r.status).toBe(200);
      expect(r.body.info.message).toBe(MSG.registered);
      expect((await c.get('/app_users/whoami')).body.user.email).toBe(body.email);
    });

    it('enrols the new learner when registering from a class', async () => {
      const course = await buildCourse(server().ctx);
      const classId = await buildClass(server().ctx, course);
      const c = server().client();
      const r = await c.post('/app_users/register', registration({ classId, courseId: course }));
      expect(r.body.user.classes).toEqual([classId]);
    });

    it('enrols in a private group only with its registration code', async () => {
      const course = await buildCourse(server().ctx);
      const classId = await buildClass(server().ctx, course, { selfpaced: 0, regcode: 'PRIV2026' });
      const without = await server()
        .client()
        .post('/app_users/register', registration({ classId, courseId: course }));
      expect(without.status).toBe(200);
      expect(without.body.user.classes).toEqual([]);
      const withCode = await server()
        .client()
        .post('/app_users/register', registration({ classId, courseId: course, regcode: 'priv2026' }));
      expect(withCode.body.user.classes).toEqual([classId]);
    });

    const cases: [string, Record<string, unknown>, string, string][] = [
      ['missing first name', { firstname: '' }, 'firstname', MSG.requiredName],
      ['a name with forbidden characters', { lastname: 'Smith$' }, 'lastname', MSG.requiredName],
      ['missing city', { city: ' ' }, 'city', MSG.required],
      ['missing country', { country: '' }, 'country', MSG.required],
      ['a bad state', { state: 'Texas#1' }, 'state', MSG.stateHint],
      ['missing email', { email: '', confirmemail: '' }, 'email', MSG.emailRequired],
      ['a malformed email', { email: 'nobody@nowhere', confirmemail: 'nobody@nowhere' }, 'email', MSG.emailInvalid],
      ['different confirmation email', { confirmemail: 'other@example.org' }, 'confirmemail', MSG.emailsMustMatch],
      ['letters in the phone', { phone: 'call me' }, 'phone', MSG.phone],
      ['a short password', { password: 'Ab1!', confirmpassword: 'Ab1!' }, 'password', MSG.passwordRule],
      ['a password without a special character', { password: 'abcdefgh1', confirmpassword: 'abcdefgh1' }, 'password', MSG.passwordRule],
      ['different confirmation password', { confirmpassword: 'Secret-124' }, 'confirmpassword', MSG.passwordsMustMatch],
      ['terms not ticked', { terms: false }, 'terms', MSG.agreeTerms],
    ];
    for (const [name, overrides, field, message] of cases) {
      it(`refuses ${name} with the spec message and stores nothing`, async () => {
        const body = registration(overrides);
        const r = await server().client().post('/app_users/register', body);
        expect(r.status).toBe(400);
        expect(r.body.error.fields[field]).toBe(message);
        expect(r.body.error.message).toBeTruthy();
        const count = await server().ctx.db.selectFrom('users').select('id').where('email', '=', String(body.email)).execute();
        expect(count).toHaveLength(0);
      });
    }

    it('refuses an address that already has an account', async () => {
      const u = await buildUser(server().ctx);
      const r = await server()
        .client()
        .post('/app_users/register', registration({ email: u.email, confirmemail: u.email }));
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(MSG.emailTaken);
    });

    it('is for visitors only', async () => {
      const u = await buildUser(server().ctx);
      const c = server().client();
      await c.login(u.email, TEST_PASSWORD);
      expect((await c.post('/app_users/register', registration())).status).toBe(403);
    });
  });

  describe('password reset and change', () => {
    it('answers the same for known and unknown addresses and mails a temporary password', async () => {
      const u = await buildUser(server().ctx);
      const known = await server().client().post('/app_users/resetpassword', { email: u.email });
      const unknown = await server().client().post('/app_users/resetpassword', { email: 'nobody-here@example.org' });
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      expect(known.body.info.message).toBe(MSG.resetSent);
      // The mail lands in the outbox (no SMTP configured); the temporary password signs in.
      const outbox = path.join(server().config.dataDir, 'outbox');
      const temp = await waitFor(() => {
        if (!fs.existsSync(outbox)) return null;
        for (const f of fs.readdirSync(outbox)) {
          const text = fs.readFileSync(path.join(outbox, f), 'utf8');
          const m = text.includes(u.email) && /temporary password is: (\S+)/.exec(text);
          if (m) return m[1];
        }
        return null;
      });
      await waitFor(async () => (await server().client().post('/users/login', { login: u.email, password: temp })).status === 200 || null);
      // Nothing changed until the temporary password was used, and using it changes nothing either:
      // the old password still signs in until a new one is set.
      expect((await server().client().post('/users/login', { login: u.email, password: TEST_PASSWORD })).status).toBe(200);
    });

    it('changes the password when signed in, revoking other sessions', async () => {
      const u = await buildUser(server().ctx);
      const a = server().client();
      const b = server().client();
      await a.login(u.email, TEST_PASSWORD);
      await b.login(u.email, TEST_PASSWORD);
      const short = await a.post('/app_users/resetpassword', { password: 'short', confirmpassword: 'short' });
      expect(short.status).toBe(400);
      expect(short.body.error.message).toBe(MSG.passwordTooShort);
      const mismatch = await a.post('/app_users/resetpassword', { password: 'long-enough-1', confirmpassword: 'long-enough-2' });
      expect(mismatch.body.error.message).toBe(MSG.passwordsMustMatch);
      const ok = await a.post('/app_users/resetpassword', {
        password: 'New-password-9',
        confirmpassword: 'New-password-9',
        currentpassword: TEST_PASSWORD,
      });
      expect(ok.body.info.message).toBe(MSG.passwordChanged);
      expect((await a.get('/app_users/whoami')).body.user._id).toBe(u.id);
      expect((await b.get('/app_users/whoami')).body.user).toBeNull();
      await server().client().login(u.email, 'New-password-9');
    });

    it('refuses a password change when signed out', async () => {
      const r = await server().client().post('/app_users/resetpassword', { password: 'New-password-9' });
      expect(r.status).toBe(401);
    });
  });

  describe('language and cookie choice', () => {
    it('setlang answers the labels of the language and remembers it for a visitor', async () => {
      const c = server().client();
      const r = await c.post('/app_users/setlang/', { lang: 'ar' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ lang: 'ar', user: null });
      expect(r.body.config).toBeTruthy();
      expect((await c.get('/app_users/whoami')).body.lang).toBe('ar');
    });

    it('setlang stores the language on the account', async () => {
      const u = await buildUser(server().ctx);
      const c = server().client();
      await c.login(u.email, TEST_PASSWORD);
      expect((await c.post('/app_users/setlang', { lang: 'fr' })).body.user.lang).toBe('fr');
      expect((await findUserById(server().ctx.db, u.id))!.lang).toBe('fr');
    });

    it('setlang refuses a language that is not offered', async () => {
      for (const lang of ['xx', 'english', 5, '']) {
        const r = await server().client().post('/app_users/setlang/', { lang });
        expect(r.status).toBe(400);
        expect(r.body.error.message).toBe(MSG.invalidLanguage);
      }
    });

    it('cookieoptin stores the choice for a signed-in user and refuses a visitor', async () => {
      expect((await server().client().post('/app_users/cookieoptin', { cookieoptin: 'optin' })).status).toBe(401);
      const u = await buildUser(server().ctx);
      const c = server().client();
      await c.login(u.email, TEST_PASSWORD);
      expect((await c.post('/app_users/cookieoptin', { cookieoptin: 'bogus' })).status).toBe(400);
      expect((await c.post('/app_users/cookieoptin', { cookieoptin: 'optout' })).body).toEqual({ cookieoptin: { setting: 'optout' } });
      expect((await c.get('/app_users/whoami')).body.cookieoptin).toEqual({ setting: 'optout' });
    });
  });

  describe('user management', () => {
    it('list is for admins: 401 signed out, 403 for a learner or editor, paginated for an admin', async () => {
      const { ctx } = server();
      const admin = await buildUser(ctx, { roles: asRoles('admin') });
      const learner = await buildUser(ctx);
      const editor = await buildUser(ctx, { roles: asRoles('cms') });
      expect((await server().client().post('/app_users/list', {})).status).toBe(401);
      for (const u of [learner, editor]) {
        const c = server().client();
        await c.login(u.email, TEST_PASSWORD);
        expect((await c.post('/app_users/list', {})).status).toBe(403);
      }
      const c = server().client();
      await c.login(admin.email, TEST_PASSWORD);
      const r = await c.post('/app_users/list', { search: learner.lastname, limit: 5 });
      expect(r.body.total).toBe(1);
      expect(r.body.list[0]._id).toBe(learner.id);
      expect((await c.post('/app_users/list', { limit: 'lots' })).status).toBe(400);
    });

    it('get: self and editors yes, other learners no, unknown 404', async () => {
      const { ctx } = server();
      const a = await buildUser(ctx);
      const b = await buildUser(ctx);
      const editor = await buildUser(ctx, { roles: asRoles('cms') });
      const ca = server().client();
      await ca.login(a.email, TEST_PASSWORD);
      expect((await ca.post('/app_users/get', { _id: a.id })).body.email).toBe(a.email);
      expect((await ca.post('/app_users/get', { _id: b.id })).status).toBe(403);
      expect((await ca.post('/app_users/get', {})).body.error.message).toBe(MSG.missingId);
      const ce = server().client();
      await ce.login(editor.email, TEST_PASSWORD);
      expect((await ce.post('/app_users/get', { _id: b.id })).body._id).toBe(b.id);
      expect((await ce.post('/app_users/get', { _id: 'missing' })).status).toBe(404);
    });

    it('save: a learner edits their own profile only; roles only by an admin; bad input changes nothing', async () => {
      const { ctx } = server();
      const a = await buildUser(ctx);
      const b = await buildUser(ctx);
      const c = server().client();
      await c.login(a.email, TEST_PASSWORD);
      const r = await c.post('/app_users/save', {
        _id: a.id,
        city: 'Maputo',
        vocation: 'Education',
        heard: 'a newsletter',
        birthDate: '1990-04-02',
      });
      expect(r.body).toMatchObject({ city: 'Maputo', vocation: 'Education', heard: 'a newsletter', birthDate: '1990-04-02' });
      expect((await c.post('/app_users/save', { _id: b.id, city: 'X' })).status).toBe(403);
      expect((await c.post('/app_users/save', { _id: a.id, roles: ['admin'] })).status).toBe(403);
      const bad = await c.post('/app_users/save', { _id: a.id, city: 'Beira', phone: 'not a phone' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe(MSG.phone);
      expect((await findUserById(ctx.db, a.id))!.city).toBe('Maputo');
      expect((await c.post('/app_users/save', { _id: a.id, vocation: 'Astronaut' })).status).toBe(400);
      expect((await c.post('/app_users/save', { _id: a.id, email: b.email })).body.error.message).toBe(MSG.emailTaken);
    });

    it('save: an editor edits any profile, an admin sets roles', async () => {
      const { ctx } = server();
      const target = await buildUser(ctx);
      const editor = await buildUser(ctx, { roles: asRoles('cms') });
      const admin = await buildUser(ctx, { roles: asRoles('admin') });
      const ce = server().client();
      await ce.login(editor.email, TEST_PASSWORD);
      expect((await ce.post('/app_users/save', { _id: target.id, bio: 'Nurse in Beira' })).body.bio).toBe('Nurse in Beira');
      expect((await ce.post('/app_users/save', { _id: target.id, roles: ['cms'] })).status).toBe(403);
      const ca = server().client();
      await ca.login(admin.email, TEST_PASSWORD);
      expect((await ca.post('/app_users/save', { _id: target.id, roles: ['cms'] })).body).toMatchObject({ roles: ['cms'], isEditor: true });
      expect((await ca.post('/app_users/save', { _id: target.id, roles: ['superuser'] })).status).toBe(400);
      expect((await ca.post('/app_users/save', { _id: 'missing', city: 'X' })).status).toBe(404);
    });

    it("save: an editor cannot move an admin's (or anyone's) e-mail, so a reset cannot reach the editor's mailbox", async () => {
      const { ctx } = server();
      const admin = await buildUser(ctx, { roles: asRoles('admin') });
      const learner = await buildUser(ctx);
      const editor = await buildUser(ctx, { roles: asRoles('cms') });
      const ce = server().client();
      await ce.login(editor.email, TEST_PASSWORD);
      const mailbox = `takeover-${Math.random().toString(36).slice(2, 8)}@example.org`;
      for (const target of [admin, learner]) {
        const r = await ce.post('/app_users/save', { _id: target.id, email: mailbox });
        expect(r.status).toBe(403);
        expect((await findUserById(ctx.db, target.id))!.email).toBe(target.email);
      }
      // The whole profile sent back with the address unchanged is still an editor's ordinary edit.
      expect((await ce.post('/app_users/save', { _id: learner.id, email: learner.email.toUpperCase(), city: 'Tete' })).body.city).toBe(
        'Tete',
      );
      // The reset that followed in the attack now mails nobody but the admin's own address.
      await server().client().post('/app_users/resetpassword', { email: mailbox });
      const outbox = path.join(server().config.dataDir, 'outbox');
      const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8')) : [];
      expect(mails.some((m) => m.includes(mailbox))).toBe(false);
      // Another admin cannot change an admin's address either; the admin can change their own.
      const other = await buildUser(ctx, { roles: asRoles('admin') });
      const co = server().client();
      await co.login(other.email, TEST_PASSWORD);
      expect((await co.post('/app_users/save', { _id: admin.id, email: mailbox })).status).toBe(403);
      const learnerMail = `moved-${Math.random().toString(36).slice(2, 8)}@example.org`;
      expect((await co.post('/app_users/save', { _id: learner.id, email: learnerMail })).body.email).toBe(learnerMail);
    });

    it('remove: admins only, not themselves, 404 for unknown ids', async () => {
      const { ctx } = server();
      const target = await buildUser(ctx);
      const admin = await buildUser(ctx, { roles: asRoles('admin') });
      const learner = await buildUser(ctx);
      const cl = server().client();
      await cl.login(learner.email, TEST_PASSWORD);
      expect((await cl.get(`/app_users/remove/${target.id}`)).status).toBe(403);
      const ca = server().client();
      await ca.login(admin.email, TEST_PASSWORD);
      expect((await ca.get(`/app_users/remove/${admin.id}`)).status).toBe(403);
      expect((await ca.get('/app_users/remove/missing')).status).toBe(404);
      expect((await ca.get(`/app_users/remove/${target.id}`)).body).toEqual({ ok: true });
      expect(await findUserById(ctx.db, target.id)).toBeUndefined();
    });

    it('remove refuses a link followed from another site', async () => {
      const { ctx } = server();
      const target = await buildUser(ctx);
      const admin = await buildUser(ctx, { roles: asRoles('admin') });
      const ca = server().client();
      await ca.login(admin.email, TEST_PASSWORD);
      const r = await ca.get(`/app_users/remove/${target.id}`, { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example.com/' });
      expect(r.status).toBe(403);
      expect(await findUserById(ctx.db, target.id)).toBeTruthy();
    });

    it('instructors lists class hosts for signed-in users', async () => {
      const { ctx } = server();
      const host = await buildUser(ctx, { firstname: 'Hosting' });
      const course = await buildCourse(ctx);
      await buildClass(ctx, course, { instructor: host.id });
      expect((await server().client().post('/app_users/instructors', { course })).status).toBe(401);
      const c = server().client();
      await c.login(host.email, TEST_PASSWORD);
      expect((await c.post('/app_users/instructors', { course })).body).toEqual([
        { _id: host.id, firstname: 'Hosting', lastname: host.lastname },
      ]);
    });
  });

  describe('cross-site requests', () => {
    it('refuses a state-changing request from another origin and changes nothing', async () => {
      const u = await buildUser(server().ctx);
      const c = server().client();
      await c.login(u.email, TEST_PASSWORD);
      const r = await c.post('/app_users/save', { _id: u.id, city: 'Evilton' }, { origin: 'https://evil.example.com' });
      expect(r.status).toBe(403);
      expect((await findUserById(server().ctx.db, u.id))!.city).not.toBe('Evilton');
      // Same origin is fine.
      expect((await c.post('/app_users/save', { _id: u.id, city: 'Braga' }, { origin: server().baseUrl })).status).toBe(200);
    });
  });

  it('healthz reports the process and the database', async () => {
    const r = await server().client().get('/healthz');
    expect(r.body).toEqual({ ok: true, engine: server().engine });
  });

  it('sets security headers', async () => {
    const r = await server().client().get('/healthz');
    expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describeEachEngine(
  'rate limits',
  (server) => {
    it('login answers 429 after a burst from one address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          (
            await server()
              .client()
              .post('/users/login', { login: `x${i}@example.org`, password: 'nope' })
          ).status,
        );
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    });
    it('reset and register answer 429 after a burst', async () => {
      const resets: number[] = [];
      for (let i = 0; i < 4; i++)
        resets.push(
          (
            await server()
              .client()
              .post('/app_users/resetpassword', { email: `r${i}@example.org` })
          ).status,
        );
      expect(resets.at(-1)).toBe(429);
      const regs: number[] = [];
      for (let i = 0; i < 4; i++) regs.push((await server().client().post('/app_users/register', {})).status);
      expect(regs).toEqual([400, 400, 400, 429]);
    });
  },
  { RATE_LIMIT_MAX: '3' },
);

async function waitFor<T>(fn: () => T | null | Promise<T | null>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
