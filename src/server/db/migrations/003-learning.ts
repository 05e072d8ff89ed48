/**
 * The learning journey: quiz and exam attempts, the certificate verification code on an
 * enrolment, and server secrets (the key that signs certificate codes).
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { columnTypes, type Engine } from '../dialect.ts';

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  const s = db.schema;

  // One row per graded submission, kept for reports (score distributions). The unique key makes a
  // retried submission (same attempt id) an insert that does nothing.
  await s
    .createTable('quiz_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('enrollmentId', 'text', (c) => c.notNull())
    .addColumn('user', 'text', (c) => c.notNull())
    .addColumn('course', 'text', (c) => c.notNull())
    .addColumn('classid', 'text', (c) => c.notNull())
    .addColumn('lesson', 'text', (c) => c.notNull())
    .addColumn('material', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('attempt', 'text', (c) => c.notNull())
    .addColumn('answershash', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('correctanswers', 'text', (c) => c.notNull())
    .addColumn('score', t.double, (c) => c.notNull())
    .addColumn('possible', t.double, (c) => c.notNull())
    .addColumn('percent', t.double, (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addUniqueConstraint('quiz_attempts_attempt', ['enrollmentId', 'material', 'attempt'])
    .execute();
  await s.createIndex('quiz_attempts_material').on('quiz_attempts').columns(['material', 'created']).execute();
  await s.createIndex('quiz_attempts_recent').on('quiz_attempts').columns(['enrollmentId', 'material', 'created']).execute();

  // Verification code of the enrolment's certificate, set when the certificate is first issued.
  await s.alterTable('enrollments').addColumn('certcode', 'text').execute();
  await s.createIndex('enrollments_certcode').on('enrollments').column('certcode').unique().execute();
  await s.createIndex('enrollments_course').on('enrollments').columns(['user', 'course']).execute();

  await s
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('server_secrets')
    .values({ name: 'certificate', value: crypto.randomBytes(32).toString('base64url'), created: new Date().toISOString() })
    .execute();
}
