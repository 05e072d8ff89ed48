/**
 * Content history and the indexes of the staff tables' sorts. `record_versions` keeps a copy of a
 * content block, course, lesson or material as it was after each save (and as it was before the first
 * save that history saw), so editors can compare and restore; a restore is one more version.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  const s = db.schema;
  await s
    .createTable('record_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recordid', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('author', 'text')
    .addColumn('authoremail', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute();
  // One number per version of a record: two saves at once cannot both become version n.
  await s.createIndex('record_versions_record').on('record_versions').columns(['kind', 'recordid', 'version']).unique().execute();

  // Sorts of the staff tables that would otherwise read the whole table.
  await s.createIndex('audit_log_actoremail').on('audit_log').columns(['actoremail', 'created']).execute();
  await s.createIndex('files_mtime').on('files').column('mtime').execute();
  await s.createIndex('classes_name').on('classes').column('name').execute();
  await s.createIndex('classes_startdate').on('classes').column('startdate').execute();
  await s.createIndex('survey_responses_created').on('survey_responses').columns(['surveyId', 'created']).execute();
}
