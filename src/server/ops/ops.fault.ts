/**
 * Backups, restores and the move to PostgreSQL, through the real command-line scripts on the demo site:
 * every table compared (row count and digest) before and after.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEachEngine, freshDatabase, postgresReachable, startTestServer } from '../testing/harness.ts';
import { openStore, type Db } from '../db/database.ts';
import { seedDemo, DEMO_ACCOUNTS, DEMO_PASSWORD } from '../seed/seed-demo.ts';
import { siteDigest } from './site-data.ts';

const root = path.resolve(import.meta.dirname, '../../..');

function npmScript(script: string, args: string[], env: Record<string, string>) {
  const r = spawnSync(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'scripts', script), ...args], {
    encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent', ...env }, cwd: root,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** An uploaded file (binary, every byte value), as the upload route stores it. */
async function addUploadedFile(db: Db) {
  const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
  const ts = new Date().toISOString();
  await db.insertInto('files').values({
    filename: 'handout.pdf', title: 'Handout', context: 'lesson', mtime: ts, ctime: ts, mime: 'application/pdf',
    size: bytes.length, etag: crypto.createHash('sha1').update(bytes).digest('hex'), thefile: bytes,
  }).execute();
}

describeEachEngine('backup and restore', (server) => {
  it('round trip: the restored site equals the backed-up one in every table', async () => {
    const { ctx, config } = server();
    await seedDemo(ctx);
    await addUploadedFile(ctx.db);
    const before = await siteDigest(ctx.store);
    expect(Object.keys(before).length).toBeGreaterThan(15);
    expect(before.files?.rows ?? 0).toBeGreaterThan(0); // uploaded files are in the database, so in the backup
    const env = { DATABASE_URL: config.databaseUrl, DATA_DIR: config.dataDir };

    // Online: the server is running and holds the database.
    const b = npmScript('backup.ts', [], env);
    expect(b.status, b.out).toBe(0);
    const file = /Backup written: (.+)/.exec(b.out)![1]!.trim();

    // Changes after the backup, which the restore must undo.
    await ctx.db.deleteFrom('replies').execute();
    await ctx.db.deleteFrom('comments').execute();
    await ctx.db.updateTable('users').set({ city: 'Changed' }).execute();
    expect((await siteDigest(ctx.store)).comments).not.toEqual(before.comments);

    // SQLite is restored with the server stopped; the harness's store is closed with it.
    await server().app.close();
    const r = npmScript('restore.ts', [file], env);
    expect(r.status, r.out).toBe(0);
    const restored = openStore(config.databaseUrl);
    try {
      expect(await siteDigest(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
  }, 120_000);
});

const pgOk = await postgresReachable();

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
      const m = npmScript('move-to-postgres.ts', [target.url], { DATABASE_URL: source.config.databaseUrl, DATA_DIR: source.config.dataDir });
      const seconds = (Date.now() - started) / 1000;
      expect(m.status, m.out).toBe(0);
      expect(m.out).toContain('every table\'s row count and SHA-256 digest equal on both sides');
      expect(m.out).toContain(`Set DATABASE_URL=`);
      // Compared again here, independently of the script's own check.
      const from = openStore(source.config.databaseUrl);
      const to = openStore(target.url);
      try {
        const skip = new Set(['sessions']);
        const [a, b] = [await siteDigest(from, skip), await siteDigest(to, skip)];
        expect(b).toEqual(a);
        expect((await to.db.selectFrom('sessions').select('id').execute())).toHaveLength(0);
        console.log(`${label}: ${Object.values(a).reduce((n, t) => n + t.rows, 0)} rows in ${Object.keys(a).length} tables moved in ${seconds.toFixed(1)} s`);
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
      const again = npmScript('move-to-postgres.ts', [target.url], { DATABASE_URL: source.config.databaseUrl, DATA_DIR: source.config.dataDir });
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

  it('copies a larger generated site (20,000 accounts and 40,000 quiz attempts beside the demo)', async () => {
    await moveAndCompare(async (url) => {
      const store = openStore(url);
      const raw = store.sqlite!;
      const user = raw.prepare(`insert into users (id, email, "passwordHash", firstname, lastname, roles, lang, bio, created)
        values (?, ?, 'x', 'Gen', 'Erated', '[]', 'pt', ?, '2026-01-01T00:00:00.000Z')`);
      const attempt = raw.prepare(`insert into quiz_attempts (id, "enrollmentId", "user", course, classid, lesson, material, kind, attempt,
        answershash, answers, correctanswers, score, possible, percent, passed, created)
        values (?, ?, ?, 'c', 'k', 'l', 'm', 'quiz', ?, 'h', '["A"]', '["B"]', ?, 5, ?, ?, ?)`);
      raw.transaction(() => {
        for (let i = 0; i < 20_000; i++) {
          user.run(`gen-${i}`, `gen-${i}@example.org`, `Bio ${i} — ação, 学习, تعلم`);
          for (const k of [0, 1]) attempt.run(crypto.randomUUID(), `gen-${i}-k`, `gen-${i}`, `a${k}`, i % 6, (i % 6) * 20 + 0.5, i % 2, `2026-02-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`);
        }
      })();
      await store.close();
    }, 'generated site');
  }, 240_000);
});
