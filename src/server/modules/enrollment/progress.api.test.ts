/**
 * Progress through the real server on both engines: views and Mark Unread, quizzes and the exam graded
 * on the server, retried submissions recorded once, completion, and concurrent views all kept.
 */
import { describe, expect, it } from 'vitest';
import { describeEachEngine, type TestClient } from '../../testing/harness.ts';
import {
  LEARNING_ANSWERS,
  asRoles,
  buildClass,
  buildLearningCourse,
  buildLesson,
  buildMaterial,
  signedInUser,
} from '../../testing/factories.ts';
import { MSG } from '../../../domain/messages.ts';
import { enroll, enrollmentId, SAME_ATTEMPT_WINDOW_MS } from './enrollment.repository.ts';

const WRONG = ['B', 'A', 'B', 'A', 'A']; // one right of five

describeEachEngine('progress API', (server) => {
  /** A learner enrolled in a fresh learning course's class. */
  async function setup() {
    const { ctx } = server();
    const lc = await buildLearningCourse(ctx);
    const classid = await buildClass(ctx, lc.course);
    const cls = await ctx.db.selectFrom('classes').selectAll().where('id', '=', classid).executeTakeFirstOrThrow();
    const { user, client } = await signedInUser(server());
    const id = await enroll(ctx.db, user.id, cls);
    const view = (lessonid: string, materialid?: string, c: TestClient = client) =>
      c.post('/app_enrollment/viewed', { user: user.id, classid, lessonid, course: lc.course, materialid });
    const quiz = (answers: unknown, extra: Record<string, unknown> = {}, c: TestClient = client) =>
      c.post('/app_enrollment/quiz', { _id: lc.materials.quiz, user: user.id, classid, courseid: lc.course, answers, ...extra });
    const exam = (answers: unknown, extra: Record<string, unknown> = {}, c: TestClient = client) =>
      c.post('/app_enrollment/exam', {
        _id: lc.materials.exam,
        user: user.id,
        classid,
        courseid: lc.course,
        lessonid: lc.lessons[1],
        answers,
        ...extra,
      });
    return { ...lc, classid, cls, user, client, id, view, quiz, exam };
  }
  const attempts = async (enrollment: string) =>
    server().ctx.db.selectFrom('quiz_attempts').selectAll().where('enrollmentId', '=', enrollment).orderBy('created').execute();

  describe('viewed and unview', () => {
    it('records a view and answers the updated progress', async () => {
      const s = await setup();
      const r = await s.view(s.lessons[0], s.materials.article);
      expect(r.status).toBe(200);
      expect(r.body._id).toBe(s.id);
      const p = r.body.progress[s.lessons[0]];
      expect(Object.keys(p.materials)).toEqual([s.materials.article]);
      expect(p.firstview).toBeTruthy();
      expect(r.body.percentcomplete).toBe(25); // 1 of 4 required materials
      // A retry changes nothing but the last view time.
      const again = await s.view(s.lessons[0], s.materials.article);
      expect(Object.keys(again.body.progress[s.lessons[0]].materials)).toEqual([s.materials.article]);
      expect(again.body.progress[s.lessons[0]].firstview).toBe(p.firstview);
      expect(again.body.percentcomplete).toBe(25);
    });

    it("Mark Unread clears the lesson's views and lowers percentcomplete", async () => {
      const s = await setup();
      await s.view(s.lessons[0], s.materials.article);
      await s.view(s.lessons[1], s.materials.text);
      const r = await s.client.post('/app_enrollment/unview', { user: s.user.id, classid: s.classid, lessonid: s.lessons[0] });
      expect(r.status).toBe(200);
      // The reply carries the lesson written; the other lesson's views stay.
      expect(r.body.progress[s.lessons[0]].materials).toEqual({});
      expect(r.body.progress[s.lessons[0]].firstview).toBeUndefined();
      expect(r.body.percentcomplete).toBe(25);
      const list = await s.client.post('/app_enrollment/list', {});
      expect(Object.keys(list.body[0].progress[s.lessons[1]].materials)).toEqual([s.materials.text]);
      expect(list.body[0].progress[s.lessons[0]].materials).toEqual({});
    });

    it('keeps all of 50 concurrent viewed calls through the server', async () => {
      const { ctx } = server();
      const s = await setup();
      // 10 lessons of 5 materials in the class's course, each viewed by its own concurrent request.
      const targets: [string, string][] = [];
      for (let l = 0; l < 10; l++) {
        const lesson = await buildLesson(ctx, s.course, { sortorder: 10 + l });
        for (let m = 0; m < 5; m++) targets.push([lesson.id, (await buildMaterial(ctx, lesson.id, { order: m })).id]);
      }
      const replies = await Promise.all(targets.map(([lesson, material]) => s.view(lesson, material)));
      expect(replies.map((r) => r.status)).toEqual(targets.map(() => 200));
      const rows = await ctx.db.selectFrom('material_views').select(['lesson', 'material']).where('enrollmentId', '=', s.id).execute();
      expect(rows).toHaveLength(50);
      const list = await s.client.post('/app_enrollment/list', {});
      const views = Object.values(list.body[0].progress as Record<string, { materials?: object }>).flatMap((p) =>
        Object.keys(p.materials ?? {}),
      );
      expect(views.sort()).toEqual(targets.map(([, m]) => m).sort());
      // The derived figure saw every view: 50 of the 54 required materials.
      expect(list.body[0].percentcomplete).toBe(Math.round((100 * 50) / 54));
    });

    it("refuses another user's progress, a class one is not in, and a lesson of another course", async () => {
      const s = await setup();
      const other = await signedInUser(server());
      // Submitting for another user: 403, even for an editor.
      const forOther = await other.client.post('/app_enrollment/viewed', { user: s.user.id, classid: s.classid, lessonid: s.lessons[0] });
      expect(forOther.status).toBe(403);
      const { client: admin } = await signedInUser(server(), { roles: asRoles('admin') });
      expect((await admin.post('/app_enrollment/viewed', { user: s.user.id, classid: s.classid, lessonid: s.lessons[0] })).status).toBe(
        403,
      );
      // Oneself, but not enrolled.
      const notIn = await other.client.post('/app_enrollment/viewed', { user: other.user.id, classid: s.classid, lessonid: s.lessons[0] });
      expect([notIn.status, notIn.body.error.message]).toEqual([403, MSG.notEnrolled]);
      const foreign = await buildLearningCourse(server().ctx);
      const wrongLesson = await s.view(foreign.lessons[0]);
      expect([wrongLesson.status, wrongLesson.body.error.message]).toEqual([400, MSG.lessonNotInClass]);
      const wrongMaterial = await s.view(s.lessons[1], s.materials.article);
      expect([wrongMaterial.status, wrongMaterial.body.error.message]).toEqual([400, MSG.materialNotInLesson]);
      expect((await s.view('no-such-lesson')).status).toBe(404);
      expect(
        (await s.client.post('/app_enrollment/viewed', { user: s.user.id, classid: 'no-such-class', lessonid: s.lessons[0] })).status,
      ).toBe(404);
      expect(
        (await server().client().post('/app_enrollment/viewed', { user: s.user.id, classid: s.classid, lessonid: s.lessons[0] })).status,
      ).toBe(401);
      for (const body of [{}, { user: s.user.id, classid: s.classid }, { user: s.user.id, classid: s.classid, lessonid: ['x'] }, '[]']) {
        const r = await s.client.post('/app_enrollment/viewed', body);
        expect([r.status, r.body.error.message], JSON.stringify(body)).toEqual([400, MSG.missingValues]);
      }
      const stored = await server().ctx.db.selectFrom('material_views').select('material').where('enrollmentId', '=', s.id).execute();
      expect(stored).toEqual([]);
    });
  });

  describe('quiz', () => {
    it("grades on the server, stores the result in the lesson's progress and gives the right answers after", async () => {
      const s = await setup();
      const failed = await s.quiz(WRONG);
      expect(failed.status).toBe(200);
      expect(failed.body).toMatchObject({
        score: 1,
        possible: 5,
        percent: 20,
        passed: false,
        passpercent: 80,
        answers: WRONG,
        correctanswers: LEARNING_ANSWERS,
      });
      const passed = await s.quiz(['B', 'C', 'A', 'B', 'A']);
      expect(passed.body).toMatchObject({ score: 4, percent: 80, passed: true });
      expect(passed.body.progress).toMatchObject({
        score: 4,
        possible: 5,
        percent: 80,
        answers: ['B', 'C', 'A', 'B', 'A'],
        correctanswers: LEARNING_ANSWERS,
      });
      expect(passed.body.progress.quizdate).toBe(passed.body.quizdate);
      expect(passed.body.progress.materials[s.materials.quiz]).toBeTruthy();
      expect(await attempts(s.id)).toHaveLength(2);
    });

    it("uses the site's quizpasspercent", async () => {
      const s = await setup();
      await server().ctx.site.saveConfig({ quizpasspercent: 100 });
      try {
        const r = await s.quiz(['B', 'C', 'A', 'B', 'A']);
        expect(r.body).toMatchObject({ passed: false, passpercent: 100 });
      } finally {
        await server().ctx.site.saveConfig({ quizpasspercent: 80 });
      }
    });

    it('records a retried submission once: same attempt id, or same answers within seconds', async () => {
      const s = await setup();
      const [a, b] = await Promise.all([s.quiz(WRONG, { attempt: 'try-1' }), s.quiz(WRONG, { attempt: 'try-1' })]);
      expect(a.body.quizdate).toBe(b.body.quizdate);
      expect(await attempts(s.id)).toHaveLength(1);
      // Without an id, the same answers sent again at once are the same attempt.
      const c = await s.quiz(LEARNING_ANSWERS);
      const d = await s.quiz(LEARNING_ANSWERS);
      expect(d.body).toMatchObject({ recorded: false, quizdate: c.body.quizdate, passed: true });
      expect(await attempts(s.id)).toHaveLength(2);
      // A new attempt id is a new attempt (a Retake), even with the same answers.
      await s.quiz(LEARNING_ANSWERS, { attempt: 'try-2' });
      const rows = await attempts(s.id);
      expect(rows).toHaveLength(3);
      expect(rows.map((r) => r.score)).toEqual([1, 5, 5]);
      expect(SAME_ATTEMPT_WINDOW_MS).toBeGreaterThanOrEqual(3000);
    });

    it('refuses another user, another class, a material that is not a quiz, and bad answers', async () => {
      const s = await setup();
      const other = await signedInUser(server());
      expect((await s.quiz(WRONG, {}, other.client)).status).toBe(403);
      const notIn = await other.client.post('/app_enrollment/quiz', {
        _id: s.materials.quiz,
        classid: s.classid,
        courseid: s.course,
        answers: WRONG,
      });
      expect([notIn.status, notIn.body.error.message]).toEqual([403, MSG.notEnrolled]);
      expect((await s.quiz(WRONG, { _id: s.materials.exam })).body.error.message).toBe(MSG.notAQuiz);
      expect((await s.quiz(WRONG, { _id: s.materials.article })).body.error.message).toBe(MSG.notAQuiz);
      expect((await s.quiz(WRONG, { _id: 'no-such-material' })).status).toBe(404);
      expect((await s.quiz(WRONG, { courseid: 'another-course' })).body.error.message).toBe(MSG.classOtherCourse);
      const bad: [unknown, string][] = [
        [undefined, MSG.answersRequired],
        [['A', '7'], MSG.answerLetters],
        [['AB'], MSG.answerLetters],
        [[...WRONG, 'A'], MSG.tooManyAnswers],
        [{ 0: 'A' }, MSG.answersRequired],
      ];
      for (const [answers, message] of bad) {
        const r = await s.quiz(answers);
        expect([r.status, r.body.error.message], JSON.stringify(answers)).toEqual([400, message]);
      }
      expect(
        (
          await server()
            .client()
            .post('/app_enrollment/quiz', { _id: s.materials.quiz, classid: s.classid, courseid: s.course, answers: WRONG })
        ).status,
      ).toBe(401);
      expect(await attempts(s.id)).toHaveLength(0);
    });
  });

  describe('exam and completion', () => {
    it('sets exampassed and examdate; completes the course once every required material is viewed too', async () => {
      const s = await setup();
      // Retaking at once needs an exam without a wait between attempts (the rules are tested in exam-attempts.api.test.ts).
      await server().ctx.db.updateTable('materials').set({ waithours: 0 }).where('id', '=', s.materials.exam).execute();
      const failed = await s.exam(WRONG);
      expect(failed.body).toMatchObject({ passed: false, exampassed: false, progress: { percent: 20 } });
      expect(failed.body.examdate).toBeTruthy();
      const passed = await s.exam(LEARNING_ANSWERS);
      expect(passed.body).toMatchObject({ passed: true, exampassed: true, examdate: passed.body.quizdate, progress: { percent: 100 } });
      // The exam counts as viewed, the rest not yet: 1 of 4 required materials.
      expect(passed.body.completed).toBeUndefined();
      expect(passed.body.percentcomplete).toBe(25);
      await s.view(s.lessons[0], s.materials.article);
      await s.quiz(LEARNING_ANSWERS);
      const last = await s.view(s.lessons[1], s.materials.text);
      expect(last.body.percentcomplete).toBe(100);
      expect(typeof last.body.completed).toBe('string');
      expect(last.body.certificate).toBe(`/app_users/certificate/${encodeURIComponent(s.course)}`);
      // The optional article was never needed; completion stays after Mark Unread.
      const unread = await s.client.post('/app_enrollment/unview', { user: s.user.id, classid: s.classid, lessonid: s.lessons[1] });
      expect(unread.body.completed).toBe(last.body.completed);
      expect(unread.body.percentcomplete).toBe(50); // lesson 2's text and exam views are cleared
      // A failed retake after passing keeps the pass.
      const retake = await s.exam(WRONG, { attempt: 'late-retake' });
      expect(retake.body).toMatchObject({ passed: false, exampassed: true, examdate: passed.body.quizdate });
    });

    it('is not completed by the materials alone', async () => {
      const s = await setup();
      await s.view(s.lessons[0], s.materials.article);
      await s.quiz(WRONG);
      await s.view(s.lessons[1], s.materials.text);
      const r = await s.view(s.lessons[1], s.materials.exam);
      expect(r.body.percentcomplete).toBe(100);
      expect(r.body.completed).toBeUndefined();
      const exam = await s.exam(['B', 'C', 'A', 'B', 'A']);
      expect(typeof exam.body.completed).toBe('string');
    });

    it('uses exampasspercent and refuses a quiz material or a lesson that does not hold the exam', async () => {
      const s = await setup();
      await server().ctx.site.saveConfig({ exampasspercent: 60 });
      try {
        expect((await s.exam(['B', 'C', 'A', 'A', 'A'])).body).toMatchObject({ passed: true, passpercent: 60 });
      } finally {
        await server().ctx.site.saveConfig({ exampasspercent: 80 });
      }
      expect((await s.exam(WRONG, { _id: s.materials.quiz, lessonid: s.lessons[0] })).body.error.message).toBe(MSG.notAnExam);
      expect((await s.exam(WRONG, { lessonid: s.lessons[0] })).body.error.message).toBe(MSG.materialNotInLesson);
    });
  });

  it('never sends iscorrect to a learner before they submit', async () => {
    const s = await setup();
    const ids = {
      course: s.course,
      _id: s.materials.exam,
      classid: s.classid,
      lessonid: s.lessons[1],
      lesson: s.lessons[0],
      user: s.user.id,
    };
    const replies: string[] = [];
    // Every POST route, as the learner, with the ids of this course; GETs of lessons and materials too.
    for (const route of server().routes) {
      if (route.method !== 'POST' || /logout|remove|quiz|exam|save|upload|setlang|register|resetpassword/.test(route.url)) continue;
      const url = route.url.replace(':classid', s.classid).replace(/:(\w+)\??/g, s.lessons[0]);
      for (const body of [
        ids,
        { ...ids, _id: s.lessons[1] },
        { ...ids, _id: s.materials.quiz },
        { course: s.course, materials: true, shortfields: false },
      ]) {
        const r = await s.client.post(url, body);
        replies.push(`${route.url} ${JSON.stringify(r.body)}`);
      }
    }
    expect(replies.filter((r) => /iscorrect/i.test(r))).toEqual([]);
    // The stored questions do carry the answers: the check above is not vacuous.
    const m = await server().ctx.db.selectFrom('materials').select('quiz').where('id', '=', s.materials.exam).executeTakeFirstOrThrow();
    expect(m.quiz).toContain('iscorrect');
    // After submitting a quiz, the right answers come back as letters (Show Answers); a failed exam keeps
    // them on the server under the default rules.
    expect((await s.quiz(WRONG)).body.correctanswers).toEqual(LEARNING_ANSWERS);
    const failedExam = await s.exam(WRONG);
    expect(failedExam.status).toBe(200);
    expect(failedExam.body).not.toHaveProperty('correctanswers');
  });

  it('keeps enrolment ids as the spec says: user id and class id joined by a dash', async () => {
    const s = await setup();
    expect(s.id).toBe(enrollmentId(s.user.id, s.classid));
  });
});
