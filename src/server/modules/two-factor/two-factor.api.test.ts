/**
 * Two-factor sign-in through the real server on both engines, with codes computed in the test by the
 * same TOTP library the server uses, at the app's clock (moved forward to get the next code).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { describeEachEngine, startTestServer, type TestClient, type TestServer } from '../../testing/harness.ts';
import { APP_REQUEST_HEADER, APP_REQUEST_VALUE } from '../../../domain/constants.ts';
import { asRoles, buildUser, TEST_PASSWORD } from '../../testing/factories.ts';
import { MSG } from '../../../domain/messages.ts';
import { readOutbox } from '../../testing/outbox.ts';
import { waitForMail } from '../accounts/mail-outbox.testing.ts';

const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

/** Signs in, sets up two-factor sign-in, and gives the secret and recovery codes. */
async function withTwoFactor(server: TestServer, roles: string[] = []) {
  const u = await buildUser(server.ctx, { roles: asRoles(...roles) });
  const c = server.client();
  await c.login(u.email, TEST_PASSWORD);
  const setup = await c.post('/app_users/twofactor/begin', { password: TEST_PASSWORD });
  const enabled = await c.post('/app_users/twofactor/enable', { code: codeAt(setup.body.secret, server.ctx.clock.now()) });
  expect(enabled.status).toBe(200);
  server.ctx.clock.advance(30_000);
  return { u, c, secret: setup.body.secret as string, recovery: enabled.body.recoverycodes as string[] };
}

const whoamiId = async (c: TestClient) => (await c.get('/app_users/whoami')).body.user?._id ?? null;

