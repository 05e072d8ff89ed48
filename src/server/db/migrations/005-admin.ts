/**
 * The admin area: the audit log of admin changes, and the settings of outside services (the
 * CRM's address and key), kept apart from the site config because that one is sent to every browser.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  const s = db.schema;

  // Who changed what, when: one row per admin change, newest first in the admin list.
  await s
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    // The actor's e-mail at the time, so the entry still reads well once the account is gone.
    .addColumn('actoremail', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('targettype', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await s.createIndex('audit_log_created').on('audit_log').columns(['created', 'id']).execute();
  await s.createIndex('audit_log_actor').on('audit_log').columns(['actor', 'created']).execute();
  await s.createIndex('audit_log_action').on('audit_log').columns(['action', 'created']).execute();
  await s.createIndex('audit_log_target').on('audit_log').columns(['target', 'created']).execute();

  await s
    .createTable('integration_settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .execute();

  // The users.csv export and the CRM's "recently changed" sync walk users in these orders.
  await s.createIndex('users_created').on('users').columns(['created', 'id']).execute();
  await s.createIndex('users_timestamp').on('users').columns(['timestamp', 'id']).execute();
}
