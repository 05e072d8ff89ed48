/** Builds the web app with Vite when dist/web is missing, older than its sources or a development build (npm start, the browser journeys, bench:web). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json'];

function newest(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

export function webIsStale(): boolean {
  const built = path.join(root, 'dist/web/index.html');
  if (!fs.existsSync(built)) return true;
  const builtAt = fs.statSync(built).mtimeMs;
  // A development build (React's jsx-dev-runtime among the assets) is rebuilt for production whatever its age.
  const assets = path.join(root, 'dist/web/assets');
  if (fs.existsSync(assets) && fs.readdirSync(assets).some((f) => f.startsWith('jsx-dev-runtime'))) return true;
  return SOURCES.some((s) => newest(path.join(root, s)) > builtAt);
}

export function buildWebIfStale(): void {
  if (!fs.existsSync(path.join(root, 'src/web/index.html'))) return;
  if (!webIsStale()) return;
  console.log('Building the web app...');
  // NODE_ENV=production whatever runs us (Vitest sets 'test'), or React ships its development build.
  const r = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('The web app build failed');
}

if (import.meta.main) buildWebIfStale();
