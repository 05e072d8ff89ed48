/**
 * Every record one audited action touched: a bulk action on 10,000 learners is one entry in the log,
 * with its whole list here (the entry's own JSON is kept small), so "what happened to this learner"
 * finds the bulk actions that included them.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('audit_targets')
    .addColumn('auditid', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_targets_pk', ['auditid', 'target'])
    .execute();
  await db.schema.createIndex('audit_targets_target').on('audit_targets').columns(['target', 'auditid']).execute();
}
