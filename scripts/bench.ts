/**
 * `npm run bench`: server throughput and latency at 50 concurrent connections, beside a bare Node http
 * server measured in the same run (these machines are shared and noisy: compare ratios, not raw figures).
 * Set DATABASE_URL to bench on PostgreSQL; BENCH_SECONDS sets each run's length; BENCH_ONLY=pages runs
 * the whole page views alone, and BENCH_LANDED adds the code as landed before every core to them
 * (scripts/bench/page-views.ts).
 */
import fs from 'node:fs';
import { loginCookie, measure, printTable, startApp, startBare, type Figures } from './bench/harness.ts';
import { DEMO_PASSWORD } from '../src/server/seed/seed-demo.ts';
import { runUsersCsvBench } from './bench/users-csv.ts';
import { runDurabilityBench } from './bench/durability.ts';
import http from 'node:http';
import { runPageViewBench } from './bench/page-views.ts';

/** Bytes on the wire of one response (http.request does not decode, unlike fetch). */
function rawSize(url: string, method: string, headers: Record<string, string> = {}, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let n = 0;
      res.on('data', (c: Buffer) => {
        n += c.length;
      });
      res.on('end', () => resolve(n));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const bare = await startBare();
// Whole signed-in course and lesson page views with 1 process and with every core (each its own server).
await runPageViewBench(bare.url, process.env.DATABASE_URL);
if (process.env.BENCH_ONLY === 'pages') {
  bare.child.kill('SIGTERM');
  process.exit(0);
}
const app = await startApp(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {});
try {
  const cookie = await loginCookie(app.url, 'learner@example.org', DEMO_PASSWORD);
  const rows: Figures[] = [];
  const baseline = await measure('bare node http, fixed JSON', { url: bare.url });
  rows.push(baseline);
  rows.push(await measure('GET /app_users/whoami signed out', { url: `${app.url}/app_users/whoami` }));
  rows.push(await measure('GET /app_users/whoami signed in', { url: `${app.url}/app_users/whoami`, headers: { cookie } }));
  // The home page and the course catalogue, from the published-content cache and the catalogue query.
  const home = await measure('GET /app_content/getpage/home/ signed out', { url: `${app.url}/app_content/getpage/home/` });
  const catalogue = await measure('POST /app_courses/list {}', {
    url: `${app.url}/app_courses/list`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  rows.push(home, catalogue);
  // The lesson page's load and a viewed write, signed in as the demo learner (p99 target 50 ms).
  const json = { 'content-type': 'application/json', cookie };
  const lessonLoad = await measure('POST /app_lessons/list (lesson page)', {
    url: `${app.url}/app_lessons/list`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({ course: 'intro-online-learning', classid: 'iol-en-selfpaced', materials: true }),
  });
  const viewed = await measure('POST /app_enrollment/viewed', {
    url: `${app.url}/app_enrollment/viewed`,
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      user: 'demo-learner',
      classid: 'iol-en-selfpaced',
      lessonid: 'iol-en-l2',
      course: 'intro-online-learning',
      materialid: 'iol-en-l2-m2',
    }),
  });
  rows.push(lessonLoad, viewed);
  console.log(`\nnpm run bench  (${new Date().toISOString()}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`);
  printTable(rows, baseline);
  const signedOut = rows[1];
  console.log(
    `\nwhoami signed out reaches ${((signedOut.rps / baseline.rps) * 100).toFixed(0)}% of the bare server's throughput (target: at least 40%).`,
  );
  for (const r of [home, catalogue]) {
    console.log(`${r.name}: p50 ${r.p50.toFixed(1)} ms (target: under 20 ms) ${r.p50 < 20 ? 'met' : 'NOT met'}`);
  }
  for (const r of [lessonLoad, viewed]) {
    console.log(`${r.name}: p99 ${r.p99.toFixed(1)} ms (target: under 50 ms) ${r.p99 < 50 && r.errors === 0 ? 'met' : 'NOT met'}`);
  }

  // The CPU cost of on-the-fly compression: the same calls without Accept-Encoding (identity, the
  // rows above) and with a browser's "br, gzip" and a gzip-only client, one after the other.
  console.log('\nCompression (same server, same run): throughput with compression / without');
  const encRows: Figures[] = [];
  const calls = [
    { name: 'getpage home', url: `${app.url}/app_content/getpage/home/`, method: 'GET' as const },
    {
      name: 'courses list',
      url: `${app.url}/app_courses/list`,
      method: 'POST' as const,
      body: '{}',
      headers: { 'content-type': 'application/json' },
    },
    {
      name: 'lesson page',
      url: `${app.url}/app_lessons/list`,
      method: 'POST' as const,
      headers: json,
      body: JSON.stringify({ course: 'intro-online-learning', classid: 'iol-en-selfpaced', materials: true }),
    },
  ];
  for (const c of calls) {
    const plain = await measure(`${c.name} identity`, { ...c });
    const br = await measure(`${c.name} br`, { ...c, headers: { ...c.headers, 'accept-encoding': 'br, gzip' } });
    const gz = await measure(`${c.name} gzip`, { ...c, headers: { ...c.headers, 'accept-encoding': 'gzip' } });
    encRows.push(plain, br, gz);
    const size = async (enc: string) => {
      const r = await rawSize(c.url, c.method, { ...c.headers, ...(enc ? { 'accept-encoding': enc } : {}) }, c.body);
      return r;
    };
    const [b0, b1, b2] = [await size(''), await size('br'), await size('gzip')];
    console.log(
      `  ${c.name}: ${b0} B -> br ${b1} B, gzip ${b2} B; throughput br ${((br.rps / plain.rps) * 100).toFixed(0)}%, gzip ${((gz.rps / plain.rps) * 100).toFixed(0)}% of identity; p50 ${plain.p50.toFixed(1)} -> ${br.p50.toFixed(1)} / ${gz.p50.toFixed(1)} ms`,
    );
  }
  printTable(encRows, encRows[0]);
} finally {
  app.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
  fs.rmSync(app.dataDir, { recursive: true, force: true });
}

// GET /app_reports/users/users.csv over 100,000 generated users (and three times that, to show
// the server's memory stays flat), each on a fresh store and its own server.
await runUsersCsvBench();

// SQLite's synchronous=FULL against NORMAL on a write, each on a fresh demo site, in this same run.
if (!process.env.DATABASE_URL) await runDurabilityBench();
