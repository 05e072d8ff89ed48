/**
 * The mail queue against a real SMTP server on loopback (smtp-server): a request only queues; the
 * worker sends; a refused delivery is retried after its back-off; mail queued by a server that stopped
 * before sending goes out once a server starts again on the same database.
 */
import { expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { describeEachEngine, ENGINES, freshDatabase, postgresReachable } from '../../testing/harness.ts';
import { buildUser } from '../../testing/factories.ts';
import { loopbackSmtp } from '../../testing/smtp.ts';
import { backoffMs, enqueueMail, runMailQueue } from './mail-queue.ts';

const smtp = loopbackSmtp();
const { received, refuseOnce } = smtp;

const env = {
  get SMTP_URL() {
    return smtp.url;
  },
  MAIL_RETRY_BASE_MS: '200',
  MAIL_POLL_MS: '50',
} as unknown as Record<string, string>;

describeEachEngine(
  'mail queue',
  (server) => {
    it('sends a queued mail through SMTP and logs it', async () => {
      const u = await buildUser(server().ctx);
      const r = await server().client().post('/app_users/resetpassword', { email: u.email });
      expect(r.status).toBe(200);
      await expect.poll(() => received.some((m) => m.to.includes(u.email)), { timeout: 10_000 }).toBe(true);
      await expect
        .poll(
          async () =>
            await server().ctx.db.selectFrom('mail_queue').select(['status', 'text']).where('to', '=', u.email).executeTakeFirst(),
          { timeout: 5000 },
        )
        .toEqual({ status: 'sent', text: '' });
      const log = await server().ctx.db.selectFrom('sent_mail').select('subject').where('to', '=', u.email).execute();
      expect(log).toHaveLength(1);
    });

    it('retries after the SMTP server refuses, with back-off', async () => {
      const to = `refused-${Date.now()}@example.org`;
      refuseOnce.add(to);
      await enqueueMail(server().ctx.db, { to, subject: 'Retry me', text: 'Hello' });
      await expect.poll(() => received.some((m) => m.to.includes(to)), { timeout: 15_000 }).toBe(true);
      // The row is marked sent just after the SMTP server took the mail.
      await expect
        .poll(
          async () =>
            (await server().ctx.db.selectFrom('mail_queue').select('status').where('to', '=', to).executeTakeFirstOrThrow()).status,
        )
        .toBe('sent');
      const row = await server().ctx.db.selectFrom('mail_queue').selectAll().where('to', '=', to).executeTakeFirstOrThrow();
      expect(row.status).toBe('sent');
      expect(row.attempts).toBe(2);
      expect(row.lasterror).toBeNull();
      expect(received.filter((m) => m.to.includes(to))).toHaveLength(1);
    });

    it('waits for the back-off before trying again, and gives up after the last attempt', async () => {
      const { db } = server().ctx;
      const failing = {
        async send() {
          throw new Error('connection refused');
        },
      };
      const at = new Date('2030-01-01T00:00:00Z');
      const id = await enqueueMail(db, { to: 'never@example.org', subject: 'x', text: 'y' }, at);
      // Other rows may be due too; only this one is looked at.
      await runMailQueue(db, failing, { at, retryBaseMs: 60_000 });
      let row = await db.selectFrom('mail_queue').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('queued');
      expect(row.attempts).toBe(1);
      expect(row.lasterror).toContain('connection refused');
      expect(Date.parse(row.due) - Date.now()).toBeGreaterThan(50_000);
      expect(backoffMs(2, 60_000)).toBe(120_000);
      expect(backoffMs(20, 60_000)).toBe(3600_000);
      await db.updateTable('mail_queue').set({ attempts: 7, due: at.toISOString() }).where('id', '=', id).execute();
      await runMailQueue(db, failing, { at, retryBaseMs: 60_000 });
      row = await db.selectFrom('mail_queue').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
    });
  },
  env,
);

for (const engine of ENGINES) {
  it.skipIf(engine === 'postgres' && !(await postgresReachable()))(
    `mail queued before a restart is sent after it [${engine}]`,
    async () => {
      const database = await freshDatabase(engine);
      const base = { LOG_LEVEL: 'silent', DATA_DIR: database.dataDir, DATABASE_URL: database.url, SMTP_URL: smtp.url, MAIL_POLL_MS: '50' };
      try {
        // First process: queues but does not send (its worker is off), then stops.
        const first = await buildApp(loadConfig({ ...base, MAIL_WORKER: '0' }));
        const u = await buildUser(first.ctx);
        await first.ctx.mailer.send({ to: u.email, subject: 'Survives a restart', text: 'Hello' });
        await first.app.close();
        expect(received.some((m) => m.to.includes(u.email))).toBe(false);
        // Second process on the same database: the worker finds the row and sends it.
        const second = await buildApp(loadConfig(base));
        try {
          await expect.poll(() => received.some((m) => m.to.includes(u.email)), { timeout: 10_000 }).toBe(true);
        } finally {
          await second.app.close();
        }
      } finally {
        await database.drop();
      }
    },
    60_000,
  );
}
