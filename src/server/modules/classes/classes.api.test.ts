/** Classes through the real server, on SQLite and on PostgreSQL (spec sections 6 and 7). */
import { describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { asRoles, buildClass, buildCourse, buildUser, signedInUser } from '../../testing/factories.ts';
import { json } from '../../db/dialect.ts';
import { MSG } from '../../../domain/messages.ts';
import { REGCODE_LENGTH } from '../../../domain/constants.ts';
import { REGCODE_ALPHABET } from '../../../domain/validation.ts';

const certifiedFor = (course: string) => json({ [course]: { date: '2025-11-01' } });

describeEachEngine('classes API', (server) => {
  const countClasses = async () => (await server().ctx.db.selectFrom('classes').select('id').execute()).length;

  describe('list', () => {
    it('finds a class by its registration code, in any case, and nothing for an unknown code', async () => {
      const course = await buildCourse(server().ctx);
      const id = await buildClass(server().ctx, course, { selfpaced: 0, regcode: 'QWERTY23' });
      const c = server().client();
      const r = await c.post('/app_classes/list', { regcode: ' qwerty23 ' });
      expect(r.status).toBe(200);
      expect(r.body).toHaveLength(1);
      expect(r.body[0]).toMatchObject({ _id: id, course, selfpaced: false, regcode: 'QWERTY23' });
      expect((await c.post('/app_classes/list', { regcode: 'NOPE2345' })).body).toEqual([]);
    });

    it("lists a course's self-paced classes (by language) and hides private groups from outsiders", async () => {
      const { ctx } = server();
      const course = await buildCourse(ctx);
      const open = await buildClass(ctx, course, { selfpaced: 1 });
      const host = await buildUser(ctx);
      const group = await buildClass(ctx, course, { selfpaced: 0, instructor: host.id });
      const visitor = await server().client().post('/app_classes/list', { course, lang: 'en' });
      expect(visitor.body.map((c: any) => c._id)).toEqual([open]);
      expect(visitor.body[0].regcode).toBeUndefined();
      expect((await server().client().post('/app_classes/list', { course, lang: 'fr' })).body).toEqual([]);
      const { client: admin } = await signedInUser(server(), { roles: asRoles('admin') });
      const all = await admin.post('/app_classes/list', { course });
      expect(all.body.map((c: any) => c._id).sort()).toEqual([open, group].sort());
      expect(all.body.every((c: any) => typeof c.regcode === 'string')).toBe(true);
    });

    it('looks up self-paced classes by language alone (spec: the self-paced look-up needs a language)', async () => {
      const { ctx } = server();
      const course = await buildCourse(ctx);
      const open = await buildClass(ctx, course, { selfpaced: 1 });
      const group = await buildClass(ctx, course, { selfpaced: 0 });
      const other = await buildClass(ctx, course, { selfpaced: 1 });
      await ctx.db.updateTable('classes').set({ lang: 'pt' }).where('id', 'in', [open, group]).execute();
      await ctx.db.updateTable('classes').set({ lang: 'fr' }).where('id', '=', other).execute();
      const r = await server().client().post('/app_classes/list', { lang: 'pt' });
      expect(r.status).toBe(200);
      expect(r.body.map((c: any) => c._id)).toEqual([open]);
      expect(r.body[0]).toMatchObject({ selfpaced: true, lang: 'pt' });
      expect(r.body[0].regcode).toBeUndefined();
      expect((await server().client().post('/app_classes/list', { lang: 'fr' })).body.map((c: any) => c._id)).toEqual([other]);
    });

    it("with no filter lists the caller's hosted classes with their codes; visitors get 401", async () => {
      const course = await buildCourse(server().ctx);
      const { user, client } = await signedInUser(server());
      const mine = await buildClass(server().ctx, course, { instructor: user.id, selfpaced: 0 });
      await buildClass(server().ctx, course, { selfpaced: 0 });
      const r = await client.post('/app_classes/list', {});
      expect(r.body.map((c: any) => c._id)).toEqual([mine]);
      expect(r.body[0].regcode).toMatch(/^[A-Z0-9]+$/);
      expect((await server().client().post('/app_classes/list', {})).status).toBe(401);
    });

    it('answers bad input with 400', async () => {
      for (const body of ['[]', { regcode: '' }, { regcode: 5 }, { lang: 'english' }, { course: ['x'] }]) {
        const r = await server().client().post('/app_classes/list', body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(typeof r.body.error.message).toBe('string');
      }
      expect((await server().client().post('/app_classes/list', { regcode: '' })).body.error.message).toBe(MSG.regcodeRequired);
    });
  });

  describe('save (create)', () => {
    it('creates a class for a certified instructor with a generated unique code; the reply has _id', async () => {
      const course = await buildCourse(server().ctx);
      const { user, client } = await signedInUser(server(), { certifications: certifiedFor(course), firstname: 'Ines', lastname: 'Host' });
      const codes = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const r = await client.post('/app_classes/save', {
          _id: 'new',
          name: `Group ${i}`,
          course,
          startdate: '2026-03-02',
          weeks: 12,
          description: '<p>Hi<script>alert(1)</script></p>',
        });
        expect(r.status).toBe(200);
        expect(r.body._id).toBeTruthy();
        expect(r.body).toMatchObject({
          name: `Group ${i}`,
          course,
          instructor: user.id,
          instructorname: 'Ines Host',
          selfpaced: false,
          startdate: '2026-03-02',
          lang: 'en',
        });
        expect(r.body.regcode).toHaveLength(REGCODE_LENGTH);
        expect([...r.body.regcode].every((ch: string) => REGCODE_ALPHABET.includes(ch))).toBe(true);
        expect(r.body.description).not.toContain('script');
        codes.add(r.body.regcode);
      }
      expect(codes.size).toBe(3);
      // The code finds the new class.
      const found = await server()
        .client()
        .post('/app_classes/list', { regcode: [...codes][0] });
      expect(found.body[0].name).toBe('Group 0');
    });

    it('refuses a user without a certification, unless the site allows classes without one', async () => {
      const course = await buildCourse(server().ctx);
      const { client } = await signedInUser(server());
      const before = await countClasses();
      const r = await client.post('/app_classes/save', { _id: 'new', name: 'Mine', course });
      expect(r.status).toBe(403);
      expect(r.body.error.message).toBe(MSG.classNotCertified);
      expect(await countClasses()).toBe(before);
      await server().ctx.site.saveConfig({ createclasswithoutcerts: true });
      try {
        expect((await client.post('/app_classes/save', { _id: 'new', name: 'Mine', course })).status).toBe(200);
      } finally {
        await server().ctx.site.saveConfig({ createclasswithoutcerts: false });
      }
    });

    it('refuses an inactive course and a course in another language; admins may use any language', async () => {
      const inactive = await buildCourse(server().ctx, { status: 'Inactive' });
      const french = await buildCourse(server().ctx, { lang: 'fr' });
      const { client } = await signedInUser(server(), { certifications: json({ [inactive]: {}, [french]: {} }) });
      const a = await client.post('/app_classes/save', { _id: 'new', name: 'X', course: inactive });
      expect([a.status, a.body.error.message]).toEqual([403, MSG.classCourseInactive]);
      const b = await client.post('/app_classes/save', { _id: 'new', name: 'X', course: french });
      expect([b.status, b.body.error.message]).toEqual([403, MSG.classCourseLanguage]);
      const { client: admin } = await signedInUser(server(), { roles: asRoles('admin') });
      expect((await admin.post('/app_classes/save', { _id: 'new', name: 'X', course: french })).body.lang).toBe('fr');
      expect((await admin.post('/app_classes/save', { _id: 'new', name: 'X', course: inactive })).status).toBe(403);
    });

    it('lets only admins make someone else the instructor', async () => {
      const course = await buildCourse(server().ctx);
      const other = await buildUser(server().ctx, { firstname: 'Olga', lastname: 'Other' });
      const { client } = await signedInUser(server(), { certifications: certifiedFor(course) });
      expect((await client.post('/app_classes/save', { _id: 'new', name: 'X', course, instructor: other.id })).status).toBe(403);
      const { client: admin } = await signedInUser(server(), { roles: asRoles('admin') });
      const r = await admin.post('/app_classes/save', { _id: 'new', name: 'X', course, instructor: other.id });
      expect(r.body).toMatchObject({ instructor: other.id, instructorname: 'Olga Other' });
      expect((await admin.post('/app_classes/save', { _id: 'new', name: 'X', course, instructor: 'nobody' })).status).toBe(404);
    });

    it('answers signed out with 401, bad input with 400 and an unknown course with 404, storing nothing', async () => {
      const course = await buildCourse(server().ctx);
      const before = await countClasses();
      expect((await server().client().post('/app_classes/save', { _id: 'new', name: 'X', course })).status).toBe(401);
      const { client } = await signedInUser(server(), { roles: asRoles('admin') });
      const cases: [unknown, string][] = [
        // Spec: class save needs _id ('new' for a new class), as course save does.
        [{ name: 'X', course }, MSG.missingId],
        [{ _id: '', name: 'X', course }, MSG.missingId],
        [{ _id: 'new', course }, MSG.classNameRequired],
        [{ _id: 'new', name: 'X' }, MSG.classCourseRequired],
        [{ _id: 'new', name: '  ', course }, MSG.classNameRequired],
        [{ _id: 'new', name: 'X', course, startdate: '02/03/2026' }, MSG.classDateFormat],
        [{ _id: 'new', name: 'X', course, weeks: -1 }, MSG.notValid],
        ['[]', MSG.classSaveFailed],
      ];
      for (const [body, message] of cases) {
        const r = await client.post('/app_classes/save', body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.error.message).toBe(message);
      }
      const missing = await client.post('/app_classes/save', { _id: 'new', name: 'X', course: 'no-such-course' });
      expect([missing.status, missing.body.error.message]).toEqual([404, MSG.classCourseNotFound]);
      expect(await countClasses()).toBe(before);
    });
  });

  describe('save (edit) and remove', () => {
    it('lets the instructor and admins edit; others get 403; the course stays', async () => {
      const course = await buildCourse(server().ctx);
      const { user: host, client: hostClient } = await signedInUser(server());
      const id = await buildClass(server().ctx, course, { instructor: host.id });
      const ok = await hostClient.post('/app_classes/save', { _id: id, name: 'Renamed', selfpaced: false, weeks: '8' });
      expect(ok.body).toMatchObject({ _id: id, name: 'Renamed', selfpaced: false, weeks: 8 });
      const { client: stranger } = await signedInUser(server());
      expect((await stranger.post('/app_classes/save', { _id: id, name: 'Mine now' })).status).toBe(403);
      const { client: editor } = await signedInUser(server(), { roles: asRoles('cms') });
      expect((await editor.post('/app_classes/save', { _id: id, name: 'Mine now' })).status).toBe(403);
      const { client: admin } = await signedInUser(server(), { roles: asRoles('admin') });
      expect((await admin.post('/app_classes/save', { _id: id, name: 'By admin' })).body.name).toBe('By admin');
      const moved = await hostClient.post('/app_classes/save', { _id: id, course: 'another-course' });
      expect([moved.status, moved.body.error.message]).toEqual([400, MSG.classCourseFixed]);
      expect((await hostClient.post('/app_classes/save', { _id: 'no-such-class', name: 'X' })).status).toBe(404);
      const row = await server().ctx.db.selectFrom('classes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect([row.name, row.course]).toEqual(['By admin', course]);
    });

    it('removes a class for its instructor or an admin, keeping its enrolments', async () => {
      const { ctx } = server();
      const course = await buildCourse(ctx);
      const { user: host, client: hostClient } = await signedInUser(server());
      const id = await buildClass(ctx, course, { instructor: host.id });
      const { client: stranger } = await signedInUser(server());
      expect((await server().client().post('/app_classes/remove', { _id: id })).status).toBe(401);
      expect((await stranger.post('/app_classes/remove', { _id: id })).status).toBe(403);
      expect((await hostClient.post('/app_classes/remove', {})).status).toBe(400);
      expect((await hostClient.post('/app_classes/remove', { _id: 'no-such-class' })).status).toBe(404);
      expect((await hostClient.post('/app_classes/remove', { _id: id })).body).toEqual({ ok: true, _id: id });
      expect(await ctx.db.selectFrom('classes').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    });
  });
});
