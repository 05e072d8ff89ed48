/**
 * Production settings: no start without PUBLIC_URL (links in mails and certificates come from it,
 * never from a Host header), and never the demo accounts with their published password.
 */
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startServerProcess } from '../../testing/server-process.ts';

it('refuses to load a production configuration without PUBLIC_URL, with a clear message', () => {
  expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required in production/);
  expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'learn.example.org' })).toThrow(/PUBLIC_URL: must start with https:\/\//);
  expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://learn.example.org' }).publicUrl).toBe('https://learn.example.org');
  expect(loadConfig({ NODE_ENV: 'development' }).publicUrl).toBeUndefined();
});

/** The server as production starts it; no web app is built for this test. */
const startProduction = (env: Record<string, string>) =>
  startServerProcess({
    tempDataDir: true,
    env: { NODE_ENV: 'production', LOG_LEVEL: 'info', WEB_DIST: path.join(os.tmpdir(), 'lp-no-web'), ...env },
    timeoutMs: 30_000,
  });

it('a production server exits at once without PUBLIC_URL', async () => {
  const start = startProduction({ PUBLIC_URL: '', SEED_DEMO: '' });
  await expect(start).rejects.toThrow(/exited \(code [1-9]\d*\)/);
  await expect(start).rejects.toThrow('PUBLIC_URL: required in production');
}, 30_000);

it('a production server never seeds the demo, even with SEED_DEMO=1, and says so', async () => {
  const s = await startProduction({ PUBLIC_URL: 'https://learn.example.org', SEED_DEMO: '1' });
  const base = s.url;
  try {
    expect(s.output()).toContain('SEED_DEMO is ignored in production');
    expect(s.output()).not.toContain('Demo accounts');
    const login = await fetch(`${base}/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'learning-platform' },
      body: JSON.stringify({ login: 'admin@example.org', password: 'Demo-pass1!' }),
    });
    expect(login.status).toBe(401);
  } finally {
    await s.stop();
  }
}, 60_000);
