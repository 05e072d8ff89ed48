/**
 * The reports of spec /app_reports/{reportid}: each answers `{ columns, rows }` (columns in order, rows
 * keyed by column key) and the same table is downloadable as CSV. The users export is separate: it is
 * streamed page by page (users.csv.ts) because it can hold every account.
 */
import { countryName } from '../../../domain/countries.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { count, fromBool } from '../../db/dialect.ts';
import { completionsByCourse, timelineRange, endOf, learnersByCountry, learnersByLanguage, timeline } from '../stats/stats.repository.ts';
import type { ReportFilters, ReportPageQuery } from '../../../domain/validation.ts';
import { REPORT_TABLES, type ReportColumn, type ReportRow } from '../../../domain/reports.ts';
import type { Page } from '../../../domain/paging.ts';
import type { Report } from '../../../domain/replies-admin.ts';

export type Column = ReportColumn;
export type { Report };

const col = (key: string, label: string): Column => ({ key, label });
const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);

/** Time filters on a column: from the start of `from` to the end of `to`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Kysely query of any table; its own where() checks the column
function inRange<Q extends { where: (...a: any[]) => Q }>(q: Q, column: string, f: ReportFilters): Q {
  if (f.from) q = q.where(sql.ref(column), '>=', f.from);
  if (f.to) q = q.where(sql.ref(column), '<', endOf(f.to));
  return q;
}

/** Enrolments per course and class (classes without enrolments too); `from`/`to` filter by registration date. */
async function enrollments(db: Db, f: ReportFilters): Promise<Report> {
  // The sums per class first, from the enrolments alone (an index holds every column they read), then
  // the classes beside them: classes without enrolments keep their row with zeros.
  let sums = db
    .selectFrom('enrollments as e')
    .select((eb) => [
      'e.classid',
      eb.fn.countAll().as('enrolled'),
      eb.fn.count('e.completed').as('completed'),
      eb.fn.max('e.regdate').as('last'),
    ])
    .groupBy('e.classid');
  sums = inRange(sums, 'e.regdate', f);
  let q = db
    .selectFrom('classes as c')
    .leftJoin('courses as co', 'co.id', 'c.course')
    .leftJoin(sums.as('s'), 's.classid', 'c.id')
    .select(['c.course', 'co.title', 'c.id', 'c.name', 'c.instructorname', 'c.selfpaced', 's.enrolled', 's.completed', 's.last']);
  if (f.course) q = q.where('c.course', '=', f.course);
  const rows = await q.orderBy('co.title').orderBy('c.course').orderBy('c.name').orderBy('c.id').execute();
  return {
    reportid: 'enrollments',
    title: 'Enrolments per course and class',
    columns: REPORT_TABLES.enrollments,
    rows: rows.map((r) => ({
      course: r.course,
      coursetitle: r.title ?? '',
      classid: r.id,
      classname: r.name,
      instructor: r.instructorname ?? '',
      selfpaced: fromBool(r.selfpaced) ? 'yes' : 'no',
      enrolled: count(r.enrolled),
      completed: count(r.completed),
      lastregistration: r.last ? String(r.last).slice(0, 10) : '',
    })),
  };
}

/** Completions per course. */
async function completions(db: Db, f: ReportFilters): Promise<Report> {
  const rows = await completionsByCourse(db, f);
  return {
    reportid: 'completions',
    title: 'Completions per course',
    columns: REPORT_TABLES.completions,
    rows: rows.map((r) => ({ ...r })),
  };
}

/** Exam pass rates per course, from the graded exam attempts. */
async function exams(db: Db, f: ReportFilters): Promise<Report> {
  let q = db
    .selectFrom('quiz_attempts as q')
    .leftJoin('courses as co', 'co.id', 'q.course')
    .select((eb) => [
      'q.course',
      'co.title',
      eb.fn.countAll().as('attempts'),
      eb.fn.sum('q.passed').as('passedattempts'),
      sql<number>`count(distinct ${sql.ref('q.user')})`.as('learners'),
      sql<number>`count(distinct case when ${sql.ref('q.passed')} = 1 then ${sql.ref('q.user')} end)`.as('passedlearners'),
      eb.fn.avg('q.percent').as('avg'),
    ])
    .where('q.kind', '=', 'exam')
    .groupBy(['q.course', 'co.title']);
  if (f.course) q = q.where('q.course', '=', f.course);
  q = inRange(q, 'q.created', f);
  const rows = await q.orderBy('co.title').orderBy('q.course').execute();
  return {
    reportid: 'exams',
    title: 'Exam pass rates per course',
    columns: REPORT_TABLES.exams,
    rows: rows.map((r) => {
      const learners = count(r.learners);
      const passed = count(r.passedlearners);
      const attempts = count(r.attempts);
      return {
        course: r.course,
        title: r.title ?? '',
        learners,
        passedlearners: passed,
        passrate: pct(passed, learners),
        attempts,
        attemptpassrate: pct(count(r.passedattempts), attempts),
        averagescore: Math.round(Number(r.avg ?? 0) * 10) / 10,
      };
    }),
  };
}

/** Ten buckets of ten points; a full score goes into the last one. */
const BUCKETS = Array.from({ length: 10 }, (_, i) => ({ index: i, label: i === 9 ? '90-100' : `${i * 10}-${i * 10 + 9}` }));
const bucketCase = sql<number>`case ${sql.join(
  BUCKETS.slice(0, 9).map((b) => sql`when ${sql.ref('q.percent')} < ${(b.index + 1) * 10} then ${sql.lit(b.index)}`),
  sql` `,
)} else 9 end`;

/**
 * Quiz score distribution from the graded quiz attempts (quiz_attempts): `learners` counts each
 * learner's latest score per quiz, `attempts` counts every attempt.
 */
