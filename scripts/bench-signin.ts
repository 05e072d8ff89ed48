/**
 * `npm run bench:signin`: can a burst of sign-ins starve the rest of the site? Other traffic (the page
 * shell, a visitor's whoami, the home page's content) arrives at a steady 20 requests a second, first
 * alone (the baseline, same run, same process) and then beside sign-ins arriving at a steady rate
 * (default 2,000 in 30 s). Sign-ins told 503 + Retry-After wait and try again, as the web app does.
 * Prints each phase's latency and the ratio of the other traffic's p99 under the burst to its p99 alone.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startApp } from './bench/harness.ts';
import { DEMO_PASSWORD } from '../src/server/seed/seed-demo.ts';

const SIGNINS = Number(process.env.BENCH_SIGNINS ?? 2000);
const SECONDS = Number(process.env.BENCH_SIGNIN_SECONDS ?? 30);
const OTHER_RATE = 20;
const OTHER_PATHS = ['/', '/app_users/whoami', '/app_content/getpage/home/'];

const app = await startApp(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {});
const headers = { 'content-type': 'application/json', origin: app.url, 'x-requested-with': 'learning-platform' };

function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timed(fn: () => Promise<Response>): Promise<{ ms: number; status: number; retryAfter: number }> {
  const t0 = performance.now();
  const r = await fn();
  await r.arrayBuffer();
  return { ms: performance.now() - t0, status: r.status, retryAfter: Number(r.headers.get('retry-after')) || 0 };
}

/** Fires `count` calls of `fn` at a steady rate over `seconds`, without waiting for answers (open loop). */
async function arrivals<T>(count: number, seconds: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const started = performance.now();
  const pending: Promise<T>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * seconds * 1000) / count;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(fn(i));
  }
  return Promise.all(pending);
}

const other = (i: number) => timed(() => fetch(app.url + OTHER_PATHS[i % OTHER_PATHS.length]));

async function signIn(): Promise<{ ms: number; ok: boolean; retries: number }> {
  const t0 = performance.now();
  for (let retries = 0; retries < 20; retries++) {
    const r = await timed(() =>
      fetch(`${app.url}/users/login`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ login: 'learner@example.org', password: DEMO_PASSWORD }),
      }),
    );
    if (r.status === 200) return { ms: performance.now() - t0, ok: true, retries };
    if (r.status !== 503 || !r.retryAfter) return { ms: performance.now() - t0, ok: false, retries };
    await sleep(r.retryAfter * 1000);
  }
  return { ms: performance.now() - t0, ok: false, retries: 20 };
}

try {
  // Warm-up: caches, JIT, the password pool's threads.
  await arrivals(40, 2, other);
  await signIn();

  const alone = await arrivals(OTHER_RATE * 10, 10, other);
  const [besideSignins, signins] = await Promise.all([
    arrivals(OTHER_RATE * SECONDS, SECONDS, other),
    arrivals(SIGNINS, SECONDS, () => signIn()),
  ]);

  const row = (name: string, ms: number[], extra = '') =>
    console.log(
      `${name.padEnd(46)}${String(ms.length).padStart(8)}${percentile(ms, 50).toFixed(1).padStart(10)}${percentile(ms, 99).toFixed(1).padStart(10)}  ${extra}`,
    );
  console.log(
    `\nSign-in burst: ${SIGNINS} sign-ins over ${SECONDS} s beside ${OTHER_RATE} other requests a second (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`,
  );
  console.log(`${'case'.padEnd(46)}${'count'.padStart(8)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}`);
  row(
    'other requests alone (baseline)',
    alone.map((r) => r.ms),
    `errors ${alone.filter((r) => r.status !== 200).length}`,
  );
  row(
    'other requests during the sign-in burst',
    besideSignins.map((r) => r.ms),
    `errors ${besideSignins.filter((r) => r.status !== 200).length}`,
  );
  const ok = signins.filter((s) => s.ok);
  row(
    'sign-ins (incl. Retry-After waits)',
    ok.map((s) => s.ms),
    `succeeded ${ok.length}/${SIGNINS}, retried ${signins.filter((s) => s.retries > 0).length}`,
  );
  const ratio =
    percentile(
      besideSignins.map((r) => r.ms),
      99,
    ) /
    percentile(
      alone.map((r) => r.ms),
      99,
    );
  console.log(`other requests' p99 during the burst: ${ratio.toFixed(1)}x their p99 alone (target: under 100 ms)`);
} finally {
  app.child.kill('SIGTERM');
}
