/**
 * Session control and two-factor sign-in: sessions remember the device and address they started
 * from (for the account's Sessions list); TOTP secrets and hashed recovery codes per account.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('sessions')
    .addColumn('useragent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s
    .alterTable('sessions')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // One row per account that started setting up or uses TOTP; `enabled` once a code confirmed it.
  // `laststep` is the newest time step accepted, so a code is never accepted twice.
  await s
    .createTable('two_factor')
    .addColumn('userId', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('laststep', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();

  // Recovery codes, stored as SHA-256 (each is 80 random bits, so a fast hash is enough); single use.
  await s
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('used', 'text')
    .execute();
  await s.createIndex('recovery_codes_user').on('recovery_codes').columns(['userId', 'hash']).execute();
}
