/**
 * The process lifecycle: SIGTERM with ten large CSV exports in flight lets every one finish (the
 * deadline is SHUTDOWN_TIMEOUT_S, default 60 s; a hard 10 s used to cut them) while an idle keep-alive
 * connection is closed at once and new connections are refused, and the cluster primary
 * starts a new worker when one is killed, saying why it died.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openStore, migrate } from '../db/database.ts';
import { asRoles, buildUser } from '../testing/factories.ts';
import type { AppContext } from '../context.ts';
import { signIn, sleep, startApp, stopApp, until } from './procs.ts';

const USERS = 30_000;

/** Reads a response at about `bytesPerSecond`, like a slow client: `started` once the headers came, `done` at the end. */
function slowDownload(url: string, cookie: string, bytesPerSecond: number) {
  let started!: (status: number) => void;
  const headers = new Promise<number>((resolve) => {
    started = resolve;
  });
  const done = new Promise<{ status: number; bytes: number; body: string }>((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (res) => {
        started(res.statusCode!);
        const parts: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          parts.push(chunk);
          bytes += chunk.length;
          res.pause();
          setTimeout(() => res.resume(), (1000 * chunk.length) / bytesPerSecond);
        });
        res.on('end', () => resolve({ status: res.statusCode!, bytes, body: Buffer.concat(parts).toString('utf8') }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
  done.catch(() => {}); // awaited below; not an unhandled rejection meanwhile
  return { headers, done };
}

describe('SIGTERM with slow exports in flight', () => {
  it('lets all ten finish within the deadline, then exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-fault-'));
    const file = path.join(dataDir, 'app.db');
    const store = openStore(`sqlite:${file}`);
    await migrate(store);
    const admin = await buildUser({ db: store.db } as AppContext, { roles: asRoles('admin') });
    await store.close();
    // Many accounts with a long bio, written straight into the file: each export is about 12 MB.
    const raw = new SQLite(file);
    const insert = raw.prepare(`insert into users (id, email, firstname, lastname, roles, lang, bio, created, "passwordHash")
      values (?, ?, 'Learner', 'Export', '[]', 'en', ?, '2026-01-01T00:00:00.000Z', 'x')`);
    const bio = 'A learner with a long biography. '.repeat(10);
    raw.transaction(() => {
      for (let i = 0; i < USERS; i++) insert.run(`u${String(i).padStart(6, '0')}`, `u${i}@example.org`, bio);
    })();
    raw.close();

    const app = await startApp({ DATABASE_URL: `sqlite:${file}`, DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      const c = await signIn(app.url, { id: admin.id, email: admin.email, enrollment: '' });
      const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      // A keep-alive connection left idle after its answer: closed at SIGTERM, not held until the
      // exports end (the server keeps an idle connection open for 72 s otherwise).
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      // (Wrapped in an object: a promise resolved with a promise would wait for that one too.)
      const { idleClosed } = await new Promise<{ idleClosed: Promise<number> }>((resolve, reject) => {
        http
          .get(`${app.url}/healthz`, { agent }, (res) => {
            const closed = new Promise<number>((done) => res.socket.once('close', () => done(Date.now())));
            res.resume();
            res.on('end', () => resolve({ idleClosed: closed }));
          })
          .on('error', reject);
      });
      const started = Date.now();
      const downloads = Array.from({ length: 10 }, () => slowDownload(`${app.url}/app_reports/users/users.csv`, cookie, 800_000));
      // In flight: every export has begun answering (its headers are here) and has far to go.
      await Promise.all(downloads.map((d) => d.headers));
      await sleep(500);
      const sigterm = Date.now();
      app.child.kill('SIGTERM');
      // New connections are refused while the exports finish.
      await until(
        'the listening socket to close',
        async () => {
          try {
            await fetch(`${app.url}/healthz`);
            return false;
          } catch {
            return true;
          }
        },
        5000,
        100,
      );
      const idleClosedAfterS = ((await Promise.race([idleClosed, sleep(5000).then(() => Infinity)])) - sigterm) / 1000;
      expect(idleClosedAfterS).toBeGreaterThanOrEqual(0); // open until SIGTERM
      expect(idleClosedAfterS).toBeLessThan(2);
      const results = await Promise.all(downloads.map((d) => d.done)).catch((err) => {
        throw new Error(`${String(err)}\n${app.output().slice(-3000)}`);
      });
      const exit = await app.exited;
      const tookS = (Date.now() - sigterm) / 1000;
      console.log(
        `10 exports of ${results[0]!.bytes} bytes each; SIGTERM to exit ${tookS.toFixed(1)} s (started ${((sigterm - started) / 1000).toFixed(1)} s after the exports); idle keep-alive connection closed ${idleClosedAfterS.toFixed(2)} s after SIGTERM`,
      );
      for (const r of results) {
        expect(r.status).toBe(200);
        expect(r.body.trimEnd().split('\n')).toHaveLength(USERS + 2); // header, the admin, the accounts
      }
      expect(exit).toEqual({ code: 0, signal: null });
      expect(tookS).toBeGreaterThan(10); // the old hard 10 s would have cut them
      expect(app.output()).toContain('shut down cleanly');
      expect(app.output()).not.toContain('shutdown deadline reached');
    } finally {
      await stopApp(app);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('cluster primary', () => {
  it('starts a new worker when one is killed, with a log line saying why it died', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-fault-'));
    const app = await startApp({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      const pid = Number(await until('a worker log line', async () => /"pid":(\d+),"hostname"/.exec(app.output())?.[1]));
      expect(pid).not.toBe(app.child.pid);
      process.kill(pid, 'SIGKILL');
      await until('the primary to log the death', async () => app.output().includes(`worker ${pid} died (killed by SIGKILL)`), 10_000);
      await until('a new worker to serve', async () => (await fetch(`${app.url}/healthz`)).status === 200, 30_000, 200);
      expect(app.alive()).toBe(true);
    } finally {
      await stopApp(app);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
