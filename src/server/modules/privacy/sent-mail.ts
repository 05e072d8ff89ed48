/**
 * A log of every e-mail the site sends: recipient, subject and time (never the body, which can hold a
 * temporary password or a download link). It is what a learner's data export lists as "e-mails sent
 * to you", and the account eraser removes a person's rows.
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../../adapters/mailer.ts';
import { now } from '../../db/dialect.ts';

export function withSentMailLog(mailer: Mailer, db: Db): Mailer {
  return {
    async send(mail) {
      await mailer.send(mail);
      // A failed log entry must not make a sent e-mail look failed (the caller could send it twice).
      await db.insertInto('sent_mail').values({
        id: crypto.randomUUID(), to: String(mail.to).trim().toLowerCase(), subject: String(mail.subject).slice(0, 500), created: now(),
      }).execute().catch(() => {});
    },
  };
}
