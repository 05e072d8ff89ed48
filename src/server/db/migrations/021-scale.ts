/**
 * Indexes for the queries that filter or sort on columns no earlier index leads with, so staff
 * tables, reports and clean-up jobs stay flat at 100,000 users and 10,000,000 progress rows (each
 * checked with the engine's query plan at that size), and a text index for the admin user search.
 *
 * User search matches any part of "first last email" (as the LIKE it replaces did): SQLite through
 * an FTS5 table with the trigram tokenizer, kept in step by triggers; PostgreSQL through a pg_trgm
 * GIN index on the same expression.
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

/** The searched text of a user, the same on both engines (the queries in users.search.ts repeat it). */
export const USER_SEARCH_TEXT = `lower(firstname || ' ' || lastname || ' ' || email)`;

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const s = db.schema;
  // Completions and dashboards by course (without it each call built a temporary index).
  await s.createIndex('enrollments_course_completed').on('enrollments').columns(['course', 'completed']).execute();
  // Reports of completions over time, passed exams.
  await s.createIndex('enrollments_completed').on('enrollments').column('completed').execute();
  await s.createIndex('enrollments_exampassed').on('enrollments').columns(['exampassed', 'examdate']).execute();
  // The participant table sorted by registration date or by progress inside a class.
  await s.createIndex('enrollments_class_regdate').on('enrollments').columns(['classid', 'regdate', 'id']).execute();
  await s.createIndex('enrollments_class_progress').on('enrollments').columns(['classid', 'percentcomplete', 'id']).execute();
  // Per-lesson reports (views and quiz results of one lesson across learners).
  await s.createIndex('lesson_progress_lesson').on('lesson_progress').column('lesson').execute();
  await s.createIndex('quiz_attempts_user').on('quiz_attempts').columns(['user', 'created']).execute();
  await s.createIndex('replies_author').on('replies').column('author').execute();
  // Expired sessions are swept by time.
  await s.createIndex('sessions_expires').on('sessions').column('expires').execute();
  // The user table's sorts (name, e-mail is unique already), and the reports by country and last visit.
  await s.createIndex('users_name').on('users').columns(['lastname', 'firstname', 'id']).execute();
  await s.createIndex('users_lastseen').on('users').columns(['lastseen', 'id']).execute();
  await s.createIndex('users_country').on('users').column('country').execute();

  if (engine === 'postgres') {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql.raw(`create index users_search on users using gin ((${USER_SEARCH_TEXT}) gin_trgm_ops)`).execute(db);
    return;
  }
  // Contentless (the text is in users already) with deletes allowed, keyed by the users row's rowid.
  await sql`create virtual table users_search using fts5(text, content='', contentless_delete=1, tokenize='trigram remove_diacritics 1')`.execute(
    db,
  );
  const text = (row: 'new' | 'old') => USER_SEARCH_TEXT.replace(/(firstname|lastname|email)/g, `${row}.$1`);
  await sql
    .raw(
      `create trigger users_search_insert after insert on users begin
      insert into users_search (rowid, text) values (new.rowid, ${text('new')}); end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger users_search_delete after delete on users begin
      delete from users_search where rowid = old.rowid; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger users_search_update after update of firstname, lastname, email on users begin
      delete from users_search where rowid = old.rowid;
      insert into users_search (rowid, text) values (new.rowid, ${text('new')}); end`,
    )
    .execute(db);
  await sql.raw(`insert into users_search (rowid, text) select rowid, ${USER_SEARCH_TEXT} from users`).execute(db);
}
