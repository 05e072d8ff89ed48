/**
 * Demo data of the staff tools: a suspended learner (shown as suspended in the Users table, cannot
 * sign in) and the mail queue with a message the instructor sent to the spring cohort, some of it
 * delivered and some still waiting, plus one that failed and is waiting for its next try.
 */
import crypto from 'node:crypto';
import type { AppContext } from '../context.ts';
import { insertUser } from '../modules/users/users.repository.ts';
import { recordAudit } from '../modules/admin/audit.repository.ts';
import { auditBulk } from '../../domain/audit.ts';

export const DEMO_SUSPENDED = { id: 'demo-suspended', email: 'suspended@example.org', firstname: 'Sam', lastname: 'Suspended' };

export async function seedDemoStaff(ctx: AppContext, passwordHash: string): Promise<void> {
  const { db } = ctx;
  await insertUser(db, { ...DEMO_SUSPENDED, passwordHash, city: 'Porto', country: 'PT', lang: 'pt', suspended: 1 });
  await recordAudit(db, {
    actor: { id: 'demo-admin', email: 'admin@example.org' },
    action: auditBulk('suspend'),
    targetType: 'users',
    target: '',
    changes: { count: 1 },
    targets: [DEMO_SUSPENDED.id],
  });

  // The instructor's message to the spring cohort: already sent to the demo learner, queued for two
  // others, and one address the (demo) mail server refused, waiting for its retry.
  const at = Date.now();
  const iso = (ms: number) => new Date(at + ms).toISOString();
  const subject = 'Open Learning Commons: Wednesday meeting moved to 19:00';
  const text = 'Hello everyone,\n\nThis week we meet at 19:00 instead of 18:00.\n\nInes\n';
  const row = (
    to: string,
    status: string,
    extra: Partial<{ attempts: number; due: string; lasterror: string | null; sent: string | null }> = {},
  ) => ({
    id: crypto.randomUUID(),
    to,
    subject,
    text: status === 'sent' ? '' : text,
    html: null,
    status,
    attempts: extra.attempts ?? (status === 'sent' ? 1 : 0),
    due: extra.due ?? iso(-3600_000),
    claimed: null,
    lasterror: extra.lasterror ?? null,
    created: iso(-3600_000),
    sent: extra.sent ?? null,
  });
  await db
    .insertInto('mail_queue')
    .values([
      row('learner@example.org', 'sent', { sent: iso(-3590_000) }),
      row('learner2@example.org', 'failed', { attempts: 8, lasterror: '550 mailbox unavailable' }),
      row('learner3@example.org', 'queued', { attempts: 1, due: iso(24 * 3600_000), lasterror: '451 try again later' }),
    ])
    .execute();
  await db
    .insertInto('sent_mail')
    .values({ id: crypto.randomUUID(), to: 'learner@example.org', subject, created: iso(-3590_000) })
    .execute();
}
