/**
 * `npm run bench:size`: every call a learner, instructor or admin makes, timed on the demo site and on
 * a `seed:large` store (100,000 users, 10,000,000 progress rows), one server process each, one request
 * at a time (median of BENCH_SIZE_RUNS, 15, after 3 warm-ups). Prints both latencies and their ratio,
 * flagging a call over 3x its demo latency or over 100 ms at size (streamed exports excepted).
 *
 *   DATABASE_URL=sqlite:/path/large.db npm run bench:size        (a seed:large store; SQLite or PostgreSQL)
 *   BENCH_SIZE_ONLY='search|filtered' ...                          (only the calls whose name matches)
 *
 * The demo store is made fresh on the same engine. Participants: the demo's private class against the
 * large set's class of 5,000 members (same instructor).
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { loginCookie, startApp } from './bench/harness.ts';
import { DEMO_PASSWORD } from '../src/server/seed/seed-demo.ts';
import { PARTICIPANT_SORTS, USER_SORTS } from '../src/domain/tables.ts';
import { AUDIT_SORTS, CLASS_SORTS, ENROLLMENT_SORTS, FILE_SORTS } from '../src/domain/staff-tables.ts';
import { REPORT_TABLES } from '../src/domain/reports.ts';

const LARGE = process.env.DATABASE_URL;
if (!LARGE) {
  console.error('Set DATABASE_URL to a store filled by `npm run seed:large`.');
  process.exit(1);
}
const RUNS = Number(process.env.BENCH_SIZE_RUNS ?? 15);
const COURSE = 'intro-online-learning';
const CLASS = 'iol-en-selfpaced';
const EXAM = 'iol-en-l3-m3';

/** A regular expression on the calls' names: time only those (both sizes), to check one change quickly. */
const ONLY = process.env.BENCH_SIZE_ONLY ? new RegExp(process.env.BENCH_SIZE_ONLY, 'i') : null;
type Who = 'learner' | 'instructor' | 'admin';
interface Call {
  name: string;
  who: Who;
  method: 'GET' | 'POST';
  url: string;
  body?: (size: 'demo' | 'large') => unknown;
  streamed?: boolean;
}
const REPORTS = ['enrollments', 'completions', 'exams', 'quizscores', 'surveys', 'timeline', 'languages', 'countries'];
const bigClass = (size: 'demo' | 'large') => (size === 'demo' ? 'iol-en-group-spring' : 'lk-000');
const ALL_CALLS: Call[] = [
  { name: 'whoami', who: 'learner', method: 'GET', url: '/app_users/whoami' },
  { name: 'course list', who: 'learner', method: 'POST', url: '/app_courses/list', body: () => ({}) },
  { name: 'lesson list', who: 'learner', method: 'POST', url: '/app_lessons/list', body: () => ({ course: COURSE }) },
  { name: 'my enrolments', who: 'learner', method: 'POST', url: '/app_enrollment/list', body: () => ({}) },
  { name: 'class', who: 'learner', method: 'POST', url: '/app_classes/list', body: () => ({ _id: CLASS }) },
  { name: 'lesson', who: 'learner', method: 'POST', url: '/app_lessons/get', body: () => ({ _id: 'iol-en-l2' }) },
  {
    name: 'viewed',
    who: 'learner',
    method: 'POST',
    url: '/app_enrollment/viewed',
    body: () => ({ user: 'demo-learner', classid: CLASS, lessonid: 'iol-en-l2', course: COURSE, materialid: 'iol-en-l2-m1' }),
  },
  { name: 'exam status', who: 'learner', method: 'POST', url: '/app_enrollment/attempts', body: () => ({ _id: EXAM, classid: CLASS }) },
  {
    name: 'participants, page of 15',
    who: 'instructor',
    method: 'POST',
    url: '/app_enrollment/participants',
    body: (s) => ({ classid: bigClass(s) }),
  },
  {
    name: 'participants by date, page of 15',
    who: 'instructor',
    method: 'POST',
    url: '/app_enrollment/participants',
    body: (s) => ({ classid: bigClass(s), sort: 'date' }),
  },
  {
    name: 'participants, whole list (old call)',
    who: 'instructor',
    method: 'POST',
    url: '/app_enrollment/classEnrollment',
    body: (s) => ({ classid: bigClass(s) }),
  },
  { name: 'user table, first page', who: 'admin', method: 'POST', url: '/app_users/page', body: () => ({}) },
  { name: 'user search (text index)', who: 'admin', method: 'POST', url: '/app_users/page', body: () => ({ q: 'silva' }) },
  { name: 'user list (old call)', who: 'admin', method: 'POST', url: '/app_users/list', body: () => ({ limit: 25 }) },
  { name: 'user search (old call)', who: 'admin', method: 'POST', url: '/app_users/list', body: () => ({ search: 'silva', limit: 25 }) },
  { name: 'users.csv (streamed)', who: 'admin', method: 'GET', url: '/app_reports/users/users.csv', streamed: true },
  ...REPORTS.map((r): Call => ({ name: `report ${r}`, who: 'admin', method: 'POST', url: `/app_reports/${r}`, body: () => ({}) })),
  // The staff tables: each sort, a text filter and a deep page, as the one table component asks for them.
  ...tablePages('participants', 'instructor', '/app_enrollment/participants', PARTICIPANT_SORTS, (s) => ({ classid: bigClass(s) }), 'a'),
  ...tablePages('users', 'admin', '/app_users/page', USER_SORTS, () => ({}), 'ana'),
  ...tablePages('enrolments', 'admin', '/app_enrollment/page', ENROLLMENT_SORTS, () => ({}), 'ana'),
  ...tablePages('classes', 'admin', '/app_classes/page', CLASS_SORTS, () => ({}), 'spring'),
  ...tablePages('audit', 'admin', '/app_admin/audit/page', AUDIT_SORTS, () => ({}), 'user'),
  ...tablePages('files', 'admin', '/app_files/page', FILE_SORTS, () => ({}), 'png'),
  ...(['enrollments', 'completions', 'exams', 'quizscores', 'surveys'] as const).flatMap((r) =>
    tablePages(
      `report ${r}`,
      'admin',
      `/app_reports/${r}/page`,
      REPORT_TABLES[r].map((c) => c.key),
      () => ({}),
      'a',
    ),
  ),
  { name: 'stats summarize', who: 'admin', method: 'POST', url: '/app_stats/summarize', body: () => ({}) },
  { name: 'stats getStats', who: 'admin', method: 'POST', url: '/app_stats/getStats', body: () => ({}) },
];
const CALLS = ONLY ? ALL_CALLS.filter((c) => ONLY.test(c.name)) : ALL_CALLS;

