/**
 * Exam attempts as server records: each attempt is started on the server, holds the questions the
 * learner was shown (drawn from the pool, answers shuffled) and the answers saved so far, and ends
 * submitted or expired. Extra attempts granted by an instructor or admin are rows of their own. The
 * exam material carries its own rules (pool draw, time limit, attempts, wait, answers shown); empty
 * means the site's default.
 */
import type { Kysely } from 'kysely';
import { columnTypes, type Engine } from '../dialect.ts';

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  const s = db.schema;

  await s
    .createTable('exam_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('enrollmentId', 'text', (c) => c.notNull())
    .addColumn('user', 'text', (c) => c.notNull())
    .addColumn('course', 'text', (c) => c.notNull())
    .addColumn('classid', 'text', (c) => c.notNull())
    .addColumn('lesson', 'text', (c) => c.notNull())
    .addColumn('material', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // 1, 2, 3... per enrolment and material: two concurrent starts cannot both make attempt n.
    .addColumn('number', 'integer', (c) => c.notNull())
    // inprogress, then submitted or expired.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('started', 'text', (c) => c.notNull())
    .addColumn('deadline', 'text')
    .addColumn('finished', 'text')
    // What the learner was shown, with each question's right letter (never sent before it may be).
    .addColumn('questions', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    // The autosave sequence: an older save arriving late does not overwrite a newer one.
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('saved', 'text')
    .addColumn('score', t.double)
    .addColumn('possible', t.double)
    .addColumn('percent', t.double)
    .addColumn('passed', 'integer')
    // The grant this attempt used, if it needed one.
    .addColumn('grant', 'text')
    .addUniqueConstraint('exam_attempts_number', ['enrollmentId', 'material', 'number'])
    .execute();
  await s.createIndex('exam_attempts_open').on('exam_attempts').columns(['state', 'deadline']).execute();
  await s.createIndex('exam_attempts_class').on('exam_attempts').columns(['classid', 'material']).execute();

  await s
    .createTable('exam_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('enrollmentId', 'text', (c) => c.notNull())
    .addColumn('material', 'text', (c) => c.notNull())
    .addColumn('grantedby', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('usedby', 'text')
    .execute();
  await s.createIndex('exam_grants_enrollment').on('exam_grants').columns(['enrollmentId', 'material']).execute();

  for (const [name, type] of [
    ['drawcount', 'integer'],
    ['timelimit', 'integer'],
    ['maxattempts', 'integer'],
    ['waithours', t.double],
    ['showanswers', 'text'],
  ] as const) {
    await s.alterTable('materials').addColumn(name, type).execute();
  }
}
