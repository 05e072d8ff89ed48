/**
 * `npm run bench:exam`: exam day, three scenarios with learners arriving over time (see
 * scripts/bench/exam-day.ts): (a) 10,000 signed-in learners in 60 s open the exam lesson and submit,
 * (b) 3,000 learners sign in, open and submit in 60 s, (c) 2,000 sign-ins in 30 s beside 20 req/s of
 * other traffic. Each runs against a bare Node http server (same arrivals, same request counts), the
 * app with one process (as before every core was used) and the app with every core, in the same run:
 * these machines are shared and noisy, so compare with the same run's figures. DATABASE_URL: bench on
 * that PostgreSQL database (a fresh database is made next to it). Before the scenarios, 500 other
 * learners take the exam over 5 s (BENCH_WARMUP), uncounted: exam day meets a running server. BENCH_WINDOWS=1 adds the flow times
 * by start time (a slow start or pauses mid-run); BENCH_SCALE and BENCH_TIME_SCALE
 * shrink the counts and durations (scripts/bench/exam-day.ts). After the table, the CPU each flow of (a) and
 * (b) cost the server's processes, PostgreSQL (when it runs on this machine) and the load generator, and
 * the flows a second those costs allow with every core busy; the bare server's likewise, the floor of
 * the same requests on this machine. To look at one part quickly: BENCH_ONLY picks
 * scenarios (`a`, `ab`), BENCH_WORKERS the app's process counts (`2`, `1,2`), and BENCH_BARE=0 leaves out the
 * bare server (its columns then compare with nothing). BENCH_NODE_OPTIONS gives the server's processes
 * Node options of their own (`--cpu-prof --cpu-prof-dir=/tmp/prof` profiles each worker), not this load generator.
 */
import os from 'node:os';
import fs from 'node:fs';
import { freshStore, postgresCpuMs, startApp, startBare, treeCpuMs } from './bench/harness.ts';
import { buildWebIfStale } from './build-web.ts';
import {
  SIZES,
  WARMUP,
  readExamLesson,
  scenarioA,
  scenarioB,
  scenarioC,
  warmUp,
  writeLearners,
  type Learner,
  type Result,
} from './bench/exam-day.ts';

const PG = process.env.DATABASE_URL;
const cores = os.availableParallelism();
const only = (s: 'a' | 'b' | 'c') => (process.env.BENCH_ONLY ?? 'abc').includes(s);
const workerCounts = process.env.BENCH_WORKERS ? process.env.BENCH_WORKERS.split(',').map(Number) : [1, cores];
const withBare = process.env.BENCH_BARE !== '0';

// The exam lesson is opened as its page, which the server answers from the build.
buildWebIfStale();
const rows: [string, string, Result][] = [];
/** Where each scenario's CPU went, per flow: the server's processes, PostgreSQL's, this load generator's. */
const budgets: string[] = [];

/**
 * Runs a scenario and notes its CPU per flow. All three share the machine's cores, so the flows a
 * second those costs allow with every core busy is the most any server change can reach here.
 */
