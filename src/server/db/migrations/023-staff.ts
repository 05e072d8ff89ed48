/**
 * Staff at scale: suspended accounts, the durable mail queue every e-mail goes through, and which
 * notices a learner has turned off.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  const s = db.schema;
  // 1 while an administrator has suspended the account: no sign-in, no session; its data stays.
  await s
    .alterTable('users')
    .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The notices (JSON list of kinds) the learner turned off in their profile; null means all on.
  await s.alterTable('users').addColumn('noticesoff', 'text').execute();

  // One row per e-mail to send. The worker claims due 'queued' rows with a conditional update, sends,
  // and on a failure puts the row back with a later `due` (back-off) until it gives up ('failed').
  await s
    .createTable('mail_queue')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due', 'text', (c) => c.notNull())
    .addColumn('claimed', 'text')
    .addColumn('lasterror', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('sent', 'text')
    .execute();
  await s.createIndex('mail_queue_due').on('mail_queue').columns(['status', 'due']).execute();
}
