/**
 * Paged staff tables: audit log, files, classes, a survey's responses and enrolments. Each sorts by
 * any of its columns, filters by free text (plus its own filters) and pages on the server
 * (src/domain/paging.ts); the web app's one table component shows them and exports what it shows.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Page } from '../../../domain/paging.ts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound, parse } from '../../errors.ts';
import { authorize } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { fromBool, fromJson } from '../../db/dialect.ts';
import { MSG } from '../../../domain/messages.ts';
import {
  AUDIT_SORTS,
  CLASS_SORTS,
  ENROLLMENT_SORTS,
  FILE_SORTS,
  RESPONSE_SORTS,
  AuditTableFiltersSchema,
  AuditTargetsQuerySchema,
  tableFilter,
  type AuditRow,
  type AuditTarget,
  type ClassRow,
  type EnrollmentRow,
  type FileRow,
  type ResponseRow,
} from '../../../domain/staff-tables.ts';
import { pageQuerySchema } from '../../paging.ts';
import { fileUrl } from '../files/files.presenter.ts';
import { findSurvey } from '../surveys/surveys.repository.ts';
import { auditEntryExists, auditPage, auditTargets, classPage, enrollmentPage, filePage, responsePage } from './tables.repository.ts';

const AuditPage = pageQuerySchema(AUDIT_SORTS, AuditTableFiltersSchema.shape);
const FilePage = pageQuerySchema(FILE_SORTS, { context: tableFilter });
const ClassPage = pageQuerySchema(CLASS_SORTS, { course: tableFilter });
const ResponsePage = pageQuerySchema(RESPONSE_SORTS, {
  surveyId: z.string({ error: MSG.surveyNotFound }).trim().min(1, { error: MSG.surveyNotFound }).max(200),
});
const EnrollmentPage = pageQuerySchema(ENROLLMENT_SORTS, {
  course: tableFilter,
  classid: tableFilter,
  completed: z.enum(['yes', 'no']).optional(),
});

/** A page of a staff table as it leaves the server: never cached, each row presented by the table's own fields. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of a query assembled per table, presented field by field
function pageReply<T>(reply: FastifyReply, page: Page<any>, present: (row: any) => T): Page<T> {
  reply.header('cache-control', 'no-store');
  return { ...page, rows: page.rows.map(present) };
}

export function tablesRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  app.post('/app_admin/audit/page', { config: { action: 'audit.read' } }, async (req, reply) => {
    const q = parse(AuditPage, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'audit.read');
    const page = await auditPage(db, q);
    return pageReply(reply, page, (r): AuditRow => ({
      _id: r.id,
      created: r.created,
      actor: r.actor,
      actoremail: r.actoremail,
      action: r.action,
      targettype: r.targettype,
      target: r.target,
      changes: fromJson<Record<string, unknown>>(r.changes, {}),
      ...(Number(r.targets) ? { targets: Number(r.targets) } : {}),
    }));
  });

  /** Every record one entry touched (a bulk action's users), with the names of those still here. */
  app.post(
    '/app_admin/audit/targets',
    { config: { schema: { body: AuditTargetsQuerySchema }, action: 'audit.read' } },
    async (req, reply) => {
      const { auditid } = parse(AuditTargetsQuerySchema, req.body);
      const { actor } = await caller(ctx, req);
      authorize(actor, 'audit.read');
      if (!(await auditEntryExists(db, auditid))) throw notFound(MSG.auditEntryNotFound);
      const rows = await auditTargets(db, auditid);
      reply.header('cache-control', 'no-store');
      return {
        targets: rows.map((r): AuditTarget => ({
          _id: r.target,
          ...(r.email ? { email: r.email, name: `${r.firstname ?? ''} ${r.lastname ?? ''}`.trim() } : {}),
        })),
      };
    },
  );

  app.post('/app_files/page', { config: { action: 'file.table' } }, async (req, reply) => {
    const q = parse(FilePage, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'file.table');
    const page = await filePage(db, q);
    return pageReply(reply, page, (r): FileRow => ({
      filename: r.filename,
      title: r.title ?? undefined,
      context: r.context,
      mime: r.mime,
      size: Number(r.size),
      mtime: r.mtime,
      url: fileUrl(r.filename),
    }));
  });

  app.post('/app_classes/page', { config: { action: 'class.table' } }, async (req, reply) => {
    const q = parse(ClassPage, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'class.table');
    const page = await classPage(db, q);
    return pageReply(reply, page, (r): ClassRow => ({
      _id: r.id,
      name: r.name,
      course: r.course,
      coursetitle: r.coursetitle ?? undefined,
      startdate: r.startdate ?? undefined,
      weeks: r.weeks ?? undefined,
      instructor: r.instructor ?? undefined,
      instructorname: r.instructorname ?? undefined,
      regcode: r.regcode ?? undefined,
      selfpaced: fromBool(r.selfpaced),
      lang: r.lang ?? undefined,
      created: r.created,
    }));
  });

  app.post('/app_surveys/responses/page', { config: { action: 'survey.readResponses' } }, async (req, reply) => {
    const q = parse(ResponsePage, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'survey.readResponses');
    if (!(await findSurvey(db, q.surveyId))) throw notFound(MSG.surveyNotFound);
    const page = await responsePage(db, q);
    return pageReply(reply, page, (r): ResponseRow => ({
      _id: r.id,
      created: r.created,
      lang: r.lang,
      context: r.context,
      contextid: r.contextid,
      answers: fromJson<unknown[]>(r.answers, []),
    }));
  });

  app.post('/app_enrollment/page', { config: { action: 'enrollment.table' } }, async (req, reply) => {
    const q = parse(EnrollmentPage, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'enrollment.table');
    const page = await enrollmentPage(db, ctx.store.engine, q, (key, count) => ctx.figures.get('enrolmentTotals', key, count));
    return pageReply(reply, page, (r): EnrollmentRow => ({
      _id: r.id,
      user: r.user,
      email: r.email,
      firstname: r.firstname,
      lastname: r.lastname,
      course: r.course,
      coursetitle: r.coursetitle,
      classid: r.classid,
      classname: r.classname,
      regdate: r.regdate,
      completed: r.completed,
      percentcomplete: Number(r.percentcomplete ?? 0),
      certificate: !!r.completed && !!r.certcode,
    }));
  });
}
