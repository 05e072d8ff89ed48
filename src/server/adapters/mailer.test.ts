/**
 * The reset mail travels through a real SMTP server on loopback (smtp-server), and the temporary
 * password it carries signs the user in.
 */
import { expect, it } from 'vitest';
import { describeEachEngine } from '../testing/harness.ts';
import { buildUser, TEST_PASSWORD } from '../testing/factories.ts';
import { loopbackSmtp } from '../testing/smtp.ts';

const smtp = loopbackSmtp();
const { received } = smtp;

// The SMTP port is known only after beforeAll, so the URL is read lazily through a getter.
const env = {
  get SMTP_URL() {
    return smtp.url;
  },
} as unknown as Record<string, string>;

describeEachEngine(
  'password reset by e-mail over SMTP',
  (server) => {
    it('delivers the temporary password, which then signs in', async () => {
      const u = await buildUser(server().ctx);
      const r = await server().client().post('/app_users/resetpassword', { email: u.email });
      expect(r.status).toBe(200);
      const mail = await waitFor(() => received.find((m) => m.to.includes(u.email)));
      const temp = /temporary password is: (\S+)/.exec(mail.raw.replace(/=\r?\n/g, ''))![1];
      await waitFor(
        async () => (await server().client().post('/users/login', { login: u.email, password: temp })).status === 200 || undefined,
      );
      // The reset changed nothing until its secret was used: the old password still signs in.
      expect((await server().client().post('/users/login', { login: u.email, password: TEST_PASSWORD })).status).toBe(200);
    });
  },
  env,
);

async function waitFor<T>(fn: () => T | undefined | Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
