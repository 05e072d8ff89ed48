/**
 * Posts and replies written on a device without a connection are sent later, perhaps more than once
 * (a reply lost on the way, a reload while sending). Each carries the id the device gave it; one row
 * per (author, client id) makes the second send find the first instead of adding a copy.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  const s = db.schema;
  await s.alterTable('comments').addColumn('clientid', 'text').execute();
  await s.alterTable('replies').addColumn('clientid', 'text').execute();
  // NULLs are distinct in a unique index on both engines, so rows without a client id never clash.
  await s.createIndex('comments_author_clientid').on('comments').columns(['author', 'clientid']).unique().execute();
  await s.createIndex('replies_author_clientid').on('replies').columns(['author', 'clientid']).unique().execute();
}
