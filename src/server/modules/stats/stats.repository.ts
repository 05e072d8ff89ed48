/**
 * Figures for the admin dashboard (spec /app_stats/summarize and getStats), shaped for @mantine/charts:
 * arrays of plain objects with one key for the x axis (`date`, `title`, `lang`, `country`) and one per
 * series. Times are ISO strings on both engines, so days are `substr(time, 1, 10)` everywhere and
 * weeks and months are folded from days here, which keeps the SQL engine-neutral.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { count } from '../../db/dialect.ts';
import { badRequest } from '../../errors.ts';
import { MSG } from '../../../domain/messages.ts';
import type { CourseCompletion, StatsSummary, TimelinePoint } from '../../../domain/replies-admin.ts';

export type Period = 'week' | 'month';
export interface Range {
  from: string;
  to: string;
}
export type { CourseCompletion, TimelinePoint };

const DAY_MS = 24 * 3600_000;
const day = (d: Date) => d.toISOString().slice(0, 10);
/** The first instant after the day `to`: ranges include their last day. */
export const endOf = (to: string) => day(new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS));

/** The bucket a day belongs to: its month (YYYY-MM) or the Monday of its week (YYYY-MM-DD). */
export function bucketOf(d: string, period: Period): string {
  if (period === 'month') return d.slice(0, 7);
  const t = new Date(`${d}T00:00:00Z`);
  const sinceMonday = (t.getUTCDay() + 6) % 7;
  return day(new Date(t.getTime() - sinceMonday * DAY_MS));
}

/** Every bucket from `from` to `to`, in order, so a chart shows the empty weeks or months too. */
export function bucketsBetween(range: Range, period: Period): string[] {
  const out: string[] = [];
  let t = Date.parse(`${bucketOf(range.from, period)}T00:00:00Z`);
  const end = Date.parse(`${range.to}T00:00:00Z`);
  while (t <= end) {
    const d = new Date(t);
    out.push(period === 'month' ? day(d).slice(0, 7) : day(d));
    if (period === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
    else d.setUTCDate(d.getUTCDate() + 7);
    t = d.getTime();
  }
  return out;
}

/** At most this many days between `from` and `to` (ten years), so a chart never gets thousands of points. */
const MAX_RANGE_DAYS = 3660;

/**
 * The range of a timeline: by default the last twelve months (by month) or twelve weeks (by week), up
 * to today. 400 when `from` comes after `to` or the range is longer than ten years.
 */
export function timelineRange(period: Period, filters: { from?: string; to?: string }): Range {
  const to = filters.to ?? day(new Date());
  const end = new Date(`${to}T00:00:00Z`);
  const from =
    filters.from ??
    (period === 'month'
      ? day(new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 11, 1)))
      : day(new Date(end.getTime() - 11 * 7 * DAY_MS)));
  if (from > to) throw badRequest(MSG.dateRange, { from: MSG.dateRange });
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS > MAX_RANGE_DAYS) throw badRequest(MSG.rangeTooLong, { from: MSG.rangeTooLong });
  return { from, to };
}

/** Counts per day of one time column, within the range. */
async function perDay(db: Db, table: 'users' | 'enrollments', column: 'created' | 'regdate' | 'completed', range: Range, course?: string) {
  const dayOf = sql<string>`substr(${sql.ref(column)}, 1, 10)`;
  let q = db
    .selectFrom(table as 'enrollments')
    .select([dayOf.as('day'), (eb) => eb.fn.countAll().as('n')])
    .where(sql.ref(column), '>=', range.from)
    .where(sql.ref(column), '<', endOf(range.to));
  if (course && table === 'enrollments') q = q.where('course', '=', course);
  const rows = await q.groupBy(dayOf).execute();
  return rows.map((r) => ({ day: String(r.day), n: count(r.n) }));
}

/** Registrations, enrolments and completions per week or month. `course` narrows enrolments and completions. */
export async function timeline(db: Db, period: Period, range: Range, course?: string): Promise<TimelinePoint[]> {
  const points = new Map(bucketsBetween(range, period).map((date) => [date, { date, registrations: 0, enrollments: 0, completions: 0 }]));
  const [registrations, enrollments, completions] = await Promise.all([
    perDay(db, 'users', 'created', range),
    perDay(db, 'enrollments', 'regdate', range, course),
    perDay(db, 'enrollments', 'completed', range, course),
  ]);
  const add = (rows: { day: string; n: number }[], key: 'registrations' | 'enrollments' | 'completions') => {
    for (const r of rows) {
      const p = points.get(bucketOf(r.day, period));
      if (p) p[key] += r.n;
    }
  };
  add(registrations, 'registrations');
  add(enrollments, 'enrollments');
  add(completions, 'completions');
  return [...points.values()];
}

