/**
 * Secrets mailed to an account holder: temporary passwords of a reset and e-mail change confirmations.
 * A row holds only the SHA-256 of its secret (the secrets are long and random, so a plain hash is enough
 * and lets the login look one up), when it expires, and when it was used. Nothing about the account
 * changes when a row is written: the reset or the new address takes effect only when the secret is used.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('account_secrets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull())
    // 'reset' (temporary password) or 'email' (confirmation of a new address).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('newEmail', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('expires', 'text', (c) => c.notNull())
    .addColumn('used', 'text')
    // The session that signed in with a temporary password: it may do nothing but set a new one.
    .addColumn('session', 'text')
    .execute();
  await db.schema.createIndex('account_secrets_user').on('account_secrets').columns(['userId', 'kind']).execute();
  await db.schema.createIndex('account_secrets_session').on('account_secrets').column('session').execute();
}
