/**
 * `npm run bench`: server throughput and latency at 50 concurrent connections, beside a bare Node http
 * server measured in the same run (these machines are shared and noisy: compare ratios, not raw figures).
 * Set DATABASE_URL to bench on PostgreSQL; BENCH_SECONDS sets each run's length.
 */
import fs from 'node:fs';
import { loginCookie, measure, printTable, startApp, startBare, type Figures } from './bench/harness.ts';
import { DEMO_PASSWORD } from '../src/server/seed/seed-demo.ts';
import { runUsersCsvBench } from './bench/users-csv.ts';

const bare = await startBare(3901);
const app = await startApp(3902, process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {});
try {
  const cookie = await loginCookie(app.url, 'learner@example.org', DEMO_PASSWORD);
  const rows: Figures[] = [];
  const baseline = await measure('bare node http, fixed JSON', { url: bare.url });
  rows.push(baseline);
  rows.push(await measure('GET /app_users/whoami signed out', { url: `${app.url}/app_users/whoami` }));
  rows.push(await measure('GET /app_users/whoami signed in', { url: `${app.url}/app_users/whoami`, headers: { cookie } }));
  // Issue 4: the home page and the course catalogue, from the published-content cache and the catalogue query.
  const home = await measure('GET /app_content/getpage/home/ signed out', { url: `${app.url}/app_content/getpage/home/` });
  const catalogue = await measure('POST /app_courses/list {}', {
    url: `${app.url}/app_courses/list`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}',
  });
  rows.push(home, catalogue);
  // Issue 5: the lesson page's load and a viewed write, signed in as the demo learner (p99 target 50 ms).
  const json = { 'content-type': 'application/json', cookie };
  const lessonLoad = await measure('POST /app_lessons/list (lesson page)', {
    url: `${app.url}/app_lessons/list`, method: 'POST', headers: json,
    body: JSON.stringify({ course: 'intro-online-learning', classid: 'iol-en-selfpaced', materials: true }),
  });
  const viewed = await measure('POST /app_enrollment/viewed', {
    url: `${app.url}/app_enrollment/viewed`, method: 'POST', headers: json,
    body: JSON.stringify({ user: 'demo-learner', classid: 'iol-en-selfpaced', lessonid: 'iol-en-l2', course: 'intro-online-learning', materialid: 'iol-en-l2-m2' }),
  });
  rows.push(lessonLoad, viewed);
  console.log(`\nnpm run bench  (${new Date().toISOString()}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`);
  printTable(rows, baseline);
  const signedOut = rows[1];
  console.log(`\nwhoami signed out reaches ${((signedOut.rps / baseline.rps) * 100).toFixed(0)}% of the bare server's throughput (target: at least 40%).`);
  for (const r of [home, catalogue]) {
    console.log(`${r.name}: p50 ${r.p50.toFixed(1)} ms (target: under 20 ms) ${r.p50 < 20 ? 'met' : 'NOT met'}`);
  }
  for (const r of [lessonLoad, viewed]) {
    console.log(`${r.name}: p99 ${r.p99.toFixed(1)} ms (target: under 50 ms) ${r.p99 < 50 && r.errors === 0 ? 'met' : 'NOT met'}`);
  }
} finally {
  app.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
  fs.rmSync(app.dataDir, { recursive: true, force: true });
}

// Issue 7: GET /app_reports/users/users.csv over 100,000 generated users (and three times that, to show
// the server's memory stays flat), each on a fresh store and its own server.
await runUsersCsvBench(3903);
