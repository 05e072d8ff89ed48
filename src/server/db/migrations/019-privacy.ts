/**
 * A learner's own data: the background export jobs (with the finished ZIP, served by any process),
 * pending account deletions, retention warnings, a log of e-mails sent (subjects and dates, for the
 * export), and which version of the privacy notice a registration accepted.
 */
import type { Kysely } from 'kysely';
import { columnTypes, type Engine } from '../dialect.ts';

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  const s = db.schema;

  // One row per requested export. The worker claims 'queued' rows; the download token is kept only
  // as its SHA-256, and the ZIP is stored here so every app process can serve it until it expires.
  await s
    .createTable('data_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('tokenhash', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('claimed', 'text')
    .addColumn('ready', 'text')
    .addColumn('expires', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size', 'integer')
    .addColumn('data', t.blob)
    .execute();
  await s.createIndex('data_exports_user').on('data_exports').columns(['userId', 'created']).execute();
  await s.createIndex('data_exports_status').on('data_exports').columns(['status', 'created']).execute();
  await s.createIndex('data_exports_token').on('data_exports').column('tokenhash').unique().execute();

  // A deletion the account holder asked for: carried out by the daily job once `due` has passed,
  // cancelled by signing in before then.
  await s
    .createTable('account_deletions')
    .addColumn('userId', 'text', (c) => c.primaryKey())
    .addColumn('requested', 'text', (c) => c.notNull())
    .addColumn('due', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('account_deletions_due').on('account_deletions').column('due').execute();

  // When an inactive account was warned that it will be removed; a sign-in clears it.
  await s
    .createTable('retention_warnings')
    .addColumn('userId', 'text', (c) => c.primaryKey())
    .addColumn('warned', 'text', (c) => c.notNull())
    .addColumn('due', 'text', (c) => c.notNull())
    .execute();

  // Every e-mail the site sent: recipient, subject and time (not the body, which may hold a secret).
  await s
    .createTable('sent_mail')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('sent_mail_to').on('sent_mail').columns(['to', 'created']).execute();

  // The privacy notice's version (its page timestamp) the account accepted when registering.
  await s.alterTable('users').addColumn('privacyaccepted', 'text').execute();

  // A certificate outlives a removed account: its enrolment row stays (without progress), and the
  // name printed on it is copied here only when the site keeps names on certificates.
  await s.alterTable('enrollments').addColumn('certname', 'text').execute();
}
