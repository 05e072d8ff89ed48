/**
 * The admin dashboard's figures (spec /app_stats/summarize and /app_stats/getStats), admins only. Each
 * chart is also a report, downloadable as CSV: GET /app_reports/{timeline|completions|languages|countries}.csv.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parse } from '../../errors.ts';
import { authorize } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { completionsByCourse, timelineRange, learnersByCountry, learnersByLanguage, summary, timeline } from './stats.repository.ts';
import { ReportFiltersSchema } from '../../../domain/validation.ts';
import type { Stats } from '../../../domain/replies-admin.ts';
import { SUMMARY_MAX_AGE_MS } from '../reports/figures.ts';

export function statsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, figures } = ctx;

  app.post('/app_stats/summarize', { config: { action: 'stats.read' } }, async (req) => {
    const { actor } = await caller(ctx, req);
    authorize(actor, 'stats.read');
    return figures.get('summary', 'summary', () => summary(db), SUMMARY_MAX_AGE_MS);
  });

  app.post('/app_stats/getStats', { config: { schema: { body: ReportFiltersSchema }, action: 'stats.read' } }, async (req) => {
    const { actor } = await caller(ctx, req);
    authorize(actor, 'stats.read');
    const filters = parse(ReportFiltersSchema, req.body);
    const period = filters.period ?? 'month';
    const range = timelineRange(period, filters);
    // Each chart from the figures cache (modules/reports/figures.ts), kept until a write changes its data.
    const course = filters.course ?? '';
    const [points, courses, languages, countries] = await Promise.all([
      figures.get('timeline', `stats:${JSON.stringify([period, range.from, range.to, course])}`, () =>
        timeline(db, period, range, filters.course),
      ),
      figures.get('completions', `stats:${course}`, () => completionsByCourse(db, { course: filters.course })),
      figures.get('languages', 'stats', () => learnersByLanguage(db)),
      figures.get('countries', 'stats', () => learnersByCountry(db)),
    ]);
    return {
      period,
      from: range.from,
      to: range.to,
      timeline: points,
      completionsByCourse: courses,
      learnersByLanguage: languages,
      learnersByCountry: countries,
    } satisfies Stats;
  });
}
