/**
 * Builds the web app when dist/web is missing or older than its sources, starts the server on a
 * free port with a temporary DATA_DIR and the demo seed, waits for /healthz, and stops it at the end.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['src/web', 'src/domain', 'vite.config.ts'];

function newest(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return fs.readdirSync(p).reduce((max, e) => Math.max(max, newest(path.join(p, e))), st.mtimeMs);
}

export function buildWebIfStale(): void {
  const index = path.join(root, 'dist/web/index.html');
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const devBuild = builtAt > 0 && fs.readdirSync(path.join(root, 'dist/web/assets')).some((f) => f.startsWith('jsx-dev-runtime'));
  if (builtAt && !devBuild && SOURCES.every((s) => newest(path.join(root, s)) <= builtAt)) return;
  console.log('[e2e] building the web app (vite build)...');
  // Vitest sets NODE_ENV=test, which would give a development build of React: build for production.
  const r = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('vite build failed');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.status === 200) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer ${url}/healthz within ${timeoutMs} ms`);
}

/** Starts the real server; returns its URL, data directory and a stop function. */
export async function startServer(extraEnv: Record<string, string> = {}, logName = 'e2e-server.log') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-e2e-'));
  const port = await freePort();
  const logFile = path.join(root, 'test-results', logName);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'w');
  const child = spawn(path.join(root, 'node_modules/.bin/node'), ['src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '1', RATE_LIMIT_MAX: '1000', LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}; see ${logFile}:\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`, { cause: err });
  }
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    fs.closeSync(log);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, dataDir, stop };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  // Against an instance that is already running (its data directory in E2E_DATA_DIR for the outbox).
  if (process.env.E2E_BASE_URL) {
    project.provide('baseURL', process.env.E2E_BASE_URL.replace(/\/$/, ''));
    project.provide('dataDir', process.env.E2E_DATA_DIR ?? '');
    return;
  }
  buildWebIfStale();
  const server = await startServer();
  project.provide('baseURL', server.url);
  project.provide('dataDir', server.dataDir);
  return server.stop;
}
