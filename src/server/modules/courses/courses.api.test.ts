/** The course catalogue through the real server, on SQLite and on PostgreSQL. */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine, type TestClient } from '../../testing/harness.ts';
import { buildClass, buildCourse, buildLesson, buildMaterial, roleClients } from '../../testing/factories.ts';
import { MSG } from '../../../domain/messages.ts';

describeEachEngine('courses API', (server) => {
  let as: Awaited<ReturnType<typeof roleClients>>;
  beforeAll(async () => {
    as = await roleClients(server());
  });
  const db = () => server().ctx.db;
  const countCourses = async () => (await db().selectFrom('courses').select('id').execute()).length;
  const stored = (id: string) => db().selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();

  describe('list', () => {
    it('lists courses by language, sorted by order then title, for everyone', async () => {
      const a = await buildCourse(server().ctx, { title: 'Zebra studies', lang: 'pt' });
      const b = await buildCourse(server().ctx, { title: 'Apple studies', lang: 'pt' });
      const r = await as.visitor.post('/app_courses/list', { lang: 'pt' });
      expect(r.status).toBe(200);
      expect(r.body.map((c: { _id: string }) => c._id)).toEqual([b, a]);
      expect((await as.visitor.post('/app_courses/list', {})).body.length).toBeGreaterThanOrEqual(2);
      expect((await as.visitor.post('/app_courses/list', { lang: 'english' })).status).toBe(400);
    });

    it('shows a saved course in the cached catalogue at once', async () => {
      const id = await buildCourse(server().ctx, { title: 'Cached title', lang: 'fr' });
      const title = async () =>
        (await as.visitor.post('/app_courses/list', { lang: 'fr' })).body.find((c: { _id: string }) => c._id === id)?.title;
      expect(await title()).toBe('Cached title');
      expect((await as.editor.post('/app_courses/save', { _id: id, title: 'Fresh title' })).status).toBe(200);
      expect(await title()).toBe('Fresh title');
      const created = await as.editor.post('/app_courses/save', { _id: 'new', title: 'Brand new', lang: 'fr' });
      expect((await as.visitor.post('/app_courses/list', { lang: 'fr' })).body.map((c: { _id: string }) => c._id)).toContain(
        created.body._id,
      );
      await as.editor.post('/app_courses/remove', { _id: id });
      expect(await title()).toBeUndefined();
    });
  });

  describe('save', () => {
    it('creates a course for _id new with a fresh id, defaults and a sanitised description', async () => {
      const r = await as.editor.post('/app_courses/save', {
        _id: 'new',
        title: 'Digital skills',
        description: '<p>Learn</p><script>alert(1)</script>',
        description2: '<img src=x onerror=alert(1)><a href="javascript:alert(2)">more</a>',
        sections: 'one,two',
        order: '2',
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ title: 'Digital skills', lang: 'en', order: 2, sections: 'one,two', description: '<p>Learn</p>' });
      expect(r.body._id).toMatch(/^[0-9a-f]{24}$/);
      expect(r.body.main).toBe(r.body._id);
      expect(r.body.description2).toBe('<img src="x" /><a>more</a>');
      expect(await stored(r.body._id)).toBeTruthy();
    });

    it('updates only the fields it is given, and drops the published-content cache', async () => {
      const id = await buildCourse(server().ctx, { title: 'Before', status: 'Active' });
      let published = 0;
      server().ctx.bus.subscribe('content', () => {
        published++;
      });
      const r = await as.admin.post('/app_courses/save', { _id: id, status: 'Inactive' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ _id: id, title: 'Before', status: 'Inactive' });
      expect(published).toBeGreaterThan(0);
    });

    it('refuses signed-out and learner writes, and stores nothing', async () => {
      const id = await buildCourse(server().ctx, { title: 'Untouched' });
      const before = await countCourses();
      const cases: [TestClient, number][] = [
        [as.visitor, 401],
        [as.learner, 403],
      ];
      for (const [client, status] of cases) {
        expect((await client.post('/app_courses/save', { _id: 'new', title: 'Spam' })).status).toBe(status);
        expect((await client.post('/app_courses/save', { _id: id, title: 'Hacked' })).status).toBe(status);
      }
      expect(await countCourses()).toBe(before);
      expect((await stored(id))!.title).toBe('Untouched');
    });

    const bad: [string, unknown, string][] = [
      ['no _id', { title: 'x' }, MSG.missingId],
      ['a new course without a title', { _id: 'new' }, MSG.required],
      ['an empty title', { _id: 'new', title: '  ' }, MSG.required],
      ['a bad language', { _id: 'new', title: 'x', lang: 'english' }, MSG.invalidLanguage],
      ['a banner that is a script URL', { _id: 'new', title: 'x', smallbanner: 'javascript:alert(1)' }, MSG.unsafeUrl],
      ['an order that is not a number', { _id: 'new', title: 'x', order: {} }, MSG.notValid],
    ];
    for (const [name, body, message] of bad) {
      it(`refuses ${name} with 400 and stores nothing`, async () => {
        const before = await countCourses();
        const r = await as.editor.post('/app_courses/save', body);
        expect(r.status).toBe(400);
        expect(r.body.error.message).toBe(message);
        expect(await countCourses()).toBe(before);
      });
    }

    it('answers 404 for an unknown id', async () => {
      expect((await as.editor.post('/app_courses/save', { _id: 'no-such-course', title: 'x' })).status).toBe(404);
      expect(await stored('no-such-course')).toBeUndefined();
    });
  });

  describe('remove', () => {
    it('removes the course with its lessons and their materials', async () => {
      const id = await buildCourse(server().ctx);
      const lesson = await buildLesson(server().ctx, id);
      await buildMaterial(server().ctx, lesson.id);
      const r = await as.editor.post('/app_courses/remove', { _id: id });
      expect(r.status).toBe(200);
      expect(await stored(id)).toBeUndefined();
      expect(await db().selectFrom('lessons').select('id').where('course', '=', id).execute()).toEqual([]);
      expect(await db().selectFrom('materials').select('id').where('lesson', '=', lesson.id).execute()).toEqual([]);
    });

    it('keeps a course that still has classes (409), so no enrolment is lost', async () => {
      const id = await buildCourse(server().ctx);
      await buildClass(server().ctx, id);
      const r = await as.admin.post('/app_courses/remove', { _id: id });
      expect(r.status).toBe(409);
      expect(r.body.error.message).toBe(MSG.courseHasClasses);
      expect(await stored(id)).toBeTruthy();
    });

    it('refuses signed-out and learner removes; 400 without an id; 404 for an unknown one', async () => {
      const id = await buildCourse(server().ctx);
      expect((await as.visitor.post('/app_courses/remove', { _id: id })).status).toBe(401);
      expect((await as.learner.post('/app_courses/remove', { _id: id })).status).toBe(403);
      expect(await stored(id)).toBeTruthy();
      const r = await as.editor.post('/app_courses/remove', {});
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(MSG.missingId);
      expect((await as.editor.post('/app_courses/remove', { _id: 'no-such-course' })).status).toBe(404);
    });
  });
});
