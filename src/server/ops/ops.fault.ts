/**
 * Backups, restores and the move to PostgreSQL, through the real command-line scripts, on the demo site
 * and on a site grown by `seed:large`'s own statements (at a smaller size, to keep the suite short):
 * every table compared (row count and digest) before and after.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINES, freshDatabase, postgresReachable, startTestServer } from '../testing/harness.ts';
import { openStore, type Db } from '../db/database.ts';
import { seedDemo, DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/seed-demo.ts';
import { siteDigest } from './site-data.ts';
import { seedLarge, type LargeSize } from '../seed/large.ts';
import { signedInUser } from '../testing/factories.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** `seed:large`'s data set at a hundredth of its users: 100,000 progress rows beside the demo site. */
const LARGER: LargeSize = { users: 1000, courses: 25, lessonsPerCourse: 10, enrolments: 10_000, bigClass: 500 };

function npmScript(script: string, args: string[], env: Record<string, string>) {
  const r = spawnSync(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'scripts', script), ...args], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    cwd: root,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** An uploaded file (binary, every byte value), as the upload route stores it. */
async function addUploadedFile(db: Db) {
  const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
  const ts = new Date().toISOString();
  await db
    .insertInto('files')
    .values({
      filename: 'handout.pdf',
      title: 'Handout',
      context: 'lesson',
      mtime: ts,
      ctime: ts,
      mime: 'application/pdf',
      size: bytes.length,
      etag: crypto.createHash('sha1').update(bytes).digest('hex'),
      thefile: bytes,
    })
    .execute();
}

const pgOk = await postgresReachable();
if (!pgOk && process.env.CI) throw new Error('PostgreSQL is not reachable; CI needs it');

describe.each(ENGINES)('backup and restore [%s]', (engine) => {
  it.skipIf(engine === 'postgres' && !pgOk).each([
    ['the demo site', false],
    ['a larger site (seed:large at a hundredth)', true],
  ] as const)(
    'round trip of %s: the restored site equals the backed-up one in every table',
    async (label, larger) => {
      const s = await startTestServer(engine);
      try {
        await roundTrip(s, label, larger);
      } finally {
        await s.stop();
      }
    },
    180_000,
  );
});

/** Backs up the running site, changes it, restores the backup with the server stopped, and compares every table. */
async function roundTrip(s: Awaited<ReturnType<typeof startTestServer>>, label: string, larger: boolean) {
  const { ctx, config } = s;
  await seedDemo(ctx);
  await addUploadedFile(ctx.db);
  if (larger) await seedLarge(ctx.store, 'x', LARGER);
  const before = await siteDigest(ctx.store);
  expect(Object.keys(before).length).toBeGreaterThan(15);
  expect(before.files?.rows ?? 0).toBeGreaterThan(0); // uploaded files are in the database, so in the backup
  if (larger) expect(before.lesson_progress!.rows).toBeGreaterThanOrEqual(100_000);
  const env = { DATABASE_URL: config.databaseUrl, DATA_DIR: config.dataDir };

  // Online: the server is running and holds the database.
  const started = Date.now();
  const b = npmScript('backup.ts', [], env);
  expect(b.status, b.out).toBe(0);
  const file = /Backup written: (.+)/.exec(b.out)![1]!.trim();
  const backupS = (Date.now() - started) / 1000;

  // Changes after the backup, which the restore must undo.
  await ctx.db.deleteFrom('replies').execute();
  await ctx.db.deleteFrom('comments').execute();
  await ctx.db.updateTable('users').set({ city: 'Changed' }).execute();
  expect((await siteDigest(ctx.store)).comments).not.toEqual(before.comments);

  // SQLite is restored with the server stopped; the harness's store is closed with it.
  await s.app.close();
  const restoreAt = Date.now();
  const r = npmScript('restore.ts', [file], env);
  expect(r.status, r.out).toBe(0);
  const restoreS = (Date.now() - restoreAt) / 1000;
  const restored = openStore(config.databaseUrl);
  try {
    expect(await siteDigest(restored)).toEqual(before);
    console.log(
      `${label} [${ctx.store.engine}]: ${Object.values(before).reduce((n, t) => n + t.rows, 0)} rows; backup ${backupS.toFixed(1)} s, restore ${restoreS.toFixed(1)} s`,
    );
  } finally {
    await restored.close();
  }
}

