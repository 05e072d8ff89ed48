/**
 * Redis and PostgreSQL going away under a running server, with servers of the test's own: no crash,
 * 503 with Retry-After and a translated message, /readyz false, public pages still served where they do
 * not need the missing service, and recovery by itself when it comes back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../domain/messages.ts';
import { TestClient } from '../testing/harness.ts';
import {
  buildFixture,
  freePort,
  ownPostgres,
  ownPostgresAvailable,
  quizLoad,
  signIn,
  sleep,
  startApp,
  startRedis,
  stopApp,
  until,
} from './procs.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lp-fault-'));

describe('Redis down', () => {
  it('at start and mid-run: no crash, 503 with a message, /readyz false, recovery when it is back', async () => {
    const dataDir = tmp();
    const databaseUrl = `sqlite:${path.join(dataDir, 'app.db')}`;
    const f = await buildFixture(databaseUrl, 3);
    const port = await freePort();
    // Down at start: nothing listens on the Redis port yet.
    const app = await startApp({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, REDIS_URL: `redis://127.0.0.1:${port}` });
    let redis: Awaited<ReturnType<typeof startRedis>> | null = null;
    try {
      const ready = await fetch(`${app.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ok: false, checks: { database: true, redis: false } });
      const visitor = new TestClient(app.url);
      expect((await visitor.get('/app_users/whoami')).status).toBe(200); // signed-out pages keep working
      const loginAt = Date.now();
      const login = await visitor.post('/users/login', { login: f.learners[0]!.email, password: 'Test-pass1!' });
      expect(login.status).toBe(503);
      expect(Date.now() - loginAt).toBeLessThan(3000); // told at once, not after Redis' retries
      expect(login.headers.get('retry-after')).toBeTruthy();
      expect(login.body.error.message).toBe(MSG.sessionsUnavailable);

      // Redis comes up: the server notices by itself.
      redis = await startRedis(port);
      await until('readyz to turn true', async () => (await fetch(`${app.url}/readyz`)).status === 200, 15_000, 200);
      const clients = await Promise.all(f.learners.map((l) => signIn(app.url, l)));
      expect((await clients[0]!.get('/app_users/whoami')).body.user.email).toBe(f.learners[0]!.email);

      // Down mid-run, under load.
      const load = quizLoad(app.url, f, clients);
      await sleep(500);
      await redis.kill();
      redis = null;
      await sleep(1500);
      const whoamiAt = Date.now();
      const whoami = await clients[1]!.get('/app_users/whoami');
      expect(whoami.status).toBe(503);
      expect(Date.now() - whoamiAt).toBeLessThan(3000);
      expect(whoami.body.error.message).toBe(MSG.sessionsUnavailable);
      expect((await new TestClient(app.url).get('/app_users/whoami')).status).toBe(200);
      expect((await fetch(`${app.url}/readyz`)).status).toBe(503);
      await load.stop();
      console.log(`Redis stopped under load: statuses ${JSON.stringify(Object.fromEntries(load.statuses))}`);
      expect([...load.statuses.keys()].every((s) => s === 200 || s === 503)).toBe(true);
      expect(load.statuses.get(503) ?? 0).toBeGreaterThan(0);
      expect(app.alive()).toBe(true);

      // Back (empty: this Redis keeps nothing, so sessions are gone and learners sign in again).
      redis = await startRedis(port);
      await until('readyz to turn true again', async () => (await fetch(`${app.url}/readyz`)).status === 200, 15_000, 200);
      const again = await signIn(app.url, f.learners[0]!);
      expect((await again.get('/app_users/whoami')).body.user.email).toBe(f.learners[0]!.email);
      expect(app.output()).not.toMatch(/MaxRetriesPerRequestError|Unhandled/);
    } finally {
      await redis?.kill();
      await stopApp(app);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!ownPostgresAvailable())('database unreachable', () => {
  it('answers 503 with a JSON message and Retry-After, /readyz false, and recovers when PostgreSQL is back', async () => {
    const pgs = await ownPostgres();
    const dataDir = tmp();
    let app: Awaited<ReturnType<typeof startApp>> | null = null;
    try {
      const f = await buildFixture(pgs.url, 2);
      app = await startApp({ DATABASE_URL: pgs.url, DATA_DIR: dataDir });
      const client = await signIn(app.url, f.learners[0]!);
      const submit = () =>
        client.post('/app_enrollment/quiz', {
          _id: f.quiz,
          user: f.learners[0]!.id,
          classid: f.classid,
          courseid: f.course,
          answers: ['B', 'C', 'A', 'B', 'C'],
        });
      expect((await submit()).status).toBe(200);

      pgs.stop();
      for (const r of [
        await submit(),
        await client.post('/app_courses/list', {}),
        await new TestClient(app.url).post('/users/login', { login: f.learners[1]!.email, password: 'Test-pass1!' }),
      ]) {
        expect(r.status).toBe(503);
        expect(r.headers.get('content-type')).toContain('application/json');
        expect(r.headers.get('retry-after')).toBe('5');
        expect(r.body.error.message).toBe(MSG.databaseUnavailable);
      }
      const ready = await fetch(`${app.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ok: false, checks: { database: false }, error: { message: MSG.databaseUnavailable } });
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200); // alive: not a reason to restart it
      expect(app.alive()).toBe(true);

      pgs.start();
      const url = app.url;
      await until('readyz to turn true', async () => (await fetch(`${url}/readyz`)).status === 200, 20_000, 200);
      expect((await submit()).status).toBe(200);
    } finally {
      if (app) await stopApp(app);
      pgs.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
