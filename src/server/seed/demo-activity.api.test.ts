/** The demo's year of learners gives the dashboard and reports real figures. */
import { expect, it } from 'vitest';
import { describeEachEngine } from '../testing/harness.ts';
import { seedDemo, DEMO_PASSWORD } from './seed-demo.ts';

describeEachEngine('demo activity', (server) => {
  it('fills the dashboard: enrolments, completions, exam passes, many countries and every language', async () => {
    await seedDemo(server().ctx);
    const admin = server().client();
    await admin.login('admin@example.org', DEMO_PASSWORD);
    const summary = (await admin.post('/app_stats/summarize', {})).body;
    expect(summary.users).toBeGreaterThan(50);
    expect(summary.enrollments).toBeGreaterThan(50);
    expect(summary.completions).toBeGreaterThan(5);
    expect(summary.examsPassed).toBeGreaterThan(5);
    const stats = (await admin.post('/app_stats/getStats', {})).body;
    expect(stats.learnersByLanguage.map((l: { lang: string }) => l.lang).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'pt']);
    expect(stats.learnersByCountry.length).toBeGreaterThan(10);
    expect(stats.timeline.filter((p: { registrations: number }) => p.registrations > 0).length).toBeGreaterThan(6);
    // A demo learner can sign in like any other.
    await server().client().login('learner7@example.org', DEMO_PASSWORD);
  });
});

describeEachEngine('demo gradebook', (server) => {
  it("gives the private group's instructor a gradebook with exam attempts, a granted attempt and an open one", async () => {
    await seedDemo(server().ctx);
    const instructor = server().client();
    await instructor.login('instructor@example.org', DEMO_PASSWORD);
    const book = (await instructor.post('/app_enrollment/gradebook', { classid: 'iol-en-group-spring' })).body;
    const attempts = book.rows.map((r: { exam: { attempts: number } }) => r.exam.attempts).sort();
    expect(attempts).toEqual([0, 1, 1, 2, 2, 3]);
    expect(book.rows.filter((r: { exam: { passed: boolean } }) => r.exam.passed)).toHaveLength(2);
    expect(book.rows.some((r: { exam: { inprogress: boolean } }) => r.exam.inprogress)).toBe(true);
    expect(book.rows.some((r: { exam: { granted: number; allowed: number } }) => r.exam.granted === 1 && r.exam.allowed === 4)).toBe(true);
    const audit = await server().ctx.db.selectFrom('audit_log').select('action').where('action', '=', 'exam.grantAttempt').execute();
    expect(audit).toHaveLength(1);
  });
});

describeEachEngine('demo history and language copy', (server) => {
  it('gives a block versions by the editor and the archived course a Spanish Inactive copy', async () => {
    const { ctx } = server();
    await seedDemo(ctx);
    const editor = server().client();
    await editor.login('editor@example.org', DEMO_PASSWORD);
    const versioned = await ctx.db
      .selectFrom('record_versions')
      .select(['recordid'])
      .where('kind', '=', 'content')
      .executeTakeFirstOrThrow();
    const versions = (await editor.post('/app_history/list', { kind: 'content', _id: versioned.recordid })).body;
    expect(versions).toHaveLength(3);
    expect(versions[0].authoremail).toBe('editor@example.org');
    const copy = await ctx.db
      .selectFrom('courses')
      .selectAll()
      .where('main', '=', 'archived-facilitation')
      .where('lang', '=', 'es')
      .executeTakeFirstOrThrow();
    expect(copy.status).toBe('Inactive');
    expect((await ctx.site.get()).config.maincourses['archived-facilitation']).toMatchObject({ en: 'archived-facilitation', es: copy.id });
    expect(await ctx.db.selectFrom('lessons').select('id').where('course', '=', copy.id).execute()).not.toHaveLength(0);
  });
});
