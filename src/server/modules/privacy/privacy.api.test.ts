/**
 * A learner's own data through the real server on both engines: the export holds one of every kind of
 * record the learner has and nothing of anyone else's; deletion (after the grace period, by an admin)
 * leaves no e-mail, name or phone in any column of any table of the live schema, keeps certificates
 * verifiable and posts as a former learner's; signing in during the grace period cancels it; the
 * retention job warns and removes by a clock the test controls.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { unzipSync, strFromU8 } from 'fflate';
import { describeEachEngine, type TestClient, type TestServer } from '../../testing/harness.ts';
import {
  LEARNING_ANSWERS,
  TEST_PASSWORD,
  asRoles,
  buildClass,
  buildDiscussion,
  buildLearningCourse,
  buildSurvey,
  buildUser,
  enrollIn,
  signedInUser,
} from '../../testing/factories.ts';
import { readOutbox, type OutboxMail } from '../../testing/outbox.ts';

/** E-mails leave through the mail queue, moments after the action: wait for the one wanted. */
async function mailWhen(dir: string, pred: (m: OutboxMail) => boolean): Promise<OutboxMail> {
  await expect.poll(() => readOutbox(dir).some(pred), { timeout: 10_000 }).toBe(true);
  return readOutbox(dir).find(pred)!;
}
import { MSG } from '../../../domain/messages.ts';
import { FORMER_AUTHOR, PRIVACY_PAGE } from '../../../domain/constants.ts';
import { NEW_ID } from '../../../domain/validation.ts';
import { syncLabels } from '../../seed/labels.ts';
import { liveSchema } from './catalogue.ts';
import { runDailyPrivacy, runExportJobs, startPrivacyWorker } from './jobs.ts';

const DAY = 24 * 3600_000;
const ENV = { PRIVACY_WORKER: '0' };

/** Values no other row would hold by chance, so finding one anywhere means it leaked. */
function personal() {
  const n = crypto.randomBytes(4).toString('hex');
  const digits = String(crypto.randomInt(1000000, 9999999));
  return { email: `quill-${n}@privacy.example`, firstname: `Quillon${n}`, lastname: `Marrowby${n}`, phone: `+44 (20) ${digits}` };
}

/** A learner with one record of every kind, made through the API as a person would. */
async function richLearner(s: TestServer, admin: TestClient) {
  const { ctx } = s;
  const who = personal();
  const user = await buildUser(ctx, { ...who, address1: `1 ${who.lastname} Street`, city: 'Porto', country: 'Portugal', lang: 'fr' });
  const client = s.client();
  await client.login(who.email, TEST_PASSWORD);
  // Enrolment with progress, a failed and a passed quiz, a passed exam: completed, with a certificate.
  const lc = await buildLearningCourse(ctx, { title: `Course for hand washing ${crypto.randomBytes(2).toString('hex')}` });
  const classid = await buildClass(ctx, lc.course, { selfpaced: 1 });
  expect((await client.post(`/app_enrollment/enroll/${classid}`, { courseid: lc.course, classid })).status).toBe(200);
  for (const [lessonid, materialid] of [
    [lc.lessons[0], lc.materials.article],
    [lc.lessons[1], lc.materials.text],
  ] as const) {
    expect((await client.post('/app_enrollment/viewed', { user: user.id, classid, lessonid, course: lc.course, materialid })).status).toBe(
      200,
    );
  }
  const quiz = (answers: string[]) =>
    client.post('/app_enrollment/quiz', { _id: lc.materials.quiz, user: user.id, classid, courseid: lc.course, answers });
  expect((await quiz(['A', 'A', 'B', 'A', 'A'])).status).toBe(200);
  expect((await quiz(LEARNING_ANSWERS)).status).toBe(200);
  expect(
    (
      await client.post('/app_enrollment/exam', {
        _id: lc.materials.exam,
        user: user.id,
        classid,
        courseid: lc.course,
        lessonid: lc.lessons[1],
        answers: LEARNING_ANSWERS,
      })
    ).status,
  ).toBe(200);
  const enrollment = await ctx.db.selectFrom('enrollments').selectAll().where('user', '=', user.id).executeTakeFirstOrThrow();
  expect(enrollment.completed).not.toBeNull();
  expect((await client.get(`/app_users/certificate/${lc.course}`)).status).toBe(200);
  const certcode = (await ctx.db.selectFrom('enrollments').select('certcode').where('id', '=', enrollment.id).executeTakeFirstOrThrow())
    .certcode!;
  // An extra exam attempt granted by an admin, with a reason that names the learner (audited too).
  const grantReason = `${who.firstname} lost the connection`;
  expect(
    (await admin.post('/app_enrollment/grantAttempt', { classid, user: user.id, _id: lc.materials.exam, reason: grantReason })).status,
  ).toBe(200);
  // A post and a reply in a discussion.
  const d = await buildDiscussion(ctx);
  await enrollIn(ctx, user.id, d.selfPaced);
  const post = await client.post('/app_comments/save', {
    parent: d.parent,
    context: d.selfPaced,
    body: '<p>My question about hand washing</p>',
  });
  expect(post.status).toBe(200);
  const reply = await client.post('/app_comments/saveReply', { parent: post.body._id, body: '<p>My own follow-up</p>' });
  expect(reply.status).toBe(200);
  // A survey answer given while signed in, a cookie choice, an e-mail sent to them, an admin's profile edit (audited).
  const survey = await buildSurvey(ctx);
  expect(
    (await client.post('/app_surveys/answer', { surveyId: survey.id, answers: ['Q', 'Better maps', 3, 'Our website', 'Satisfied'] }))
      .status,
  ).toBe(200);
  expect((await client.post('/app_users/cookieoptin', { cookieoptin: 'optin' })).status).toBe(200);
  await ctx.mailer.send({ to: who.email, subject: `Welcome, ${who.firstname}`, text: 'Hello' });
  expect((await admin.post('/app_users/save', { _id: user.id, city: 'Lisbon' })).status).toBe(200);
  return {
    who,
    user,
    client,
    course: lc.course,
    classid,
    enrollment,
    certcode,
    grantReason,
    post: post.body._id as string,
    reply: reply.body._id as string,
    survey: survey.id,
    discussion: d,
  };
}

