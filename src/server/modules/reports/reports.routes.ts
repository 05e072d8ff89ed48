/**
 * Reports (spec /app_reports/*), admins only:
 *   GET  /app_reports/users/users.csv       every account, streamed
 *   POST /app_reports/{reportid}            { reportid, title, columns, rows }; `?format=csv` (or format in the
 *                                           body) answers the same table as a CSV download
 *   GET  /app_reports/{reportid}.csv        the CSV download as a plain link (filters in the query)
 *   POST /app_reports/{reportid}/page       one page of a report table (sorted, filtered), for the staff table
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound, parse } from '../../errors.ts';
import { authorize } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { REPORTS, pageOfReport, type Report } from './reports.repository.ts';
import { FIGURE_SOURCES, type Figure } from './figures.ts';
import { sendCsv } from './csv.ts';
import { USER_COLUMNS, translatedUserColumns, userPages } from './users.csv.ts';
import { MSG } from '../../../domain/messages.ts';
import { ReportFiltersSchema, ReportIdSchema, ReportPageQuerySchema, type ReportFilters } from '../../../domain/validation.ts';
import { REPORT_TABLES, isReportTable } from '../../../domain/reports.ts';

const UsersCsvQuerySchema = z.object({ header: z.enum(['labels', 'keys'], { error: MSG.notValid }).optional() });
const FormatQuerySchema = z.object({ format: z.enum(['json', 'csv'], { error: MSG.notValid }).optional() });

export function reportsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  async function reader(req: FastifyRequest) {
    const { actor } = await caller(ctx, req);
    authorize(actor, 'report.read');
  }

  /** A report from the figures cache: the same filters give the same answer until a write changes its data. */
  function reportOf(reportid: string, f: ReportFilters): Promise<Report> {
    const run = Object.hasOwn(REPORTS, reportid) ? REPORTS[reportid] : undefined;
    if (!run || !Object.hasOwn(FIGURE_SOURCES, reportid)) throw notFound(MSG.unknownReport);
    // The timeline's default range ends today, so its answer is kept for the day it was asked on.
    const today = reportid === 'timeline' && !f.to ? new Date().toISOString().slice(0, 10) : '';
    const key = JSON.stringify([f.course ?? '', f.from ?? '', f.to ?? '', reportid === 'timeline' ? (f.period ?? '') : '', today]);
    return ctx.figures.get(reportid as Figure, `report:${key}`, () => run(db, f));
  }

  async function answer(reply: FastifyReply, reportid: string, filters: ReportFilters) {
    const report = await reportOf(reportid, filters);
    if (filters.format === 'csv') return sendCsv(reply, `${reportid}.csv`, report.columns, [report.rows]);
    return report;
  }

  app.get('/app_reports/users/users.csv', { config: { action: 'report.read' } }, async (req, reply) => {
    const { user, actor } = await caller(ctx, req);
    authorize(actor, 'report.read');
    const { header } = parse(UsersCsvQuerySchema, req.query);
    // Headers in the admin's language; `?header=keys` gives the spec's field names for scripts.
    const loc = (await ctx.site.get()).labels(user!.lang);
    const columns = header === 'keys' ? USER_COLUMNS : translatedUserColumns((english) => loc[english] || english);
    return sendCsv(reply, 'users.csv', columns, userPages(db));
  });

  app.post(
    '/app_reports/:reportid',
    {
      config: { schema: { body: ReportFiltersSchema, params: ReportIdSchema, querystring: FormatQuerySchema }, action: 'report.read' },
    },
    async (req, reply) => {
      await reader(req);
      const { reportid } = parse(ReportIdSchema, req.params);
      const filters = parse(ReportFiltersSchema, req.body);
      // `?format=csv` works as well as `format` in the body, for a download link that posts a form.
      const { format } = parse(FormatQuerySchema, req.query);
      return answer(reply, reportid, { ...filters, format: format ?? filters.format });
    },
  );

  app.post(
    '/app_reports/:reportid/page',
    {
      config: { schema: { body: ReportPageQuerySchema, params: ReportIdSchema }, action: 'report.read' },
    },
    async (req, reply) => {
      await reader(req);
      const { reportid } = parse(ReportIdSchema, req.params);
      if (!isReportTable(reportid)) throw notFound(MSG.unknownReport);
      const q = parse(ReportPageQuerySchema, req.body);
      if (q.sort && !REPORT_TABLES[reportid].some((c) => c.key === q.sort)) throw badRequest(MSG.invalidSort, { sort: MSG.invalidSort });
      const report = await reportOf(reportid, { course: q.course, from: q.from, to: q.to });
      reply.header('cache-control', 'no-store');
      return pageOfReport(report, q);
    },
  );

  app.get('/app_reports/:file', { config: { action: 'report.read' } }, async (req, reply) => {
    await reader(req);
    const { reportid: file } = parse(ReportIdSchema, { reportid: (req.params as { file: string }).file });
    const m = /^(\w+)\.csv$/.exec(file);
    if (!m) throw notFound(MSG.unknownReport);
    const filters = parse(ReportFiltersSchema, { ...(req.query as object), format: 'csv' });
    return answer(reply, m[1]!, filters);
  });
}