/** A staff table's pages: the first page under each sort, one filtered by text, and page 200 of the default sort. */
function tablePages(
  table: string,
  who: Who,
  url: string,
  sorts: readonly string[],
  base: (s: 'demo' | 'large') => object,
  q: string,
): Call[] {
  return [
    ...sorts.map((sort): Call => ({
      name: `table ${table}, by ${sort}`,
      who,
      method: 'POST',
      url,
      body: (s) => ({ ...base(s), sort, limit: 25 }),
    })),
    { name: `table ${table}, filtered`, who, method: 'POST', url, body: (s) => ({ ...base(s), q, limit: 25 }) },
    { name: `table ${table}, page 200`, who, method: 'POST', url, body: (s) => ({ ...base(s), page: 200, limit: 25 }) },
  ];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timeCalls(url: string, size: 'demo' | 'large'): Promise<Map<string, { ms: number; status: number; bytes: number }>> {
  const cookies: Record<Who, string> = {
    learner: await loginCookie(url, 'learner@example.org', DEMO_PASSWORD),
    instructor: await loginCookie(url, 'instructor@example.org', DEMO_PASSWORD),
    admin: await loginCookie(url, 'admin@example.org', DEMO_PASSWORD),
  };
  const out = new Map<string, { ms: number; status: number; bytes: number }>();
  for (const call of CALLS) {
    const once = async () => {
      const t = performance.now();
      const r = await fetch(url + call.url, {
        method: call.method,
        headers: {
          'x-requested-with': 'learning-platform',
          cookie: cookies[call.who],
          ...(call.body ? { 'content-type': 'application/json' } : {}),
        },
        body: call.body ? JSON.stringify(call.body(size)) : undefined,
      });
      const bytes = (await r.arrayBuffer()).byteLength;
      return { ms: performance.now() - t, status: r.status, bytes };
    };
    // A call that takes seconds is timed 3 times, not RUNS: its verdict does not depend on the spread.
    let warm = 0;
    for (let i = 0; i < (call.streamed ? 1 : 3); i++) warm = (await once()).ms;
    const runs = call.streamed ? 2 : warm > 500 ? 3 : RUNS;
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await once());
    out.set(call.name, { ms: median(results.map((r) => r.ms)), status: results.at(-1)!.status, bytes: results.at(-1)!.bytes });
  }
  return out;
}

/** A fresh demo store on the same engine as the large one. */
async function demoStore(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (!/^postgres/.test(LARGE!)) return { env: { DATABASE_URL: '' }, drop: async () => {} };
  const name = `lp_bench_demo_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: LARGE });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(LARGE!);
  u.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: u.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: LARGE });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const common = { WEB_CONCURRENCY: '1', LOG_LEVEL: 'warn' };
const demo = await demoStore();
const demoApp = await startApp({ ...common, ...demo.env });
let demoFigures;
try {
  demoFigures = await timeCalls(demoApp.url, 'demo');
} finally {
  demoApp.child.kill('SIGTERM');
}
const largeApp = await startApp({ ...common, DATABASE_URL: LARGE, SEED_DEMO: '' });
let largeFigures;
try {
  largeFigures = await timeCalls(largeApp.url, 'large');
} finally {
  largeApp.child.kill('SIGTERM');
  await demo.drop();
}

console.log(`\nbench:size on ${/^postgres/.test(LARGE) ? 'PostgreSQL' : 'SQLite'}: median of ${RUNS} sequential requests, one process`);
const line = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(52) : c.padStart(12))).join(''));
line(['call', 'demo ms', 'large ms', 'x demo', 'large bytes', 'status', 'verdict']);
let over = 0;
for (const call of CALLS) {
  const d = demoFigures.get(call.name)!;
  const l = largeFigures.get(call.name)!;
  const ratio = l.ms / Math.max(d.ms, 0.5);
  const bad = !call.streamed && !call.name.includes('old call') && (ratio > 3 || l.ms > 100);
  if (bad) over++;
  line([
    call.name,
    d.ms.toFixed(1),
    l.ms.toFixed(1),
    ratio.toFixed(1),
    String(l.bytes),
    `${d.status}/${l.status}`,
    call.streamed ? 'streamed' : call.name.includes('old call') ? 'replaced' : bad ? 'OVER' : 'ok',
  ]);
}
console.log(`${over} call(s) over 3x their demo latency or over 100 ms at size (old calls and streamed exports not judged)`);
process.exit(0);