describe.skipIf(!pgOk)('move to PostgreSQL', () => {
  async function moveAndCompare(extra: (url: string) => Promise<void>, label: string) {
    const source = await startTestServer('sqlite');
    const target = await freshDatabase('postgres');
    try {
      await seedDemo(source.ctx);
      await addUploadedFile(source.ctx.db);
      await source.app.close();
      await extra(source.config.databaseUrl);
      const started = Date.now();
      const m = npmScript('move-to-postgres.ts', [target.url], {
        DATABASE_URL: source.config.databaseUrl,
        DATA_DIR: source.config.dataDir,
      });
      const seconds = (Date.now() - started) / 1000;
      expect(m.status, m.out).toBe(0);
      expect(m.out).toContain("every table's row count and SHA-256 digest equal on both sides");
      expect(m.out).toContain(`Set DATABASE_URL=`);
      // Compared again here, independently of the script's own check.
      const from = openStore(source.config.databaseUrl);
      const to = openStore(target.url);
      try {
        const skip = new Set(['sessions']);
        const [a, b] = [await siteDigest(from, skip), await siteDigest(to, skip)];
        expect(b).toEqual(a);
        expect(await to.db.selectFrom('sessions').select('id').execute()).toHaveLength(0);
        console.log(
          `${label}: ${Object.values(a).reduce((n, t) => n + t.rows, 0)} rows in ${Object.keys(a).length} tables moved in ${seconds.toFixed(1)} s`,
        );
      } finally {
        await from.close();
        await to.close();
      }
      // The moved site works: the server starts on it and a demo account signs in.
      const moved = await startTestServer('sqlite', { DATABASE_URL: target.url });
      try {
        const c = moved.client();
        expect((await c.post('/users/login', { login: DEMO_ACCOUNTS[0]!.email, password: DEMO_PASSWORD })).status).toBe(200);
        expect((await c.get('/readyz')).body.engine).toBe('postgres');
      } finally {
        await moved.stop();
      }
      // A second run refuses: the target is no longer empty.
      const again = npmScript('move-to-postgres.ts', [target.url], {
        DATABASE_URL: source.config.databaseUrl,
        DATA_DIR: source.config.dataDir,
      });
      expect(again.status).toBe(1);
      expect(again.out).toContain('not empty');
    } finally {
      await source.stop();
      await target.drop();
    }
  }

  it('copies the demo site, checks every table, and the server runs on the copy', async () => {
    await moveAndCompare(async () => {}, 'demo site');
  }, 120_000);

  it('copies the sessions too when asked (--with-sessions): nobody has to sign in again', async () => {
    const source = await startTestServer('sqlite');
    const target = await freshDatabase('postgres');
    try {
      await signedInUser(source);
      await signedInUser(source);
      await source.app.close();
      const m = npmScript('move-to-postgres.ts', [target.url, '--with-sessions'], {
        DATABASE_URL: source.config.databaseUrl,
        DATA_DIR: source.config.dataDir,
      });
      expect(m.status, m.out).toBe(0);
      expect(m.out).not.toContain('Not copied');
      const [from, to] = [openStore(source.config.databaseUrl), openStore(target.url)];
      try {
        const a = await siteDigest(from);
        expect(a.sessions!.rows).toBe(2);
        expect(await siteDigest(to)).toEqual(a);
      } finally {
        await from.close();
        await to.close();
      }
    } finally {
      await source.stop();
      await target.drop();
    }
  }, 120_000);

  it('copies a larger site (seed:large at a hundredth: 100,000 progress rows beside the demo)', async () => {
    await moveAndCompare(async (url) => {
      const store = openStore(url);
      try {
        await seedLarge(store, 'x', LARGER);
      } finally {
        await store.close();
      }
    }, 'larger site');
  }, 240_000);
});