async function measured(label: string, scenario: string, seconds: number, serverPid: number, run: () => Promise<Result>): Promise<Result> {
  // The bare server uses no database.
  const withDb = PG && !label.startsWith('bare');
  const server0 = treeCpuMs(serverPid);
  const db0 = withDb ? postgresCpuMs() : 0;
  const load0 = process.cpuUsage();
  const r = await run();
  const load = process.cpuUsage(load0);
  const per = (ms: number) => ms / r.flows;
  const server = per(treeCpuMs(serverPid) - server0);
  const db = withDb ? per(postgresCpuMs() - db0) : 0;
  const gen = per((load.user + load.system) / 1000);
  if (Number.isFinite(server + db)) {
    const ceiling = (cores * 1000) / (server + db + gen);
    budgets.push(
      `(${scenario}) ${label}: CPU per flow ${(server + db + gen).toFixed(1)} ms (server ${server.toFixed(1)}${withDb ? `, PostgreSQL ${db.toFixed(1)}` : ''}, load generator ${gen.toFixed(1)}): the ${cores} cores allow about ${ceiling.toFixed(0)} flows/s; the scenario brings ${(r.flows / seconds).toFixed(0)}/s`,
    );
  }
  return r;
}
for (const workers of workerCounts) {
  const store = await freshStore(PG);
  const app = await startApp({
    ...store.env,
    WEB_CONCURRENCY: String(workers),
    LOG_LEVEL: 'warn',
    // Node options for the server's processes only (a CPU profile, a heap setting), not this load generator.
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
  });
  const label = workers === 1 ? 'app, 1 process (as landed)' : `app, ${workers} processes (every core)`;
  try {
    const url = store.url(app.dataDir);
    // The lesson the flows open, as the demo seed made it; the bare server's flows send as many requests.
    await readExamLesson(url);
    await warmUp(app.url, await writeLearners(url, `ew${workers}`, WARMUP.learners, true), false);
    if (only('a')) {
      const a = await writeLearners(url, `ea${workers}`, SIZES.a, true);
      rows.push(['a', label, await measured(label, 'a', SIZES.aSeconds, app.child.pid!, () => scenarioA(app.url, a, false))]);
    }
    if (only('b')) {
      const b = await writeLearners(url, `eb${workers}`, SIZES.b, false);
      rows.push(['b', label, await measured(label, 'b', SIZES.bSeconds, app.child.pid!, () => scenarioB(app.url, b, false))]);
    }
    if (only('c')) {
      const c = await writeLearners(url, `ec${workers}`, SIZES.c, false);
      rows.push(['c', label, await scenarioC(app.url, c, false)]);
    }
  } finally {
    app.child.kill('SIGTERM');
    await new Promise((r) => app.child.on('exit', r));
    fs.rmSync(app.dataDir, { recursive: true, force: true });
    await store.drop();
  }
}
// The bare server after the app: its flows send as many requests as the app's, which follow the lesson read above.
if (withBare) {
  const bare = await startBare();
  const bareLearners = (n: number): Learner[] => Array.from({ length: n }, (_, i) => ({ id: `b${i}`, email: `b${i}@x`, cookie: '' }));
  await warmUp(bare.url, bareLearners(WARMUP.learners), true);
  // Its CPU per flow too: what the same requests cost with no framework, no database and no work, on this machine today.
  const label = 'bare node http';
  const pid = bare.child.pid!;
  if (only('a'))
    rows.unshift(['a', label, await measured(label, 'a', SIZES.aSeconds, pid, () => scenarioA(bare.url, bareLearners(SIZES.a), true))]);
  if (only('b'))
    rows.unshift(['b', label, await measured(label, 'b', SIZES.bSeconds, pid, () => scenarioB(bare.url, bareLearners(SIZES.b), true))]);
  if (only('c')) rows.unshift(['c', 'bare node http', await scenarioC(bare.url, bareLearners(SIZES.c), true)]);
  bare.child.kill('SIGTERM');
  // Each scenario's rows together, the bare server first.
  rows.sort(([a], [b]) => a.localeCompare(b));
}

console.log(
  `\nnpm run bench:exam  (${new Date().toISOString()}, ${PG ? 'PostgreSQL' : 'SQLite'}, ${cores} cores, BENCH_SCALE ${process.env.BENCH_SCALE ?? 1}, BENCH_TIME_SCALE ${process.env.BENCH_TIME_SCALE ?? 1}, warm-up ${WARMUP.learners} learners in ${WARMUP.seconds} s, uncounted)`,
);
console.log(
  `(a) ${SIZES.a} signed-in learners in ${SIZES.aSeconds} s; (b) ${SIZES.b} sign in + exam in ${SIZES.bSeconds} s; (c) ${SIZES.c} sign-ins in ${SIZES.cSeconds} s + 20 req/s other (p99 other = "req p99")`,
);
const line = (cells: string[]) => console.log(cells.map((c, i) => (i <= 1 ? c.padEnd(i === 0 ? 4 : 34) : c.padStart(10))).join(''));
line(['', 'server', 'done', 'errors', 'flow p50', 'flow p99', 'req p99', 'retries', 'x bare p99']);
for (const [s, name, r] of rows) {
  const base = rows.find(([bs, bn]) => bs === s && bn === 'bare node http')?.[2];
  const ratio = !base ? NaN : s === 'c' ? r.reqP99 / Math.max(base.reqP99, 0.1) : r.flowP99 / Math.max(base.flowP99, 0.1);
  line([
    s,
    name,
    `${r.done}/${r.flows}`,
    String(r.errors),
    r.flowP50.toFixed(0),
    r.flowP99.toFixed(0),
    r.reqP99.toFixed(0),
    String(r.retries),
    Number.isNaN(ratio) ? '-' : ratio.toFixed(1),
  ]);
}
console.log('targets: (a), (b) every flow done, 0 errors, flow p99 < 500 ms; (c) other requests p99 < 100 ms and every sign-in done');
if (budgets.length) {
  // Measured under the scenario's own load: past saturation each flow costs more (queues, garbage collection).
  console.log(`\nCPU per flow, read from /proc${PG ? ' (PostgreSQL: every postgres process of this machine)' : ''}:`);
  for (const b of budgets) console.log(`  ${b}`);
}
process.exit(0);
