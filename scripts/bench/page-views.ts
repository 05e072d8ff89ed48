/**
 * Whole signed-in page views as the web app makes them, by 10 and 50 users with separate sessions, each
 * user loading page after page: the page itself (the server puts the first answers in it, decision 029),
 * then every call the web app makes once it runs, as the lean pages browser test prints them. Page views
 * per second with 1 process and with every core, beside a bare Node http server given the same number of
 * requests per page view, in the same run.
 *
 * BENCH_LANDED names a checkout of the code as it was before every core and lean pages (6b0d554), with
 * its dependencies installed: it runs too, with its one process and its own web app's calls
 * (LANDED_PAGES), so that every core can be compared with that day's single-process figure in the same run.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { freshStore, startApp, treeCpuMs } from './harness.ts';
import { call, writeLearners, type Learner, type Reply } from './exam-day.ts';

const COURSE = 'intro-online-learning';
const CLASS = 'iol-en-selfpaced';
const LESSON = 'iol-en-l2';
type Call = (base: string, l: Learner) => Promise<Reply>;
const post =
  (url: string, body: (l: Learner) => unknown): Call =>
  (base, l) =>
    call(base + url, { method: 'POST', cookie: l.cookie, body: JSON.stringify(body(l)), read: false });
/** The page itself, as a browser asks for it on a visit. */
const document =
  (url: string): Call =>
  (base, l) =>
    call(base + url, { cookie: l.cookie, read: false });
const whoami: Call = (base, l) => call(`${base}/app_users/whoami`, { cookie: l.cookie, read: false });
const classes = post('/app_classes/list', () => ({ _id: CLASS }));
// The spec's write on a lesson page: one `viewed` per material shown (the demo lesson has two).
const viewed = (material: string) =>
  post('/app_enrollment/viewed', (l) => ({
    user: l.id,
    classid: CLASS,
    lessonid: LESSON,
    course: COURSE,
    materialid: `${LESSON}-${material}`,
  }));

/** A page view: its document, then the calls the web app makes together once it runs. */
interface PageView {
  document: Call;
  calls: Call[];
}
/** The web app today (e2e/lean-pages.e2e.ts prints these). */
const ALL_PAGES: Record<string, PageView> = {
  course: { document: document(`/Course/${COURSE}`), calls: [] },
  // The lesson's discussion comes inside its page too: only the `viewed` writes follow.
  lesson: { document: document(`/lessons/${COURSE}/${LESSON}`), calls: [viewed('m1'), viewed('m2')] },
};
/** The web app at 6b0d554, printed by the same browser test run on that code. */
const ALL_LANDED_PAGES: Record<string, PageView> = {
  course: {
    document: document(`/Course/${COURSE}`),
    calls: [
      whoami,
      post('/app_courses/list', () => ({ lang: 'en' })),
      post('/app_lessons/list', () => ({ course: COURSE })),
      post('/app_enrollment/list', () => ({})),
      post('/app_courses/list', () => ({})),
      classes,
    ],
  },
  lesson: {
    document: document(`/lessons/${COURSE}/${LESSON}`),
    calls: [
      whoami,
      post('/app_courses/list', () => ({ lang: 'en' })),
      post('/app_enrollment/list', () => ({})),
      post('/app_lessons/list', () => ({ course: COURSE })),
      post('/app_courses/list', () => ({})),
      post('/app_lessons/get', () => ({ _id: LESSON })),
      classes,
      viewed('m1'),
      viewed('m2'),
      classes,
      post('/app_comments/list', () => ({ parent: `${COURSE}-${LESSON}`, context: CLASS })),
    ],
  },
};

// BENCH_PAGES (course,lesson) and BENCH_USERS (10,50): to look at one case quickly.
const chosen = (process.env.BENCH_PAGES ?? 'course,lesson').split(',');
const pick = (pages: Record<string, PageView>) => Object.fromEntries(Object.entries(pages).filter(([name]) => chosen.includes(name)));
const PAGES = pick(ALL_PAGES);
const LANDED_PAGES = pick(ALL_LANDED_PAGES);
const USERS = (process.env.BENCH_USERS ?? '10,50').split(',').map(Number);

interface Run {
  views: number;
  errors: number;
  /** CPU per page view, in ms: the server's processes, and this load generator's. */
  serverMs: number;
  loadMs: number;
}

async function run(base: string, learners: Learner[], view: PageView, seconds: number, bare: boolean, serverPid?: number): Promise<Run> {
  let views = 0;
  let errors = 0;
  const server0 = serverPid ? treeCpuMs(serverPid) : NaN;
  const load0 = process.cpuUsage();
  const end = performance.now() + seconds * 1000;
  const ok = (c: Call, l: Learner) =>
    (bare ? call(base, { method: 'POST', body: '{}', read: false }) : c(base, l)).then(
      (r) => r.ok,
      () => false,
    );
  await Promise.all(
    learners.map(async (l) => {
      while (performance.now() < end) {
        const page = await ok(view.document, l);
        const rs = await Promise.all(view.calls.map((c) => ok(c, l)));
        if (page && rs.every(Boolean)) views++;
        else errors++;
      }
    }),
  );
  const load = process.cpuUsage(load0);
  const serverMs = serverPid ? (treeCpuMs(serverPid) - server0) / views : NaN;
  return { views: views / seconds, errors, serverMs, loadMs: (load.user + load.system) / 1000 / views };
}

