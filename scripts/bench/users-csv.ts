/**
 * GET /app_reports/users/users.csv over 100,000 generated users (BENCH_CSV_USERS to change it),
 * on a fresh SQLite store filled in bulk batches. Prints the export's time and size and the server
 * process's memory (VmRSS sampled during the download, VmHWM from /proc/<pid>/status), then does the
 * same with three times the users: a streamed export's peak stays where it was. Run alone with
 * `node scripts/bench/users-csv.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore, migrate } from '../../src/server/db/database.ts';
import { hashPassword } from '../../src/server/adapters/passwords.ts';
import type { UsersTable } from '../../src/server/db/schema.ts';
import { loginCookie, startApp } from './harness.ts';

const BATCH = 1000;
const ADMIN = { email: 'bench-admin@example.org', password: 'Bench-pass1!' };
const COUNTRIES = ['Portugal', 'Brasil', 'Egypt', 'Germany', 'France', 'Kenya', 'Mexico', 'Morocco'];
const LANGS = ['en', 'es', 'pt', 'fr', 'ar', 'de'];

function user(i: number, ts: string): UsersTable {
  const n = String(i).padStart(6, '0');
  return {
    id: `bench-${n}`,
    email: `learner${n}@example.org`,
    passwordHash: 'not-a-login',
    firstname: `Learner ${n}`,
    lastname: i % 50 === 0 ? '=SUM(A1:A9)' : `Family ${n}`,
    roles: '[]',
    lang: LANGS[i % LANGS.length]!,
    cookieoptin: 'prompt',
    certifications: '{}',
    address1: `${i} Main Street`,
    address2: null,
    city: 'Lisbon',
    state: null,
    country: COUNTRIES[i % COUNTRIES.length]!,
    postal: '1000-001',
    phone: '+351 210 000 000',
    birthDate: '1990-01-01',
    bio: 'A learner generated for the benchmark, with a short biography of about a hundred characters.',
    heard: 'a newsletter',
    vocation: 'Education',
    created: ts,
    timestamp: ts,
    lasttime: ts,
    lastseen: ts,
    passwordChanged: null,
  };
}

const storeUrl = (dataDir: string) => `sqlite:${path.join(dataDir, 'app.db')}`;

/** A fresh SQLite store with `count` users (and one admin to download as), inserted in batches. */
async function fillStore(dataDir: string, count: number): Promise<number> {
  const store = openStore(storeUrl(dataDir));
  await migrate(store);
  const started = performance.now();
  const ts = new Date().toISOString();
  for (let i = 0; i < count; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - i) }, (_, k) => user(i + k, ts));
    await store.db.transaction().execute((trx) => trx.insertInto('users').values(rows).execute());
  }
  await store.db
    .insertInto('users')
    .values({
      ...user(count, ts),
      id: 'bench-admin',
      email: ADMIN.email,
      passwordHash: await hashPassword(ADMIN.password),
      roles: '["admin"]',
    })
    .execute();
  await store.close();
  return performance.now() - started;
}

const memoryOf = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
};

export interface CsvFigures {
  users: number;
  fillMs: number;
  ms: number;
  bytes: number;
  lines: number;
  rssBefore: number;
  rssPeak: number;
  hwmBefore: number;
  hwmAfter: number;
}

export async function benchUsersCsv(count = Number(process.env.BENCH_CSV_USERS ?? 100_000)): Promise<CsvFigures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-csv-'));
  const fillMs = await fillStore(dataDir, count);
  // SQLite even when the rest of the bench runs on PostgreSQL (DATABASE_URL): this store is made here.
  const app = await startApp({ DATA_DIR: dataDir, DATABASE_URL: storeUrl(dataDir), SEED_DEMO: '0', LOG_LEVEL: 'warn' });
  try {
    const pid = app.child.pid!;
    const cookie = await loginCookie(app.url, ADMIN.email, ADMIN.password);
    // One small export first, so the route, the query and the CSV library are loaded before measuring.
    await (await fetch(`${app.url}/app_reports/languages.csv`, { headers: { cookie } })).arrayBuffer();
    const before = memoryOf(pid);
    let rssPeak = before.rss;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, memoryOf(pid).rss);
    }, 20);
    const started = performance.now();
    const res = await fetch(`${app.url}/app_reports/users/users.csv`, { headers: { cookie } });
    if (!res.ok) throw new Error(`users.csv answered ${res.status}`);
    // Count the bytes and lines as they arrive; the benchmark holds none of it either.
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body!) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    const ms = performance.now() - started;
    clearInterval(sampler);
    const after = memoryOf(pid);
    return {
      users: count + 1,
      fillMs,
      ms,
      bytes,
      lines,
      rssBefore: before.rss,
      rssPeak: Math.max(rssPeak, after.rss),
      hwmBefore: before.hwm,
      hwmAfter: after.hwm,
    };
  } finally {
    app.child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
}

export function printCsvFigures(f: CsvFigures) {
  const mb = (v: number) => `${v.toFixed(1)} MB`;
  console.log(
    `\nGET /app_reports/users/users.csv, ${f.users.toLocaleString('en')} users (store filled in ${(f.fillMs / 1000).toFixed(1)} s, batches of ${BATCH})`,
  );
  console.log(
    `  ${(f.ms / 1000).toFixed(2)} s, ${mb(f.bytes / 1024 / 1024)}, ${f.lines.toLocaleString('en')} lines, ${Math.round(f.users / (f.ms / 1000)).toLocaleString('en')} users/s`,
  );
  console.log(
    `  server memory: RSS ${mb(f.rssBefore)} before, ${mb(f.rssPeak)} at peak (+${mb(f.rssPeak - f.rssBefore)}); VmHWM ${mb(f.hwmBefore)} -> ${mb(f.hwmAfter)}`,
  );
  if (f.lines !== f.users + 1) console.log(`  WARNING: expected ${f.users + 1} lines (header and one per user), got ${f.lines}`);
}

/**
 * Streaming means the server's peak does not grow with the export: an export three times larger may
 * not raise the peak by more than half (V8 grows its young generation once under a steady allocation
 * rate, so the first export's peak already includes that step).
 */
export function printFlatness(small: CsvFigures, large: CsvFigures) {
  const growth = (f: CsvFigures) => f.rssPeak - f.rssBefore;
  const flat = growth(large) < growth(small) * 1.5 + 16;
  console.log(
    `\nusers.csv memory: +${growth(small).toFixed(1)} MB for ${small.users.toLocaleString('en')} users, +${growth(large).toFixed(1)} MB for ${large.users.toLocaleString('en')} users: ${flat ? 'flat (streamed)' : 'NOT flat: it grows with the export'}`,
  );
}

/** Both exports (100,000 users, then three times that), printed with the flatness check. */
export async function runUsersCsvBench() {
  const small = await benchUsersCsv();
  printCsvFigures(small);
  const large = await benchUsersCsv((small.users - 1) * 3);
  printCsvFigures(large);
  printFlatness(small, large);
}

if (import.meta.main) await runUsersCsvBench();
