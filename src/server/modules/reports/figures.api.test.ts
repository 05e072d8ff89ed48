/**
 * Cached report and dashboard figures change as soon as their data does, through the real server on
 * SQLite and on PostgreSQL; and a write in one process drops the figures another process keeps.
 */
import { describe, expect, it } from 'vitest';
import { describeEachEngine, type TestClient } from '../../testing/harness.ts';
import { accountRow, buildClass, buildLearningCourse, registrationBody, roleClients, signedInUser } from '../../testing/factories.ts';
import { memoryInvalidation } from '../../adapters/invalidation.ts';
import { openStore, migrate, withPlugin } from '../../db/database.ts';
import { Figures, figuresTouched } from './figures.ts';

describe('which writes change which figures', () => {
  it('a view changes the completion figures only; a new account every figure counting accounts', () => {
    expect(figuresTouched('enrollments', ['percentcomplete'])).toEqual(['completions']);
    expect(figuresTouched('users', ['lastseen'])).toEqual([]);
    expect(figuresTouched('users')).toEqual([
      'timeline',
      'languages',
      'countries',
      'summary',
      'userTotals',
      'participantTotals',
      'sessions',
    ]);
    expect(figuresTouched('enrollments', ['certcode'])).toEqual([]);
    expect(figuresTouched('lesson_progress')).toEqual([]);
  });

  it('kept sessions go with any change to a session, an account or a temporary password but the times of last activity', () => {
    expect(figuresTouched('users', ['lastseen', 'lasttime'])).toEqual([]);
    expect(figuresTouched('users', ['suspended'])).toEqual(['sessions']);
    expect(figuresTouched('users', ['roles'])).toEqual(['summary', 'userTotals', 'sessions']);
    expect(figuresTouched('users', ['lastseen', 'passwordHash'])).toEqual(['sessions']);
    expect(figuresTouched('sessions', ['lastseen'])).toEqual([]);
    expect(figuresTouched('sessions')).toEqual(['sessions']);
    expect(figuresTouched('account_secrets', ['used'])).toEqual(['sessions']);
  });
});

describe('figures in two processes', () => {
  it('a write in one process drops what the other keeps; a read never does', async () => {
    // Two processes' caches over one store and one bus (as the cluster primary or Redis relays it).
    const store = openStore('sqlite::memory:');
    await migrate(store);
    const bus = memoryInvalidation();
    // Every write told at once (no window), to see each one's effect.
    const [a, b] = [new Figures(bus, { publishWindowMs: 0 }), new Figures(bus)];
    const dbA = withPlugin(store.db, a.plugin());
    let builds = 0;
    const count = () => b.get('userTotals', '', async () => ++builds);
    expect(await count()).toBe(1);
    expect(await count()).toBe(1);
    await dbA.selectFrom('users').selectAll().execute();
    expect(await count()).toBe(1);
    await dbA.insertInto('users').values(accountRow('u1')).execute();
    expect(await count()).toBe(2);
    // An update of a column no figure reads keeps them.
    await dbA.updateTable('users').set({ lastseen: new Date().toISOString() }).where('id', '=', 'u1').execute();
    expect(await count()).toBe(2);
    await dbA.updateTable('users').set({ roles: '["admin"]' }).where('id', '=', 'u1').execute();
    expect(await count()).toBe(3);
    a.close();
    b.close();
    await store.close();
  });
});

describe('figures told to other processes', () => {
  it('a burst of writes reaches them at once, then once more when the window ends; the writer drops its own every time', async () => {
    const store = openStore('sqlite::memory:');
    await migrate(store);
    const bus = memoryInvalidation();
    const told: string[] = [];
    bus.subscribe('figures:userTotals', () => told.push('userTotals'));
    const a = new Figures(bus, { publishWindowMs: 150 });
    const dbA = withPlugin(store.db, a.plugin());
    let builds = 0;
    const own = () => a.get('userTotals', '', async () => ++builds);
    expect(await own()).toBe(1);
    await dbA.insertInto('users').values(accountRow('u1')).execute();
    expect(told).toHaveLength(1);
    expect(await own()).toBe(2);
    await dbA.insertInto('users').values(accountRow('u2')).execute();
    await dbA.insertInto('users').values(accountRow('u3')).execute();
    // Inside the window: the others wait, this process has dropped its figure already.
    expect(told).toHaveLength(1);
    expect(await own()).toBe(3);
    await new Promise((r) => setTimeout(r, 250));
    expect(told).toHaveLength(2);
    a.close();
    await store.close();
  });

  it('a kept discussion goes with every post and reply, in every process at once, however close together', async () => {
    expect(figuresTouched('comments', ['body'])).toEqual(['discussions']);
    expect(figuresTouched('replies', ['removed'])).toEqual(['discussions']);
    const store = openStore('sqlite::memory:');
    await migrate(store);
    const bus = memoryInvalidation();
    // Both with the usual window: other figures would wait for it, a discussion does not.
    const [a, b] = [new Figures(bus), new Figures(bus)];
    const dbA = withPlugin(store.db, a.plugin());
    let builds = 0;
    const read = () => b.get('discussions', 'lesson|class', async () => ++builds);
    expect(await read()).toBe(1);
    await dbA.updateTable('comments').set({ body: '<p>edited</p>' }).where('id', '=', 'p1').execute();
    expect(await read()).toBe(2);
    await dbA.updateTable('replies').set({ removed: 1 }).where('id', '=', 'r1').execute();
    expect(await read()).toBe(3);
    a.close();
    b.close();
    await store.close();
  });
});