describeEachEngine('two-factor sign-in', (server) => {
  afterEach(() => server().ctx.clock.reset());

  it('sets up with a QR code and a confirming code, and shows ten recovery codes once', async () => {
    const u = await buildUser(server().ctx);
    const c = server().client();
    await c.login(u.email, TEST_PASSWORD);
    expect((await c.post('/app_users/twofactor/status')).body).toEqual({ enabled: false, required: false, recoveryLeft: 0 });
    // The password is asked again: a borrowed session alone cannot set it up.
    for (const body of [{}, { password: 'wrong-password' }]) {
      const r = await c.post('/app_users/twofactor/begin', body);
      expect([r.status, r.body.error.message]).toEqual([400, MSG.twoFactorPasswordWrong]);
    }
    const setup = await c.post('/app_users/twofactor/begin', { password: TEST_PASSWORD });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(setup.body.otpauth).toContain(encodeURIComponent(u.email));
    expect(setup.body.qr).toMatch(/^data:image\/png;base64,/);
    const wrong = await c.post('/app_users/twofactor/enable', {
      code: '000000' === codeAt(setup.body.secret, server().ctx.clock.now()) ? '111111' : '000000',
    });
    expect([wrong.status, wrong.body.error.message]).toEqual([400, MSG.twoFactorCodeWrong]);
    expect((await c.post('/app_users/twofactor/status')).body.enabled).toBe(false);
    const ok = await c.post('/app_users/twofactor/enable', { code: codeAt(setup.body.secret, server().ctx.clock.now()) });
    expect(ok.status).toBe(200);
    expect(ok.body.recoverycodes).toHaveLength(10);
    expect(ok.body.recoverycodes[0]).toMatch(/^([A-Z2-9]{4}-){5}[A-Z2-9]{4}$/);
    expect(ok.body.status).toEqual({ enabled: true, required: false, recoveryLeft: 10 });
    // Stored hashed: no recovery code and no code appear in the database.
    const stored = JSON.stringify(await server().ctx.db.selectFrom('recovery_codes').selectAll().where('userId', '=', u.id).execute());
    for (const rc of ok.body.recoverycodes) expect(stored).not.toContain(rc.replace(/-/g, ''));
    expect((await c.post('/app_users/twofactor/begin', { password: TEST_PASSWORD })).status).toBe(400);
    for (const bad of [{}, { code: 12 }, { code: 'abc' }, { code: '1234567' }])
      expect((await c.post('/app_users/twofactor/enable', bad)).status).toBe(400);
    expect((await server().client().post('/app_users/twofactor/begin')).status).toBe(401);
  });

  it('signs in with the password, then a code: the session starts only after the second step', async () => {
    const { u, secret } = await withTwoFactor(server());
    const c = server().client();
    const first = await c.post('/users/login', { login: u.email, password: TEST_PASSWORD });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twofactor: 'code' });
    expect(c.cookies.has('sid')).toBe(false);
    expect(await whoamiId(c)).toBeNull();
    const wrong = await c.post('/app_users/twofactor/verify', { code: codeAt(secret, server().ctx.clock.now() - 10 * 60_000) });
    expect([wrong.status, wrong.body.error.message]).toEqual([401, MSG.twoFactorCodeWrong]);
    expect(await whoamiId(c)).toBeNull();
    const code = codeAt(secret, server().ctx.clock.now());
    const ok = await c.post('/app_users/twofactor/verify', { code });
    expect(ok.status).toBe(200);
    expect(ok.body.user._id).toBe(u.id);
    expect(await whoamiId(c)).toBe(u.id);
    // The same code is not accepted twice, even in a new sign-in within its 30 seconds.
    const again = server().client();
    expect((await again.post('/users/login', { login: u.email, password: TEST_PASSWORD })).body).toEqual({ twofactor: 'code' });
    expect((await again.post('/app_users/twofactor/verify', { code })).status).toBe(401);
    // Without the password step there is nothing to verify.
    const direct = await server()
      .client()
      .post('/app_users/twofactor/verify', { code: codeAt(secret, server().ctx.clock.now() + 30_000) });
    expect([direct.status, direct.body.error.message]).toEqual([401, MSG.twoFactorStepExpired]);
  });

  it('a sign-in finished by the second step cancels a requested deletion of the account, and says so', async () => {
    const { u, c, secret } = await withTwoFactor(server());
    expect((await c.post('/app_privacy/delete', { password: TEST_PASSWORD })).status).toBe(200);
    expect(await server().ctx.db.selectFrom('account_deletions').select('userId').where('userId', '=', u.id).execute()).toHaveLength(1);
    const again = server().client();
    expect((await again.post('/users/login', { login: u.email, password: TEST_PASSWORD })).body).toEqual({ twofactor: 'code' });
    // The password alone cancels nothing: the account is not signed in yet.
    expect(await server().ctx.db.selectFrom('account_deletions').select('userId').where('userId', '=', u.id).execute()).toHaveLength(1);
    const ok = await again.post('/app_users/twofactor/verify', { code: codeAt(secret, server().ctx.clock.now()) });
    expect(ok.status).toBe(200);
    expect(ok.body.info).toEqual({ message: MSG.deletionCancelled });
    expect(await server().ctx.db.selectFrom('account_deletions').select('userId').where('userId', '=', u.id).execute()).toEqual([]);
  });

  it("a reset's temporary password does not skip the code, and its session must set a new password first", async () => {
    const { u, secret } = await withTwoFactor(server());
    expect((await server().client().post('/app_users/resetpassword', { email: u.email })).status).toBe(200);
    const TEMP = /: (\S+-\d\d!)/;
    const temp = TEMP.exec((await waitForMail(server().config.dataDir, u.email, (m) => TEMP.test(m.text))).text)![1]!;
    const c = server().client();
    expect((await c.post('/users/login', { login: u.email, password: temp })).body).toEqual({ twofactor: 'code' });
    expect(await whoamiId(c)).toBeNull();
    const ok = await c.post('/app_users/twofactor/verify', { code: codeAt(secret, server().ctx.clock.now()) });
    expect(ok.status).toBe(200);
    const me = (await c.get('/app_users/whoami')).body;
    expect([me.user._id, me.mustChangePassword]).toEqual([u.id, true]);
    const write = await c.post('/app_users/save', { _id: u.id, city: 'Faro' });
    expect([write.status, write.body.error.message]).toEqual([403, MSG.mustChangePassword]);
  });

  it('a recovery code signs in once; the second step expires after ten minutes', async () => {
    const { u, secret, recovery } = await withTwoFactor(server());
    const c = server().client();
    await c.post('/users/login', { login: u.email, password: TEST_PASSWORD });
    const r = await c.post('/app_users/twofactor/verify', { code: recovery[0].toLowerCase() });
    expect(r.status).toBe(200);
    expect(r.body.recoveryLeft).toBe(9);
    const c2 = server().client();
    await c2.post('/users/login', { login: u.email, password: TEST_PASSWORD });
    expect((await c2.post('/app_users/twofactor/verify', { code: recovery[0] })).status).toBe(401);
    server().ctx.clock.advance(11 * 60_000);
    const late = await c2.post('/app_users/twofactor/verify', { code: codeAt(secret, server().ctx.clock.now()) });
    expect([late.status, late.body.error.message]).toEqual([401, MSG.twoFactorStepExpired]);
  });

  it('turns off with the password and a code, not with either alone', async () => {
    const { u, c, secret } = await withTwoFactor(server());
    const noPass = await c.post('/app_users/twofactor/disable', {
      password: 'wrong-password',
      code: codeAt(secret, server().ctx.clock.now()),
    });
    expect([noPass.status, noPass.body.error.message]).toEqual([400, MSG.twoFactorPasswordWrong]);
    const noCode = await c.post('/app_users/twofactor/disable', {
      password: TEST_PASSWORD,
      code: '123456' === codeAt(secret, server().ctx.clock.now()) ? '654321' : '123456',
    });
    expect([noCode.status, noCode.body.error.message]).toEqual([400, MSG.twoFactorCodeWrong]);
    expect((await c.post('/app_users/twofactor/status')).body.enabled).toBe(true);
    const off = await c.post('/app_users/twofactor/disable', { password: TEST_PASSWORD, code: codeAt(secret, server().ctx.clock.now()) });
    expect(off.body).toEqual({ enabled: false, required: false, recoveryLeft: 0 });
    const plain = await server().client().post('/users/login', { login: u.email, password: TEST_PASSWORD });
    expect(plain.body.user._id).toBe(u.id);
    // The owner is told of both changes by mail.
    await expect
      .poll(
        () =>
          readOutbox(server().config.dataDir)
            .filter((m) => m.to.includes(u.email))
            .map((m) => m.subject)
            .sort(),
        { timeout: 10_000 },
      )
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/two-factor sign-in was turned on$/),
          expect.stringMatching(/two-factor sign-in was turned off$/),
        ]),
      );
  });

  it('admins must set it up when the setting says so: the session starts once setup is confirmed', async () => {
    const settingAdmin = await buildUser(server().ctx, { roles: asRoles('admin') });
    const sc = server().client();
    await sc.login(settingAdmin.email, TEST_PASSWORD);
    expect((await sc.post('/app_admin/setSecurity', { requireAdminTwoFactor: true })).status).toBe(200);
    try {
      // A learner is not affected.
      const learner = await buildUser(server().ctx);
      expect((await server().client().post('/users/login', { login: learner.email, password: TEST_PASSWORD })).body.user._id).toBe(
        learner.id,
      );
      const admin = await buildUser(server().ctx, { roles: asRoles('admin') });
      const c = server().client();
      const first = await c.post('/users/login', { login: admin.email, password: TEST_PASSWORD });
      expect(first.body).toEqual({ twofactor: 'setup' });
      expect(await whoamiId(c)).toBeNull();
      // Nothing but the setup is open to the pending sign-in.
      expect((await c.post('/app_users/list', {})).status).toBe(401);
      expect((await c.post('/app_users/twofactor/verify', { code: '123456' })).status).toBe(401);
      const setup = await c.post('/app_users/twofactor/begin');
      expect(setup.status).toBe(200);
      const done = await c.post('/app_users/twofactor/enable', { code: codeAt(setup.body.secret, server().ctx.clock.now()) });
      expect(done.status).toBe(200);
      expect(done.body.recoverycodes).toHaveLength(10);
      expect(done.body.user._id).toBe(admin.id);
      expect(await whoamiId(c)).toBe(admin.id);
      expect((await c.post('/app_users/twofactor/status')).body).toMatchObject({ enabled: true, required: true });
      // From now on the admin signs in with a code.
      server().ctx.clock.advance(30_000);
      const next = server().client();
      expect((await next.post('/users/login', { login: admin.email, password: TEST_PASSWORD })).body).toEqual({ twofactor: 'code' });
    } finally {
      await sc.post('/app_admin/setSecurity', { requireAdminTwoFactor: false });
    }
  });
});

