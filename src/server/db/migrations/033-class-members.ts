/**
 * A class's members by person: the participant table sorted by name walks the users' name index and
 * looks each person up here (class and user both known), instead of reading every enrolment of the
 * person and dropping those of other classes; a class's members are also counted from this index alone.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  await db.schema.createIndex('enrollments_class_user').on('enrollments').columns(['classid', 'user']).execute();
}
