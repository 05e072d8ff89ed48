/** The server process: JSON logs with a request id, and SIGTERM finishing the request in flight. */
import http from 'node:http';
import { expect, it } from 'vitest';
import { startServerProcess } from './testing/server-process.ts';

it('logs one JSON line per request carrying the request id, and drains in-flight requests on SIGTERM', async () => {
  const s = await startServerProcess({ tempDataDir: true, env: { LOG_LEVEL: 'info', SEED_DEMO: '' } });
  const base = s.url;
  const health = await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'test-req-42' } });
  expect(await health.json()).toMatchObject({ ok: true, engine: 'sqlite' });
  await new Promise((r) => setTimeout(r, 100));
  const lines = s
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
  expect(lines.find((l) => l.reqId === 'test-req-42' && l.msg === 'request')).toMatchObject({
    status: 200,
    url: '/healthz',
    method: 'GET',
  });

  // A login whose body is still arriving when SIGTERM comes is answered before the process exits.
  const { port } = new URL(base);
  const body = JSON.stringify({ login: 'nobody@example.org', password: 'not-the-password' });
  const answered = new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/users/login',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-requested-with': 'learning-platform' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
    setTimeout(() => {
      s.child.kill('SIGTERM');
      setTimeout(() => req.end(body.slice(10)), 300);
    }, 100);
  });
  expect(await answered).toBe(401);
  expect((await s.exited).code).toBe(0);
  expect(s.output()).toContain('shutting down');
  await s.stop();
}, 60_000);
