/**
 * The cost of putting what learners earn on disk before acknowledging it (SQLite synchronous=FULL for
 * their commits) against the old NORMAL, and against FULL for every commit: three servers on fresh demo
 * sites, one after the other in the same run, each measured on a quiz submission (every request a new
 * attempt, so every request writes) and on a lesson view.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { loginCookie, measure, printTable, startApp, type Figures } from './harness.ts';
import { DEMO_PASSWORD } from '../../src/server/seed/seed-demo.ts';

const MODES = [
  ['normal', 'normal (before)'],
  ['learner', 'learner (now: FULL for quiz/exam)'],
  ['full', 'full (every commit)'],
] as const;

async function quizWrites(name: string, url: string, cookie: string): Promise<Figures> {
  const duration = Number(process.env.BENCH_SECONDS ?? 8);
  const body = {
    _id: 'iol-en-l2-m3',
    user: 'demo-learner',
    classid: 'iol-en-selfpaced',
    courseid: 'intro-online-learning',
    answers: ['A', 'B', 'C'],
  };
  const run = (seconds: number) =>
    autocannon({
      url,
      connections: 50,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/app_enrollment/quiz',
          headers: { 'content-type': 'application/json', cookie },
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ ...body, attempt: crypto.randomUUID() }) }),
        },
      ],
    });
  await run(2);
  const r = await run(duration);
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

export async function runDurabilityBench() {
  const quiz: Figures[] = [];
  const views: Figures[] = [];
  for (const [mode, label] of MODES) {
    const app = await startApp({ SQLITE_SYNCHRONOUS: mode });
    try {
      const cookie = await loginCookie(app.url, 'learner@example.org', DEMO_PASSWORD);
      quiz.push(await quizWrites(`quiz submit, ${label}`, app.url, cookie));
      views.push(
        await measure(`lesson view, ${label}`, {
          url: `${app.url}/app_enrollment/viewed`,
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({
            user: 'demo-learner',
            classid: 'iol-en-selfpaced',
            lessonid: 'iol-en-l2',
            course: 'intro-online-learning',
            materialid: 'iol-en-l2-m2',
          }),
        }),
      );
    } finally {
      app.child.kill('SIGTERM');
      await new Promise((r) => app.child.once('exit', r));
      fs.rmSync(app.dataDir, { recursive: true, force: true });
    }
  }
  console.log('\nSQLite durability by SQLITE_SYNCHRONOUS; "vs bare" here is against the first row (normal) of each table:');
  printTable(quiz, quiz[0]);
  printTable(views, views[0]);
}