/** The landed checkout's web app, built with its own tools when its build is missing. */
function landedBuilt(root: string) {
  if (fs.existsSync(path.join(root, 'dist/index.html'))) return;
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`BENCH_LANDED: building ${root} failed`);
}

export async function runPageViewBench(bareUrl: string, pgUrl: string | undefined): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const cores = os.availableParallelism();
  const landed = process.env.BENCH_LANDED ? path.resolve(process.env.BENCH_LANDED) : null;
  if (landed) landedBuilt(landed);
  const out: string[][] = [];
  const bareViews = new Map<string, number>();
  const shapes: [string, Record<string, PageView>][] = [
    ['', PAGES],
    ...(landed ? [[' (landed calls)', LANDED_PAGES] as [string, Record<string, PageView>]] : []),
  ];
  for (const users of USERS) {
    for (const [suffix, pages] of shapes) {
      for (const [page, view] of Object.entries(pages)) {
        const key = `${page} page, ${users} users`;
        const learners = Array.from({ length: users }, (_, i) => ({ id: `b${i}`, email: '', cookie: '' }));
        const bare = await run(bareUrl, learners, view, seconds, true);
        bareViews.set(key + suffix, bare.views);
        out.push([key, `bare node http${suffix}`, bare.views.toFixed(0), '0', '', '', '', '']);
      }
    }
  }
  const single = new Map<string, number>();
  const landedSingle = new Map<string, number>();
  const servers: { label: string; workers: number; root?: string; pages: Record<string, PageView>; bareKey: string }[] = [
    ...(landed ? [{ label: 'landed, 1 process', workers: 1, root: landed, pages: LANDED_PAGES, bareKey: ' (landed calls)' }] : []),
    { label: 'app, 1 process', workers: 1, pages: PAGES, bareKey: '' },
    { label: `app, ${cores} processes`, workers: cores, pages: PAGES, bareKey: '' },
  ];
  for (const server of servers) {
    // Each server on a store of its own: the landed code migrates and seeds its own schema.
    const store = await freshStore(pgUrl);
    const app = await startApp({ ...store.env, WEB_CONCURRENCY: String(server.workers), LOG_LEVEL: 'warn' }, server.root);
    try {
      const learners = await writeLearners(store.url(app.dataDir), `pv${server.workers}`, 50, true);
      for (const users of USERS) {
        for (const [page, view] of Object.entries(server.pages)) {
          await run(app.url, learners.slice(0, users), view, 2, false); // warm-up
          const r = await run(app.url, learners.slice(0, users), view, seconds, false, app.child.pid);
          const key = `${page} page, ${users} users`;
          if (server.root) landedSingle.set(key, r.views);
          else if (server.workers === 1) single.set(key, r.views);
          const ratios = [`${((r.views / bareViews.get(key + server.bareKey)!) * 100).toFixed(0)}% of bare`];
          if (!server.root && server.workers > 1) {
            ratios.push(`${(r.views / single.get(key)!).toFixed(2)}x 1 process`);
            if (landedSingle.has(key)) ratios.push(`${(r.views / landedSingle.get(key)!).toFixed(2)}x landed`);
          }
          out.push([
            key,
            server.label,
            r.views.toFixed(0),
            String(r.errors),
            ratios.join(', '),
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
      fs.rmSync(app.dataDir, { recursive: true, force: true });
      await store.drop();
    }
  }
  console.log(
    `\nSigned-in page views (the page and every call the web app then makes, separate sessions), ${seconds} s each, ${cores} cores`,
  );
  const line = (cells: string[]) =>
    console.log(cells.map((c, i) => (i <= 1 ? c.padEnd(i === 0 ? 26 : 30) : c.padStart(i === 4 ? 46 : 11))).join(''));
  line(['case', 'server', 'views/s', 'errors', 'ratio', 'server ms', 'load ms', 'ceiling/s']);
  for (const o of out.sort((a, b) => a[0]!.localeCompare(b[0]!))) line(o);
  console.log(
    `A page view: the course page is its document and ${ALL_PAGES.course.calls.length} call(s) (the landed web app: ${ALL_LANDED_PAGES.course.calls.length}), the lesson page its document and ${ALL_PAGES.lesson.calls.length} calls, two of them viewed (landed: ${ALL_LANDED_PAGES.lesson.calls.length}).`,
  );
  console.log(
    `server ms, load ms: CPU per page view of the server's processes${pgUrl ? ' (not PostgreSQL)' : ''} and of this load generator, which shares the ${cores} cores; ceiling/s: the page views per second those costs allow with every core busy.${landed ? '' : ' BENCH_LANDED=<checkout of 6b0d554> adds that code with its one process and its own calls.'}`,
  );
}
