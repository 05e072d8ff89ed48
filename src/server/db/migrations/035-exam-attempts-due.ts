/**
 * Open attempts with a time limit, by deadline, for the sweep that closes those past it: a partial
 * index in place of one on (state, deadline). PostgreSQL planned an autosave (the attempt by its key,
 * open, in time) on the old index when the table's statistics were older than the day's attempts (a new
 * site, or exam day outgrowing the last analyse): every save then read every open attempt. An autosave
 * or submit never says `deadline is not null`, so this index cannot serve them.
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema.dropIndex('exam_attempts_open').execute();
  await db.schema
    .createIndex('exam_attempts_due')
    .on('exam_attempts')
    .column('deadline')
    .where(sql.ref('state'), '=', sql.lit('inprogress'))
    .where(sql.ref('deadline'), 'is not', null)
    .execute();
}
