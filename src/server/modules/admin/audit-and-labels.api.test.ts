/** Enrolment changes by editors reach the audit list; a translation an admin removed stays removed. */
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { buildClass, buildCourse, buildUser, signedInUser, asRoles } from '../../testing/factories.ts';
import { syncLabels } from '../../seed/labels.ts';
import { shippedTranslations } from '../../seed/labels.ts';

describeEachEngine('audit of enrolment changes', (server) => {
  it('records an editor adding a user to a class and removing the enrolment', async () => {
    const { ctx } = server();
    const learner = await buildUser(ctx);
    const course = await buildCourse(ctx);
    const classid = await buildClass(ctx, course);
    const editor = await signedInUser(server(), { roles: asRoles('cms') });
    const admin = await signedInUser(server(), { roles: asRoles('admin') });
    const saved = await editor.client.post('/app_enrollment/save', { user: learner.id, classid });
    expect(saved.status).toBe(200);
    expect((await editor.client.post('/app_enrollment/remove', { _id: saved.body._id })).status).toBe(200);
    const audit = await admin.client.post('/app_admin/audit', { target: saved.body._id });
    expect(audit.body.list.map((e: { action: string; actor: string }) => [e.action, e.actor])).toEqual([
      ['enrollment.remove', editor.user.id],
      ['enrollment.save', editor.user.id],
    ]);
  });
});

describeEachEngine('removed translations', (server) => {
  it('are not brought back by the start-up label sync', async () => {
    const { ctx } = server();
    const shipped = shippedTranslations().pt ?? {};
    const label = Object.keys(shipped)[0];
    expect(label, 'src/domain/i18n/pt.json ships labels').toBeTruthy();
    await syncLabels(ctx);
    const admin = await signedInUser(server(), { roles: asRoles('admin') });
    expect((await admin.client.post('/app_admin/setLanguage', { lang: 'pt', label, translation: '' })).status).toBe(200);
    await syncLabels(ctx);
    const visitor = server().client();
    await visitor.post('/app_users/setlang/', { lang: 'pt' });
    const who = await visitor.get('/app_users/whoami');
    expect(who.body.loc).not.toHaveProperty(label);
    const page = await admin.client.post('/app_admin/getLanguage', { lang: 'pt' });
    expect(page.body.labels.find((l: { label: string }) => l.label === label)).toMatchObject({ translation: '', translated: false });
  });
});
