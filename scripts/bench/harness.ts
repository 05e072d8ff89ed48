/** Shared pieces of the benchmarks: child servers on loopback, autocannon runs, printing. */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '../..');
const nodeBin = path.join(root, 'node_modules/.bin/node');

export interface Figures { name: string; rps: number; p50: number; p99: number; errors: number }

export async function waitForHttp(url: string, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try { if ((await fetch(url)).ok) return; } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** A port nothing listens on now, so a benchmark never collides with a running site or another bench. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The app in its own process, on a fresh demo store (SQLite unless DATABASE_URL is given). Not in
 * production mode: production never seeds the demo accounts the benchmarks sign in with.
 */
export async function startApp(env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-'));
  const child = spawn(nodeBin, [path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', RATE_LIMIT_MAX: '100000', LOG_LEVEL: 'info', PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/healthz`);
  return { url, child, dataDir };
}

/** A bare Node http server answering a fixed JSON body: the ceiling to compare against. */
export async function startBare(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const code = `require('http').createServer((q,s)=>{s.writeHead(200,{'content-type':'application/json'});s.end('{"user":null,"ok":true}')}).listen(${port},'127.0.0.1')`;
  const child = spawn(nodeBin, ['-e', code], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url);
  return { url, child };
}

export async function measure(name: string, opts: { url: string; method?: string; headers?: Record<string, string>; body?: string; duration?: number; connections?: number }): Promise<Figures> {
  const duration = opts.duration ?? Number(process.env.BENCH_SECONDS ?? 8);
  // A short warm-up so the JIT and caches are not part of the figure.
  await autocannon({ url: opts.url, method: (opts.method ?? 'GET') as 'GET', headers: { 'x-requested-with': 'learning-platform', ...opts.headers }, body: opts.body, connections: opts.connections ?? 50, duration: 2 });
  const r = await autocannon({ url: opts.url, method: (opts.method ?? 'GET') as 'GET', headers: { 'x-requested-with': 'learning-platform', ...opts.headers }, body: opts.body, connections: opts.connections ?? 50, duration });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

export function printTable(rows: Figures[], baseline?: Figures) {
  const line = (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(44) : c.padStart(11))).join(''));
  line(['case (50 connections)', 'req/s', 'p50 ms', 'p99 ms', 'errors', baseline ? 'vs bare' : '']);
  for (const r of rows) {
    line([r.name, r.rps.toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1), String(r.errors), baseline ? `${((r.rps / baseline.rps) * 100).toFixed(0)}%` : '']);
  }
}

export async function loginCookie(url: string, login: string, password: string): Promise<string> {
  const r = await fetch(`${url}/users/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'learning-platform' }, body: JSON.stringify({ login, password }) });
  if (!r.ok) throw new Error(`login failed: ${r.status}`);
  return r.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
