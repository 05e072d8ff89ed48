/**
 * Two readings of the spec for accounts, through the real server on SQLite and on PostgreSQL: the
 * registration payload as the spec lists it (no `terms` field), and editors on other users' profiles
 * (spec 6: editors edit any profile; admin-only fields stay admin-only).
 */
import { describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { asRoles, buildUser, registrationBody, signedInUser } from '../../testing/factories.ts';
import { MSG } from '../../../domain/messages.ts';

// Spec 3, "Registration payload": the form's fields and these four, and no `terms`.
const specPayload = () => registrationBody({ regpath: 'home', regsubid: '', classId: '', courseId: '' });

describeEachEngine('spec payloads for accounts', (server) => {
  describe('registration', () => {
    it("takes the spec's payload, which has no terms field", async () => {
      const body = specPayload();
      const r = await server().client().post('/app_users/register', body);
      expect(r.status).toBe(200);
      const row = await server().ctx.db.selectFrom('users').select('email').where('email', '=', body.email).executeTakeFirst();
      expect(row?.email).toBe(body.email);
    });

    it("refuses terms: false with 'Please agree to the Terms Of Use' and stores nothing", async () => {
      const body = { ...specPayload(), terms: false };
      const r = await server().client().post('/app_users/register', body);
      expect([r.status, r.body.error.fields.terms]).toEqual([400, MSG.agreeTerms]);
      expect(await server().ctx.db.selectFrom('users').select('id').where('email', '=', body.email).execute()).toEqual([]);
    });

    it('says in the API description that terms may be left out and must not be false', async () => {
      const doc = (await server().client().get('/api/openapi.json')).body;
      const schema = doc.paths['/app_users/register'].post.requestBody.content['application/json'].schema;
      expect(schema.required).not.toContain('terms');
      expect(schema.properties.terms).toMatchObject({ const: true, description: expect.stringContaining('May be left out') });
      expect(schema.properties.terms.description).toContain('Please agree to the Terms Of Use');
    });
  });

  describe("editors on other users' profiles", () => {
    it('lets an editor read and edit another profile, but not its e-mail or roles', async () => {
      const { client: editor } = await signedInUser(server(), { roles: asRoles('cms') });
      const learner = await buildUser(server().ctx, { firstname: 'Lena', city: 'Braga' });
      const read = await editor.post('/app_users/get', { _id: learner.id });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ _id: learner.id, firstname: 'Lena' });
      // What the editor's form sends: the profile without the address.
      const saved = await editor.post('/app_users/save', { _id: learner.id, firstname: 'Lena', lastname: 'Edited', city: 'Faro' });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ lastname: 'Edited', city: 'Faro', email: learner.email });
      // The unchanged address sent back is fine; a new one, or roles, are not the editor's to set.
      expect((await editor.post('/app_users/save', { _id: learner.id, email: learner.email, city: 'Faro' })).status).toBe(200);
      expect((await editor.post('/app_users/save', { _id: learner.id, email: 'taken-over@example.org' })).status).toBe(403);
      expect((await editor.post('/app_users/save', { _id: learner.id, roles: ['cms'] })).status).toBe(403);
      const row = await server()
        .ctx.db.selectFrom('users')
        .select(['email', 'roles'])
        .where('id', '=', learner.id)
        .executeTakeFirstOrThrow();
      expect([row.email, JSON.parse(row.roles)]).toEqual([learner.email, []]);
    });

    it("lets an editor list another user's enrolments; another learner cannot", async () => {
      const { client: editor } = await signedInUser(server(), { roles: asRoles('cms') });
      const { client: other } = await signedInUser(server());
      const learner = await buildUser(server().ctx);
      expect((await editor.post('/app_enrollment/list', { user: learner.id })).status).toBe(200);
      expect((await other.post('/app_enrollment/list', { user: learner.id })).status).toBe(403);
    });
  });
});
