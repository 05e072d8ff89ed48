/**
 * `npm run bench:exam`: exam day. N learners (BENCH_LEARNERS, default 50) at once open the exam lesson
 * (lesson, attempt status, start), answer with autosave on (every answer saved, as the debounced web
 * app does: BENCH_SAVES per learner, default 10) and submit. Each phase is also run, request for
 * request with the same concurrency, against a bare Node http server in the same run: these machines
 * are shared and noisy, so compare ratios, not raw figures. Set DATABASE_URL to bench on PostgreSQL.
 */
import fs from 'node:fs';
import { startApp, startBare } from './bench/harness.ts';

const N = Number(process.env.BENCH_LEARNERS ?? 50);
const SAVES = Number(process.env.BENCH_SAVES ?? 10);
const COURSE = 'intro-online-learning';
const CLASS = 'iol-en-selfpaced';
const LESSON = 'iol-en-l3';
const EXAM = 'iol-en-l3-m3';

interface Phase { name: string; requests: number; seconds: number; p50: number; p99: number; errors: number }

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs one flow per learner, all at once; each flow's requests one after another. */
async function phase(name: string, flows: (() => Promise<Response>)[][]): Promise<Phase> {
  const times: number[] = [];
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(flows.map(async (steps) => {
    for (const step of steps) {
      const s = performance.now();
      try {
        const r = await step();
        await r.arrayBuffer();
        if (!r.ok) errors++;
      } catch {
        errors++;
      }
      times.push(performance.now() - s);
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { name, requests: times.length, seconds, p50: pct(times, 50), p99: pct(times, 99), errors };
}

const post = (url: string, cookie: string, body: unknown) => () =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'learning-platform', cookie }, body: JSON.stringify(body) });

const bare = await startBare();
const app = await startApp(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {});
try {
  // N learners registered into the self-paced class (not measured).
  const learners: { cookie: string; attempt?: string; questions?: number }[] = [];
  for (let i = 0; i < N; i++) {
    const email = `bench-exam-${i}-${Date.now().toString(36)}@example.net`;
    const r = await fetch(`${app.url}/app_users/register`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'learning-platform' },
      body: JSON.stringify({ firstname: 'Bench', lastname: `Learner ${i}`, email, confirmemail: email, city: 'Lisbon', country: 'Portugal',
        password: 'Bench-pass1!', confirmpassword: 'Bench-pass1!', terms: true, classId: CLASS, courseId: COURSE }),
    });
    if (!r.ok) throw new Error(`registration failed: ${r.status} ${await r.text()}`);
    learners.push({ cookie: r.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') });
  }
  const bareFlows = (perLearner: number) => learners.map(() => Array.from({ length: perLearner }, () => post(bare.url, '', {})));

  // 1. Opening the exam lesson: the lesson, the attempt status and Start Exam.
  const open = await phase('open exam lesson (get, status, start)', learners.map((l) => [
    post(`${app.url}/app_lessons/get`, l.cookie, { _id: LESSON }),
    post(`${app.url}/app_enrollment/attempts`, l.cookie, { _id: EXAM, classid: CLASS }),
    async () => {
      const r = await fetch(`${app.url}/app_enrollment/attempt/start`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'learning-platform', cookie: l.cookie },
        body: JSON.stringify({ _id: EXAM, classid: CLASS, courseid: COURSE, lessonid: LESSON }),
      });
      const body = (await r.clone().json()) as { _id?: string; questions?: unknown[] };
      l.attempt = body._id;
      l.questions = body.questions?.length ?? 0;
      return r;
    },
  ]));
  const openBare = await phase('  bare node http, same requests', bareFlows(3));

  // 2. Answering with autosave on: every change saved, in order.
  const letters = ['A', 'B', 'C'];
  const save = await phase(`autosave (${SAVES} saves per learner)`, learners.map((l) => Array.from({ length: SAVES }, (_, k) => {
    const answers = Array.from({ length: l.questions ?? 5 }, (_, q) => (q <= k % (l.questions ?? 5) ? letters[(k + q) % 3]! : ''));
    return post(`${app.url}/app_enrollment/attempt/save`, l.cookie, { attemptid: l.attempt, answers, seq: k + 1 });
  })));
  const saveBare = await phase('  bare node http, same requests', bareFlows(SAVES));

  // 3. Everyone submits at once.
  const submit = await phase('submit', learners.map((l) => [post(`${app.url}/app_enrollment/attempt/submit`, l.cookie, { attemptid: l.attempt })]));
  const submitBare = await phase('  bare node http, same requests', bareFlows(1));

  console.log(`\nnpm run bench:exam  (${new Date().toISOString()}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${N} learners at once, autosave on)`);
  const line = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(44) : c.padStart(10))).join(''));
  line(['phase', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors']);
  for (const p of [open, openBare, save, saveBare, submit, submitBare]) {
    line([p.name, String(p.requests), (p.requests / p.seconds).toFixed(0), p.p50.toFixed(1), p.p99.toFixed(1), String(p.errors)]);
  }
  // Targets against the bare server of the same run: the shared machine's load moves both alike.
  const targets: [Phase, Phase][] = [[open, openBare], [save, saveBare], [submit, submitBare]];
  console.log('');
  for (const [p, b] of targets) {
    const share = (p.requests / p.seconds) / (b.requests / b.seconds);
    console.log(`${p.name}: ${(share * 100).toFixed(0)}% of the bare server's rate, p99 ${(p.p99 / b.p99).toFixed(1)}x its p99 `
      + `(target: at least 25% and no errors) ${share >= 0.25 && p.errors === 0 ? 'met' : 'NOT met'}`);
  }
  const graded = await Promise.all(learners.slice(0, 3).map(async (l) =>
    (await (await fetch(`${app.url}/app_enrollment/attempt/get`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'learning-platform', cookie: l.cookie }, body: JSON.stringify({ attemptid: l.attempt }),
    })).json()) as { state: string; answers: string[] }));
  console.log(`check: sample attempts ${graded.map((a) => `${a.state} with ${a.answers.filter(Boolean).length} answers`).join(', ')}`);
} finally {
  app.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
  fs.rmSync(app.dataDir, { recursive: true, force: true });
}