describeEachEngine("an admin turns off a user's two-factor sign-in", (server) => {
  it('for a user who lost the phone and the codes: audited, their sessions end; nobody else may', async () => {
    const { u, c } = await withTwoFactor(server());
    const editor = await buildUser(server().ctx, { roles: asRoles('cms') });
    const ec = server().client();
    await ec.login(editor.email, TEST_PASSWORD);
    expect((await ec.post('/app_users/twofactor/reset', { user: u.id })).status).toBe(403);
    expect((await c.post('/app_users/twofactor/reset', { user: u.id })).status).toBe(403);
    const admin = await buildUser(server().ctx, { roles: asRoles('admin') });
    const ac = server().client();
    await ac.login(admin.email, TEST_PASSWORD);
    expect((await ac.post('/app_users/twofactor/reset', { user: u.id })).body).toEqual({ ok: true });
    expect(await whoamiId(c)).toBeNull();
    const audit = await server()
      .ctx.db.selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'twofactor.reset')
      .where('target', '=', u.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].actor).toBe(admin.id);
    // The password alone signs in again.
    expect((await server().client().post('/users/login', { login: u.email, password: TEST_PASSWORD })).body.user._id).toBe(u.id);
    const again = await ac.post('/app_users/twofactor/reset', { user: u.id });
    expect([again.status, again.body.error.message]).toEqual([400, MSG.twoFactorNotOn]);
    expect((await ac.post('/app_users/twofactor/reset', { user: 'nobody' })).status).toBe(404);
  });
});

