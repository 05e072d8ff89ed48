/**
 * kill -9 under write load, three times on each engine: every quiz submission the server acknowledged
 * is in the database afterwards. And pg_terminate_backend of the app's own connections under load:
 * the process stays up, answers 503 (never 500) meanwhile, and serves again.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase, PG_ADMIN_URL, postgresReachable } from '../testing/harness.ts';
import { openStore } from '../db/database.ts';
import type { Engine } from '../db/dialect.ts';
import { buildFixture, quizLoad, signIn, sleep, startApp, stopApp } from './procs.ts';

const pgOk = await postgresReachable();
const engines: Engine[] = pgOk ? ['sqlite', 'postgres'] : ['sqlite'];
if (!pgOk && process.env.CI) throw new Error('PostgreSQL is not reachable; CI needs it');

describe.each(engines)('kill -9 under write load [%s]', (engine) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup) await c();
  });

  it('loses no acknowledged write over three kills', async () => {
    const db = await freshDatabase(engine);
    cleanup.push(db.drop);
    const f = await buildFixture(db.url, 4);
    const env = { DATABASE_URL: db.url, DATA_DIR: db.dataDir };
    const acked: string[] = [];
    for (let round = 1; round <= 3; round++) {
      const app = await startApp(env, { single: true });
      const clients = await Promise.all(f.learners.map((l) => signIn(app.url, l)));
      const load = quizLoad(app.url, f, clients);
      await sleep(1500);
      app.child.kill('SIGKILL');
      await app.exited;
      await load.stop();
      expect(load.acked.length).toBeGreaterThan(0);
      expect(load.statuses.get(500) ?? 0).toBe(0);
      acked.push(...load.acked);
      console.log(
        `[${engine}] round ${round}: ${load.acked.length} acknowledged submissions, statuses ${JSON.stringify(Object.fromEntries(load.statuses))}`,
      );
    }
    const store = openStore(db.url);
    try {
      const rows = await store.db.selectFrom('quiz_attempts').select('attempt').execute();
      const stored = new Set(rows.map((r) => r.attempt));
      const lost = acked.filter((a) => !stored.has(`client:${a}`));
      console.log(`[${engine}] ${acked.length} acknowledged over 3 kills, ${lost.length} lost`);
      expect(lost).toEqual([]);
    } finally {
      await store.close();
    }
  }, 180_000);
});

describe.skipIf(!pgOk)("pg_terminate_backend of the app's connections under load", () => {
  it('keeps the process up, answers 503 (not 500) meanwhile, and serves again 5 s later', async () => {
    const db = await freshDatabase('postgres');
    const appName = `lp-fault-${crypto.randomBytes(4).toString('hex')}`;
    const f = await buildFixture(db.url, 4);
    const app = await startApp({ DATABASE_URL: db.url, DATA_DIR: db.dataDir, PGAPPNAME: appName }, { single: true });
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    try {
      const clients = await Promise.all(f.learners.map((l) => signIn(app.url, l)));
      const load = quizLoad(app.url, f, clients);
      await sleep(1000);
      let terminated = 0;
      // Only this app's own connections, found by the application_name it was started with.
      for (let i = 0; i < 3; i++) {
        const r = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [appName]);
        terminated += r.rowCount ?? 0;
        await sleep(300);
      }
      await sleep(5000);
      await load.stop();
      console.log(
        `pg_terminate_backend: ${terminated} connections terminated; statuses ${JSON.stringify(Object.fromEntries(load.statuses))}`,
      );
      expect(terminated).toBeGreaterThan(0);
      expect(app.alive()).toBe(true);
      expect([...load.statuses.keys()].every((s) => s === 200 || s === 503)).toBe(true);
      expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
      const again = await clients[0]!.post('/app_enrollment/quiz', {
        _id: f.quiz,
        user: f.learners[0]!.id,
        classid: f.classid,
        courseid: f.course,
        answers: ['B', 'C', 'A', 'B', 'C'],
      });
      expect(again.status).toBe(200);
      // pg's deprecation of two queries at once on one client (inside a transaction) is not triggered.
      expect(app.output()).not.toMatch(/already executing a query/);
      // One warning line per interval, not one per failed request.
      expect(
        app
          .output()
          .split('\n')
          .filter((l) => l.includes('"fault":"database"')).length,
      ).toBeLessThan(5);
    } finally {
      await admin.end();
      await stopApp(app);
      await db.drop();
    }
  }, 120_000);
});
