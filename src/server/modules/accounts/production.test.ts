/**
 * Production settings: no start without PUBLIC_URL (links in mails and certificates come from it,
 * never from a Host header), and never the demo accounts with their published password.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-prod-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('refuses to load a production configuration without PUBLIC_URL, with a clear message', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required in production/);
  expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'learn.example.org' })).toThrow(/PUBLIC_URL: must start with https:\/\//);
  expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://learn.example.org' }).publicUrl).toBe('https://learn.example.org');
  expect(loadConfig({ NODE_ENV: 'development' }).publicUrl).toBeUndefined();
});

function run(env: Record<string, string>) {
  const child = spawn(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'src/server/main.ts')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', WEB_DIST: path.join(dataDir, 'no-web'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => { out += c; });
  child.stderr.on('data', (c) => { out += c; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

it('a production server exits at once without PUBLIC_URL', async () => {
  const s = run({ NODE_ENV: 'production', PUBLIC_URL: '', SEED_DEMO: '' });
  expect(await s.exited).not.toBe(0);
  expect(s.output()).toContain('PUBLIC_URL: required in production');
}, 30_000);

it('a production server never seeds the demo, even with SEED_DEMO=1, and says so', async () => {
  const s = run({ NODE_ENV: 'production', PUBLIC_URL: 'https://learn.example.org', SEED_DEMO: '1' });
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /running at (http:\/\/localhost:\d+)/.exec(s.output());
      if (m) { clearInterval(timer); resolve(m[1]!.replace('localhost', '127.0.0.1')); }
    }, 50);
    void s.exited.then(() => { clearInterval(timer); reject(new Error(`server exited:\n${s.output()}`)); });
  });
  try {
    expect(s.output()).toContain('SEED_DEMO is ignored in production');
    expect(s.output()).not.toContain('Demo accounts');
    const login = await fetch(`${base}/users/login`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'learning-platform' },
      body: JSON.stringify({ login: 'admin@example.org', password: 'Demo-pass1!' }),
    });
    expect(login.status).toBe(401);
  } finally {
    s.child.kill('SIGTERM');
    await s.exited;
  }
}, 60_000);
