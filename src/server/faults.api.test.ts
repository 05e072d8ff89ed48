/**
 * Faults answered through the real server on both engines: a registration race, concurrent quiz
 * submissions, a full disk (SQLite), and the health and metrics endpoints. The process-level faults
 * (kill -9, terminated connections, Redis and PostgreSQL stopped, SIGTERM) are in faults/*.fault.ts.
 */
import { describe, expect, it } from 'vitest';
import { describeEachEngine, freshDatabase, postgresReachable, startTestServer } from './testing/harness.ts';
import { buildClass, buildLearningCourse, signedInUser } from './testing/factories.ts';
import { enroll } from './modules/enrollment/enrollment.repository.ts';
import { sql } from 'kysely';
import pg from 'pg';
import { FaultLog, faultKind } from './faults.ts';
import { durableTransaction, openStore, walSyncCount } from './db/database.ts';
import { MSG } from '../domain/messages.ts';
import { enqueueMail } from './modules/mail/mail-queue.ts';

const registration = (email: string) => ({
  firstname: 'Nadia',
  lastname: 'Haddad',
  email,
  confirmemail: email,
  phone: '+351 (21) 555-0100',
  city: 'Lisbon',
  state: '',
  country: 'Portugal',
  password: 'Secret-123!',
  confirmpassword: 'Secret-123!',
  terms: true,
});

describeEachEngine('dependency faults', (server) => {
  it("ten registrations of one address at once: one account, the others the spec's 400", async () => {
    const email = `race-${Date.now()}@example.org`;
    const results = await Promise.all(Array.from({ length: 10 }, () => server().client().post('/app_users/register', registration(email))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(9);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body.error.message).toBe(MSG.emailTaken);
    const accounts = await server().ctx.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(accounts).toHaveLength(1);
  });

  it('concurrent quiz submissions: the lesson keeps the result written last (20 trials)', async () => {
    const { ctx } = server();
    const lc = await buildLearningCourse(ctx);
    const classid = await buildClass(ctx, lc.course);
    const cls = await ctx.db.selectFrom('classes').selectAll().where('id', '=', classid).executeTakeFirstOrThrow();
    const { user, client } = await signedInUser(server());
    const enrollment = await enroll(ctx.db, user.id, cls);
    const answerSets = [
      ['A', 'A', 'A', 'A', 'A'],
      ['B', 'C', 'A', 'B', 'C'],
      ['C', 'C', 'C', 'C', 'C'],
      ['B', 'B', 'B', 'B', 'B'],
    ];
    let stale = 0;
    for (let trial = 0; trial < 20; trial++) {
      const replies = await Promise.all(
        answerSets.map((answers, i) =>
          client.post('/app_enrollment/quiz', {
            _id: lc.materials.quiz,
            user: user.id,
            classid,
            courseid: lc.course,
            answers,
            attempt: `t${trial}-${i}`,
          }),
        ),
      );
      for (const r of replies) expect(r.status).toBe(200);
      const newest = await ctx.db
        .selectFrom('quiz_attempts')
        .selectAll()
        .where('enrollmentId', '=', enrollment)
        .where('attempt', 'like', `client:t${trial}-%`)
        .orderBy('created', 'desc')
        .orderBy('id')
        .execute();
      const lp = await ctx.db
        .selectFrom('lesson_progress')
        .selectAll()
        .where('enrollmentId', '=', enrollment)
        .where('lesson', '=', lc.lessons[0])
        .executeTakeFirstOrThrow();
      expect(newest).toHaveLength(4);
      // The lesson shows the newest attempt's time and answers (ties at one millisecond count as newest).
      const newestAt = newest[0]!.created;
      const tied = newest.filter((a) => a.created === newestAt).map((a) => a.answers);
      if (lp.quizdate !== newestAt || !tied.includes(lp.answers!)) stale += 1;
    }
    expect(stale).toBe(0);
  });

  it('readyz is true when the database answers; healthz is liveness only', async () => {
    const ready = await server().client().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ ok: true, checks: { database: true } });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect((await server().client().get('/healthz')).body).toEqual({ ok: true, engine: server().engine });
  });

  it('metrics are closed to the public by default', async () => {
    const r = await server().client().get('/metrics');
    expect(r.status).toBe(404);
  });
});

describe('metrics with a token', () => {
  it('answers the Prometheus format with the bearer token only, with request counts, latency, pool and memory', async () => {
    const s = await startTestServer('sqlite', { METRICS_TOKEN: 'sekret-token-123' });
    try {
      await s.client().get('/healthz');
      await enqueueMail(s.ctx.db, { to: 'someone@example.org', subject: 'Queued', text: 'Not sent yet' }, new Date(Date.now() + 3_600_000));
      expect((await s.client().get('/metrics', { authorization: 'Bearer wrong-token-1234' })).status).toBe(404);
      const r = await s.client().get('/metrics', { authorization: 'Bearer sekret-token-123' });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('text/plain');
      expect(r.body).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
      expect(r.body).toContain('http_request_duration_seconds_bucket');
      expect(r.body).toContain('process_resident_memory_bytes');
      expect(r.body).toContain('app_dependency_faults_total');
      // Queue lengths: the password-hashing threads' queue and the e-mails not sent yet.
      expect(r.body).toMatch(/^password_hash_queue \d+$/m);
      expect(r.body).toMatch(/^mail_queue_messages\{status="queued"\} [1-9]\d*$/m);
      expect(r.body).toMatch(/^mail_queue_messages\{status="failed"\} 0$/m);
    } finally {
      await s.stop();
    }
  });
});

