/**
 * The queries of the paged staff tables: each builds its filtered base query, lets the pager sort and
 * page it (`paging.ts`), and gives the rows as stored; the routes present them.
 */
import type { Db } from '../../db/database.ts';
import type { Engine } from '../../db/dialect.ts';
import type { PageQuery } from '../../../domain/paging.ts';
import { contains, countOf, keepNothing, runGroupedPage, runPage, type Keep } from '../../paging.ts';
import { touches } from '../admin/audit.repository.ts';
import { userSearch } from '../users/users.page.ts';

/** Audit entries, each with the number of records it touched beyond its own target. */
export function auditPage(db: Db, q: PageQuery & { action?: string; target?: string }) {
  let base = db.selectFrom('audit_log');
  if (q.action) base = base.where('action', '=', q.action);
  if (q.target) base = base.where(touches(q.target));
  if (q.q) base = base.where((eb) => eb.or([contains('actoremail', q.q!), contains('target', q.q!), contains('action', q.q!)]));
  return runPage(
    base,
    (b) =>
      b.selectAll().select((eb) =>
        eb
          .selectFrom('audit_targets')
          .select((t) => t.fn.countAll().as('n'))
          .whereRef('audit_targets.auditid', '=', 'audit_log.id')
          .as('targets'),
      ),
    q,
    {
      sorts: { created: 'created', actoremail: 'actoremail', action: 'action', targettype: 'targettype', target: 'target' },
      defaultSort: 'created',
      defaultDir: 'desc',
      tiebreak: 'id',
    },
  );
}

export async function auditEntryExists(db: Db, id: string): Promise<boolean> {
  return !!(await db.selectFrom('audit_log').select('id').where('id', '=', id).executeTakeFirst());
}

/** Every record one audit entry touched, with the account's name and e-mail where it is still here. */
export function auditTargets(db: Db, auditid: string) {
  return db
    .selectFrom('audit_targets')
    .leftJoin('users', 'users.id', 'audit_targets.target')
    .select(['audit_targets.target', 'users.email', 'users.firstname', 'users.lastname'])
    .where('audit_targets.auditid', '=', auditid)
    .orderBy('users.lastname')
    .orderBy('users.firstname')
    .orderBy('audit_targets.target')
    .execute();
}

export function filePage(db: Db, q: PageQuery & { context?: string }) {
  let base = db.selectFrom('files');
  if (q.context) base = base.where('context', '=', q.context);
  if (q.q) base = base.where((eb) => eb.or([contains('filename', q.q!), contains('title', q.q!), contains('context', q.q!)]));
  return runPage(base, (b) => b.select(['filename', 'title', 'context', 'mime', 'size', 'mtime']), q, {
    sorts: { filename: 'filename', title: 'title', context: 'context', mime: 'mime', size: 'size', mtime: 'mtime' },
    defaultSort: 'mtime',
    defaultDir: 'desc',
    tiebreak: 'filename',
  });
}

/** Classes with their course's title. */
export function classPage(db: Db, q: PageQuery & { course?: string }) {
  let base = db.selectFrom('classes').leftJoin('courses', 'courses.id', 'classes.course');
  if (q.course) base = base.where('classes.course', '=', q.course);
  if (q.q) {
    base = base.where((eb) =>
      eb.or([
        contains('classes.name', q.q!),
        contains('classes.instructorname', q.q!),
        contains('classes.regcode', q.q!),
        contains('courses.title', q.q!),
      ]),
    );
  }
  return runPage(base, (b) => b.selectAll('classes').select('courses.title as coursetitle'), q, {
    sorts: {
      name: 'classes.name',
      course: 'courses.title',
      startdate: 'classes.startdate',
      instructorname: 'classes.instructorname',
      regcode: 'classes.regcode',
      lang: 'classes.lang',
      selfpaced: 'classes.selfpaced',
      created: 'classes.created',
    },
    defaultSort: 'created',
    defaultDir: 'desc',
    tiebreak: 'classes.id',
  });
}

/** One survey's responses. */
export function responsePage(db: Db, q: PageQuery & { surveyId: string }) {
  let base = db.selectFrom('survey_responses').where('surveyId', '=', q.surveyId);
  if (q.q) base = base.where((eb) => eb.or([contains('answers', q.q!), contains('context', q.q!), contains('contextid', q.q!)]));
  return runPage(base, (b) => b.select(['id', 'created', 'lang', 'context', 'contextid', 'answers']), q, {
    sorts: { created: 'created', lang: 'lang', context: 'context', contextid: 'contextid' },
    defaultSort: 'created',
    defaultDir: 'desc',
    tiebreak: 'id',
  });
}