/** Every value of every column of every table (the live schema, so tables added later are scanned too). */
async function findEverywhere(s: TestServer, needles: string[]): Promise<string[]> {
  const hits: string[] = [];
  const lower = needles.map((n) => n.toLowerCase());
  for (const { table, columns } of await liveSchema(s.ctx.db, s.ctx.store.engine)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(s.ctx.db);
    for (const row of rows) {
      for (const col of columns) {
        const v = row[col];
        if (v == null) continue;
        const text = (
          v instanceof Uint8Array ? Buffer.from(v).toString('utf8') : typeof v === 'object' ? JSON.stringify(v) : String(v)
        ).toLowerCase();
        lower.forEach((n, i) => {
          if (text.includes(n)) hits.push(`${table}.${col} holds ${needles[i]}`);
        });
      }
    }
  }
  return hits;
}

function unzip(body: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(body)).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

async function download(client: TestClient, url: string) {
  const res = await fetch(client.baseUrl + url, { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  return { status: res.status, headers: res.headers, body: new Uint8Array(await res.arrayBuffer()) };
}

describeEachEngine(
  'privacy API: export and deletion',
  (server) => {
    let adminClient: TestClient | null = null;
    /** An admin client; the first call also loads the shipped translations, as start-up does. */
    async function admin() {
      if (!adminClient) {
        await syncLabels(server().ctx);
        adminClient = (await signedInUser(server(), { roles: asRoles('admin') })).client;
      }
      return adminClient;
    }

    describe('download my data', () => {
      it('refuses visitors, a missing or wrong password, and never builds anything then', async () => {
        const s = server();
        expect((await s.client().post('/app_privacy/export', { password: TEST_PASSWORD })).status).toBe(401);
        const { client, user } = await signedInUser(s);
        const missing = await client.post('/app_privacy/export', {});
        expect(missing.status).toBe(400);
        expect(missing.body.error.message).toBe(MSG.privacyPassword);
        const wrong = await client.post('/app_privacy/export', { password: 'not-it-1!' });
        expect(wrong.status).toBe(400);
        expect(wrong.body.error.message).toBe(MSG.privacyWrongPassword);
        expect(await s.ctx.db.selectFrom('data_exports').select('id').where('userId', '=', user.id).execute()).toEqual([]);
      });

      it('holds one of every kind of record the learner has, and nothing of another learner', async () => {
        const s = server();
        const me = await richLearner(s, await admin());
        const other = await richLearner(s, await admin());
        // The other learner replies to my post: their reply, not mine.
        await enrollIn(s.ctx, other.user.id, me.discussion.selfPaced);
        expect((await other.client.post('/app_comments/saveReply', { parent: me.post, body: '<p>Their answer</p>' })).status).toBe(200);

        const r = await me.client.post('/app_privacy/export', { password: TEST_PASSWORD });
        expect(r.status).toBe(200);
        expect(r.headers.get('cache-control')).toBe('no-store');
        expect(r.body.status).toBe('ready');
        const file = await download(me.client, r.body.url);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe('application/zip');
        expect(file.headers.get('cache-control')).toBe('no-store');
        const zip = unzip(file.body);
        const json = (name: string) => JSON.parse(zip[name]!);

        expect(json('profile.json')).toMatchObject({
          id: me.user.id,
          email: me.who.email,
          firstname: me.who.firstname,
          lastname: me.who.lastname,
          phone: me.who.phone,
          city: 'Lisbon',
        });
        expect(json('profile.json').passwordHash).toBeUndefined();
        // The learning course's enrolment (completed) and the discussion's class.
        expect(json('enrollments.json')).toEqual(
          expect.arrayContaining([
            expect.objectContaining({
              id: me.enrollment.id,
              course: me.course,
              classid: me.classid,
              percentcomplete: 100,
              extraExamAttempts: [expect.objectContaining({ reason: me.grantReason, granted: expect.any(String) })],
            }),
            expect.objectContaining({ classid: me.discussion.selfPaced }),
          ]),
        );
        expect(json('enrollments.json')).toHaveLength(2);
        expect(json('progress.json').length).toBeGreaterThanOrEqual(2);
        expect(json('material-views.json').length).toBeGreaterThanOrEqual(2);
        const attempts = json('quiz-and-exam-attempts.json');
        expect(attempts.map((a: any) => a.kind).sort()).toEqual(['exam', 'quiz', 'quiz']);
        expect(attempts.find((a: any) => a.kind === 'exam').answers).toEqual(LEARNING_ANSWERS);
        // The exam's rules keep its key back (answers never shown): the export keeps it back too.
        expect(attempts.find((a: any) => a.kind === 'exam').correctanswers).toBeUndefined();
        expect(attempts.find((a: any) => a.kind === 'quiz').correctanswers).toHaveLength(5);
        const exams = json('exam-attempts.json');
        expect(exams).toEqual([
          expect.objectContaining({ number: 1, state: 'submitted', answers: LEARNING_ANSWERS, passed: true, course: me.course }),
        ]);
        expect(exams[0].questions).toHaveLength(5);
        expect(exams[0].questions[0]).toEqual({ question: expect.any(String), answers: expect.any(Array) });
        expect(exams[0].correctanswers).toBeUndefined();
        expect(zip['exam-attempts.csv']).toBeTruthy();
        expect(zip['other-records.json'] ?? '').not.toContain('exam_attempts');
        expect(json('certificates.json')).toEqual([expect.objectContaining({ course: me.course, code: me.certcode })]);
        expect(json('posts.json').map((p: any) => p.id)).toEqual([me.post]);
        expect(json('replies.json').map((p: any) => p.id)).toEqual([me.reply]);
        expect(json('survey-answers.json')).toEqual([
          expect.objectContaining({ surveyId: me.survey, answers: expect.arrayContaining(['Better maps']) }),
        ]);
        expect(json('sessions.json').length).toBeGreaterThanOrEqual(1);
        // A session is its times, browser and address (the sign-in history), never its secret.
        expect(json('sessions.json')[0]).toEqual({
          created: expect.any(String),
          expires: expect.any(String),
          lastseen: expect.any(String),
          useragent: expect.any(String),
          ip: expect.any(String),
        });
        expect(json('sign-ins.json')[0].lastSignIn).toEqual(expect.any(String));
        expect(json('cookie-choice.json')).toEqual({ setting: 'optin' });
        expect(json('emails.json').map((m: any) => m.subject)).toContain(`Welcome, ${me.who.firstname}`);
        for (const name of ['profile', 'enrollments', 'quiz-and-exam-attempts', 'posts', 'emails']) expect(zip[`${name}.csv`]).toBeTruthy();
        expect(zip['posts.csv']).toContain(me.post);
        // The summary page is in the learner's language (French).
        expect(zip['index.html']).toContain('lang="fr"');
        expect(zip['index.html']).toContain('Certificats');

        const everything = Object.values(zip).join('\n');
        for (const v of [
          other.who.email,
          other.who.firstname,
          other.who.lastname,
          other.who.phone,
          other.user.id,
          other.post,
          other.reply,
        ]) {
          expect(everything).not.toContain(v);
        }
        // Someone else cannot use my link.
        expect((await download(other.client, r.body.url)).status).toBe(403);
        expect((await download(s.client(), r.body.url)).status).toBe(401);
      });

      it("shows an exam's right answers only as its rules allow: never during an attempt, after passing when the exam says so", async () => {
        const s = server();
        const { user, client } = await signedInUser(s);
        const lc = await buildLearningCourse(s.ctx);
        const classid = await buildClass(s.ctx, lc.course, { selfpaced: 1 });
        await enrollIn(s.ctx, user.id, classid);
        await s.ctx.db
          .updateTable('materials')
          .set({ showanswers: 'afterpassing', waithours: 0 })
          .where('id', '=', lc.materials.exam)
          .execute();
        const started = await client.post('/app_enrollment/attempt/start', { _id: lc.materials.exam, classid, courseid: lc.course });
        expect(started.status).toBe(200);
        const exported = async () => {
          const r = await client.post('/app_privacy/export', { password: TEST_PASSWORD });
          expect(r.status).toBe(200);
          return unzip((await download(client, r.body.url)).body);
        };
        const during = await exported();
        const attempt = JSON.parse(during['exam-attempts.json']!)[0];
        expect(attempt).toMatchObject({ id: started.body._id, state: 'inprogress' });
        expect(attempt.correctanswers).toBeUndefined();
        expect(attempt.questions.every((q: Record<string, unknown>) => !('correct' in q))).toBe(true);
        expect(Object.values(during).join('\n')).not.toMatch(/"correct(answers)?"/);

        // Passed, on an exam whose rules show the key after passing: the export shows it too.
        const row = await s.ctx.db
          .selectFrom('exam_attempts')
          .select('questions')
          .where('id', '=', started.body._id)
          .executeTakeFirstOrThrow();
        const right = (JSON.parse(row.questions) as { correct: string }[]).map((q) => q.correct);
        expect((await client.post('/app_enrollment/attempt/submit', { attemptid: started.body._id, answers: right })).body).toMatchObject({
          passed: true,
        });
        const after = await exported();
        expect(JSON.parse(after['exam-attempts.json']!)[0]).toMatchObject({ state: 'submitted', passed: true, correctanswers: right });
        expect(JSON.parse(after['quiz-and-exam-attempts.json']!)[0]).toMatchObject({ kind: 'exam', correctanswers: right });
      });

      it('builds a large account in the background, e-mails a link in the learner language, and the link expires', async () => {
        const s = server();
        const me = await richLearner(s, await admin());
        const inline = s.config.exportInlineMaxRecords;
        s.config.exportInlineMaxRecords = 0;
        try {
          const r = await me.client.post('/app_privacy/export', { password: TEST_PASSWORD });
          expect(r.status).toBe(200);
          expect(r.body).toMatchObject({ status: 'queued', info: { message: MSG.exportQueued }, export: { status: 'queued' } });
          expect((await me.client.post('/app_privacy/export', { password: TEST_PASSWORD })).status).toBe(409);
        } finally {
          s.config.exportInlineMaxRecords = inline;
        }
        const at = new Date();
        expect(await runExportJobs(s.ctx, at)).toBeGreaterThanOrEqual(1);
        const mail = await mailWhen(s.config.dataDir, (m) => m.to.includes(me.who.email) && m.subject.includes('Vos données sont prêtes'));
        expect(mail, 'export mail in French').toBeTruthy();
        const token = mail!.text.match(/\/user\/mydata\?token=([A-Za-z0-9_-]+)/)![1]!;
        const link = `/app_privacy/download/${token}`;
        const stored = await s.ctx.db
          .selectFrom('data_exports')
          .select(['tokenhash'])
          .where('userId', '=', me.user.id)
          .executeTakeFirstOrThrow();
        expect(stored.tokenhash).not.toContain(token);
        const file = await download(me.client, link);
        expect(file.status).toBe(200);
        expect(JSON.parse(unzip(file.body)['profile.json']!).email).toBe(me.who.email);
        expect((await me.client.post('/app_privacy/status')).body.export.status).toBe('ready');
        // A day later the daily run clears it: the link answers 404 with the translated message.
        await runDailyPrivacy(s.ctx, new Date(at.getTime() + 25 * 3600_000));
        const gone = await me.client.get(link);
        expect(gone.status).toBe(404);
        expect(gone.body.error.message).toBe(MSG.exportLinkInvalid);
      });
    });

    describe('the export worker', () => {
      it('runs in the server process: a queued export becomes ready without anyone calling the job', async () => {
        const s = server();
        const { user, client } = await signedInUser(s);
        const inline = s.config.exportInlineMaxRecords;
        s.config.exportInlineMaxRecords = 0;
        try {
          expect((await client.post('/app_privacy/export', { password: TEST_PASSWORD })).body.status).toBe('queued');
        } finally {
          s.config.exportInlineMaxRecords = inline;
        }
        const worker = startPrivacyWorker(s.ctx, s.app.log, { exportEveryMs: 20 });
        try {
          await expect.poll(async () => (await client.post('/app_privacy/status')).body.export?.status, { timeout: 20_000 }).toBe('ready');
        } finally {
          await worker.stop();
        }
        await mailWhen(s.config.dataDir, (m) => m.to.includes(user.email));
      });

      it('takes up again an export left running by a process that stopped, and gives up after three tries', async () => {
        const s = server();
        const { user } = await signedInUser(s);
        const at = new Date();
        const old = new Date(at.getTime() - 3600_000).toISOString();
        const row = (id: string, attempts: number) => ({
          id,
          userId: user.id,
          status: 'running' as const,
          lang: 'en',
          tokenhash: null,
          created: old,
          claimed: old,
          ready: null,
          expires: null,
          attempts,
          size: null,
          data: null,
        });
        await s.ctx.db
          .insertInto('data_exports')
          .values([row(crypto.randomUUID(), 1), row(crypto.randomUUID(), 3)])
          .execute();
        await runExportJobs(s.ctx, at);
        const rows = await s.ctx.db
          .selectFrom('data_exports')
          .select(['status', 'attempts'])
          .where('userId', '=', user.id)
          .orderBy('attempts')
          .execute();
        expect(rows).toEqual([
          { status: 'ready', attempts: 2 },
          { status: 'failed', attempts: 3 },
        ]);
      });
    });

    describe('delete my account', () => {
      it('asks for the password, signs out everywhere, e-mails a confirmation, and signing in during the grace period cancels it', async () => {
        const s = server();
        await admin();
        const { user, client } = await signedInUser(s, { lang: 'es' });
        expect((await s.client().post('/app_privacy/delete', { password: TEST_PASSWORD })).status).toBe(401);
        expect((await client.post('/app_privacy/delete', { password: 'wrong-one1!' })).status).toBe(400);
        expect(await s.ctx.db.selectFrom('account_deletions').select('userId').where('userId', '=', user.id).execute()).toEqual([]);

        const r = await client.post('/app_privacy/delete', { password: TEST_PASSWORD });
        expect(r.status).toBe(200);
        expect(r.body.info.message).toBe(MSG.deletionScheduled);
        const due = Date.parse(r.body.deletion.due);
        expect(Math.round((due - Date.now()) / DAY)).toBe(14);
        expect((await client.get('/app_users/whoami')).body.user).toBeNull();
        const confirm = await mailWhen(
          s.config.dataDir,
          (m) => m.to.includes(user.email) && m.subject.includes('Tu cuenta será eliminada'),
        );
        expect(confirm, 'confirmation in Spanish').toBeTruthy();
        expect(confirm!.text).toContain(new Date(due).toISOString().slice(0, 10));

        const again = s.client();
        const login = await again.login(user.email, TEST_PASSWORD);
        expect(login.body.info.message).toBe(MSG.deletionCancelled);
        expect(await s.ctx.db.selectFrom('account_deletions').select('userId').where('userId', '=', user.id).execute()).toEqual([]);
        await runDailyPrivacy(s.ctx, new Date(Date.now() + 30 * DAY));
        expect(await s.ctx.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeTruthy();
        await mailWhen(s.config.dataDir, (m) => m.to.includes(user.email) && m.subject.includes('cancelada'));
      });

      it('after the grace period removes every personal value from every table, keeps the certificate verifiable without the name and the posts as a former learner', async () => {
        const s = server();
        const me = await richLearner(s, await admin());
        // Someone else's private post shared with my address.
        const sharer = await signedInUser(s);
        await enrollIn(s.ctx, sharer.user.id, me.discussion.selfPaced);
        const shared = await sharer.client.post('/app_comments/save', {
          parent: me.discussion.parent,
          context: me.discussion.selfPaced,
          body: '<p>Just for you</p>',
          access: 'private',
          sharedStr: `${me.who.email}, friend@example.org`,
        });
        expect(shared.status).toBe(200);
        const needles = [me.who.email, me.who.firstname, me.who.lastname, me.who.phone];
        expect((await findEverywhere(s, needles)).length).toBeGreaterThan(0);

        expect((await me.client.post('/app_privacy/delete', { password: TEST_PASSWORD })).status).toBe(200);
        // Not yet: the grace period runs.
        await runDailyPrivacy(s.ctx, new Date(Date.now() + 13 * DAY));
        expect(await s.ctx.db.selectFrom('users').select('id').where('id', '=', me.user.id).executeTakeFirst()).toBeTruthy();
        const result = await runDailyPrivacy(s.ctx, new Date(Date.now() + 15 * DAY));
        expect(result.deleted).toBeGreaterThanOrEqual(1);

        expect(await findEverywhere(s, needles)).toEqual([]);
        expect((await s.client().post('/users/login', { login: me.who.email, password: TEST_PASSWORD })).status).toBe(401);
        const cert = await s.client().get(`/app_certificates/verify/${me.certcode}`);
        expect(cert.status).toBe(200);
        expect(cert.body).toMatchObject({ valid: true, name: '', courseid: me.course, completed: me.enrollment.completed!.slice(0, 10) });
        expect(cert.body.course).toContain('Course for');
        const post = await s.ctx.db.selectFrom('comments').selectAll().where('id', '=', me.post).executeTakeFirstOrThrow();
        expect(post).toMatchObject({ author: FORMER_AUTHOR, authorname: null, body: '<p>My question about hand washing</p>' });
        const answers = await s.ctx.db.selectFrom('survey_responses').selectAll().where('surveyId', '=', me.survey).execute();
        expect(answers).toEqual([expect.objectContaining({ user: null })]);
        const sharedPost = await s.ctx.db
          .selectFrom('comments')
          .select('shared')
          .where('id', '=', shared.body._id)
          .executeTakeFirstOrThrow();
        expect(JSON.parse(sharedPost.shared)).toEqual(['friend@example.org']);
        for (const t of ['sessions', 'lesson_progress', 'quiz_attempts']) {
          const { rows } =
            await sql`select * from ${sql.table(t)} where ${sql.raw(t === 'sessions' ? '"userId"' : '"enrollmentId"')} = ${t === 'sessions' ? me.user.id : me.enrollment.id}`.execute(
              s.ctx.db,
            );
          expect(rows, t).toEqual([]);
        }
        const audit = await s.ctx.db
          .selectFrom('audit_log')
          .selectAll()
          .where('target', '=', me.user.id)
          .where('action', '=', 'user.erase')
          .executeTakeFirstOrThrow();
        expect(JSON.parse(audit.changes)).toMatchObject({ reason: 'request', certificates: 1, posts: 1, replies: 1 });
      });

      it('covers tables added after this module: their rows are exported (without secrets) and erased', async () => {
        const s = server();
        const { db } = s.ctx;
        // Tables as other features add them: keyed by user id, by e-mail address, or by a number.
        await db.schema
          .createTable('later_two_factor')
          .ifNotExists()
          .addColumn('userId', 'text')
          .addColumn('secret', 'text')
          .addColumn('created', 'text')
          .execute();
        await db.schema
          .createTable('later_reset_requests')
          .ifNotExists()
          .addColumn('email', 'text')
          .addColumn('requested', 'text')
          .execute();
        await db.schema.createTable('later_counters').ifNotExists().addColumn('user', 'integer').addColumn('n', 'integer').execute();
        const { user, client } = await signedInUser(s, personal());
        const other = await signedInUser(s);
        await sql`insert into later_two_factor ("userId", secret, created) values (${user.id}, 'TOTPSECRET', '2026-11-01'), (${other.user.id}, 'OTHER', '2026-11-02')`.execute(
          db,
        );
        await sql`insert into later_reset_requests (email, requested) values (${user.email.toUpperCase()}, '2026-11-03'), (${other.user.email}, '2026-11-04')`.execute(
          db,
        );
        await sql`insert into later_counters ("user", n) values (7, 1)`.execute(db);

        const r = await client.post('/app_privacy/export', { password: TEST_PASSWORD });
        const zip = unzip((await download(client, r.body.url)).body);
        expect(JSON.parse(zip['other-records.json']!).later_two_factor).toEqual([{ userId: user.id, created: '2026-11-01' }]);
        expect(Object.values(zip).join('\n')).not.toContain('TOTPSECRET');

        expect((await client.post('/app_privacy/delete', { password: TEST_PASSWORD })).status).toBe(200);
        await runDailyPrivacy(s.ctx, new Date(Date.now() + 15 * DAY));
        expect(await findEverywhere(s, [user.email, user.firstname, user.lastname, user.phone!])).toEqual([]);
        const left = await sql<{ userId: string }>`select "userId" from later_two_factor`.execute(db);
        expect(left.rows).toEqual([{ userId: other.user.id }]);
        const resets = await sql<{ email: string }>`select email from later_reset_requests`.execute(db);
        expect(resets.rows).toEqual([{ email: other.user.email }]);
        expect((await sql`select n from later_counters`.execute(db)).rows).toHaveLength(1);
        for (const t of ['later_two_factor', 'later_reset_requests', 'later_counters']) await db.schema.dropTable(t).execute();
      });

      it('with a grace period of 0 deletes at once, by the same rules', async () => {
        const s = server();
        const adm = await admin();
        expect((await adm.post('/app_admin/setConfig', { config: { privacygracedays: 0 } })).status).toBe(200);
        try {
          const who = personal();
          const { user, client } = await signedInUser(s, who);
          const r = await client.post('/app_privacy/delete', { password: TEST_PASSWORD });
          expect(r.status).toBe(200);
          // Nothing is scheduled, so nothing announces a date or a way to cancel.
          expect(r.body).toMatchObject({ deleted: true, info: { message: MSG.accountDeleted } });
          expect(await s.ctx.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
          expect(await findEverywhere(s, [who.email, who.firstname, who.lastname, who.phone])).toEqual([]);
          const audit = await s.ctx.db
            .selectFrom('audit_log')
            .select('changes')
            .where('target', '=', user.id)
            .where('action', '=', 'user.erase')
            .executeTakeFirstOrThrow();
          expect(JSON.parse(audit.changes)).toMatchObject({ reason: 'request' });
          expect((await client.get('/app_users/whoami')).body.user).toBeNull();
        } finally {
          expect((await adm.post('/app_admin/setConfig', { config: { privacygracedays: 14 } })).status).toBe(200);
        }
      });

      it('admin deletion follows the same rules; the site settings keep names on certificates and remove posts', async () => {
        const s = server();
        const adm = await admin();
        const bad = await adm.post('/app_admin/setConfig', {
          config: { privacygracedays: -1, privacyretentiondays: 30, privacyposts: 'hide' },
        });
        expect(bad.status).toBe(400);
        expect(bad.body.error.fields).toMatchObject({
          privacygracedays: MSG.privacyGraceDays,
          privacyretentiondays: MSG.privacyRetentionDays,
          privacyposts: MSG.privacyPosts,
        });
        expect((await adm.post('/app_admin/setConfig', { config: { privacycertnames: true, privacyposts: 'remove' } })).status).toBe(200);
        try {
          const me = await richLearner(s, adm);
          const r = await adm.get(`/app_users/remove/${me.user.id}`);
          expect(r.status).toBe(200);
          // Names are kept on the certificate by the setting; the address and phone are gone everywhere.
          expect(await findEverywhere(s, [me.who.email, me.who.phone])).toEqual([]);
          const cert = await s.client().get(`/app_certificates/verify/${me.certcode}`);
          expect(cert.body.name).toBe(`${me.who.firstname} ${me.who.lastname}`);
          expect(await s.ctx.db.selectFrom('comments').select('id').where('id', '=', me.post).execute()).toEqual([]);
          expect(await s.ctx.db.selectFrom('replies').select('id').where('id', '=', me.reply).execute()).toEqual([]);
          const audit = await s.ctx.db
            .selectFrom('audit_log')
            .selectAll()
            .where('target', '=', me.user.id)
            .where('action', '=', 'user.remove')
            .executeTakeFirstOrThrow();
          expect(JSON.parse(audit.changes)).toMatchObject({ reason: 'admin', postsHandling: 'remove' });
        } finally {
          expect((await adm.post('/app_admin/setConfig', { config: { privacycertnames: false, privacyposts: 'keep' } })).status).toBe(200);
        }
      });
    });
  },
  ENV,
);

describeEachEngine(
  'privacy API: the notice',
  (server) => {
    it('is a content page admins edit; registration stores the version it showed, and an edit makes a new version', async () => {
      const s = server();
      const { client: adm } = await signedInUser(s, { roles: asRoles('admin') });
      const saved = await adm.post('/app_content/save', {
        _id: NEW_ID,
        type: 'block',
        context: PRIVACY_PAGE,
        lang: 'pt',
        title: 'Aviso de privacidade',
        body: '<p>Guardamos o seu nome.</p>',
      });
      expect(saved.status).toBe(200);
      const visitor = s.client();
      const email = `notice-${crypto.randomBytes(4).toString('hex')}@example.org`;
      const reg = await visitor.post('/app_users/register', {
        firstname: 'Nadia',
        lastname: 'Haddad',
        email,
        confirmemail: email,
        city: 'Cairo',
        country: 'ES',
        password: 'Secret-123',
        confirmpassword: 'Secret-123',
        terms: true,
      });
      expect(reg.status).toBe(200);
      const first = (await visitor.post('/app_privacy/status')).body;
      expect(first.privacyversion).toEqual(expect.any(String));
      expect(first.privacyversion >= saved.body.timestamp).toBe(true);
      expect(first.privacyaccepted).toBe(first.privacyversion);

      await new Promise((r) => setTimeout(r, 5));
      expect(
        (await adm.post('/app_content/save', { _id: saved.body._id, body: '<p>Guardamos o seu nome e o seu e-mail.</p>' })).status,
      ).toBe(200);
      const after = (await visitor.post('/app_privacy/status')).body;
      expect(after.privacyversion > first.privacyversion).toBe(true);
      expect(after.privacyaccepted).toBe(first.privacyversion);
    });
  },
  ENV,
);

describeEachEngine(
  'privacy API: retention',
  (server) => {
    it('is off by default; when set, warns by e-mail 30 days before, removes after, spares those who sign in and admins; audited', async () => {
      const s = server();
      await syncLabels(s.ctx);
      const quiet = await buildUser(s.ctx, { ...personal(), lang: 'de' });
      const returning = await signedInUser(s);
      const admin = await buildUser(s.ctx, { roles: asRoles('admin') });
      const start = Date.now();
      expect(await runDailyPrivacy(s.ctx, new Date(start + 3650 * DAY))).toMatchObject({ deleted: 0, warned: 0 });

      await s.ctx.site.saveConfig({ privacyretentiondays: 365 });
      const warnAt = new Date(start + 340 * DAY);
      expect(await runDailyPrivacy(s.ctx, warnAt)).toMatchObject({ deleted: 0, warned: 2 });
      const mail = await mailWhen(s.config.dataDir, (m) => m.to.includes(quiet.email));
      expect(mail?.subject).toContain('Inaktivität');
      expect(mail?.text).toContain(new Date(warnAt.getTime() + 30 * DAY).toISOString().slice(0, 10));
      expect(await s.ctx.db.selectFrom('audit_log').select('target').where('action', '=', 'user.retentionWarning').execute()).toEqual(
        expect.arrayContaining([{ target: quiet.id }, { target: returning.user.id }]),
      );
      // Signing in clears the warning.
      await s.client().login(returning.user.email, TEST_PASSWORD);
      expect(await s.ctx.db.selectFrom('retention_warnings').select('userId').where('userId', '=', returning.user.id).execute()).toEqual(
        [],
      );

      const removeAt = new Date(warnAt.getTime() + 31 * DAY);
      const r = await runDailyPrivacy(s.ctx, removeAt);
      expect(r.deleted).toBe(1);
      const left = (await s.ctx.db.selectFrom('users').select('id').execute()).map((u) => u.id);
      expect(left).not.toContain(quiet.id);
      expect(left).toEqual(expect.arrayContaining([returning.user.id, admin.id]));
      expect(await findEverywhere(s, [quiet.email, quiet.firstname, quiet.lastname])).toEqual([]);
      expect(
        await s.ctx.db
          .selectFrom('audit_log')
          .select('changes')
          .where('target', '=', quiet.id)
          .where('action', '=', 'user.erase')
          .executeTakeFirstOrThrow(),
      ).toMatchObject({ changes: expect.stringContaining('retention') });
    });
  },
  ENV,
);
