/** The one date rule through every call that takes a day: a day that is not on the calendar is refused. */
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { asRoles, buildClass, buildCourse, buildUser, enrollIn, signedInUser } from '../../testing/factories.ts';
import { MSG } from '../../../domain/messages.ts';

describeEachEngine('dates', (server) => {
  it('refuses 2026-02-30 as a class start date, storing nothing', async () => {
    const course = await buildCourse(server().ctx);
    const { client } = await signedInUser(server(), { roles: asRoles('admin') });
    const r = await client.post('/app_classes/save', { _id: 'new', name: 'Feb', course, startdate: '2026-02-30' });
    expect([r.status, r.body.error.message]).toEqual([400, MSG.classDateFormat]);
    expect(await server().ctx.db.selectFrom('classes').select('id').where('name', '=', 'Feb').execute()).toEqual([]);
  });

  it('refuses 2026-02-30 as an enrolment date and leaves the row as it was', async () => {
    const { ctx } = server();
    const course = await buildCourse(ctx);
    const classid = await buildClass(ctx, course);
    const learner = await buildUser(ctx);
    const id = await enrollIn(ctx, learner.id, classid);
    const before = await ctx.db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const { client } = await signedInUser(server(), { roles: asRoles('admin') });
    for (const body of [
      { _id: id, regdate: '2026-02-30' },
      { _id: id, completed: '2026-04-31' },
    ]) {
      const r = await client.post('/app_enrollment/save', body);
      expect([r.status, r.body.error.message], JSON.stringify(body)).toEqual([400, MSG.classDateFormat]);
    }
    expect(await ctx.db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('refuses 2026-02-30 in report filters and a birth date', async () => {
    const { client } = await signedInUser(server(), { roles: asRoles('admin') });
    const report = await client.post('/app_reports/enrollments', { from: '2026-02-30' });
    expect([report.status, report.body.error?.message]).toEqual([400, MSG.dateFormat]);
    const { client: me, user } = await signedInUser(server());
    const r = await me.post('/app_users/save', { _id: user.id, birthDate: '1990-02-30' });
    expect([r.status, r.body.error.message]).toEqual([400, MSG.dateFormat]);
  });
});