/** Enrolments with their learner, course and class names. */
export function enrollmentPage(
  db: Db,
  engine: Engine,
  q: PageQuery & { course?: string; classid?: string; completed?: 'yes' | 'no' },
  keep: Keep = keepNothing,
) {
  // Totals without a text filter change only when enrolments come, go or complete: kept under the filters.
  const filters = JSON.stringify([q.course ?? '', q.classid ?? '', q.completed ?? '']);
  let own = db.selectFrom('enrollments');
  if (q.course) own = own.where('enrollments.course', '=', q.course);
  if (q.classid) own = own.where('enrollments.classid', '=', q.classid);
  if (q.completed === 'yes') own = own.where('enrollments.completed', 'is not', null);
  if (q.completed === 'no') own = own.where('enrollments.completed', 'is', null);
  // Every enrolment has its user (an account's removal removes its enrolments); the other joins only
  // add names, so without a text filter the total is counted from the enrolments alone.
  let base = own
    .innerJoin('users', 'users.id', 'enrollments.user')
    .leftJoin('courses', 'courses.id', 'enrollments.course')
    .leftJoin('classes', 'classes.id', 'enrollments.classid');
  if (q.q) {
    // The learner through the users' text index, the class and course by their names (a few hundred
    // rows each): each side is a short id list, so 250,000 enrolments are never read for it.
    // One id list made of three index look-ups: an OR of the three would make PostgreSQL read every
    // enrolment in the sort's order, testing each against the lists.
    const text = q.q;
    const matching = db
      .selectFrom('enrollments as m')
      .select('m.id')
      .where('m.user', 'in', db.selectFrom('users').select('users.id').where(userSearch(engine, text)))
      .union(
        db
          .selectFrom('enrollments as m')
          .select('m.id')
          .where('m.classid', 'in', db.selectFrom('classes').select('classes.id').where(contains('classes.name', text))),
      )
      .union(
        db
          .selectFrom('enrollments as m')
          .select('m.id')
          .where('m.course', 'in', db.selectFrom('courses').select('courses.id').where(contains('courses.title', text))),
      );
    base = base.where('enrollments.id', 'in', matching);
  }
  const columns = (b: typeof base) =>
    b.select([
      'enrollments.id',
      'enrollments.user',
      'users.email',
      'users.firstname',
      'users.lastname',
      'enrollments.course',
      'courses.title as coursetitle',
      'enrollments.classid',
      'classes.name as classname',
      'enrollments.regdate',
      'enrollments.completed',
      'enrollments.percentcomplete',
      'enrollments.certcode',
    ]);
  // By course or class name: a few hundred names ordered here, then only the enrolments of the page's
  // course or class are read (a text filter narrows the rows enough to sort them as they are).
  const byName = !q.q && (q.sort === 'course' || q.sort === 'classname');
  return byName
    ? runGroupedPage(
        base,
        own,
        columns,
        q,
        q.sort === 'course'
          ? {
              column: 'enrollments.course',
              tiebreak: 'enrollments.id',
              keep: (count) => keep(`course:${filters}`, count),
              names: async () => new Map((await db.selectFrom('courses').select(['id', 'title']).execute()).map((c) => [c.id, c.title])),
            }
          : {
              column: 'enrollments.classid',
              tiebreak: 'enrollments.id',
              keep: (count) => keep(`classid:${filters}`, count),
              names: async () => new Map((await db.selectFrom('classes').select(['id', 'name']).execute()).map((c) => [c.id, c.name])),
            },
      )
    : runPage(base, columns, q, {
        sorts: {
          regdate: 'enrollments.regdate',
          completed: 'enrollments.completed',
          email: 'users.email',
          // Last name, then first name and the person, so the users' name index gives the order.
          lastname: ['users.lastname', 'users.firstname', 'users.id'],
          course: 'courses.title',
          classname: 'classes.name',
          percentcomplete: 'enrollments.percentcomplete',
        },
        defaultSort: 'regdate',
        defaultDir: 'desc',
        tiebreak: 'enrollments.id',
        ...(q.q
          ? {}
          : {
              countBase: own,
              total: () => keep(`total:${filters}`, () => countOf(own)),
              ownSorts: ['regdate', 'completed', 'percentcomplete'],
            }),
      });
}
