/** The server process: JSON logs with a request id, and SIGTERM finishing the request in flight. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-main-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function startServer() {
  const child = spawn(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'src/server/main.ts')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => { out += c; });
  child.stderr.on('data', (c) => { out += c; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /running at (http:\/\/localhost:\d+)/.exec(out);
      if (m) { clearInterval(timer); resolve(m[1].replace('localhost', '127.0.0.1')); }
    }, 50);
    void exited.then(() => { clearInterval(timer); reject(new Error(`server exited:\n${out}`)); });
  });
  return { child, ready, exited, output: () => out };
}

it('logs one JSON line per request carrying the request id, and drains in-flight requests on SIGTERM', async () => {
  const s = startServer();
  const base = await s.ready;
  const health = await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'test-req-42' } });
  expect(await health.json()).toMatchObject({ ok: true, engine: 'sqlite' });
  await new Promise((r) => setTimeout(r, 100));
  const lines = s.output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  expect(lines.find((l) => l.reqId === 'test-req-42' && l.msg === 'request')).toMatchObject({ status: 200, url: '/healthz', method: 'GET' });

  // A login whose body is still arriving when SIGTERM comes is answered before the process exits.
  const { port } = new URL(base);
  const body = JSON.stringify({ login: 'nobody@example.org', password: 'not-the-password' });
  const answered = new Promise<number>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/users/login', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-requested-with': 'learning-platform' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.write(body.slice(0, 10));
    setTimeout(() => {
      s.child.kill('SIGTERM');
      setTimeout(() => req.end(body.slice(10)), 300);
    }, 100);
  });
  expect(await answered).toBe(401);
  expect(await s.exited).toBe(0);
  expect(s.output()).toContain('shutting down');
}, 60_000);