/** The learner's view of the course's first article, as the lesson page records it. */
const viewArticle = (
  client: TestClient,
  user: string,
  classid: string,
  lc: { course: string; lessons: readonly string[]; materials: { article: string } },
) => client.post('/app_enrollment/viewed', { user, classid, lessonid: lc.lessons[0], course: lc.course, materialid: lc.materials.article });

describeEachEngine('cached figures', (server) => {
  it('a view that does not complete the course keeps the figures that read only completion', async () => {
    const { ctx } = server();
    const lc = await buildLearningCourse(ctx);
    const classid = await buildClass(ctx, lc.course);
    const { user, client } = await signedInUser(server());
    expect((await client.post('/app_enrollment/enroll/' + classid, { courseid: lc.course })).status).toBe(200);
    let builds = 0;
    const kept = (figure: 'enrolmentTotals' | 'completions') =>
      ctx.figures.get(figure, `view-test-${lc.course}`, async () => {
        builds++;
        return builds;
      });
    await kept('enrolmentTotals');
    await kept('completions');
    expect(builds).toBe(2);
    const viewed = await viewArticle(client, user.id, classid, lc);
    expect(viewed.status).toBe(200);
    expect(viewed.body.completed ?? null).toBeNull();
    // The percentage moved (the completion report is built again); the completed count did not.
    await kept('completions');
    await kept('enrolmentTotals');
    expect(builds).toBe(3);
  });

  it('reports, a staff table total and the dashboard follow every change to their data', async () => {
    const { ctx } = server();
    const c = await roleClients(server());
    const lc = await buildLearningCourse(ctx, { title: 'Figures course' });
    const classid = await buildClass(ctx, lc.course);
    const completions = async () => {
      const r = await c.admin.post('/app_reports/completions', { course: lc.course });
      expect(r.status).toBe(200);
      return r.body.rows[0];
    };
    const enrolledInClass = async () => {
      const r = await c.admin.post('/app_reports/enrollments/page', { course: lc.course, limit: 10 });
      return r.body.rows.find((row: { classid: string }) => row.classid === classid)?.enrolled;
    };
    const tableTotal = async () => (await c.admin.post('/app_enrollment/page', { course: lc.course })).body.total;
    const summary = async () => (await c.admin.post('/app_stats/summarize', {})).body;

    expect(await completions()).toMatchObject({ title: 'Figures course', enrolled: 0, completed: 0, averageprogress: 0 });
    expect(await enrolledInClass()).toBe(0);
    expect(await tableTotal()).toBe(0);
    const before = await summary();

    // An admin enrols a learner: the enrolment figures, the table's total and the headline count move.
    const { user, client } = await signedInUser(server());
    expect((await c.admin.post('/app_enrollment/save', { user: user.id, classid })).status).toBe(200);
    expect(await completions()).toMatchObject({ enrolled: 1, completed: 0, averageprogress: 0 });
    expect(await enrolledInClass()).toBe(1);
    expect(await tableTotal()).toBe(1);
    expect((await summary()).enrollments).toBe(before.enrollments + 1);

    // The learner's progress moves the average progress.
    const viewed = await viewArticle(client, user.id, classid, lc);
    expect(viewed.status).toBe(200);
    expect((await completions()).averageprogress).toBeGreaterThan(0);

    // Renaming the course renames it in the report.
    expect((await c.admin.post('/app_courses/save', { _id: lc.course, title: 'Figures course, renamed' })).status).toBe(200);
    expect((await completions()).title).toBe('Figures course, renamed');

    // A registration counts in the headline numbers at once.
    const registered = await server().client().post('/app_users/register', registrationBody());
    expect(registered.status).toBe(200);
    expect((await summary()).users).toBe(before.users + 2);

    // Removing the enrolment takes it out again.
    const [row] = (await c.admin.post('/app_enrollment/page', { course: lc.course })).body.rows;
    expect((await c.admin.post('/app_enrollment/remove', { _id: row._id })).status).toBe(200);
    expect(await completions()).toMatchObject({ enrolled: 0 });
    expect(await enrolledInClass()).toBe(0);
    expect(await tableTotal()).toBe(0);
    expect((await summary()).enrollments).toBe(before.enrollments);
  });
});
