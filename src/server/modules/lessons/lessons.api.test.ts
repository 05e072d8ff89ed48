/** Lessons through the real server, on SQLite and on PostgreSQL. */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine, type TestClient } from '../../testing/harness.ts';
import { buildCourse, buildLesson, buildMaterial, quizQuestion, roleClients } from '../../testing/factories.ts';
import { MSG } from '../../../domain/messages.ts';

describeEachEngine('lessons API', (server) => {
  let as: Awaited<ReturnType<typeof roleClients>>;
  beforeAll(async () => {
    as = await roleClients(server());
  });
  const db = () => server().ctx.db;
  const countLessons = async () => (await db().selectFrom('lessons').select('id').execute()).length;
  const stored = (id: string) => db().selectFrom('lessons').selectAll().where('id', '=', id).executeTakeFirst();

  /** A course with one lesson holding an article, a quiz and the exam. */
  async function courseWithQuiz() {
    const course = await buildCourse(server().ctx);
    const lesson = await buildLesson(server().ctx, course, { sorder: 'b' });
    const article = await buildMaterial(server().ctx, lesson.id, { order: 1, description: '<p>Read</p>' });
    const quiz = await buildMaterial(server().ctx, lesson.id, {
      order: 2,
      section: 'Quiz',
      quiz: [{ ...quizQuestion(1), youranswer: 'A' }, quizQuestion(2, 3)],
    });
    const exam = await buildMaterial(server().ctx, lesson.id, { order: 3, section: 'Exam', quiz: [quizQuestion(3, 1)] });
    return { course, lesson, article, quiz, exam };
  }

  describe('list', () => {
    it('lists the lessons by section order then sort order, with short materials and no questions', async () => {
      const course = await buildCourse(server().ctx); // sections 'a,b'
      const late = await buildLesson(server().ctx, course, { sorder: 'b', sortorder: 0 });
      const second = await buildLesson(server().ctx, course, { sorder: 'a', sortorder: 2 });
      const first = await buildLesson(server().ctx, course, { sorder: 'a', sortorder: 1 });
      await buildMaterial(server().ctx, first.id, { section: 'Quiz', quiz: [quizQuestion(1)] });
      const r = await as.visitor.post('/app_lessons/list', { course });
      expect(r.status).toBe(200);
      expect(r.body.map((l: { _id: string }) => l._id)).toEqual([first.id, second.id, late.id]);
      expect(r.body[0].sectionorder).toBe(0);
      const [material] = Object.values(r.body[0].materials) as Record<string, unknown>[];
      expect(material).toMatchObject({ section: 'Quiz', required: true });
      expect(material).not.toHaveProperty('quiz');
    });
  });

  describe('get', () => {
    it('answers the lesson with its full materials map, without answers for learners and visitors', async () => {
      const { lesson, article, quiz, exam } = await courseWithQuiz();
      for (const client of [as.visitor, as.learner]) {
        const r = await client.post('/app_lessons/get', { _id: lesson.id });
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ _id: lesson.id, title: lesson.title, description: '<p>About it</p>', sectionorder: 1 });
        expect(Object.keys(r.body.materials).sort()).toEqual([article.id, quiz.id, exam.id].sort());
        expect(r.body.materials[article.id]).toMatchObject({ section: 'Article', description: '<p>Read</p>' });
        expect(r.body.materials[quiz.id].quiz).toEqual([
          { question: 'Question 1?', answers: ['Alpha', 'Beta', 'Gamma'] },
          { question: 'Question 2?', answers: ['Alpha', 'Beta', 'Gamma'] },
        ]);
        expect(JSON.stringify(r.body)).not.toMatch(/iscorrect|youranswer/);
      }
    });

    it('gives editors the correct answers', async () => {
      const { lesson, quiz } = await courseWithQuiz();
      const r = await as.editor.post('/app_lessons/get', { _id: lesson.id });
      expect(r.body.materials[quiz.id].quiz.map((q: { iscorrect: number }) => q.iscorrect)).toEqual([2, 3]);
      expect(JSON.stringify(r.body)).not.toContain('youranswer');
    });

    it('answers 400 without an id and 404 for an unknown one', async () => {
      for (const body of [{}, { _id: '' }, { _id: ['x'] }]) {
        const r = await as.learner.post('/app_lessons/get', body);
        expect(r.status).toBe(400);
        expect(r.body.error.message).toBe(MSG.missingParameters);
      }
      expect((await as.learner.post('/app_lessons/get', { _id: 'no-such-lesson' })).status).toBe(404);
    });
  });

  describe('save', () => {
    it('creates a lesson for _id new and updates one, the description sanitised', async () => {
      const course = await buildCourse(server().ctx);
      const r = await as.editor.post('/app_lessons/save', {
        _id: 'new',
        course,
        title: 'Getting started',
        description: '<p>Go</p><script>alert(1)</script>',
        sorder: 'a',
        sortorder: 3,
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        course,
        title: 'Getting started',
        description: '<p>Go</p>',
        sortorder: 3,
        sectionorder: 0,
        materials: {},
      });
      const id = r.body._id;
      expect(id).toMatch(/^[0-9a-f]{24}$/);
      const u = await as.editor.post('/app_lessons/save', {
        _id: id,
        course,
        title: 'Renamed',
        description: '<p onmouseover="alert(1)">Hover</p>',
      });
      expect(u.status).toBe(200);
      expect(u.body).toMatchObject({ _id: id, title: 'Renamed', sortorder: 3, description: '<p>Hover</p>' });
    });

    it('refuses signed-out and learner writes, and stores nothing', async () => {
      const course = await buildCourse(server().ctx);
      const lesson = await buildLesson(server().ctx, course, { title: 'Untouched' });
      const before = await countLessons();
      const cases: [TestClient, number][] = [
        [as.visitor, 401],
        [as.learner, 403],
      ];
      for (const [client, status] of cases) {
        expect((await client.post('/app_lessons/save', { _id: 'new', course, title: 'Spam' })).status).toBe(status);
        expect((await client.post('/app_lessons/save', { _id: lesson.id, course, title: 'Hacked' })).status).toBe(status);
      }
      expect(await countLessons()).toBe(before);
      expect((await stored(lesson.id))!.title).toBe('Untouched');
    });

    const bad: [string, unknown, string][] = [
      ['no _id', { course: 'c', title: 'x' }, MSG.missingValues],
      ['no course', { _id: 'new', title: 'x' }, MSG.missingValues],
      ['a new lesson without a title', { _id: 'new', course: 'c' }, MSG.required],
      ['a sort order that is not a number', { _id: 'new', course: 'c', title: 'x', sortorder: 'late' }, MSG.notValid],
    ];
    for (const [name, body, message] of bad) {
      it(`refuses ${name} with 400 and stores nothing`, async () => {
        const before = await countLessons();
        const r = await as.editor.post('/app_lessons/save', body);
        expect(r.status).toBe(400);
        expect(r.body.error.message).toBe(message);
        expect(await countLessons()).toBe(before);
      });
    }

    it('answers 404 for an unknown course or lesson', async () => {
      const course = await buildCourse(server().ctx);
      const before = await countLessons();
      expect((await as.editor.post('/app_lessons/save', { _id: 'new', course: 'no-such-course', title: 'x' })).status).toBe(404);
      expect((await as.editor.post('/app_lessons/save', { _id: 'no-such-lesson', course, title: 'x' })).status).toBe(404);
      expect(await countLessons()).toBe(before);
    });
  });

  describe('kept answers', () => {
    it("answers an editor's change at once: a lesson's title, a material added and changed, the lesson removed", async () => {
      const { course, lesson, article } = await courseWithQuiz();
      // Read first, so the answers are kept before each change.
      const read = async () => ({
        list: (await as.learner.post('/app_lessons/list', { course })).body as { _id: string; title: string }[],
        got: await as.learner.post('/app_lessons/get', { _id: lesson.id }),
      });
      expect((await read()).got.body.title).toBe(lesson.title);
      expect((await as.editor.post('/app_lessons/save', { _id: lesson.id, course, title: 'Renamed' })).status).toBe(200);
      let now = await read();
      expect(now.list.find((l) => l._id === lesson.id)?.title).toBe('Renamed');
      expect(now.got.body.title).toBe('Renamed');
      const added = await as.editor.post('/app_materials/save', {
        _id: 'new',
        lesson: lesson.id,
        section: 'Article',
        title: 'Added',
        order: 4,
      });
      expect(added.status).toBe(200);
      expect((await read()).got.body.materials[added.body._id]).toMatchObject({ title: 'Added' });
      expect((await as.editor.post('/app_materials/save', { _id: article.id, description: '<p>Changed</p>' })).status).toBe(200);
      expect((await read()).got.body.materials[article.id].description).toBe('<p>Changed</p>');
      expect((await as.editor.post('/app_lessons/remove', { _id: lesson.id })).status).toBe(200);
      now = await read();
      expect(now.got.status).toBe(404);
      expect(now.list.map((l) => l._id)).not.toContain(lesson.id);
    });
  });

  describe('remove', () => {
    it('removes the lesson and its materials', async () => {
      const { lesson } = await courseWithQuiz();
      const r = await as.editor.post('/app_lessons/remove', { _id: lesson.id });
      expect(r.status).toBe(200);
      expect(await stored(lesson.id)).toBeUndefined();
      expect(await db().selectFrom('materials').select('id').where('lesson', '=', lesson.id).execute()).toEqual([]);
    });

    it('refuses signed-out and learner removes; 400 without an id; 404 for an unknown one', async () => {
      const { lesson } = await courseWithQuiz();
      expect((await as.visitor.post('/app_lessons/remove', { _id: lesson.id })).status).toBe(401);
      expect((await as.learner.post('/app_lessons/remove', { _id: lesson.id })).status).toBe(403);
      expect(await stored(lesson.id)).toBeTruthy();
      expect(await db().selectFrom('materials').select('id').where('lesson', '=', lesson.id).execute()).toHaveLength(3);
      const r = await as.editor.post('/app_lessons/remove', {});
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(MSG.missingId);
      expect((await as.editor.post('/app_lessons/remove', { _id: 'no-such-lesson' })).status).toBe(404);
    });
  });
});
