/** Shared pieces of the benchmarks: child servers on loopback, autocannon runs, printing. */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { startBareServer, startServerProcess } from '../../src/server/testing/server-process.ts';
import { databaseBeside } from '../../src/server/testing/pg-database.ts';
import { procStat } from '../../src/server/testing/proc-stat.ts';
import { dataUrl } from './exam-day.ts';

export interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * The app in its own process, on a fresh demo store (SQLite unless DATABASE_URL is given), on a port the
 * system picks. Not in production mode: production never seeds the demo accounts the benchmarks sign in with.
 */
export async function startApp(
  env: Record<string, string> = {},
  root?: string,
): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const app = await startServerProcess({
    root,
    // The landed code before every core has no workers to wait for.
    allWorkers: !root,
    tempDataDir: true,
    env: { SEED_DEMO: '1', RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'info', ...env },
    log: 'stderr',
  });
  return { url: app.url, child: app.child, dataDir: app.dataDir! };
}

/**
 * A fresh store per run: a temporary SQLite file (the server's own), or a new PostgreSQL database
 * beside `pgUrl`, dropped afterwards, so each run migrates and seeds its own.
 */
export async function freshStore(
  pgUrl: string | undefined,
): Promise<{ env: Record<string, string>; url: (dataDir: string) => string; drop: () => Promise<void> }> {
  if (!pgUrl) return { env: {}, url: dataUrl, drop: async () => {} };
  const db = await databaseBeside(pgUrl, 'lp_bench');
  return { env: { DATABASE_URL: db.url }, url: () => db.url, drop: db.drop };
}

/** A bare Node http server answering a fixed JSON body: the ceiling to compare against. */
export const startBare = startBareServer;

export async function measure(
  name: string,
  opts: { url: string; method?: string; headers?: Record<string, string>; body?: string; duration?: number; connections?: number },
): Promise<Figures> {
  const duration = opts.duration ?? Number(process.env.BENCH_SECONDS ?? 8);
  // A short warm-up so the JIT and caches are not part of the figure.
  await autocannon({
    url: opts.url,
    method: (opts.method ?? 'GET') as 'GET',
    headers: { 'x-requested-with': 'learning-platform', ...opts.headers },
    body: opts.body,
    connections: opts.connections ?? 50,
    duration: 2,
  });
  const r = await autocannon({
    url: opts.url,
    method: (opts.method ?? 'GET') as 'GET',
    headers: { 'x-requested-with': 'learning-platform', ...opts.headers },
    body: opts.body,
    connections: opts.connections ?? 50,
    duration,
  });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

export function printTable(rows: Figures[], baseline?: Figures) {
  const line = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(44) : c.padStart(11))).join(''));
  line(['case (50 connections)', 'req/s', 'p50 ms', 'p99 ms', 'errors', baseline ? 'vs bare' : '']);
  for (const r of rows) {
    line([
      r.name,
      r.rps.toFixed(0),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      String(r.errors),
      baseline ? `${((r.rps / baseline.rps) * 100).toFixed(0)}%` : '',
    ]);
  }
}

export async function loginCookie(url: string, login: string, password: string): Promise<string> {
  const r = await fetch(`${url}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'learning-platform' },
    body: JSON.stringify({ login, password }),
  });
  if (!r.ok) throw new Error(`login failed: ${r.status}`);
  return r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Clock ticks to ms (100 ticks a second on Linux). */
const ticks = (...fields: (string | undefined)[]) => fields.reduce((sum, f) => sum + Number(f), 0) * 10;

/** CPU milliseconds used so far by a process and its children (the cluster's workers); NaN off Linux. */
export function treeCpuMs(pid: number): number {
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    const stat = procStat(pid);
    return ticks(stat[11], stat[12]) + children.reduce((sum, c) => sum + treeCpuMs(c), 0);
  } catch {
    return NaN;
  }
}

/**
 * CPU milliseconds used so far by this machine's PostgreSQL (its connections' backends and its own
 * helpers: WAL writer, checkpointer, autovacuum), when the database runs here; NaN off Linux. A backend
 * that ended (a pool closes idle connections) counts through its parent, the postmaster, which
 * collects its children's CPU when they exit.
 */
export function postgresCpuMs(): number {
  try {
    const procs = new Map<string, string[]>();
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') procs.set(pid, procStat(pid));
      } catch {
        // The process ended meanwhile.
      }
    }
    let sum = 0;
    for (const stat of procs.values()) {
      const postmaster = !procs.has(stat[1]!);
      sum += ticks(stat[11], stat[12]) + (postmaster ? ticks(stat[13], stat[14]) : 0);
    }
    return sum;
  } catch {
    return NaN;
  }
}