/** Per course: enrolments, completions, the completion rate and the average progress (percent). */
export async function completionsByCourse(db: Db, f: { course?: string; from?: string; to?: string } = {}): Promise<CourseCompletion[]> {
  // The sums per course from the enrolments alone (an index holds every column they read), then the
  // courses beside them: courses without enrolments keep their row with zeros.
  let sums = db
    .selectFrom('enrollments as e')
    .select((eb) => [
      'e.course',
      eb.fn.countAll().as('enrolled'),
      eb.fn.count('e.completed').as('completed'),
      eb.fn.avg('e.percentcomplete').as('avg'),
    ])
    .groupBy('e.course');
  if (f.from) sums = sums.where('e.regdate', '>=', f.from);
  if (f.to) sums = sums.where('e.regdate', '<', endOf(f.to));
  let q = db
    .selectFrom('courses as co')
    .leftJoin(sums.as('s'), 's.course', 'co.id')
    .select(['co.id', 'co.title', 'co.lang', 's.enrolled', 's.completed', 's.avg']);
  if (f.course) q = q.where('co.id', '=', f.course);
  const rows = await q.orderBy('co.title').orderBy('co.id').execute();
  return rows.map((r) => {
    const enrolled = count(r.enrolled);
    const completed = count(r.completed);
    return {
      course: r.id,
      title: r.title,
      lang: r.lang,
      enrolled,
      completed,
      rate: enrolled ? Math.round((completed / enrolled) * 1000) / 10 : 0,
      averageprogress: Math.round(Number(r.avg ?? 0) * 10) / 10,
    };
  });
}

/** Accounts per language. */
export async function learnersByLanguage(db: Db): Promise<{ lang: string; learners: number }[]> {
  const rows = await db
    .selectFrom('users')
    .select(['lang', (eb) => eb.fn.countAll().as('n')])
    .groupBy('lang')
    .execute();
  return rows.map((r) => ({ lang: r.lang, learners: count(r.n) })).sort((a, b) => b.learners - a.learners || a.lang.localeCompare(b.lang));
}

/** Accounts per country (as typed at registration), the largest `top` and the rest as 'Other'; '' is not given. */
export async function learnersByCountry(db: Db, top = 30): Promise<{ country: string; learners: number }[]> {
  const country = sql<string>`coalesce(trim(${sql.ref('country')}), '')`;
  const rows = await db
    .selectFrom('users')
    .select([country.as('country'), (eb) => eb.fn.countAll().as('n')])
    .groupBy(country)
    .execute();
  const all = rows
    .map((r) => ({ country: String(r.country), learners: count(r.n) }))
    .sort((a, b) => b.learners - a.learners || a.country.localeCompare(b.country));
  if (all.length <= top) return all;
  const rest = all.slice(top).reduce((n, r) => n + r.learners, 0);
  return [...all.slice(0, top), { country: 'Other', learners: rest }];
}

/** The dashboard's headline numbers. */
export async function summary(db: Db): Promise<StatsSummary> {
  const since = new Date(Date.now() - 30 * DAY_MS).toISOString();
  // All counts run at once; each is named by the figure it gives.
  const counts: Record<keyof StatsSummary, Promise<{ n: unknown } | undefined>> = {
    users: db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    admins: db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('roles', 'like', '%"admin"%')
      .executeTakeFirst(),
    editors: db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) => eb.or([eb('roles', 'like', '%"cms"%'), eb('roles', 'like', '%"admin"%')]))
      .executeTakeFirst(),
    newUsers30d: db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('created', '>=', since)
      .executeTakeFirst(),
    activeUsers30d: db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('lastseen', '>=', since)
      .executeTakeFirst(),
    courses: db
      .selectFrom('courses')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    activeCourses: db
      .selectFrom('courses')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) => eb.or([eb('status', 'is', null), eb('status', '!=', 'Inactive')]))
      .executeTakeFirst(),
    classes: db
      .selectFrom('classes')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    enrollments: db
      .selectFrom('enrollments')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    completions: db
      .selectFrom('enrollments')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('completed', 'is not', null)
      .executeTakeFirst(),
    examsPassed: db
      .selectFrom('enrollments')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('exampassed', '=', 1)
      .executeTakeFirst(),
    surveyResponses: db
      .selectFrom('survey_responses')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  };
  const figures = await Promise.all(Object.entries(counts).map(async ([name, q]) => [name, count((await q)?.n)] as const));
  return Object.fromEntries(figures) as Record<keyof StatsSummary, number>;
}
