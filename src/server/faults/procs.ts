/**
 * Real processes for the fault suite: the app server (src/server/main.ts), a Redis and a PostgreSQL of
 * the test's own on free ports (the shared servers are never stopped or starved), and a write load
 * that records every write the server acknowledged.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openStore, migrate } from '../db/database.ts';
import type { AppContext } from '../context.ts';
import { buildClass, buildLearningCourse, buildUser, TEST_PASSWORD } from '../testing/factories.ts';
import { enroll } from '../modules/enrollment/enrollment.repository.ts';
import { TestClient } from '../testing/harness.ts';
import { freePort, sleep, startServerProcess, type ServerProcess } from '../testing/server-process.ts';

export { freePort, sleep } from '../testing/server-process.ts';

export async function until<T>(what: string, fn: () => Promise<T | undefined | false>, ms = 30_000, every = 100): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    await sleep(every);
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

export type AppProc = ServerProcess;

/**
 * The server for a fault test: no demo, no web app, a rate limit no load reaches. A port chosen
 * beforehand, so a worker killed and replaced answers where the test is looking.
 */
export async function startApp(env: Record<string, string>, opts: { single?: boolean } = {}): Promise<AppProc> {
  return startServerProcess({
    port: await freePort(),
    env: {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000',
      SEED_DEMO: '',
      WEB_DIST: path.join(os.tmpdir(), 'lp-no-web'),
      ...(opts.single ? { LP_SINGLE_PROCESS: '1' } : {}),
      ...env,
    },
  });
}

export async function stopApp(app: AppProc) {
  await app.kill();
}

/** A Redis of the test's own, without persistence, on `port`. */
export async function startRedis(port: number) {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await until(
    'redis to listen',
    () =>
      new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.end();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      }),
    10_000,
    50,
  );
  return {
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

const PG_BIN = (() => {
  const base = '/usr/lib/postgresql';
  const version = fs.existsSync(base) ? fs.readdirSync(base).sort().at(-1) : undefined;
  return version ? path.join(base, version, 'bin') : '';
})();
export const ownPostgresAvailable = () => PG_BIN !== '' && fs.existsSync(path.join(PG_BIN, 'initdb'));

/**
 * A PostgreSQL cluster of the test's own (initdb in a temp directory, run as the `postgres` user when
 * the tests run as root, since PostgreSQL refuses root), on a free port, to be stopped and started.
 */
export async function ownPostgres() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (bin: string, args: string[]) => {
    const cmd = asRoot ? 'runuser' : path.join(PG_BIN, bin);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args] : args;
    const r = spawnSync(cmd, argv, { encoding: 'utf8', cwd: dir });
    if (r.status !== 0) throw new Error(`${bin} failed: ${r.stderr}${r.stdout}`);
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Learner {
  id: string;
  email: string;
  enrollment: string;
}
export interface Fixture {
  course: string;
  classid: string;
  quiz: string;
  learners: Learner[];
}

/** A course with a quiz and `n` learners enrolled in its class, written straight into the database. */
export async function buildFixture(databaseUrl: string, n: number): Promise<Fixture> {
  const store = openStore(databaseUrl);
  try {
    await migrate(store);
    const ctx = { db: store.db } as AppContext;
    const lc = await buildLearningCourse(ctx);
    const classid = await buildClass(ctx, lc.course);
    const cls = await store.db.selectFrom('classes').selectAll().where('id', '=', classid).executeTakeFirstOrThrow();
    const learners: Learner[] = [];
    for (let i = 0; i < n; i++) {
      const u = await buildUser(ctx);
      learners.push({ id: u.id, email: u.email, enrollment: await enroll(store.db, u.id, cls) });
    }
    return { course: lc.course, classid, quiz: lc.materials.quiz, learners };
  } finally {
    await store.close();
  }
}

export async function signIn(url: string, learner: Learner) {
  const c = new TestClient(url);
  await c.login(learner.email, TEST_PASSWORD);
  return c;
}

/**
 * Each learner submits quizzes one after another until stopped; every submission carries its own
 * attempt id, and the ids the server acknowledged (200) are kept. Statuses are counted.
 */
export function quizLoad(url: string, f: Fixture, clients: TestClient[]) {
  const acked: string[] = [];
  const statuses = new Map<number | string, number>();
  let stopped = false;
  const loops = clients.map(async (c, i) => {
    const learner = f.learners[i]!;
    while (!stopped) {
      const attempt = crypto.randomUUID();
      let status: number | string;
      try {
        const r = await c.post('/app_enrollment/quiz', {
          _id: f.quiz,
          user: learner.id,
          classid: f.classid,
          courseid: f.course,
          answers: ['B', 'C', 'A', 'B', 'A'],
          attempt,
        });
        status = r.status;
        if (r.status === 200) acked.push(attempt);
      } catch {
        status = 'connection error';
        await sleep(20);
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  });
  return {
    acked,
    statuses,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}