describeEachEngine('two-factor sign-in for everyone', (server) => {
  it('when the setting says so, every account sets it up at its next sign-in', async () => {
    const admin = await buildUser(server().ctx, { roles: asRoles('admin') });
    const ac = server().client();
    await ac.login(admin.email, TEST_PASSWORD);
    expect((await ac.post('/app_admin/setSecurity', { requireTwoFactorForAll: true })).body.security.requireTwoFactorForAll).toBe(true);
    const learner = await buildUser(server().ctx);
    const c = server().client();
    expect((await c.post('/users/login', { login: learner.email, password: TEST_PASSWORD })).body).toEqual({ twofactor: 'setup' });
    expect(await whoamiId(c)).toBeNull();
    const setup = await c.post('/app_users/twofactor/begin');
    const done = await c.post('/app_users/twofactor/enable', { code: codeAt(setup.body.secret, server().ctx.clock.now()) });
    expect(done.body.user._id).toBe(learner.id);
    expect((await c.post('/app_users/twofactor/status')).body).toMatchObject({ enabled: true, required: true });
  });
});

describeEachEngine(
  'two-factor sign-in throttling',
  (server) => {
    it('wrong codes in the second step meet the back-off', async () => {
      const { u, secret } = await withTwoFactor(server());
      const c = server().client();
      await c.post('/users/login', { login: u.email, password: TEST_PASSWORD });
      const right = codeAt(secret, server().ctx.clock.now());
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const guess = String(100000 + i);
        statuses.push((await c.post('/app_users/twofactor/verify', { code: guess === right ? '999999' : guess })).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
      // While backing off, even the right code waits.
      expect((await c.post('/app_users/twofactor/verify', { code: right })).status).toBe(429);
    });
  },
  { RATE_LIMIT_MAX: '10' },
);

describe('two-factor sign-in in production', () => {
  it('is required of admins by default: an admin with a right password is sent to the setup, a learner is not', async () => {
    const server = await startTestServer('sqlite', { NODE_ENV: 'production', PUBLIC_URL: 'https://learn.example.org' });
    try {
      const login = async (email: string) =>
        (await fetch(`${server.baseUrl}/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [APP_REQUEST_HEADER]: APP_REQUEST_VALUE },
          body: JSON.stringify({ login: email, password: TEST_PASSWORD }),
        }).then((r) => r.json())) as Record<string, unknown>;
      const admin = await buildUser(server.ctx, { roles: asRoles('admin') });
      expect(await login(admin.email)).toEqual({ twofactor: 'setup' });
      const learner = await buildUser(server.ctx);
      expect(await login(learner.email)).toMatchObject({ user: { _id: learner.id } });
    } finally {
      await server.stop();
    }
  });
});

describe('recovery code format', () => {
  it('is checked by the shared schema: six digits or 24 letters and digits, dashes and spaces ignored', async () => {
    const { TwoFactorCodeSchema } = await import('../../../domain/validation.ts');
    expect(TwoFactorCodeSchema.parse({ code: '123 456' }).code).toBe('123456');
    expect(TwoFactorCodeSchema.parse({ code: 'abcd-efgh-jkmn-pqrs-tuvw-xyz2' }).code).toBe('ABCDEFGHJKMNPQRSTUVWXYZ2');
    expect(TwoFactorCodeSchema.safeParse({ code: '12345' }).success).toBe(false);
  });
});