async function quizscores(db: Db, f: ReportFilters): Promise<Report> {
  const run = async (latestOnly: boolean) => {
    let q = db
      .selectFrom('quiz_attempts as q')
      .select([bucketCase.as('bucket')])
      .where('q.kind', '=', 'quiz');
    if (f.course) q = q.where('q.course', '=', f.course);
    q = inRange(q, 'q.created', f);
    if (latestOnly) {
      q = q.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('quiz_attempts as later')
              .select('later.id')
              .whereRef('later.enrollmentId', '=', 'q.enrollmentId')
              .whereRef('later.material', '=', 'q.material')
              .where((eb) =>
                eb.or([
                  eb('later.created', '>', eb.ref('q.created')),
                  eb.and([eb('later.created', '=', eb.ref('q.created')), eb('later.id', '>', eb.ref('q.id'))]),
                ]),
              ),
          ),
        ),
      );
    }
    const rows = await db
      .selectFrom(q.as('t'))
      .select(['t.bucket', (eb) => eb.fn.countAll().as('n')])
      .groupBy('t.bucket')
      .execute();
    return new Map(rows.map((r) => [Number(r.bucket), count(r.n)]));
  };
  const [latest, all] = await Promise.all([run(true), run(false)]);
  return {
    reportid: 'quizscores',
    title: 'Quiz score distribution',
    columns: REPORT_TABLES.quizscores,
    rows: BUCKETS.map((b) => ({ bucket: b.label, learners: latest.get(b.index) ?? 0, attempts: all.get(b.index) ?? 0 })),
  };
}

/** Responses per survey; `from`/`to` filter by answer date. */
async function surveys(db: Db, f: ReportFilters): Promise<Report> {
  const rows = await db
    .selectFrom('surveys as s')
    .leftJoin('survey_responses as r', (j) => {
      let on = j.onRef('r.surveyId', '=', 's.id');
      if (f.from) on = on.on('r.created', '>=', f.from);
      if (f.to) on = on.on('r.created', '<', endOf(f.to));
      return on;
    })
    .select((eb) => ['s.id', 's.title', 's.lang', 's.status', eb.fn.count('r.id').as('responses'), eb.fn.max('r.created').as('last')])
    .groupBy(['s.id', 's.title', 's.lang', 's.status'])
    .orderBy('s.title')
    .orderBy('s.id')
    .execute();
  return {
    reportid: 'surveys',
    title: 'Responses per survey',
    columns: REPORT_TABLES.surveys,
    rows: rows.map((r) => ({
      survey: r.id,
      title: r.title,
      lang: r.lang ?? '',
      status: r.status ?? '',
      responses: count(r.responses),
      lastresponse: r.last ? String(r.last).slice(0, 10) : '',
    })),
  };
}

/** The dashboard's timeline as a table (for its CSV download). */
async function timelineReport(db: Db, f: ReportFilters): Promise<Report> {
  const period = f.period ?? 'month';
  const rows = await timeline(db, period, timelineRange(period, f), f.course);
  return {
    reportid: 'timeline',
    title: `Registrations and enrolments per ${period}`,
    columns: [
      col('date', period === 'month' ? 'Month' : 'Week of'),
      col('registrations', 'Registrations'),
      col('enrollments', 'Enrolments'),
      col('completions', 'Completions'),
    ],
    rows: rows.map((r) => ({ ...r })),
  };
}

async function languages(db: Db): Promise<Report> {
  return {
    reportid: 'languages',
    title: 'Learners per language',
    columns: [col('lang', 'Language'), col('learners', 'Learners')],
    rows: (await learnersByLanguage(db)).map((r) => ({ ...r })),
  };
}

async function countries(db: Db): Promise<Report> {
  return {
    reportid: 'countries',
    title: 'Learners per country',
    columns: [col('country', 'Country'), col('learners', 'Learners')],
    // Stored as ISO codes; the report, in English like its title, names them.
    rows: (await learnersByCountry(db, 1000)).map((r) => ({ ...r, country: countryName(r.country, 'en') })),
  };
}

/** Every report by id. */
export const REPORTS: Record<string, (db: Db, f: ReportFilters) => Promise<Report>> = {
  enrollments,
  completions,
  exams,
  quizscores,
  surveys,
  timeline: timelineReport,
  languages,
  countries,
};

/**
 * One page of a report table: the report is an aggregate (a row per course, class, survey or score
 * band), computed whole and then filtered by text, sorted by a column and cut to the page here, so the
 * table sends only what it shows.
 */
export function pageOfReport(report: Report, q: ReportPageQuery): Page<ReportRow> {
  const column = report.columns.find((c) => c.key === (q.sort ?? report.columns[0]!.key))!;
  const needle = q.q?.toLowerCase();
  const matching = needle
    ? report.rows.filter((r) => Object.values(r).some((v) => v !== null && String(v).toLowerCase().includes(needle)))
    : report.rows;
  const sign = q.dir === 'desc' ? -1 : 1;
  const cmp = column.numeric
    ? (a: ReportRow, b: ReportRow) => Number(a[column.key] ?? 0) - Number(b[column.key] ?? 0)
    : (a: ReportRow, b: ReportRow) => String(a[column.key] ?? '').localeCompare(String(b[column.key] ?? ''));
  // Array sort is stable: rows with equal values keep the report's own order between pages.
  const sorted = q.sort ? [...matching].sort((a, b) => sign * cmp(a, b)) : matching;
  const offset = q.after !== undefined ? Math.max(0, Number.parseInt(q.after, 10) || 0) : q.page * q.limit;
  const end = offset + q.limit;
  return { rows: sorted.slice(offset, end), total: sorted.length, next: end < sorted.length ? String(end) : null };
}
