/**
 * `npm run bench:import`: importing users from a CSV. The baseline in the same run is a 1,000-row
 * file; then 10,000 rows (the target: within 60 s), each as preview (read and check only) and import
 * (accounts, enrolments, welcome mails queued), on a fresh demo store (SQLite unless DATABASE_URL).
 */
import { loginCookie, startApp } from './bench/harness.ts';
import { DEMO_PASSWORD } from '../src/server/seed/seed-demo.ts';

const app = await startApp({ MAIL_WORKER: '0', ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) });
try {
  const cookie = await loginCookie(app.url, 'admin@example.org', DEMO_PASSWORD);
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'learning-platform', cookie, origin: app.url };
  const file = (rows: number, tag: string) => {
    const lines = ['email,firstname,lastname,lang,classid'];
    for (let i = 0; i < rows; i++) lines.push(`bench${i}-${tag}@example.net,Learner,Number ${i},es,iol-en-group-spring`);
    return Buffer.from(lines.join('\n')).toString('base64');
  };
  const call = async (path: string, data: string) => {
    const t0 = performance.now();
    const r = await fetch(app.url + path, { method: 'POST', headers, body: JSON.stringify({ filename: 'bench.csv', data }) });
    const body = (await r.json()) as { created?: number; total?: number };
    if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(body).slice(0, 200)}`);
    return { ms: performance.now() - t0, body };
  };
  console.log('rows     preview s   import s   re-run s   (target: 10,000 rows imported within 60 s)');
  for (const rows of [1000, 10_000]) {
    const data = file(rows, `${rows}-${Date.now().toString(36)}`);
    const p = await call('/app_users/import/preview', data);
    const i = await call('/app_users/import', data);
    const again = await call('/app_users/import', data);
    console.log(
      `${String(rows).padEnd(9)}${(p.ms / 1000).toFixed(2).padStart(10)}${(i.ms / 1000).toFixed(2).padStart(11)}${(again.ms / 1000).toFixed(2).padStart(11)}`,
    );
  }
} finally {
  app.child.kill('SIGTERM');
}
