/**
 * Whole signed-in page views as the web app makes them (every call of the page, measured by the lean
 * pages browser test), by 10 and 50 users with separate sessions, each user loading page after page:
 * page views per second with 1 process and with every core, beside a bare Node http server given the
 * same number of requests per page view, in the same run.
 */
import os from 'node:os';
import fs from 'node:fs';
import { startApp, treeCpuMs } from './harness.ts';
import { call, dataUrl, writeLearners, type Learner, type Reply } from './exam-day.ts';

const COURSE = 'intro-online-learning';
const CLASS = 'iol-en-selfpaced';
type Call = (base: string, l: Learner) => Promise<Reply>;
const post =
  (url: string, body: (l: Learner) => unknown): Call =>
  (base, l) =>
    call(base + url, { method: 'POST', cookie: l.cookie, body: JSON.stringify(body(l)) });
const whoami: Call = (base, l) => call(`${base}/app_users/whoami`, { cookie: l.cookie });
const common = [
  whoami,
  post('/app_courses/list', () => ({})),
  post('/app_lessons/list', () => ({ course: COURSE })),
  post('/app_enrollment/list', (l) => ({ user: l.id })),
];
export const PAGES: Record<string, Call[]> = {
  course: [...common, post('/app_classes/list', () => ({ _id: CLASS }))],
  lesson: [
    ...common,
    post('/app_lessons/get', () => ({ _id: 'iol-en-l2' })),
    post('/app_classes/list', () => ({ _id: CLASS })),
    post('/app_comments/list', () => ({ parent: `${COURSE}-iol-en-l2`, context: CLASS })),
  ],
};

interface Run {
  views: number;
  errors: number;
  /** CPU per page view, in ms: the server's processes, and this load generator's. */
  serverMs: number;
  loadMs: number;
}

async function run(base: string, learners: Learner[], calls: Call[], seconds: number, bare: boolean, serverPid?: number): Promise<Run> {
  let views = 0;
  let errors = 0;
  const server0 = serverPid ? treeCpuMs(serverPid) : NaN;
  const load0 = process.cpuUsage();
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    learners.map(async (l) => {
      while (performance.now() < end) {
        // A page's calls go out together, as the web app's queries do.
        const rs = await Promise.all(
          calls.map((c) =>
            (bare ? call(base, { method: 'POST', body: '{}' }) : c(base, l)).then(
              (r) => r.ok,
              () => false,
            ),
          ),
        );
        if (rs.every(Boolean)) views++;
        else errors++;
      }
    }),
  );
  const load = process.cpuUsage(load0);
  const serverMs = serverPid ? (treeCpuMs(serverPid) - server0) / views : NaN;
  return { views: views / seconds, errors, serverMs, loadMs: (load.user + load.system) / 1000 / views };
}

export async function runPageViewBench(bareUrl: string, env: Record<string, string>): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const cores = os.availableParallelism();
  const out: string[][] = [];
  for (const users of [10, 50]) {
    for (const [page, calls] of Object.entries(PAGES)) {
      const bare = await run(
        bareUrl,
        Array.from({ length: users }, (_, i) => ({ id: `b${i}`, email: '', cookie: '' })),
        calls,
        seconds,
        true,
      );
      out.push([`${page} page, ${users} users`, 'bare node http', bare.views.toFixed(0), '0', '']);
    }
  }
  const byWorkers = new Map<string, number>();
  for (const workers of [1, cores]) {
    const app = await startApp({ ...env, WEB_CONCURRENCY: String(workers), LOG_LEVEL: 'warn' });
    try {
      const learners = await writeLearners(env.DATABASE_URL || dataUrl(app.dataDir), `pv${workers}-${Date.now().toString(36)}`, 50, true);
      for (const users of [10, 50]) {
        for (const [page, calls] of Object.entries(PAGES)) {
          await run(app.url, learners.slice(0, users), calls, 2, false); // warm-up
          const r = await run(app.url, learners.slice(0, users), calls, seconds, false, app.child.pid);
          const key = `${page} page, ${users} users`;
          if (workers === 1) byWorkers.set(key, r.views);
          const bareViews = Number(out.find((o) => o[0] === key)![2]);
          out.push([
            key,
            `app, ${workers} process${workers > 1 ? 'es' : ''}`,
            r.views.toFixed(0),
            String(r.errors),
            `${((r.views / bareViews) * 100).toFixed(0)}% of bare${workers > 1 ? `, ${(r.views / byWorkers.get(key)!).toFixed(2)}x 1 process` : ''}`,
            r.serverMs.toFixed(2),
            r.loadMs.toFixed(2),
            // Every core busy with the server and this generator at these costs: no run on this machine can do more.
            ((cores * 1000) / (r.serverMs + r.loadMs)).toFixed(0),
          ]);
        }
      }
    } finally {
      app.child.kill('SIGTERM');
      await new Promise((r) => app.child.on('exit', r));
      if (!env.DATABASE_URL) fs.rmSync(app.dataDir, { recursive: true, force: true });
    }
  }
  console.log(`\nSigned-in page views (every call of the page, separate sessions), ${seconds} s each, ${cores} cores`);
  const line = (cells: string[]) =>
    console.log(cells.map((c, i) => (i <= 1 ? c.padEnd(i === 0 ? 28 : 20) : c.padStart(i === 4 ? 34 : 12))).join(''));
  line(['case', 'server', 'views/s', 'errors', 'ratio', 'server ms', 'load ms', 'ceiling/s']);
  for (const o of out.sort((a, b) => a[0]!.localeCompare(b[0]!))) line(o);
  console.log(
    `server ms, load ms: CPU per page view of the server's processes${env.DATABASE_URL ? ' (not PostgreSQL)' : ''} and of this load generator, which shares the ${cores} cores; ceiling/s: the page views per second those costs allow with every core busy.`,
  );
}
