/**
 * Password reset, e-mail change, password change and the account mails, through the real server on
 * both engines. The temporary password and the confirmation link expire on a clock the test moves.
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { describeEachEngine, type TestServer } from '../../testing/harness.ts';
import { buildUser, asRoles, signedInUser, TEST_PASSWORD } from '../../testing/factories.ts';
import { findUserById } from '../users/users.repository.ts';
import { MSG } from '../../../domain/messages.ts';
import { accountClock } from './clock.ts';
import { SECRET_TTL_MS } from './account-secrets.ts';
import { waitForMail } from './mail-outbox.testing.ts';
import { commonPasswordCount, contextWords, isContextPassword } from './common-passwords.ts';

const PUBLIC_URL = 'https://learn.example.org';
const realNow = accountClock.now;
afterEach(() => {
  accountClock.now = realNow;
});
/** Moves the account clock forward. */
const later = (ms: number) => {
  accountClock.now = () => realNow() + ms;
};

const tempPasswordOf = (text: string) => /: (\S+-\d\d!)/.exec(text)?.[1] ?? null;
const tokenOf = (text: string) => /\/confirmemail\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;

async function requestReset(server: TestServer, email: string) {
  const r = await server.client().post('/app_users/resetpassword', { email });
  expect(r.status).toBe(200);
  expect(r.body.info.message).toBe(MSG.resetSent);
  const mail = await waitForMail(server.config.dataDir, email, (m) => !!tempPasswordOf(m.text) && !seenResets.has(m.file));
  seenResets.add(mail.file);
  return { mail, temp: tempPasswordOf(mail.text)! };
}
const seenResets = new Set<string>();

describeEachEngine(
  'password reset',
  (server) => {
    it('changes nothing until the temporary password is used; then only a new password may be set', async () => {
      const { user, client: before } = await signedInUser(server());
      const { temp } = await requestReset(server(), user.email);
      // The old password and the session held before the reset both still work.
      expect((await before.get('/app_users/whoami')).body.user._id).toBe(user.id);
      expect((await server().client().post('/users/login', { login: user.email, password: TEST_PASSWORD })).status).toBe(200);
      expect((await findUserById(server().ctx.db, user.id))!.passwordHash).toBe(user.passwordHash);

      const c = server().client();
      const login = await c.post('/users/login', { login: user.email, password: temp });
      expect(login.status).toBe(200);
      expect(login.body.mustChangePassword).toBe(true);
      expect((await c.get('/app_users/whoami')).body.mustChangePassword).toBe(true);
      // Single use: the same secret does not sign in twice.
      expect((await server().client().post('/users/login', { login: user.email, password: temp })).status).toBe(401);
      // Any other write is refused until a new password is set; reads still answer.
      const write = await c.post('/app_users/save', { _id: user.id, city: 'Faro' });
      expect(write.status).toBe(403);
      expect(write.body.error.message).toBe(MSG.mustChangePassword);
      expect((await findUserById(server().ctx.db, user.id))!.city).not.toBe('Faro');
      // The mailed secret stands in for the current password.
      const set = await c.post('/app_users/resetpassword', { password: 'Fresh-start-77', confirmpassword: 'Fresh-start-77' });
      expect(set.status).toBe(200);
      expect(set.body.info.message).toBe(MSG.passwordChanged);
      expect((await c.get('/app_users/whoami')).body.mustChangePassword).toBe(false);
      expect((await c.post('/app_users/save', { _id: user.id, city: 'Faro' })).status).toBe(200);
      // Now the old password and the other sessions are gone.
      expect((await server().client().post('/users/login', { login: user.email, password: TEST_PASSWORD })).status).toBe(401);
      expect((await before.get('/app_users/whoami')).body.user).toBeNull();
      await server().client().login(user.email, 'Fresh-start-77');
    });

    it('lets the temporary password expire after 30 minutes', async () => {
      const user = await buildUser(server().ctx);
      const { temp } = await requestReset(server(), user.email);
      later(SECRET_TTL_MS + 60_000);
      expect((await server().client().post('/users/login', { login: user.email, password: temp })).status).toBe(401);
      accountClock.now = realNow;
      // Still unused, and it was the clock that said no: inside its half hour it works.
      later(SECRET_TTL_MS - 60_000);
      expect((await server().client().post('/users/login', { login: user.email, password: temp })).status).toBe(200);
    });

    it('honours only the newest reset mail', async () => {
      const user = await buildUser(server().ctx);
      const first = await requestReset(server(), user.email);
      const second = await requestReset(server(), user.email);
      expect((await server().client().post('/users/login', { login: user.email, password: first.temp })).status).toBe(401);
      expect((await server().client().post('/users/login', { login: user.email, password: second.temp })).status).toBe(200);
    });

    it("mails in the user's language, right-to-left for Arabic, with links from PUBLIC_URL whatever the Host header says", async () => {
      const user = await buildUser(server().ctx, { lang: 'ar' });
      const port = new URL(server().baseUrl).port;
      // A raw request whose Host header names another site.
      await new Promise<void>((resolve, reject) => {
        const body = JSON.stringify({ email: user.email });
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/app_users/resetpassword',
            method: 'POST',
            headers: {
              host: 'evil.example.com',
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'x-requested-with': 'learning-platform',
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(String(res.statusCode)))));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      const mail = await waitForMail(server().config.dataDir, user.email, (m) => !!tempPasswordOf(m.text));
      expect(mail.subject).toContain('كلمة المرور المؤقتة');
      expect(mail.html).toContain('dir="rtl"');
      expect(mail.html).toContain(`href="${PUBLIC_URL}/login"`);
      expect(mail.text).toContain('مرحبًا');
      expect(mail.text).toContain(`${PUBLIC_URL}/login`);
      expect(mail.text + mail.html).not.toContain('evil.example.com');
    });
  },
  { PUBLIC_URL },
);