describe('shutting down', () => {
  it('answers new requests 503 with a message and Retry-After, closing the connection; /readyz says so and /healthz stays alive', async () => {
    const s = await startTestServer('sqlite');
    try {
      expect((await s.client().get('/app_users/whoami')).status).toBe(200);
      s.health.shuttingDown = true; // as the SIGTERM handler does before it closes the server
      const r = await s.client().get('/app_users/whoami');
      expect(r.status).toBe(503);
      expect(r.body.error.message).toBe(MSG.shuttingDown);
      expect(r.headers.get('retry-after')).toBe('5');
      expect(r.headers.get('connection')).toBe('close');
      const ready = await s.client().get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ ok: false, shuttingDown: true, error: { message: MSG.shuttingDown } });
      expect((await s.client().get('/healthz')).status).toBe(200);
    } finally {
      await s.stop();
    }
  });
});

describe('disk full on SQLite', () => {
  it('answers 507 with a message (a registration, and a quiz submission whose transaction SQLite rolled back itself), keeps what was stored, and recovers', async () => {
    const s = await startTestServer('sqlite');
    try {
      // A learner with a quiz to submit: a submission is a transaction, which SQLite rolls back by itself
      // when the disk is full (Kysely's own rollback must not then replace the error with a 500).
      const lc = await buildLearningCourse(s.ctx);
      const classid = await buildClass(s.ctx, lc.course);
      const cls = await s.ctx.db.selectFrom('classes').selectAll().where('id', '=', classid).executeTakeFirstOrThrow();
      const learner = await signedInUser(s);
      await enroll(s.ctx.db, learner.user.id, cls);
      const sqlite = s.ctx.store.sqlite!;
      const usersBefore = (await s.ctx.db.selectFrom('users').select('id').execute()).length;
      // SQLite's page limit stands in for a full disk: a write past it fails with SQLITE_FULL, as on a
      // full file system (a tmpfs would need mount rights the shared test machine does not give). The
      // free pages are filled first, so the next write that needs a page finds none.
      sqlite.pragma(`max_page_count = ${(sqlite.pragma('page_count', { simple: true }) as number) + 2}`);
      sqlite.exec('create table filler (x blob)');
      expect(() => {
        for (;;) sqlite.prepare('insert into filler values (zeroblob(3000))').run();
      }).toThrow(/full/);
      let full = 0;
      let created = 0;
      for (let i = 0; i < 30 && full < 3; i++) {
        const r = await s.client().post('/app_users/register', registration(`full-${i}-${Date.now()}@example.org`));
        expect([200, 507]).toContain(r.status);
        if (r.status === 200) created += 1;
        else {
          full += 1;
          expect(r.body.error.message).toBe(MSG.diskFull);
        }
      }
      expect(full).toBe(3);
      let quizFull = 0;
      for (let i = 0; i < 40 && quizFull === 0; i++) {
        const q = await learner.client.post('/app_enrollment/quiz', {
          _id: lc.materials.quiz,
          user: learner.user.id,
          classid,
          courseid: lc.course,
          answers: ['A', 'B', 'C', 'A', 'B'],
          attempt: `full-${i}`,
        });
        expect([200, 507]).toContain(q.status);
        if (q.status === 507) {
          quizFull += 1;
          expect(q.body.error.message).toBe(MSG.diskFull);
        }
      }
      expect(quizFull).toBe(1);
      expect((await s.ctx.db.selectFrom('users').select('id').execute()).length).toBe(usersBefore + created);
      sqlite.pragma('max_page_count = 1073741823');
      const after = await s.client().post('/app_users/register', registration(`after-${Date.now()}@example.org`));
      expect(after.status).toBe(200);
    } finally {
      await s.stop();
    }
  });
});

