/** Enrolling, My Classes lists, editors' enrolment management and class participants, on both engines. */
import { describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { asRoles, buildClass, buildCourse, buildLearningCourse, buildUser, signedInUser } from '../../testing/factories.ts';
import { MSG } from '../../../domain/messages.ts';
import { enroll, enrollmentId, recordView } from './enrollment.repository.ts';

describeEachEngine('enrolment API', (server) => {
  const classRow = (id: string) => server().ctx.db.selectFrom('classes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const enrollmentCount = async (user: string) =>
    (await server().ctx.db.selectFrom('enrollments').select('id').where('user', '=', user).execute()).length;

  describe('enroll', () => {
    it('enrols in a self-paced class once, however often it is asked, and answers the enrolment', async () => {
      const course = await buildCourse(server().ctx);
      const classid = await buildClass(server().ctx, course, { selfpaced: 1 });
      const { user, client } = await signedInUser(server());
      const r = await client.post(`/app_enrollment/enroll/${classid}`, { courseid: course, classid });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        _id: enrollmentId(user.id, classid),
        user: user.id,
        course,
        classid,
        progress: {},
        classexists: true,
      });
      expect(typeof r.body.regdate).toBe('string');
      const again = await client.post(`/app_enrollment/enroll/${classid}`, { courseid: course });
      expect(again.body.regdate).toBe(r.body.regdate);
      expect(await enrollmentCount(user.id)).toBe(1);
    });

    it('needs the matching code for a private group', async () => {
      const course = await buildCourse(server().ctx);
      const classid = await buildClass(server().ctx, course, { selfpaced: 0, regcode: 'GROUP234' });
      const { user, client } = await signedInUser(server());
      const none = await client.post(`/app_enrollment/enroll/${classid}`, { courseid: course, classid });
      expect([none.status, none.body.error.message]).toEqual([400, MSG.regcodeRequired]);
      const wrong = await client.post(`/app_enrollment/enroll/${classid}`, { courseid: course, classid, regcode: 'GROUP235' });
      expect([wrong.status, wrong.body.error.message]).toEqual([403, MSG.regcodeMismatch]);
      expect(await enrollmentCount(user.id)).toBe(0);
      const right = await client.post(`/app_enrollment/enroll/${classid}`, { courseid: course, classid, regcode: 'group234' });
      expect(right.status).toBe(200);
      expect(await enrollmentCount(user.id)).toBe(1);
    });

    it('refuses an inactive course, a class of another course, and an unknown class', async () => {
      const inactive = await buildCourse(server().ctx, { status: 'Inactive' });
      const closed = await buildClass(server().ctx, inactive);
      const course = await buildCourse(server().ctx);
      const open = await buildClass(server().ctx, course);
      const { user, client } = await signedInUser(server());
      const a = await client.post(`/app_enrollment/enroll/${closed}`, { courseid: inactive });
      expect([a.status, a.body.error.message]).toEqual([400, MSG.enrollCourseInactive]);
      const b = await client.post(`/app_enrollment/enroll/${open}`, { courseid: inactive });
      expect([b.status, b.body.error.message]).toEqual([400, MSG.classOtherCourse]);
      const c = await client.post('/app_enrollment/enroll/no-such-class', { courseid: course });
      expect([c.status, c.body.error.message]).toEqual([404, MSG.classNotFound]);
      expect(await enrollmentCount(user.id)).toBe(0);
    });

    it('answers signed out with 401 and bad input with 400', async () => {
      const course = await buildCourse(server().ctx);
      const classid = await buildClass(server().ctx, course);
      expect((await server().client().post(`/app_enrollment/enroll/${classid}`, { courseid: course })).status).toBe(401);
      const { client } = await signedInUser(server());
      for (const body of [{}, { courseid: '' }, { courseid: 7 }, '[]', { courseid: course, classid: 'another-class' }]) {
        const r = await client.post(`/app_enrollment/enroll/${classid}`, body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.error.message).toBe(MSG.missingIdEnroll);
      }
    });
  });

  describe('list', () => {
    it("lists one's own enrolments with class name, course title and certificate link", async () => {
      const course = await buildCourse(server().ctx, { title: 'Listing course' });
      const classid = await buildClass(server().ctx, course);
      const { user, client } = await signedInUser(server());
      await enroll(server().ctx.db, user.id, await classRow(classid));
      const r = await client.post('/app_enrollment/list', {});
      expect(r.body).toHaveLength(1);
      expect(r.body[0]).toMatchObject({ classid, classname: 'Test class', coursetitle: 'Listing course', classexists: true });
      expect(r.body[0].certificate).toBeUndefined();
      expect((await server().client().post('/app_enrollment/list', {})).status).toBe(401);
      expect((await client.post('/app_enrollment/list', { user: 5 })).status).toBe(400);
      // The titles are kept between requests: a course renamed or removed shows at once.
      await server().ctx.db.updateTable('courses').set({ title: 'Renamed course' }).where('id', '=', course).execute();
      expect((await client.post('/app_enrollment/list', {})).body[0].coursetitle).toBe('Renamed course');
      await server().ctx.db.deleteFrom('courses').where('id', '=', course).execute();
      expect((await client.post('/app_enrollment/list', {})).body[0].coursetitle).toBeUndefined();
      // So are the classes: renamed by an admin, and removed, they show at once, in the list and as the class.
      const admin = await signedInUser(server(), { roles: asRoles('admin') });
      expect((await client.post('/app_classes/list', { _id: classid })).body[0].name).toBe('Test class');
      expect((await admin.client.post('/app_classes/save', { _id: classid, name: 'Renamed class' })).status).toBe(200);
      expect((await client.post('/app_enrollment/list', {})).body[0].classname).toBe('Renamed class');
      expect((await client.post('/app_classes/list', { _id: classid })).body[0].name).toBe('Renamed class');
      await server().ctx.db.deleteFrom('classes').where('id', '=', classid).execute();
      const gone = (await client.post('/app_enrollment/list', {})).body[0];
      expect([gone.classexists, gone.classname]).toEqual([false, undefined]);
      expect((await client.post('/app_classes/list', { _id: classid })).body).toEqual([]);
    });

    it('lets editors pass another user; learners get 403 for someone else', async () => {
      const course = await buildCourse(server().ctx);
      const classid = await buildClass(server().ctx, course);
      const target = await buildUser(server().ctx);
      await enroll(server().ctx.db, target.id, await classRow(classid));
      const { client: learner } = await signedInUser(server());
      expect((await learner.post('/app_enrollment/list', { user: target.id })).status).toBe(403);
      const { client: editor } = await signedInUser(server(), { roles: asRoles('cms') });
      const r = await editor.post('/app_enrollment/list', { user: target.id });
      expect(r.body.map((e: any) => e.user)).toEqual([target.id]);
    });
  });

  describe('save and remove (editors)', () => {
    it('adds a user to a class, edits the enrolment and removes it with its progress', async () => {
      const { ctx } = server();
      const { course, lessons, materials } = await buildLearningCourse(ctx);
      const classid = await buildClass(ctx, course);
      const target = await buildUser(ctx);
      const { client: editor } = await signedInUser(server(), { roles: asRoles('cms') });
      const added = await editor.post('/app_enrollment/save', { user: target.id, classid });
      expect(added.status).toBe(200);
      expect(added.body._id).toBe(enrollmentId(target.id, classid));
      const edited = await editor.post('/app_enrollment/save', {
        _id: added.body._id,
        description: 'Moved from the spring group',
        completed: '2026-06-30',
      });
      expect(edited.body).toMatchObject({ description: 'Moved from the spring group', completed: '2026-06-30T00:00:00.000Z' });
      await recordView(ctx.db, added.body._id, lessons[0], materials.article);
      expect((await editor.post('/app_enrollment/remove', { _id: added.body._id })).body).toEqual({ ok: true, _id: added.body._id });
      expect(await enrollmentCount(target.id)).toBe(0);
      const left = await ctx.db.selectFrom('material_views').select('material').where('enrollmentId', '=', added.body._id).execute();
      expect(left).toEqual([]);
    });

    it('is for editors: visitors 401, learners 403, and nothing changes', async () => {
      const course = await buildCourse(server().ctx);
      const classid = await buildClass(server().ctx, course);
      const target = await buildUser(server().ctx);
      const id = await enroll(server().ctx.db, target.id, await classRow(classid));
      const { client: learner } = await signedInUser(server());
      expect((await server().client().post('/app_enrollment/save', { user: target.id, classid })).status).toBe(401);
      expect((await learner.post('/app_enrollment/save', { _id: id, completed: '2026-01-01' })).status).toBe(403);
      expect((await learner.post('/app_enrollment/remove', { _id: id })).status).toBe(403);
      const row = await server().ctx.db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.completed).toBeNull();
    });

    it('answers bad input with 400 and unknown records with 404', async () => {
      const course = await buildCourse(server().ctx);
      const classid = await buildClass(server().ctx, course);
      const target = await buildUser(server().ctx);
      const { client: admin } = await signedInUser(server(), { roles: asRoles('admin') });
      for (const body of [{}, { user: target.id }, { _id: 'x', completed: 'yesterday' }, '[]']) {
        const r = await admin.post('/app_enrollment/save', body);
        expect(r.status, JSON.stringify(body)).toBe(400);
      }
      expect((await admin.post('/app_enrollment/save', { user: 'nobody', classid })).body.error.message).toBe(MSG.userNotFound);
      expect((await admin.post('/app_enrollment/save', { user: target.id, classid: 'no-such-class' })).body.error.message).toBe(
        MSG.classNotFound,
      );
      expect((await admin.post('/app_enrollment/save', { _id: 'no-such-enrolment' })).status).toBe(404);
      expect((await admin.post('/app_enrollment/remove', { _id: 'no-such-enrolment' })).status).toBe(404);
      expect((await admin.post('/app_enrollment/remove', {})).status).toBe(400);
      expect(await enrollmentCount(target.id)).toBe(0);
    });
  });

  describe('classEnrollment (participants)', () => {
    it('gives the instructor and admins details, fellow learners names only, anyone else 403', async () => {
      const { ctx } = server();
      const { course, lessons, materials } = await buildLearningCourse(ctx);
      const host = await signedInUser(server());
      const classid = await buildClass(ctx, course, { instructor: host.user.id, selfpaced: 0 });
      const a = await signedInUser(server(), { firstname: 'Amal', lastname: 'Aziz' });
      const b = await signedInUser(server(), { firstname: 'Bruno', lastname: 'Bento' });
      const cls = await classRow(classid);
      const ea = await enroll(ctx.db, a.user.id, cls);
      await enroll(ctx.db, b.user.id, cls);
      await recordView(ctx.db, ea, lessons[0], materials.article);
      await recordView(ctx.db, ea, lessons[1], materials.text);

      const detailed = await host.client.post('/app_enrollment/classEnrollment', { classid });
      expect(detailed.status).toBe(200);
      expect(detailed.body).toHaveLength(2);
      expect(detailed.body[0]).toMatchObject({ firstname: 'Amal', lastname: 'Aziz', email: a.user.email, lessons: 2, lessoncount: 2 });
      expect(typeof detailed.body[0].regdate).toBe('string');
      expect(typeof detailed.body[0].lastactivity).toBe('string');
      expect(detailed.body[1]).toMatchObject({ firstname: 'Bruno', lessons: 0 });

      const { client: admin } = await signedInUser(server(), { roles: asRoles('admin') });
      expect((await admin.post('/app_enrollment/classEnrollment', { classid })).body[0].email).toBe(a.user.email);

      const fellow = await b.client.post('/app_enrollment/classEnrollment', { classid });
      expect(fellow.body).toEqual([
        { firstname: 'Amal', lastname: 'Aziz' },
        { firstname: 'Bruno', lastname: 'Bento' },
      ]);

      // A learner of another class, and an editor, cannot see this class's participants.
      const otherClass = await buildClass(ctx, course);
      const c = await signedInUser(server());
      await enroll(ctx.db, c.user.id, await classRow(otherClass));
      expect((await c.client.post('/app_enrollment/classEnrollment', { classid })).status).toBe(403);
      const { client: editor } = await signedInUser(server(), { roles: asRoles('cms') });
      expect((await editor.post('/app_enrollment/classEnrollment', { classid })).status).toBe(403);
      expect((await server().client().post('/app_enrollment/classEnrollment', { classid })).status).toBe(401);
      expect((await admin.post('/app_enrollment/classEnrollment', { classid: 'no-such-class' })).status).toBe(404);
      const bad = await admin.post('/app_enrollment/classEnrollment', {});
      expect([bad.status, bad.body.error.message]).toEqual([400, MSG.missingClassId]);
    });
  });
});
