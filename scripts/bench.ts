/**
 * `npm run bench`: server throughput and latency at 50 concurrent connections, beside a bare Node http
 * server measured in the same run (these machines are shared and noisy: compare ratios, not raw figures).
 * Set DATABASE_URL to bench on PostgreSQL; BENCH_SECONDS sets each run's length.
 */
import fs from 'node:fs';
import { loginCookie, measure, printTable, startApp, startBare, type Figures } from './bench/harness.ts';
import { DEMO_PASSWORD } from '../src/server/seed/seed-demo.ts';

const bare = await startBare(3901);
const app = await startApp(3902, process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {});
try {
  const cookie = await loginCookie(app.url, 'learner@example.org', DEMO_PASSWORD);
  const rows: Figures[] = [];
  const baseline = await measure('bare node http, fixed JSON', { url: bare.url });
  rows.push(baseline);
  rows.push(await measure('GET /app_users/whoami signed out', { url: `${app.url}/app_users/whoami` }));
  rows.push(await measure('GET /app_users/whoami signed in', { url: `${app.url}/app_users/whoami`, headers: { cookie } }));
  console.log(`\nnpm run bench  (${new Date().toISOString()}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`);
  printTable(rows, baseline);
  const signedOut = rows[1];
  console.log(`\nwhoami signed out reaches ${((signedOut.rps / baseline.rps) * 100).toFixed(0)}% of the bare server's throughput (target: at least 40%).`);
} finally {
  app.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
  fs.rmSync(app.dataDir, { recursive: true, force: true });
}
