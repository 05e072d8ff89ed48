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
