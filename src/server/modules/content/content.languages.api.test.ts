/** Which language's page a reader gets: only languages the site offers, whatever the cookie or profile says. */
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { buildContent, roleClients } from '../../testing/factories.ts';

describeEachEngine('content API: public languages', (server) => {
  it('serves the default language for a cookie, profile or query naming a language the site does not offer', async () => {
    const as = await roleClients(server());
    const context = `page-${Math.random().toString(36).slice(2, 8)}`;
    await buildContent(server().ctx, { id: `${context}-en`, context, lang: 'en' });
    await buildContent(server().ctx, { id: `${context}-de`, context, lang: 'de' });
    const german = server().client();
    german.cookies.set('lang', 'de');
    expect(Object.keys((await german.get(`/app_content/getpage/${context}`)).body)).toEqual([`${context}-de`]);

    const r = await as.admin.post('/app_admin/setConfig', { config: { publiclanguages: ['en', 'es', 'pt', 'fr', 'ar'] } });
    expect(r.status).toBe(200);
    expect(Object.keys((await german.get(`/app_content/getpage/${context}`)).body)).toEqual([`${context}-en`]);
    expect(Object.keys((await server().client().get(`/app_content/getpage/${context}?lang=de`)).body)).toEqual([`${context}-en`]);
    await server()
      .ctx.db.updateTable('users')
      .set({ lang: 'de' })
      .where('id', '=', (await as.learner.get('/app_users/whoami')).body.user._id)
      .execute();
    expect(Object.keys((await as.learner.get(`/app_content/getpage/${context}`)).body)).toEqual([`${context}-en`]);
  });
});
