/**
 * Several worker processes on one SQLite file, without Redis, as `npm start` runs them: rate limits
 * and cache invalidation hold across workers (through the primary), sessions are shared, and a worker
 * that dies is replaced with its reason in the log.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APP_REQUEST_HEADER, APP_REQUEST_VALUE } from '../domain/constants.ts';
import { startServerProcess, type ServerProcess } from './testing/server-process.ts';
import { ALL_LISTENING } from './primary.ts';

let server: ServerProcess;
let base = '';
const out = () => server.output();

beforeAll(async () => {
  // The first worker answers once the demo is seeded; the second listens on the same port.
  server = await startServerProcess({
    tempDataDir: true,
    env: {
      LOG_LEVEL: 'info',
      SEED_DEMO: '1',
      WEB_CONCURRENCY: '2',
      RATE_LIMIT_MAX: '4',
      REDIS_URL: '',
      DATABASE_URL: '',
      METRICS_PUBLIC: '1',
    },
    timeoutMs: 120_000,
    allWorkers: true,
  });
  base = server.url;
}, 150_000);
afterAll(async () => {
  await server.stop(50_000);
}, 60_000);

function workerPids(): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.child.pid)])
      .toString()
      .split('\n')
      .map((s) => Number(s.trim()))
      .filter(Boolean);
  } catch {
    return [];
  }
}

/** One request on a connection of its own, so the primary hands each to the next worker. */
function call(method: string, url: string, body?: unknown, cookie = ''): Promise<{ status: number; json: any; setCookie: string[] }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent: false,
        headers: {
          [APP_REQUEST_HEADER]: APP_REQUEST_VALUE,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            json: text && res.headers['content-type']?.includes('json') ? JSON.parse(text) : text,
            setCookie: res.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const requestPids = (url: string) =>
  new Set(
    out()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .filter((l) => l.msg === 'request' && l.url === url)
      .map((l) => l.pid),
  );

it('runs the workers asked for, migrated once by the primary', () => {
  expect(workerPids()).toHaveLength(2);
  expect(out()).toContain('primary started 2 worker(s)');
});

it('says when every worker listens, and from then on fresh connections reach both', async () => {
  expect(out()).toMatch(ALL_LISTENING);
  for (let i = 0; i < 4; i++) expect((await call('GET', '/healthz')).status).toBe(200);
  await new Promise((r) => setTimeout(r, 200));
  expect(requestPids('/healthz').size).toBe(2);
});

it('counts a rate limit once across workers', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await call('POST', '/app_users/resetpassword', { email: 'nobody@example.org' })).status);
  expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  // The requests really were spread over both workers.
  await new Promise((r) => setTimeout(r, 200));
  expect(requestPids('/app_users/resetpassword').size).toBe(2);
});

it('shares sessions, and a settings change reaches every worker cache at once', async () => {
  const login = await call('POST', '/users/login', { login: 'admin@example.org', password: 'Demo-pass1!' });
  expect(login.status).toBe(200);
  const cookie = login.setCookie.map((c) => c.split(';')[0]).join('; ');
  // Every worker knows the session (kept in the shared database) and has the site title cached.
  for (let i = 0; i < 4; i++) {
    const r = await call('GET', '/app_users/whoami', undefined, cookie);
    expect(r.json.user.email).toBe('admin@example.org');
    expect(r.json.config.sitetitle).toBe('Open Learning Commons');
  }
  expect((await call('POST', '/app_admin/setConfig', { config: { sitetitle: 'Exam Day Commons' } }, cookie)).status).toBe(200);
  for (let i = 0; i < 4; i++)
    expect((await call('GET', '/app_users/whoami', undefined, cookie)).json.config.sitetitle).toBe('Exam Day Commons');
});

it('answers /metrics for both workers together, whichever takes the scrape', async () => {
  for (let i = 0; i < 20; i++) expect((await call('GET', '/readyz')).status).toBe(200);
  await new Promise((r) => setTimeout(r, 200));
  expect(requestPids('/readyz').size).toBe(2); // spread over both workers
  // Each scrape (on a new connection, so by turns each worker) counts all twenty.
  for (let i = 0; i < 4; i++) {
    const m = await call('GET', '/metrics');
    expect(m.status).toBe(200);
    expect(m.json).toMatch(/^http_requests_total\{method="GET",route="\/readyz",status="200"\} 20$/m);
  }
  expect(requestPids('/metrics').size).toBe(2);
});

it('replaces a worker that dies and logs why', async () => {
  const [victim] = workerPids();
  process.kill(victim!, 'SIGKILL');
  for (let i = 0; i < 100 && !out().includes(`worker ${victim} died (killed by SIGKILL)`); i++)
    await new Promise((r) => setTimeout(r, 100));
  expect(out()).toContain(`worker ${victim} died (killed by SIGKILL)`);
  for (let i = 0; i < 200 && (workerPids().length < 2 || workerPids().includes(victim!)); i++) await new Promise((r) => setTimeout(r, 100));
  expect(workerPids()).toHaveLength(2);
  expect(workerPids()).not.toContain(victim);
  // The new worker is up once it answers; meanwhile the other one serves.
  let ok = 0;
  for (let i = 0; i < 300 && ok < 4; i++) {
    ok =
      (await call('GET', '/healthz').then(
        (r) => r.status,
        () => 0,
      )) === 200
        ? ok + 1
        : 0;
    if (ok < 4) await new Promise((r) => setTimeout(r, 100));
  }
  expect(ok).toBe(4);
}, 60_000);
