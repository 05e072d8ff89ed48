/** Every entity of spec section 3. Forward-only: later changes get a new numbered file. */
import { sql, type Kysely } from 'kysely';
import { columnTypes, type Engine } from '../dialect.ts';

export async function up(db: Kysely<any>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  const s = db.schema;

  await s
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('passwordHash', 'text', (c) => c.notNull())
    .addColumn('firstname', 'text', (c) => c.notNull())
    .addColumn('lastname', 'text', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('cookieoptin', 'text', (c) => c.notNull().defaultTo('prompt'))
    .addColumn('certifications', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('country', 'text')
    .addColumn('postal', 'text')
    .addColumn('phone', 'text')
    .addColumn('birthDate', 'text')
    .addColumn('bio', 'text')
    .addColumn('heard', 'text')
    .addColumn('vocation', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'text')
    .addColumn('lasttime', 'text')
    .addColumn('lastseen', 'text')
    .addColumn('passwordChanged', 'text')
    .execute();

  await s
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('expires', 'text', (c) => c.notNull())
    .addColumn('lastseen', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('sessions_user').on('sessions').column('userId').execute();

  await s
    .createTable('site_config')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('localization')
    .addColumn('lang', 'text', (c) => c.primaryKey())
    .addColumn('labels', 'text', (c) => c.notNull())
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('nav_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('key', 'text')
    .addColumn('icon', 'text')
    .addColumn('cssclass', 'text')
    .addColumn('groups', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lang', 'text')
    .execute();

  await s
    .createTable('content')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('subtype', 'text')
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('lang', 'text')
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text')
    .addColumn('body', 'text')
    .addColumn('body2', 'text')
    .addColumn('description', 'text')
    .addColumn('video', 'text')
    .addColumn('videoplacement', 'text')
    .addColumn('condition', 'text')
    .addColumn('after', 'text')
    .addColumn('cards', 'text')
    .addColumn('scripthead', 'text')
    .addColumn('scriptfoot', 'text')
    .addColumn('style', 'text')
    .addColumn('meta', 'text')
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('content_context_lang').on('content').columns(['context', 'lang']).execute();

  await s
    .createTable('courses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('reftitle', 'text')
    .addColumn('description', 'text')
    .addColumn('description2', 'text')
    .addColumn('status', 'text')
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('main', 'text')
    .addColumn('video', 'text')
    .addColumn('sections', 'text')
    .addColumn('smallbanner', 'text')
    .addColumn('timerequired', 'text')
    .addColumn('certificate', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('classes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('course', 'text', (c) => c.notNull())
    .addColumn('startdate', 'text')
    .addColumn('weeks', 'integer')
    .addColumn('instructor', 'text')
    .addColumn('instructorname', 'text')
    .addColumn('regcode', 'text', (c) => c.unique())
    .addColumn('selfpaced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lang', 'text')
    .addColumn('description', 'text')
    .addColumn('description2', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('classes_course').on('classes').column('course').execute();
  await s.createIndex('classes_instructor').on('classes').column('instructor').execute();

  await s
    .createTable('enrollments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user', 'text', (c) => c.notNull())
    .addColumn('course', 'text', (c) => c.notNull())
    .addColumn('classid', 'text', (c) => c.notNull())
    .addColumn('regdate', 'text', (c) => c.notNull())
    .addColumn('completed', 'text')
    .addColumn('regcode', 'text')
    .addColumn('description', 'text')
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .addColumn('percentcomplete', t.double, (c) => c.notNull().defaultTo(0))
    .addColumn('exampassed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('examdate', 'text')
    .execute();
  await s.createIndex('enrollments_user').on('enrollments').column('user').execute();
  await s.createIndex('enrollments_class').on('enrollments').column('classid').execute();

  await s
    .createTable('lesson_progress')
    .addColumn('enrollmentId', 'text', (c) => c.notNull())
    .addColumn('lesson', 'text', (c) => c.notNull())
    .addColumn('firstview', 'text')
    .addColumn('lastview', 'text')
    .addColumn('quizdate', 'text')
    .addColumn('score', t.double)
    .addColumn('possible', t.double)
    .addColumn('percent', t.double)
    .addColumn('answers', 'text')
    .addColumn('correctanswers', 'text')
    .addPrimaryKeyConstraint('lesson_progress_pk', ['enrollmentId', 'lesson'])
    .execute();

  await s
    .createTable('material_views')
    .addColumn('enrollmentId', 'text', (c) => c.notNull())
    .addColumn('lesson', 'text', (c) => c.notNull())
    .addColumn('material', 'text', (c) => c.notNull())
    .addColumn('firstview', 'text', (c) => c.notNull())
    .addColumn('lastview', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('material_views_pk', ['enrollmentId', 'lesson', 'material'])
    .execute();

  await s
    .createTable('lessons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sortorder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sorder', 'text')
    .addColumn('type', 'text')
    .addColumn('cached', 'text')
    .execute();
  await s.createIndex('lessons_course').on('lessons').column('course').execute();

  await s
    .createTable('materials')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lesson', 'text', (c) => c.notNull())
    .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('subid', 'text')
    .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('usebutton', 'text')
    .addColumn('quiz', 'text')
    .addColumn('description', 'text')
    .addColumn('description1', 'text')
    .addColumn('description2', 'text')
    .addColumn('question', 'text')
    .execute();
  await s.createIndex('materials_lesson').on('materials').column('lesson').execute();

  await s
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent', 'text', (c) => c.notNull())
    .addColumn('context', 'text')
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('authorname', 'text')
    .addColumn('courseId', 'text')
    .addColumn('lessonId', 'text')
    .addColumn('classId', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('access', 'text')
    .addColumn('shared', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('comments_parent').on('comments').columns(['parent', 'context']).execute();
  await s.createIndex('comments_author').on('comments').column('author').execute();

  await s
    .createTable('replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('commentId', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('authorname', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('context', 'text')
    .addColumn('lang', 'text')
    .addColumn('parent', 'text')
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('replies_comment').on('replies').column('commentId').execute();

  await s
    .createTable('files')
    .addColumn('filename', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text')
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('mtime', 'text', (c) => c.notNull())
    .addColumn('ctime', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('thefile', t.blob, (c) => c.notNull())
    .execute();
  await s.createIndex('files_context').on('files').column('context').execute();

  await s
    .createTable('surveys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('description2', 'text')
    .addColumn('status', 'text')
    .addColumn('lang', 'text')
    .addColumn('questions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('timestamp', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('survey_responses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('surveyId', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('lang', 'text')
    .addColumn('context', 'text')
    .addColumn('contextid', 'text')
    .addColumn('user', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('survey_responses_survey').on('survey_responses').column('surveyId').execute();

  // Case-insensitive e-mail look-up works the same on both engines through lower().
  await sql`create index users_email_lower on users (lower(email))`.execute(db);
}