describeEachEngine(
  'e-mail change',
  (server) => {
    const fresh = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}@example.org`;

    it('needs the current password, waits for the new address to confirm, and tells the old one', async () => {
      const { user, client } = await signedInUser(server(), { lang: 'fr' });
      const to = fresh('moved');
      const none = await client.post('/app_users/save', { _id: user.id, email: to });
      expect(none.status).toBe(400);
      expect(none.body.error.fields.currentpassword).toBe(MSG.currentPasswordRequired);
      const wrong = await client.post('/app_users/save', { _id: user.id, email: to, currentpassword: 'Not-the-one-1' });
      expect(wrong.body.error.fields.currentpassword).toBe(MSG.currentPasswordWrong);

      const ok = await client.post('/app_users/save', { _id: user.id, email: to, currentpassword: TEST_PASSWORD, city: 'Lyon' });
      expect(ok.status).toBe(200);
      expect(ok.body.info.message).toBe(MSG.emailConfirmSent);
      // While pending, the account keeps its address (the other fields are saved).
      expect(ok.body.email).toBe(user.email);
      expect(ok.body.city).toBe('Lyon');
      expect((await findUserById(server().ctx.db, user.id))!.email).toBe(user.email);
      const confirm = await waitForMail(server().config.dataDir, to, (m) => !!tokenOf(m.text));
      expect(confirm.subject).toContain('veuillez confirmer votre nouvelle adresse e-mail');
      expect(confirm.text).toContain(`${PUBLIC_URL}/confirmemail/`);
      const notice = await waitForMail(server().config.dataDir, user.email, (m) => m.text.includes(to));
      expect(notice.subject).toContain('un changement de votre adresse e-mail a été demandé');

      const token = tokenOf(confirm.text)!;
      const r = await server().client().post('/app_users/confirmemail', { token });
      expect(r.status).toBe(200);
      expect(r.body.info.message).toBe(MSG.emailConfirmed);
      expect((await findUserById(server().ctx.db, user.id))!.email).toBe(to);
      await server().client().login(to, TEST_PASSWORD);
      await waitForMail(server().config.dataDir, user.email, (m) => m.subject.includes('votre adresse e-mail a été changée'));
      // Single use.
      const again = await server().client().post('/app_users/confirmemail', { token });
      expect(again.status).toBe(400);
      expect(again.body.error.message).toBe(MSG.confirmLinkInvalid);
    });

    it('lets the confirmation link expire after 30 minutes', async () => {
      const { user, client } = await signedInUser(server());
      const to = fresh('late');
      await client.post('/app_users/save', { _id: user.id, email: to, currentpassword: TEST_PASSWORD });
      const token = tokenOf((await waitForMail(server().config.dataDir, to)).text)!;
      later(SECRET_TTL_MS + 60_000);
      const r = await server().client().post('/app_users/confirmemail', { token });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(MSG.confirmLinkInvalid);
      expect((await findUserById(server().ctx.db, user.id))!.email).toBe(user.email);
    });

    it('refuses a confirmation whose address was taken meanwhile, and bad tokens, without a change', async () => {
      const { user, client } = await signedInUser(server());
      const to = fresh('taken');
      await client.post('/app_users/save', { _id: user.id, email: to, currentpassword: TEST_PASSWORD });
      const token = tokenOf((await waitForMail(server().config.dataDir, to)).text)!;
      await buildUser(server().ctx, { email: to });
      const r = await server().client().post('/app_users/confirmemail', { token });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(MSG.emailTaken);
      expect((await findUserById(server().ctx.db, user.id))!.email).toBe(user.email);
      for (const bad of [{}, { token: 'short' }, { token: 'x'.repeat(43) }, { token: '<script>alert(1)</script>aaaaaaaaaaaaaaaaaaa' }]) {
        const b = await server().client().post('/app_users/confirmemail', bad);
        expect(b.status).toBe(400);
        expect(b.body.error.message).toBe(MSG.confirmLinkInvalid);
      }
    });

    it("an admin changes a learner's address at once and both addresses are told", async () => {
      const learner = await buildUser(server().ctx, { lang: 'de' });
      const { client: admin } = await signedInUser(server(), { roles: asRoles('admin') });
      const to = fresh('by-admin');
      const r = await admin.post('/app_users/save', { _id: learner.id, email: to });
      expect(r.status).toBe(200);
      expect(r.body.email).toBe(to);
      for (const addr of [learner.email, to]) {
        const m = await waitForMail(server().config.dataDir, addr, (x) => x.text.includes(learner.email) && x.text.includes(to));
        expect(m.subject).toContain('Ihre E-Mail-Adresse wurde geändert');
      }
    });
  },
  { PUBLIC_URL },
);

describeEachEngine(
  'password change',
  (server) => {
    it('needs the current password, refuses common passwords, keeps the registration rule, and mails the user', async () => {
      const { user, client } = await signedInUser(server());
      const none = await client.post('/app_users/resetpassword', { password: 'Brand-new-42', confirmpassword: 'Brand-new-42' });
      expect(none.status).toBe(400);
      expect(none.body.error.fields.currentpassword).toBe(MSG.currentPasswordRequired);
      const wrong = await client.post('/app_users/resetpassword', {
        password: 'Brand-new-42',
        confirmpassword: 'Brand-new-42',
        currentpassword: 'Wrong-pass-1',
      });
      expect(wrong.body.error.message).toBe(MSG.currentPasswordWrong);
      const plain = await client.post('/app_users/resetpassword', {
        password: 'abcdefgh',
        confirmpassword: 'abcdefgh',
        currentpassword: TEST_PASSWORD,
      });
      expect(plain.body.error.message).toBe(MSG.passwordRule);
      for (const common of ['P@ssw0rd', 'iloveyou!', 'Password!']) {
        const r = await client.post('/app_users/resetpassword', {
          password: common,
          confirmpassword: common,
          currentpassword: TEST_PASSWORD,
        });
        expect(r.status, common).toBe(400);
        expect(r.body.error.fields.password).toBe(MSG.passwordCommon);
      }
      expect((await server().client().post('/users/login', { login: user.email, password: TEST_PASSWORD })).status).toBe(200);
      const ok = await client.post('/app_users/resetpassword', {
        password: 'Brand-new-42',
        confirmpassword: 'Brand-new-42',
        currentpassword: TEST_PASSWORD,
      });
      expect(ok.body.info.message).toBe(MSG.passwordChanged);
      const mail = await waitForMail(server().config.dataDir, user.email, (m) => m.subject.includes('your password was changed'));
      expect(mail.text).toContain('The password of your account was changed.');
      expect(mail.text).toContain(`${PUBLIC_URL}/passwordreset`);
    });

    it('registration refuses a common password with its own message and keeps the spec rule', async () => {
      const email = `reg-${Math.random().toString(36).slice(2, 8)}@example.org`;
      const base = { firstname: 'Ana', lastname: 'Lima', email, confirmemail: email, city: 'Porto', country: 'Portugal', terms: true };
      const common = await server()
        .client()
        .post('/app_users/register', { ...base, password: 'P@ssw0rd', confirmpassword: 'P@ssw0rd' });
      expect(common.status).toBe(400);
      expect(common.body.error.fields.password).toBe(MSG.passwordCommon);
      const weak = await server()
        .client()
        .post('/app_users/register', { ...base, password: 'abcdefgh', confirmpassword: 'abcdefgh' });
      expect(weak.body.error.fields.password).toBe(MSG.passwordRule);
      expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    });

    it("refuses a password made only of the person's names, address or the site's words, at registration and at change", async () => {
      const email = `nadia.haddad-${Math.random().toString(36).slice(2, 8)}@example.org`;
      const base = { firstname: 'Nadia', lastname: 'Haddad', email, confirmemail: email, city: 'Porto', country: 'Portugal', terms: true };
      for (const password of ['Nadia-2024!', 'haddad.NADIA#7', 'LearningPlatform1!']) {
        const r = await server()
          .client()
          .post('/app_users/register', { ...base, password, confirmpassword: password });
        expect(r.status, password).toBe(400);
        expect(r.body.error.fields.password, password).toBe(MSG.passwordContext);
      }
      // Other words with the name are the person's own choice.
      const ok = await server()
        .client()
        .post('/app_users/register', { ...base, password: 'Nadia walks to Sintra!', confirmpassword: 'Nadia walks to Sintra!' });
      expect(ok.status).toBe(200);

      const { user, client } = await signedInUser(server(), { firstname: 'Tomasz', lastname: 'Nowak' });
      const change = (password: string) =>
        client.post('/app_users/resetpassword', { password, confirmpassword: password, currentpassword: TEST_PASSWORD });
      const refused = await change('Tomasz-Nowak-1!');
      expect([refused.status, refused.body.error.fields.password]).toEqual([400, MSG.passwordContext]);
      // The address's first word ('user' of 'user-12ab@example.org') and its domain ('example').
      const local = /^[a-z]+/.exec(user.email)![0];
      expect((await change(`${local}#Example#2024`)).body.error.fields.password).toBe(MSG.passwordContext);
      expect((await change('Tomasz rows on the Vistula!')).status).toBe(200);
    });
  },
  { PUBLIC_URL },
);

describe('context words', () => {
  it("are the product's and roles' names, the site title's words and the person's names and address parts", () => {
    const words = contextWords('Open Learning Commons', { email: 'ana.silva@escola.pt', firstname: 'Ana', lastname: 'Silva' });
    expect(words).toEqual(expect.arrayContaining(['learning', 'platform', 'admin', 'open', 'commons', 'ana', 'silva', 'escola']));
    expect(words).not.toContain('pt');
    for (const p of ['Ana-Silva-1!', 'OpenCommons#9', 'escola2024!', 'ADMIN!admin!']) expect(isContextPassword(p, words), p).toBe(true);
    for (const p of ['banana-split-9!', 'Ana reads Pessoa!', '12345678!', 'Silvan-1!']) expect(isContextPassword(p, words), p).toBe(false);
  });
});
