/** 'Copy as a new language version': the sibling course with its lessons, materials, quizzes and exam, Inactive, mapped. */
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { asRoles, buildLearningCourse, signedInUser } from '../../testing/factories.ts';

describeEachEngine('course copy into another language', (server) => {
  it('creates the Inactive sibling with copies of lessons and materials and maps it in maincourses', async () => {
    const { ctx } = server();
    const source = await buildLearningCourse(ctx);
    const editor = await signedInUser(server(), { roles: asRoles('cms') });
    const res = await editor.client.post('/app_courses/copy', { _id: source.course, lang: 'fr' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lessons: 2, materials: 5, course: { lang: 'fr', status: 'Inactive', main: source.course } });
    const copyId = res.body.course._id as string;
    expect(copyId).not.toBe(source.course);
    const lessons = await ctx.db.selectFrom('lessons').select('id').where('course', '=', copyId).execute();
    expect(lessons).toHaveLength(2);
    const mats = await ctx.db
      .selectFrom('materials')
      .selectAll()
      .where(
        'lesson',
        'in',
        lessons.map((l) => l.id),
      )
      .execute();
    expect(mats.map((m) => m.section).sort()).toEqual(['Article', 'Article', 'Exam', 'Quiz', 'Text']);
    expect(JSON.parse(mats.find((m) => m.section === 'Exam')!.quiz!)).toHaveLength(5);
    // The source is untouched.
    expect(await ctx.db.selectFrom('lessons').select('id').where('course', '=', source.course).execute()).toHaveLength(2);
    const { config } = await ctx.site.get();
    expect(config.maincourses[source.course]).toMatchObject({ en: source.course, fr: copyId });
    // Learners do not see the draft in the catalogue.
    const list = await server().client().post('/app_courses/list', { lang: 'fr' });
    expect(list.body.map((c: { _id: string }) => c._id)).not.toContain(copyId);

    // A second copy into the same language is refused, and so is the course's own language.
    const again = await editor.client.post('/app_courses/copy', { _id: source.course, lang: 'fr' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This course already has a version in that language.');
    expect((await editor.client.post('/app_courses/copy', { _id: source.course, lang: 'en' })).status).toBe(400);
    expect(await ctx.db.selectFrom('courses').select('id').where('lang', '=', 'fr').execute()).toHaveLength(1);
  });

  it('is for editors only and checks its input', async () => {
    const { ctx } = server();
    const source = await buildLearningCourse(ctx);
    const learner = await signedInUser(server());
    expect((await learner.client.post('/app_courses/copy', { _id: source.course, lang: 'de' })).status).toBe(403);
    const editor = await signedInUser(server(), { roles: asRoles('cms') });
    const bad = await editor.client.post('/app_courses/copy', { _id: source.course, lang: 'xyz' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Please choose a language.');
    expect((await editor.client.post('/app_courses/copy', { _id: 'nope', lang: 'de' })).status).toBe(404);
    expect(await ctx.db.selectFrom('courses').select('id').where('lang', '=', 'de').execute()).toHaveLength(0);
  });
});
