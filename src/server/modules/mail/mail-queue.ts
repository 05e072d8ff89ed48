/**
 * Every e-mail goes through `mail_queue`, a table in the database: a request only adds a row (so no
 * reply waits on, or fails with, the SMTP server), and a worker in each server process sends due rows.
 * A row is claimed by a conditional update, so two processes never send it both; a failed send is put
 * back with a later `due` (30 s, 1 min, 2 min ... capped at an hour) until MAX_ATTEMPTS; a row left
 * 'sending' by a process that died is taken up again after STALE_CLAIM_MS. Rows survive restarts
 * because they are the database. Once sent, the body is cleared (it can hold a temporary password)
 * and the mail is written to the sent-mail log (recipient, subject, time).
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Mail, Mailer } from '../../adapters/mailer.ts';

export const MAX_ATTEMPTS = 8;
const STALE_CLAIM_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 3600_000;

export const backoffMs = (attempts: number, baseMs: number) => Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

/** A queue row for one e-mail, due at once. */
const queued = (mail: Mail, iso: string) => ({
  id: crypto.randomUUID(),
  to: String(mail.to).trim(),
  subject: String(mail.subject),
  text: mail.text,
  html: mail.html ?? null,
  status: 'queued',
  attempts: 0,
  due: iso,
  claimed: null,
  lasterror: null,
  created: iso,
  sent: null,
});

/** Adds one e-mail to the queue; `afterAdd` wakes the local worker so it goes out within moments. */
export async function enqueueMail(db: Db, mail: Mail, at: Date = new Date()): Promise<string> {
  const row = queued(mail, at.toISOString());
  await db.insertInto('mail_queue').values(row).execute();
  return row.id;
}

/** Many e-mails in one statement per 200 (a message to a class, welcome mails of an import). */
export async function enqueueMany(db: Db, mails: Mail[], at: Date = new Date()): Promise<number> {
  const iso = at.toISOString();
  for (let i = 0; i < mails.length; i += 200) {
    await db
      .insertInto('mail_queue')
      .values(mails.slice(i, i + 200).map((m) => queued(m, iso)))
      .execute();
  }
  return mails.length;
}

/** The Mailer every module uses: `send` queues; the worker's transport does the sending. */
export function queuedMailer(db: Db, afterAdd: () => void = () => {}): Mailer {
  return {
    async send(mail) {
      await enqueueMail(db, mail);
      afterAdd();
    },
    kick: afterAdd,
  };
}

/** Sends every due row once (claiming each first). Returns how many were sent and how many failed. */
export async function runMailQueue(
  db: Db,
  transport: Mailer,
  opts: { at?: Date; retryBaseMs?: number; log?: FastifyBaseLogger; stopped?: () => boolean } = {},
): Promise<{ sent: number; failed: number }> {
  const at = opts.at ?? new Date();
  const nowIso = at.toISOString();
  const stale = new Date(at.getTime() - STALE_CLAIM_MS).toISOString();
  let sent = 0;
  let failed = 0;
  const tried = new Set<string>();
  for (;;) {
    const batch = await db
      .selectFrom('mail_queue')
      .select(['id', 'attempts', 'to', 'subject', 'text', 'html'])
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('due', '<=', nowIso)]),
          eb.and([eb('status', '=', 'sending'), eb('claimed', '<', stale)]),
        ]),
      )
      .orderBy('due')
      .limit(50)
      .execute();
    const fresh = batch.filter((r) => !tried.has(r.id));
    if (!fresh.length) return { sent, failed };
    for (const row of fresh) {
      // A process shutting down stops between mails; the rest stay queued for the next run.
      if (opts.stopped?.()) return { sent, failed };
      tried.add(row.id);
      const claim = await db
        .updateTable('mail_queue')
        .set({ status: 'sending', claimed: new Date().toISOString(), attempts: row.attempts + 1 })
        .where('id', '=', row.id)
        .where('attempts', '=', row.attempts)
        .executeTakeFirst();
      if (Number(claim.numUpdatedRows) !== 1) continue;
      try {
        await transport.send({ to: row.to, subject: row.subject, text: row.text, ...(row.html ? { html: row.html } : {}) });
        const sentAt = new Date().toISOString();
        // The sent-mail log is written only while the row is still there: an account erased while its
        // mail was on the way must not get its address back into the log.
        await db
          .transaction()
          .execute(async (trx) => {
            const done = await trx
              .updateTable('mail_queue')
              .set({ status: 'sent', sent: sentAt, text: '', html: null, lasterror: null })
              .where('id', '=', row.id)
              .executeTakeFirst();
            if (Number(done.numUpdatedRows) !== 1) return;
            await trx
              .insertInto('sent_mail')
              .values({
                id: crypto.randomUUID(),
                to: row.to.trim().toLowerCase(),
                subject: row.subject.slice(0, 500),
                created: sentAt,
              })
              .execute();
          })
          .catch((err) => opts.log?.warn({ err }, 'mail sent but not logged'));
        sent++;
      } catch (err) {
        failed++;
        const attempts = row.attempts + 1;
        const giveUp = attempts >= MAX_ATTEMPTS;
        const due = new Date(Date.now() + backoffMs(attempts, opts.retryBaseMs ?? 30_000)).toISOString();
        await db
          .updateTable('mail_queue')
          .set({ status: giveUp ? 'failed' : 'queued', due, lasterror: String((err as Error)?.message ?? err).slice(0, 500) })
          .where('id', '=', row.id)
          .execute();
        opts.log?.warn({ to: row.to, attempts, giveUp, err: (err as Error)?.message }, 'mail send failed');
      }
    }
  }
}

/** The loop: every `pollMs`, and at once when a mail is added in this process. */
export function startMailWorker(db: Db, transport: Mailer, log: FastifyBaseLogger, opts: { pollMs: number; retryBaseMs: number }) {
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runMailQueue(db, transport, { retryBaseMs: opts.retryBaseMs, log, stopped: () => stopped })
      .catch((err) => log.error({ err }, 'mail queue run failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          setImmediate(run);
        }
      });
  };
  const timer = setInterval(run, opts.pollMs);
  timer.unref();
  return {
    kick: () => setImmediate(run),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
