/** Lesson materials and the exam through the real server, on SQLite and on PostgreSQL. */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine, type TestClient } from '../../testing/harness.ts';
import { buildCourse, buildLesson, buildMaterial, quizQuestion, roleClients } from '../../testing/factories.ts';
import { MSG } from '../../../domain/messages.ts';

describeEachEngine('materials API', (server) => {
  let as: Awaited<ReturnType<typeof roleClients>>;
  beforeAll(async () => {
    as = await roleClients(server());
  });
  const db = () => server().ctx.db;
  const countMaterials = async () => (await db().selectFrom('materials').select('id').execute()).length;
  const stored = (id: string) => db().selectFrom('materials').selectAll().where('id', '=', id).executeTakeFirst();
  const lessonOf = async () => buildLesson(server().ctx, await buildCourse(server().ctx));

  describe('save', () => {
    it('creates a material for _id new with its fields, the HTML fields sanitised', async () => {
      const lesson = await lessonOf();
      const r = await as.editor.post('/app_materials/save', {
        _id: 'new',
        lesson: lesson.id,
        section: 'Quiz',
        title: 'Check yourself',
        order: 2,
        required: true,
        usebutton: 'yes',
        description: '<p>Intro</p><script>alert(1)</script>',
        description1: '<img src=x onerror=alert(1)>',
        description2: '<a href="javascript:alert(1)">x</a>',
        question: '<p onclick="alert(1)">Discuss</p>',
        quiz: [{ question: 'Two plus two?', answers: ['3', '4', '5'], iscorrect: 2, youranswer: 'A' }],
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        lesson: lesson.id,
        section: 'Quiz',
        title: 'Check yourself',
        order: 2,
        required: true,
        usebutton: 'yes',
        description: '<p>Intro</p>',
        description1: '<img src="x" />',
        description2: '<a>x</a>',
        question: '<p>Discuss</p>',
        quiz: [{ question: 'Two plus two?', answers: ['3', '4', '5'], iscorrect: 2 }],
      });
      const row = (await stored(r.body._id))!;
      expect(row.quiz).not.toContain('youranswer');
    });

    it('updates only the fields it is given', async () => {
      const lesson = await lessonOf();
      const m = await buildMaterial(server().ctx, lesson.id, { title: 'Old', description: '<p>Stays</p>' });
      const r = await as.admin.post('/app_materials/save', { _id: m.id, title: 'New', required: false });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ _id: m.id, title: 'New', required: false, description: '<p>Stays</p>', lesson: lesson.id });
    });

    it('refuses signed-out and learner writes, and stores nothing', async () => {
      const lesson = await lessonOf();
      const m = await buildMaterial(server().ctx, lesson.id, { title: 'Untouched' });
      const before = await countMaterials();
      const cases: [TestClient, number][] = [
        [as.visitor, 401],
        [as.learner, 403],
      ];
      for (const [client, status] of cases) {
        expect((await client.post('/app_materials/save', { _id: 'new', lesson: lesson.id, section: 'Article' })).status).toBe(status);
        expect((await client.post('/app_materials/save', { _id: m.id, title: 'Hacked' })).status).toBe(status);
      }
      expect(await countMaterials()).toBe(before);
      expect((await stored(m.id))!.title).toBe('Untouched');
    });

    const q = { question: 'Q?', answers: ['A', 'B'], iscorrect: 1 };
    const bad: [string, Record<string, unknown>][] = [
      ['no _id', { lesson: 'l', section: 'Article' }],
      ['a new material without a lesson', { _id: 'new', section: 'Article' }],
      ['a new material without a section', { _id: 'new', lesson: 'l' }],
      ['a section not in the list', { _id: 'new', lesson: 'l', section: 'Podcast' }],
      ['a correct answer past the last answer', { _id: 'new', lesson: 'l', section: 'Quiz', quiz: [{ ...q, iscorrect: 3 }] }],
      ['a correct answer of 0 (it counts from 1)', { _id: 'new', lesson: 'l', section: 'Quiz', quiz: [{ ...q, iscorrect: 0 }] }],
      [
        'a question without a correct answer',
        { _id: 'new', lesson: 'l', section: 'Exam', quiz: [{ question: 'Q?', answers: ['A', 'B'] }] },
      ],
      ['a question without text', { _id: 'new', lesson: 'l', section: 'Quiz', quiz: [{ ...q, question: ' ' }] }],
      ['answers that are not a list', { _id: 'new', lesson: 'l', section: 'Quiz', quiz: [{ ...q, answers: 'A,B' }] }],
      ['a single answer', { _id: 'new', lesson: 'l', section: 'Quiz', quiz: [{ ...q, answers: ['A'] }] }],
      ['a quiz that is not a list', { _id: 'new', lesson: 'l', section: 'Quiz', quiz: { 0: q } }],
      ['a usebutton that is not yes or no', { _id: 'new', lesson: 'l', section: 'Article', usebutton: 'maybe' }],
    ];
    for (const [name, body] of bad) {
      it(`refuses ${name} with 400 'Invalid lesson materials record' and stores nothing`, async () => {
        const lesson = await lessonOf();
        const before = await countMaterials();
        const r = await as.editor.post('/app_materials/save', { ...body, ...(body.lesson ? { lesson: lesson.id } : {}) });
        expect(r.status).toBe(400);
        expect(r.body.error.message).toBe(MSG.invalidLessonMaterials);
        expect(await countMaterials()).toBe(before);
      });
    }

    it('answers 404 for an unknown lesson or material', async () => {
      const before = await countMaterials();
      expect((await as.editor.post('/app_materials/save', { _id: 'new', lesson: 'no-such-lesson', section: 'Article' })).status).toBe(404);
      expect((await as.editor.post('/app_materials/save', { _id: 'no-such-material', title: 'x' })).status).toBe(404);
      expect(await countMaterials()).toBe(before);
    });
  });

  describe('remove', () => {
    it('removes a material for an editor', async () => {
      const m = await buildMaterial(server().ctx, (await lessonOf()).id);
      expect((await as.editor.post('/app_materials/remove', { _id: m.id })).status).toBe(200);
      expect(await stored(m.id)).toBeUndefined();
    });

    it('refuses signed-out and learner removes; 400 without an id; 404 for an unknown one', async () => {
      const m = await buildMaterial(server().ctx, (await lessonOf()).id);
      expect((await as.visitor.post('/app_materials/remove', { _id: m.id })).status).toBe(401);
      expect((await as.learner.post('/app_materials/remove', { _id: m.id })).status).toBe(403);
      expect(await stored(m.id)).toBeTruthy();
      const r = await as.editor.post('/app_materials/remove', {});
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(MSG.missingId);
      expect((await as.editor.post('/app_materials/remove', { _id: 'no-such-material' })).status).toBe(404);
    });
  });

  describe('list', () => {
    it('lists the materials of a lesson or of a course, answers only for editors', async () => {
      const course = await buildCourse(server().ctx);
      const l1 = await buildLesson(server().ctx, course, { sortorder: 1 });
      const l2 = await buildLesson(server().ctx, course, { sortorder: 2 });
      const a = await buildMaterial(server().ctx, l1.id, { order: 2 });
      const b = await buildMaterial(server().ctx, l1.id, { order: 1, section: 'Quiz', quiz: [quizQuestion(1)] });
      const c = await buildMaterial(server().ctx, l2.id, { order: 0 });
      const byLesson = await as.learner.post('/app_materials/list', { lesson: l1.id });
      expect(byLesson.status).toBe(200);
      expect(byLesson.body.map((m: { _id: string }) => m._id)).toEqual([b.id, a.id]);
      expect(byLesson.body[0].quiz).toEqual([{ question: 'Question 1?', answers: ['Alpha', 'Beta', 'Gamma'] }]);
      const byCourse = await as.visitor.post('/app_materials/list', { course });
      expect(byCourse.body.map((m: { _id: string }) => m._id)).toEqual([b.id, a.id, c.id]);
      expect(JSON.stringify(byCourse.body)).not.toContain('iscorrect');
      const editor = await as.editor.post('/app_materials/list', { course });
      expect(editor.body[0].quiz[0].iscorrect).toBe(2);
    });

    it('gives only the short fields when asked', async () => {
      const lesson = await lessonOf();
      await buildMaterial(server().ctx, lesson.id, { section: 'Quiz', quiz: [quizQuestion(1)], description: '<p>Long</p>' });
      const r = await as.editor.post('/app_materials/list', { lesson: lesson.id, shortfields: true });
      expect(Object.keys(r.body[0]).sort()).toEqual(['_id', 'lesson', 'order', 'required', 'section', 'title']);
    });

    it('refuses a list without a lesson or course (400), and lists nothing for unknown ones', async () => {
      const r = await as.visitor.post('/app_materials/list', {});
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(MSG.missingParameters);
      expect((await as.visitor.post('/app_materials/list', { course: 'no-such-course' })).body).toEqual([]);
    });
  });

  describe('exam', () => {
    async function courseWithExam() {
      const course = await buildCourse(server().ctx);
      const lesson = await buildLesson(server().ctx, course);
      await buildMaterial(server().ctx, lesson.id, { section: 'Quiz', quiz: [quizQuestion(9)] });
      await buildMaterial(server().ctx, lesson.id, { section: 'Exam', quiz: [quizQuestion(1, 1), quizQuestion(2, 3)] });
      return course;
    }

    it("answers the questions of the course's exam, never the answers to a learner, whatever the body claims", async () => {
      const course = await courseWithExam();
      for (const client of [as.visitor, as.learner, as.editor]) {
        const r = await client.post('/app_materials/exam', { course, isAdmin: true });
        expect(r.status).toBe(200);
        expect(r.body).toEqual([
          { question: 'Question 1?', answers: ['Alpha', 'Beta', 'Gamma'] },
          { question: 'Question 2?', answers: ['Alpha', 'Beta', 'Gamma'] },
        ]);
      }
    });

    it('gives admins the correct answers (the Fill Answers helper)', async () => {
      const course = await courseWithExam();
      const r = await as.admin.post('/app_materials/exam', { course, isAdmin: false });
      expect(r.body.map((q: { iscorrect: number }) => q.iscorrect)).toEqual([1, 3]);
    });

    it('answers an empty list for a course without an exam, 404 for an unknown course', async () => {
      const course = await buildCourse(server().ctx);
      expect((await as.learner.post('/app_materials/exam', { course })).body).toEqual([]);
      expect((await as.learner.post('/app_materials/exam', { course: 'no-such-course' })).status).toBe(404);
    });

    it('refuses a request without a course with the spec message', async () => {
      for (const body of [{}, { course: '' }, { isAdmin: true }, '[]']) {
        const r = await as.admin.post('/app_materials/exam', body);
        expect(r.status).toBe(400);
        expect(r.body.error.message).toBe(MSG.examCourseRequired);
      }
    });
  });

  it('never lets exam answers reach a learner, through any read call', async () => {
    const course = await buildCourse(server().ctx);
    const lesson = await buildLesson(server().ctx, course);
    await buildMaterial(server().ctx, lesson.id, { section: 'Exam', quiz: [quizQuestion(1), quizQuestion(2)] });
    const answers = [
      await as.learner.post('/app_lessons/list', { course }),
      await as.learner.post('/app_lessons/get', { _id: lesson.id }),
      await as.learner.post('/app_materials/list', { course }),
      await as.learner.post('/app_materials/list', { lesson: lesson.id }),
      await as.learner.post('/app_materials/exam', { course, isAdmin: true }),
    ];
    for (const r of answers) {
      expect(r.status).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain('iscorrect');
    }
  });
});