describe('durable commits on SQLite', () => {
  it('makes a learner-earned transaction wait for a sync of the WAL, which commits at the same moment share', async () => {
    const s = await startTestServer('sqlite');
    try {
      const db = s.ctx.db;
      const before = walSyncCount(db);
      await db.transaction().execute((trx) => trx.updateTable('site_config').set({ timestamp: 'plain' }).execute());
      expect(walSyncCount(db)).toBe(before); // an ordinary commit waits for no sync
      await durableTransaction(db, (trx) => trx.updateTable('site_config').set({ timestamp: 'earned' }).execute());
      expect(walSyncCount(db)).toBe(before + 1); // returned only once the WAL was on disk
      // Twenty at once: every one is synced before it returns, and they share fsyncs.
      const at = walSyncCount(db);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          durableTransaction(db, (trx) =>
            trx
              .updateTable('site_config')
              .set({ timestamp: `t${i}` })
              .execute(),
          ),
        ),
      );
      const syncs = walSyncCount(db) - at;
      expect(syncs).toBeGreaterThanOrEqual(1);
      expect(syncs).toBeLessThan(20);
      // The connection stays at NORMAL throughout: the sync is the WAL's, not a FULL commit's.
      expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]!.synchronous).toBe(1);
    } finally {
      await s.stop();
    }
  });

  it('syncs quiz results, one-call exams and timed exam attempts before answering through the routes', async () => {
    const s = await startTestServer('sqlite');
    try {
      const lc = await buildLearningCourse(s.ctx);
      // A second attempt may start at once (no wait between attempts).
      await s.ctx.db.updateTable('materials').set({ waithours: 0 }).where('id', '=', lc.materials.exam).execute();
      const classid = await buildClass(s.ctx, lc.course);
      const cls = await s.ctx.db.selectFrom('classes').selectAll().where('id', '=', classid).executeTakeFirstOrThrow();
      const { user, client } = await signedInUser(s);
      await enroll(s.ctx.db, user.id, cls);
      // Each reply that carries a result comes after a sync of the WAL that its commit preceded.
      const synced = async <T>(call: () => Promise<T>) => {
        const before = walSyncCount(s.ctx.db);
        const out = await call();
        expect(walSyncCount(s.ctx.db)).toBeGreaterThan(before);
        return out;
      };
      const quiz = await synced(() =>
        client.post('/app_enrollment/quiz', {
          _id: lc.materials.quiz,
          user: user.id,
          classid,
          courseid: lc.course,
          answers: ['B', 'C', 'A', 'B', 'C'],
        }),
      );
      expect(quiz.status).toBe(200);
      const exam = await synced(() =>
        client.post('/app_enrollment/exam', {
          _id: lc.materials.exam,
          user: user.id,
          classid,
          courseid: lc.course,
          lessonid: lc.lessons[1],
          answers: ['A', 'A', 'A', 'A', 'A'],
        }),
      );
      expect(exam.status).toBe(200);
      const started = await client.post('/app_enrollment/attempt/start', { _id: lc.materials.exam, classid, courseid: lc.course });
      expect(started.status).toBe(200);
      const submitted = await synced(() =>
        client.post('/app_enrollment/attempt/submit', { attemptid: started.body._id, answers: ['B', 'B', 'B', 'B', 'B'] }),
      );
      expect(submitted.status).toBe(200);
    } finally {
      await s.stop();
    }
  });
});

describe.skipIf(!(await postgresReachable()))('durable commits on PostgreSQL', () => {
  it('commits every transaction with synchronous_commit=on even where the database has it off', async () => {
    const fresh = await freshDatabase('postgres');
    const admin = openStore(fresh.url);
    await sql`alter database ${sql.id(new URL(fresh.url).pathname.slice(1))} set synchronous_commit = off`.execute(admin.db);
    await admin.close();
    // A new pool: its connections start with the database's setting.
    const store = openStore(fresh.url);
    try {
      const level = async (db: Parameters<typeof durableTransaction>[0]) =>
        (await sql<{ s: string }>`select current_setting('synchronous_commit') as s`.execute(db)).rows[0]!.s;
      // The database's own default, as any other client sees it.
      const other = new pg.Client({ connectionString: fresh.url });
      await other.connect();
      expect((await other.query('select current_setting($1) as s', ['synchronous_commit'])).rows[0].s).toBe('off');
      await other.end();
      expect(await durableTransaction(store.db, (trx) => level(trx))).toBe('on');
      expect(await store.db.transaction().execute((trx) => level(trx))).toBe('on');
      expect(await level(store.db)).toBe('on');
    } finally {
      await store.close();
      await fresh.drop();
    }
  });
});

describe('fault log', () => {
  it('logs one line per fault kind per interval and counts the rest', () => {
    let t = 0;
    const log = new FaultLog(10_000, () => t);
    const lines: unknown[] = [];
    const sink = {
      warn: (o: unknown) => {
        lines.push(o);
      },
    };
    for (let i = 0; i < 1000; i++) log.warn(sink, 'database', new Error('down'), 'fault');
    log.warn(sink, 'redis', new Error('down'), 'fault');
    expect(lines).toHaveLength(2);
    t = 10_001;
    log.warn(sink, 'database', new Error('down'), 'fault');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatchObject({ fault: 'database', suppressedSinceLast: 999 });
  });

  it('tells dependency faults from bugs', () => {
    expect(faultKind(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe('database');
    expect(faultKind(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe('database');
    expect(faultKind(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }))).toBe('disk');
    expect(faultKind(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe('unique');
    expect(faultKind(new TypeError('x is undefined'))).toBeNull();
  });
});
