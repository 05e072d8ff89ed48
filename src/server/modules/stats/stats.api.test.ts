/**
 * The dashboard's figures through the real server, on SQLite and on PostgreSQL: headline numbers, and
 * the series for @mantine/charts (registrations and enrolments over time, completions per course,
 * learners per language and country).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { asRoles, buildClass, buildCourse, buildEnrollmentRow, buildUser, roleClients } from '../../testing/factories.ts';
import { bucketOf, bucketsBetween } from './stats.repository.ts';
import { MSG } from '../../../domain/messages.ts';

type Clients = Awaited<ReturnType<typeof roleClients>>;

describe('time buckets', () => {
  it('puts a day in its month, or in the week starting on its Monday', () => {
    expect(bucketOf('2025-03-16', 'month')).toBe('2025-03');
    expect(bucketOf('2025-03-16', 'week')).toBe('2025-03-10'); // a Sunday
    expect(bucketOf('2025-03-10', 'week')).toBe('2025-03-10'); // a Monday
    expect(bucketOf('2025-01-01', 'week')).toBe('2024-12-30');
  });
  it('lists every bucket of a range, the empty ones too', () => {
    expect(bucketsBetween({ from: '2024-11-15', to: '2025-02-01' }, 'month')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(bucketsBetween({ from: '2025-03-05', to: '2025-03-23' }, 'week')).toEqual(['2025-03-03', '2025-03-10', '2025-03-17']);
  });
});

describeEachEngine('stats API', (server) => {
  let c: Clients;
  let course: string;
  beforeAll(async () => {
    c = await roleClients(server());
    const { ctx } = server();
    course = await buildCourse(ctx, { title: 'Statistics course' });
    const cls = await buildClass(ctx, course);
    // Registrations and enrolments at known dates in 2025, long before anything else this suite stores.
    const march = await buildUser(ctx, { created: '2025-03-11T09:00:00.000Z', lang: 'ar', country: 'Egypt' });
    const april = await buildUser(ctx, { created: '2025-04-20T09:00:00.000Z', lang: 'ar', country: 'Egypt' });
    await buildEnrollmentRow(ctx, {
      user: march.id,
      course,
      classid: cls,
      regdate: '2025-03-10T10:00:00.000Z',
      completed: '2025-04-01T10:00:00.000Z',
    });
    await buildEnrollmentRow(ctx, { user: april.id, course, classid: cls, regdate: '2025-03-16T10:00:00.000Z' });
  });

  it('summarize and getStats are for admins only', async () => {
    for (const url of ['/app_stats/summarize', '/app_stats/getStats']) {
      expect((await c.visitor.post(url, {})).status, url).toBe(401);
      expect((await c.learner.post(url, {})).status, url).toBe(403);
      expect((await c.editor.post(url, {})).status, url).toBe(403);
    }
  });

  it('summarize answers the headline numbers', async () => {
    const before = (await c.admin.post('/app_stats/summarize', {})).body;
    expect(before).toEqual(
      expect.objectContaining({
        users: expect.any(Number),
        admins: expect.any(Number),
        editors: expect.any(Number),
        courses: expect.any(Number),
        classes: expect.any(Number),
        enrollments: expect.any(Number),
        completions: expect.any(Number),
        surveyResponses: expect.any(Number),
        newUsers30d: expect.any(Number),
        activeUsers30d: expect.any(Number),
      }),
    );
    await buildUser(server().ctx, { roles: asRoles('cms') });
    const after = (await c.admin.post('/app_stats/summarize', {})).body;
    expect(after.users - before.users).toBe(1);
    expect(after.editors - before.editors).toBe(1);
    expect(after.admins).toBe(before.admins);
    expect(after.newUsers30d - before.newUsers30d).toBe(1);
  });

  it('getStats: registrations, enrolments and completions per month, every month of the range present', async () => {
    const r = await c.admin.post('/app_stats/getStats', { period: 'month', from: '2025-01-01', to: '2025-06-30', course });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ period: 'month', from: '2025-01-01', to: '2025-06-30' });
    expect(r.body.timeline).toEqual([
      { date: '2025-01', registrations: 0, enrollments: 0, completions: 0 },
      { date: '2025-02', registrations: 0, enrollments: 0, completions: 0 },
      { date: '2025-03', registrations: 1, enrollments: 2, completions: 0 },
      { date: '2025-04', registrations: 1, enrollments: 0, completions: 1 },
      { date: '2025-05', registrations: 0, enrollments: 0, completions: 0 },
      { date: '2025-06', registrations: 0, enrollments: 0, completions: 0 },
    ]);
  });

  it('getStats: per week, each point dated by its Monday', async () => {
    const r = await c.admin.post('/app_stats/getStats', { period: 'week', from: '2025-03-03', to: '2025-03-23', course });
    expect(r.body.timeline).toEqual([
      { date: '2025-03-03', registrations: 0, enrollments: 0, completions: 0 },
      { date: '2025-03-10', registrations: 1, enrollments: 2, completions: 0 },
      { date: '2025-03-17', registrations: 0, enrollments: 0, completions: 0 },
    ]);
  });

  it('getStats: by default the last twelve months up to today; completions per course; learners per language and country', async () => {
    const r = await c.admin.post('/app_stats/getStats', {});
    expect(r.body.period).toBe('month');
    expect(r.body.timeline).toHaveLength(12);
    expect(r.body.timeline.at(-1).date).toBe(new Date().toISOString().slice(0, 7));
    expect(r.body.timeline.reduce((n: number, p: { registrations: number }) => n + p.registrations, 0)).toBeGreaterThan(0);
    expect(r.body.completionsByCourse).toContainEqual({
      course,
      title: 'Statistics course',
      lang: 'en',
      enrolled: 2,
      completed: 1,
      rate: 50,
      averageprogress: 0,
    });
    expect(r.body.learnersByLanguage).toContainEqual({ lang: 'ar', learners: 2 });
    expect(r.body.learnersByCountry).toContainEqual({ country: 'Egypt', learners: 2 });
    const weeks = await c.admin.post('/app_stats/getStats', { period: 'week' });
    expect(weeks.body.timeline).toHaveLength(12);
  });

  it('getStats refuses bad filters with a message', async () => {
    const cases: [unknown, string][] = [
      [{ period: 'year' }, MSG.notValid],
      [{ from: '2025-13-01' }, MSG.dateFormat],
      [{ from: '2025-05-01', to: '2025-04-01' }, MSG.dateRange],
      [{ from: '2026-01-01', to: '2025-01-01' }, MSG.dateRange],
      [{ from: '1900-01-01', to: '2025-01-01' }, MSG.rangeTooLong],
      [{ course: ['a'] }, MSG.notValid],
    ];
    for (const [body, message] of cases) {
      const r = await c.admin.post('/app_stats/getStats', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toBe(message);
    }
    // Only `to`: the range is the twelve months ending with it.
    expect((await c.admin.post('/app_stats/getStats', { to: '2020-01-31' })).body.timeline[0].date).toBe('2019-02');
  });

  it('the timeline downloads as CSV too', async () => {
    const r = await c.admin.get(`/app_reports/timeline.csv?period=month&from=2025-03-01&to=2025-04-30&course=${course}`);
    expect(r.status).toBe(200);
    expect((r.body as string).trim().split('\n')).toEqual(['Month,Registrations,Enrolments,Completions', '2025-03,1,2,0', '2025-04,1,0,1']);
  });
});
