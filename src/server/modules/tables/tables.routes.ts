/**
 * Paged staff tables: audit log, files, classes, a survey's responses and enrolments. Each sorts by
 * any of its columns, filters by free text (plus its own filters) and pages on the server
 * (src/domain/paging.ts); the web app's one table component shows them and exports what it shows.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound, parse } from '../../errors.ts';
import { authorize } from '../../policy/policy.ts';
import { currentActor } from '../../auth.ts';
import { fromBool, fromJson } from '../../db/dialect.ts';
import { MSG } from '../../../domain/messages.ts';
import {
  AUDIT_SORTS, CLASS_SORTS, ENROLLMENT_SORTS, FILE_SORTS, RESPONSE_SORTS,
  AuditTargetsQuerySchema, type AuditRow, type AuditTarget, type ClassRow, type EnrollmentRow, type FileRow, type ResponseRow,
} from '../../../domain/staff-tables.ts';
import { contains, pageQuerySchema, runGroupedPage, runPage } from '../../paging.ts';
import { fileUrl } from '../files/files.presenter.ts';
import { touches } from '../admin/audit.repository.ts';
import { userSearch } from '../users/users.page.ts';

const idFilter = z.string({ error: MSG.notValid }).trim().max(200, { error: MSG.notValid }).optional();

const AuditPage = pageQuerySchema(AUDIT_SORTS, { action: idFilter, target: idFilter });
const FilePage = pageQuerySchema(FILE_SORTS, { context: idFilter });
const ClassPage = pageQuerySchema(CLASS_SORTS, { course: idFilter });
const ResponsePage = pageQuerySchema(RESPONSE_SORTS, { surveyId: z.string({ error: MSG.surveyNotFound }).trim().min(1, { error: MSG.surveyNotFound }).max(200) });
const EnrollmentPage = pageQuerySchema(ENROLLMENT_SORTS, { course: idFilter, classid: idFilter, completed: z.enum(['yes', 'no']).optional() });

export function tablesRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const allowed = async (req: Parameters<typeof currentActor>[1], action: Parameters<typeof authorize>[1]) => {
    const actor = await currentActor(ctx, req);
    authorize(actor, action);
    return actor!;
  };

  app.post('/app_admin/audit/page', { config: { action: 'audit.read' } }, async (req, reply) => {
    const q = parse(AuditPage, req.body);
    await allowed(req, 'audit.read');
    let base = db.selectFrom('audit_log');
    if (q.action) base = base.where('action', '=', q.action);
    if (q.target) base = base.where(touches(q.target));
    if (q.q) base = base.where((eb) => eb.or([contains('actoremail', q.q!), contains('target', q.q!), contains('action', q.q!)]));
    const page = await runPage(base, (b) => b.selectAll().select((eb) => eb.selectFrom('audit_targets').select((t) => t.fn.countAll().as('n'))
      .whereRef('audit_targets.auditid', '=', 'audit_log.id').as('targets')), q, {
      sorts: { created: 'created', actoremail: 'actoremail', action: 'action', targettype: 'targettype', target: 'target' },
      defaultSort: 'created', defaultDir: 'desc', tiebreak: 'id',
    });
    reply.header('cache-control', 'no-store');
    return {
      ...page,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of a query assembled per table, presented field by field
      rows: page.rows.map((r: any): AuditRow => ({
        _id: r.id, created: r.created, actor: r.actor, actoremail: r.actoremail, action: r.action, targettype: r.targettype,
        target: r.target, changes: fromJson<Record<string, unknown>>(r.changes, {}), ...(Number(r.targets) ? { targets: Number(r.targets) } : {}),
      })),
    };
  });

  /** Every record one entry touched (a bulk action's users), with the names of those still here. */
  app.post('/app_admin/audit/targets', { config: { schema: { body: AuditTargetsQuerySchema }, action: 'audit.read' } }, async (req, reply) => {
    const { auditid } = parse(AuditTargetsQuerySchema, req.body);
    await allowed(req, 'audit.read');
    const entry = await db.selectFrom('audit_log').select('id').where('id', '=', auditid).executeTakeFirst();
    if (!entry) throw notFound(MSG.auditEntryNotFound);
    const rows = await db.selectFrom('audit_targets').leftJoin('users', 'users.id', 'audit_targets.target')
      .select(['audit_targets.target', 'users.email', 'users.firstname', 'users.lastname'])
      .where('audit_targets.auditid', '=', auditid).orderBy('users.lastname').orderBy('users.firstname').orderBy('audit_targets.target').execute();
    reply.header('cache-control', 'no-store');
    return {
      targets: rows.map((r): AuditTarget => ({
        _id: r.target, ...(r.email ? { email: r.email, name: `${r.firstname ?? ''} ${r.lastname ?? ''}`.trim() } : {}),
      })),
    };
  });

  app.post('/app_files/page', { config: { action: 'file.table' } }, async (req, reply) => {
    const q = parse(FilePage, req.body);
    await allowed(req, 'file.table');
    let base = db.selectFrom('files');
    if (q.context) base = base.where('context', '=', q.context);
    if (q.q) base = base.where((eb) => eb.or([contains('filename', q.q!), contains('title', q.q!), contains('context', q.q!)]));
    const page = await runPage(base, (b) => b.select(['filename', 'title', 'context', 'mime', 'size', 'mtime']), q, {
      sorts: { filename: 'filename', title: 'title', context: 'context', mime: 'mime', size: 'size', mtime: 'mtime' },
      defaultSort: 'mtime', defaultDir: 'desc', tiebreak: 'filename',
    });
    reply.header('cache-control', 'no-store');
    return {
      ...page,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of a query assembled per table, presented field by field
      rows: page.rows.map((r: any): FileRow => ({
        filename: r.filename, title: r.title ?? undefined, context: r.context, mime: r.mime, size: Number(r.size), mtime: r.mtime,
        url: fileUrl(r.filename),
      })),
    };
  });

  app.post('/app_classes/page', { config: { action: 'class.table' } }, async (req, reply) => {
    const q = parse(ClassPage, req.body);
    await allowed(req, 'class.table');
    let base = db.selectFrom('classes').leftJoin('courses', 'courses.id', 'classes.course');
    if (q.course) base = base.where('classes.course', '=', q.course);
    if (q.q) {
      base = base.where((eb) => eb.or([contains('classes.name', q.q!), contains('classes.instructorname', q.q!),
        contains('classes.regcode', q.q!), contains('courses.title', q.q!)]));
    }
    const page = await runPage(base, (b) => b.selectAll('classes').select('courses.title as coursetitle'), q, {
      sorts: {
        name: 'classes.name', course: 'courses.title', startdate: 'classes.startdate', instructorname: 'classes.instructorname',
        regcode: 'classes.regcode', lang: 'classes.lang', selfpaced: 'classes.selfpaced', created: 'classes.created',
      },
      defaultSort: 'created', defaultDir: 'desc', tiebreak: 'classes.id',
    });
    reply.header('cache-control', 'no-store');
    return {
      ...page,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of a query assembled per table, presented field by field
      rows: page.rows.map((r: any): ClassRow => ({
        _id: r.id, name: r.name, course: r.course, coursetitle: r.coursetitle ?? undefined, startdate: r.startdate ?? undefined,
        weeks: r.weeks ?? undefined, instructor: r.instructor ?? undefined, instructorname: r.instructorname ?? undefined,
        regcode: r.regcode ?? undefined, selfpaced: fromBool(r.selfpaced), lang: r.lang ?? undefined, created: r.created,
      })),
    };
  });

  app.post('/app_surveys/responses/page', { config: { action: 'survey.readResponses' } }, async (req, reply) => {
    const q = parse(ResponsePage, req.body);
    await allowed(req, 'survey.readResponses');
    if (!(await db.selectFrom('surveys').select('id').where('id', '=', q.surveyId).executeTakeFirst())) throw notFound(MSG.surveyNotFound);
    let base = db.selectFrom('survey_responses').where('surveyId', '=', q.surveyId);
    if (q.q) base = base.where((eb) => eb.or([contains('answers', q.q!), contains('context', q.q!), contains('contextid', q.q!)]));
    const page = await runPage(base, (b) => b.select(['id', 'created', 'lang', 'context', 'contextid', 'answers']), q, {
      sorts: { created: 'created', lang: 'lang', context: 'context', contextid: 'contextid' },
      defaultSort: 'created', defaultDir: 'desc', tiebreak: 'id',
    });
    reply.header('cache-control', 'no-store');
    return {
      ...page,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of a query assembled per table, presented field by field
      rows: page.rows.map((r: any): ResponseRow => ({
        _id: r.id, created: r.created, lang: r.lang, context: r.context, contextid: r.contextid, answers: fromJson<unknown[]>(r.answers, []),
      })),
    };
  });

  app.post('/app_enrollment/page', { config: { action: 'enrollment.table' } }, async (req, reply) => {
    const q = parse(EnrollmentPage, req.body);
    await allowed(req, 'enrollment.table');
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
      const matching = db.selectFrom('enrollments as m').select('m.id')
        .where('m.user', 'in', db.selectFrom('users').select('users.id').where(userSearch(ctx.store.engine, text)))
        .union(db.selectFrom('enrollments as m').select('m.id')
          .where('m.classid', 'in', db.selectFrom('classes').select('classes.id').where(contains('classes.name', text))))
        .union(db.selectFrom('enrollments as m').select('m.id')
          .where('m.course', 'in', db.selectFrom('courses').select('courses.id').where(contains('courses.title', text))));
      base = base.where('enrollments.id', 'in', matching);
    }
    const columns = (b: typeof base) => b.select([
      'enrollments.id', 'enrollments.user', 'users.email', 'users.firstname', 'users.lastname', 'enrollments.course',
      'courses.title as coursetitle', 'enrollments.classid', 'classes.name as classname', 'enrollments.regdate',
      'enrollments.completed', 'enrollments.percentcomplete', 'enrollments.certcode',
    ]);
    // By course or class name: a few hundred names ordered here, then only the enrolments of the page's
    // course or class are read (a text filter narrows the rows enough to sort them as they are).
    const byName = !q.q && (q.sort === 'course' || q.sort === 'classname');
    const page = byName ? await runGroupedPage(base, own, columns, q, q.sort === 'course'
      ? { column: 'enrollments.course', tiebreak: 'enrollments.id',
        names: async () => new Map((await db.selectFrom('courses').select(['id', 'title']).execute()).map((c) => [c.id, c.title])) }
      : { column: 'enrollments.classid', tiebreak: 'enrollments.id',
        names: async () => new Map((await db.selectFrom('classes').select(['id', 'name']).execute()).map((c) => [c.id, c.name])) })
    : await runPage(base, columns, q, {
      sorts: {
        regdate: 'enrollments.regdate', completed: 'enrollments.completed', email: 'users.email', lastname: 'users.lastname',
        course: 'courses.title', classname: 'classes.name', percentcomplete: 'enrollments.percentcomplete',
      },
      defaultSort: 'regdate', defaultDir: 'desc', tiebreak: 'enrollments.id', ...(q.q ? {} : { countBase: own }),
    });
    reply.header('cache-control', 'no-store');
    return {
      ...page,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of a query assembled per table, presented field by field
      rows: page.rows.map((r: any): EnrollmentRow => ({
        _id: r.id, user: r.user, email: r.email, firstname: r.firstname, lastname: r.lastname, course: r.course, coursetitle: r.coursetitle,
        classid: r.classid, classname: r.classname, regdate: r.regdate, completed: r.completed, percentcomplete: Number(r.percentcomplete ?? 0),
        certificate: !!r.completed && !!r.certcode,
      })),
    };
  });
}
