/**
 * The admin area's calls through the real server, on SQLite and on PostgreSQL: translations, site
 * settings, navigation items and the audit log (with the audit entries users/save and users/remove write).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { asRoles, buildUser, roleClients, signedInUser, TEST_PASSWORD } from '../../testing/factories.ts';
import { MSG } from '../../../domain/messages.ts';

type Clients = Awaited<ReturnType<typeof roleClients>>;
const uid = () => Math.random().toString(36).slice(2, 8);

describeEachEngine('admin API', (server) => {
  let c: Clients;
  beforeAll(async () => {
    c = await roleClients(server());
  });

  /** Visitors get 401; learners and editors 403 (the spec gives editors no admin-area rights). */
  async function adminOnly(url: string, body: unknown) {
    expect((await c.visitor.post(url, body)).status, `visitor ${url}`).toBe(401);
    for (const who of [c.learner, c.editor]) {
      const r = await who.post(url, body);
      expect(r.status, url).toBe(403);
      expect(r.body.error.message).toBe(MSG.forbidden);
    }
  }

  const labelsOf = async (lang: string) => {
    const row = await server().ctx.db.selectFrom('localization').select('labels').where('lang', '=', lang).executeTakeFirst();
    return JSON.parse(row?.labels ?? '{}') as Record<string, string>;
  };
  const auditCount = async () =>
    Number(
      (
        await server()
          .ctx.db.selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('translations', () => {
    it('getLanguage and setLanguage are for admins only, and a refused save stores nothing', async () => {
      await adminOnly('/app_admin/getLanguage', { lang: 'pt' });
      const label = `Refused ${uid()}`;
      await adminOnly('/app_admin/setLanguage', { lang: 'pt', label, translation: 'Recusado' });
      expect(await labelsOf('pt')).not.toHaveProperty(label);
    });

    it('refuses a bad language code with the spec message', async () => {
      for (const lang of ['xx1', 'english', 'PT', 5, '', null, '_system']) {
        const r = await c.admin.post('/app_admin/getLanguage', { lang });
        expect(r.status, String(lang)).toBe(400);
        expect(r.body.error.message).toBe(MSG.invalidLanguage);
      }
      expect((await c.admin.post('/app_admin/getLanguage', {})).body.error.message).toBe(MSG.invalidLanguage);
    });

    it('refuses bad saves with a message and stores nothing', async () => {
      const before = await auditCount();
      const label = `Bad ${uid()}`;
      const cases: [unknown, string][] = [
        [{ lang: 'p1', label, translation: 'x' }, MSG.invalidLanguage],
        [{ lang: 'pt' }, MSG.labelRequired],
        [{ lang: 'pt', label: '   ', translation: 'x' }, MSG.labelRequired],
        [{ lang: 'pt', label, translation: 7 }, MSG.notValid],
        [{ lang: 'pt', label }, MSG.notValid],
        [{ lang: 'pt', labels: [label] }, MSG.notValid],
        [{ lang: 'pt', labels: { [label]: { nested: true } } }, MSG.notValid],
      ];
      for (const [body, message] of cases) {
        const r = await c.admin.post('/app_admin/setLanguage', body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.error.message, JSON.stringify(body)).toBe(message);
      }
      expect(await labelsOf('pt')).not.toHaveProperty(label);
      expect(await auditCount()).toBe(before);
    });

    it('lists every known label with its English text and translation, untranslated ones included', async () => {
      const n = uid();
      const shared = `Shared ${n}`;
      const spanishOnly = `Spanish only ${n}`;
      await c.admin.post('/app_admin/setLanguage', { lang: 'es', labels: { [shared]: 'Compartido', [spanishOnly]: 'Solo español' } });
      await c.admin.post('/app_admin/setLanguage', { lang: 'pt', label: shared, translation: 'Partilhado' });
      const r = await c.admin.post('/app_admin/getLanguage', { lang: 'pt' });
      expect(r.status).toBe(200);
      expect(r.body.lang).toBe('pt');
      expect(r.body.labels).toContainEqual({ label: shared, english: shared, translation: 'Partilhado', translated: true });
      expect(r.body.labels).toContainEqual({ label: spanishOnly, english: spanishOnly, translation: '', translated: false });
      expect(r.body.total).toBe(r.body.labels.length);
      expect(r.body.languages).toEqual(
        expect.arrayContaining([expect.objectContaining({ lang: 'es' }), expect.objectContaining({ lang: 'pt' })]),
      );

      const open = await c.admin.post('/app_admin/getLanguage', { lang: 'pt', untranslated: true });
      expect(open.body.labels.map((l: { label: string }) => l.label)).toContain(spanishOnly);
      expect(open.body.labels.map((l: { label: string }) => l.label)).not.toContain(shared);
      expect(open.body.labels.every((l: { translated: boolean }) => !l.translated)).toBe(true);

      // A language nobody translated yet lists the same labels, all untranslated; _sys is a valid key.
      const ko = await c.admin.post('/app_admin/getLanguage', { lang: 'ko' });
      expect(ko.body.labels).toContainEqual({ label: shared, english: shared, translation: '', translated: false });
      expect((await c.admin.post('/app_admin/getLanguage', { lang: '_sys' })).status).toBe(200);

      // A count label's plural forms show the English they stand for, not their raw key.
      await c.admin.post('/app_admin/setLanguage', {
        lang: 'ar',
        labels: { '{{count}} users_few': '{{count}} مستخدمين', '{{count}} users_one': 'مستخدم واحد' },
      });
      const ar = await c.admin.post('/app_admin/getLanguage', { lang: 'ar' });
      const few = ar.body.labels.find((l: { label: string }) => l.label === '{{count}} users_few');
      expect(few).toMatchObject({ english: '{{count}} users', plural: 'few' });
      expect(ar.body.labels.find((l: { label: string }) => l.label === '{{count}} users_one')).toMatchObject({
        english: '{{count}} user',
        plural: 'one',
      });
    });

    it('a saved translation reaches a Portuguese user on the next whoami, without a restart; an empty one brings English back', async () => {
      const label = `Welcome back ${uid()}`;
      const { client: pt } = await signedInUser(server(), { lang: 'pt' });
      const { client: en } = await signedInUser(server(), { lang: 'en' });
      const first = await pt.get('/app_users/whoami');
      expect(first.body.loc).not.toHaveProperty(label);

      const saved = await c.admin.post('/app_admin/setLanguage', { lang: 'pt', label, translation: 'Bem-vindo de volta' });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ lang: 'pt', changed: 1 });
      expect(saved.body.loc[label]).toBe('Bem-vindo de volta');

      // The client that polls with its last `asof` gets the new labels because the version moved.
      const next = await pt.get(`/app_users/whoami?asof=${encodeURIComponent(first.body.asof)}`);
      expect(next.body.asof > first.body.asof).toBe(true);
      expect(next.body.loc[label]).toBe('Bem-vindo de volta');
      expect((await en.get('/app_users/whoami')).body.loc).not.toHaveProperty(label);

      await c.admin.post('/app_admin/setLanguage', { lang: 'pt', labels: { [label]: '' } });
      expect((await pt.get('/app_users/whoami')).body.loc).not.toHaveProperty(label);
      // Kept as '' so the start-up label sync does not bring it back.
      expect((await labelsOf('pt'))[label]).toBe('');
    });

    it('records each translation change in the audit log, and nothing for a save that changes nothing', async () => {
      const label = `Audited ${uid()}`;
      await c.admin.post('/app_admin/setLanguage', { lang: 'fr', label, translation: 'Audité' });
      const r = await c.admin.post('/app_admin/audit', { action: 'translation.set', target: 'fr', limit: 1 });
      expect(r.body.list[0].changes[label]).toEqual({ from: null, to: 'Audité' });
      const before = await auditCount();
      const again = await c.admin.post('/app_admin/setLanguage', { lang: 'fr', label, translation: 'Audité' });
      expect(again.body.changed).toBe(0);
      expect(await auditCount()).toBe(before);
    });
  });

  describe('site settings', () => {
    it('getConfig and setConfig are for admins only', async () => {
      await adminOnly('/app_admin/getConfig', {});
      await adminOnly('/app_admin/setConfig', { config: { sitetitle: 'Taken over' } });
      const r = await c.admin.post('/app_admin/getConfig', {});
      expect(r.body.config.sitetitle).not.toBe('Taken over');
    });

    it('answers every field of the site config and whether the CRM is set up, never its key', async () => {
      const r = await c.admin.post('/app_admin/getConfig', {});
      expect(r.status).toBe(200);
      for (const field of [
        'sitetitle',
        'defaultlang',
        'publiclanguages',
        'langredirects',
        'countries',
        'materialTypes',
        'createclasswithoutcerts',
        'quizpasspercent',
        'exampasspercent',
        'showeachmaterial',
        'showinactivecourseswhenenrolled',
        'truncatecontent',
        'nolangcoursechange',
        'maincourses',
        'showCookieOptIn',
        'managecookiesettings',
        'organizationurl',
      ]) {
        expect(r.body.config, field).toHaveProperty(field);
      }
      expect(r.body.crm).toMatchObject({ baseUrl: '', keySet: false, configured: false });
      expect(r.body.crm).not.toHaveProperty('key');
    });

    const bad: [string, Record<string, unknown>, string, string][] = [
      ['a pass percentage over 100', { config: { quizpasspercent: 120 } }, 'quizpasspercent', MSG.percentRange],
      ['a negative pass percentage', { config: { exampasspercent: -1 } }, 'exampasspercent', MSG.percentRange],
      ['a percentage that is not a number', { config: { exampasspercent: 'eighty' } }, 'exampasspercent', MSG.percentRange],
      ['a language that is not two letters', { config: { publiclanguages: ['en', 'english'] } }, 'publiclanguages', MSG.languageCodes],
      ['no public language', { config: { publiclanguages: [] } }, 'publiclanguages', MSG.languageCodes],
      ['a bad default language', { config: { defaultlang: 'EN' } }, 'defaultlang', MSG.languageCodes],
      ['a default language that is not public', { config: { defaultlang: 'ko' } }, 'defaultlang', MSG.defaultLangNotPublic],
      ['a yes/no setting given as text', { config: { showeachmaterial: 'maybe' } }, 'showeachmaterial', MSG.yesOrNo],
      ['an unknown material type', { config: { materialTypes: ['Lecture'] } }, 'materialTypes', MSG.materialTypes],
      ['a script as a redirect', { config: { langredirects: { de: 'javascript:alert(1)' } } }, 'langredirects', MSG.unsafeUrl],
      ['a bad main-course map', { config: { maincourses: { main: 'not a map' } } }, 'maincourses', MSG.notValid],
      ['an empty site title', { config: { sitetitle: '  ' } }, 'sitetitle', MSG.required],
      ['a CRM address that is not http(s)', { crm: { baseUrl: 'ftp://crm.example' } }, 'crm.baseUrl', MSG.crmUrl],
    ];
    for (const [name, body, field, message] of bad) {
      it(`refuses ${name} with a message per field and stores nothing`, async () => {
        const before = await c.admin.post('/app_admin/getConfig', {});
        const auditBefore = await auditCount();
        const r = await c.admin.post('/app_admin/setConfig', body);
        expect(r.status).toBe(400);
        expect(r.body.error.message).toBe(message);
        expect(r.body.error.fields[field]).toBe(message);
        expect((await c.admin.post('/app_admin/getConfig', {})).body).toEqual(before.body);
        expect(await auditCount()).toBe(auditBefore);
      });
    }

    it('refuses names that are not settings rather than ignoring them', async () => {
      const r = await c.admin.post('/app_admin/setConfig', { config: { sitetitle: 'X', isAdmin: true } });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toContain(MSG.unknownSetting);
      expect((await c.admin.post('/app_admin/getConfig', {})).body.config.sitetitle).not.toBe('X');
      expect((await c.admin.post('/app_admin/setConfig', { sitetitle: 'Flat' })).status).toBe(400);
    });

    it('saves settings that every visitor sees on the next whoami, and logs what changed', async () => {
      const visitor = server().client();
      const first = await visitor.get('/app_users/whoami');
      const r = await c.admin.post('/app_admin/setConfig', {
        config: {
          quizpasspercent: '70',
          showeachmaterial: true,
          maincourses: { intro: { en: 'intro', pt: 'intro-pt' } },
          countries: ['Portugal', 'Brasil'],
        },
      });
      expect(r.status).toBe(200);
      expect(r.body.config).toMatchObject({
        quizpasspercent: 70,
        showeachmaterial: true,
        maincourses: { intro: { en: 'intro', pt: 'intro-pt' } },
      });
      const next = await visitor.get(`/app_users/whoami?asof=${encodeURIComponent(first.body.asof)}`);
      expect(next.body.config).toMatchObject({ quizpasspercent: 70, showeachmaterial: true, countries: ['PT', 'BR'] });
      const audit = await c.admin.post('/app_admin/audit', { action: 'settings.update', limit: 1 });
      expect(audit.body.list[0].changes.quizpasspercent).toEqual({ from: 80, to: 70 });
      await c.admin.post('/app_admin/setConfig', { config: { quizpasspercent: 80, showeachmaterial: false } });
    });

    it('keeps the CRM key write-only: answers keySet, logs "set" and "cleared", never the key', async () => {
      const key = `secret-${uid()}`;
      const r = await c.admin.post('/app_admin/setConfig', { crm: { baseUrl: 'https://crm.example/api', key } });
      expect(r.status).toBe(200);
      expect(r.body.crm).toEqual({ baseUrl: 'https://crm.example/api', keySet: true, configured: true });
      expect(JSON.stringify(r.body)).not.toContain(key);
      // Leaving the key out keeps it; sending '' clears it.
      expect((await c.admin.post('/app_admin/setConfig', { crm: { baseUrl: 'https://crm2.example' } })).body.crm.keySet).toBe(true);
      expect((await c.admin.post('/app_admin/setConfig', { crm: { key: '' } })).body.crm).toMatchObject({
        keySet: false,
        configured: false,
      });
      const audit = await c.admin.post('/app_admin/audit', { action: 'crm.settings' });
      expect(JSON.stringify(audit.body)).not.toContain(key);
      expect(audit.body.list.map((e: { changes: { key?: string } }) => e.changes.key).filter(Boolean)).toEqual(['cleared', 'set']);
      await c.admin.post('/app_admin/setConfig', { crm: { baseUrl: '' } });
    });
  });

  describe('navigation items', () => {
    it('list, save and remove are for admins only', async () => {
      await adminOnly('/app_admin/listNavItems', {});
      await adminOnly('/app_admin/saveNavItem', { title: 'Hijack', url: '/x', groups: ['top'] });
      await adminOnly('/app_admin/removeNavItem', { _id: 'nav-0' });
      const all = await c.admin.post('/app_admin/listNavItems', {});
      expect(all.body.list.map((i: { title: string }) => i.title)).not.toContain('Hijack');
    });

    it('refuses bad items with a message and stores nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ title: 'Bad', url: '/x', groups: ['nowhere'] }, MSG.navGroups],
        [{ title: 'Bad', url: '/x', groups: [] }, MSG.navGroups],
        [{ title: 'Bad', url: 'javascript:alert(1)', groups: ['top'] }, MSG.unsafeUrl],
        [{ title: '', url: '/x', groups: ['top'] }, MSG.required],
        [{ title: 'Bad', url: '/x', groups: ['top'], order: 'first' }, MSG.notValid],
        [{ title: 'Bad', url: '/x', groups: ['top'], lang: 'english' }, MSG.invalidLanguage],
      ];
      for (const [body, message] of cases) {
        const r = await c.admin.post('/app_admin/saveNavItem', body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.error.message, JSON.stringify(body)).toBe(message);
      }
      expect((await c.admin.post('/app_admin/listNavItems', {})).body.list.map((i: { title: string }) => i.title)).not.toContain('Bad');
      expect((await c.admin.post('/app_admin/listNavItems', { group: 'middle' })).status).toBe(400);
    });

    it('creates, updates and removes an item; whoami shows each change; each is logged', async () => {
      const visitor = server().client();
      const created = await c.admin.post('/app_admin/saveNavItem', {
        title: 'Donate',
        url: 'https://give.example/',
        groups: ['footer2', 'top'],
        order: 5,
      });
      expect(created.status).toBe(200);
      expect(created.body).toMatchObject({ title: 'Donate', url: 'https://give.example/', groups: ['footer2', 'top'], order: 5 });
      const id = created.body._id as string;
      expect((await visitor.get('/app_users/whoami')).body.navitems).toContainEqual(expect.objectContaining({ _id: id, title: 'Donate' }));
      expect((await c.admin.post('/app_admin/listNavItems', { group: 'footer2' })).body.list.map((i: { _id: string }) => i._id)).toContain(
        id,
      );
      expect(
        (await c.admin.post('/app_admin/listNavItems', { group: 'social' })).body.list.map((i: { _id: string }) => i._id),
      ).not.toContain(id);

      const updated = await c.admin.post('/app_admin/saveNavItem', { _id: id, title: 'Give', url: '/give', groups: ['footer2'] });
      expect(updated.body).toMatchObject({ _id: id, title: 'Give', groups: ['footer2'] });
      expect((await visitor.get('/app_users/whoami')).body.navitems).toContainEqual(
        expect.objectContaining({ _id: id, title: 'Give', url: '/give' }),
      );

      expect((await c.admin.post('/app_admin/removeNavItem', { _id: id })).body).toEqual({ ok: true, _id: id });
      expect((await visitor.get('/app_users/whoami')).body.navitems.map((i: { _id: string }) => i._id)).not.toContain(id);

      const audit = await c.admin.post('/app_admin/audit', { target: id });
      expect(audit.body.list.map((e: { action: string }) => e.action)).toEqual(['navitem.remove', 'navitem.save', 'navitem.save']);
      expect(audit.body.list[1].changes.title).toEqual({ from: 'Donate', to: 'Give' });
    });

    it('answers 404 for an item that does not exist', async () => {
      expect((await c.admin.post('/app_admin/removeNavItem', { _id: 'nav-missing' })).status).toBe(404);
      const r = await c.admin.post('/app_admin/saveNavItem', { _id: 'nav-missing', title: 'Ghost', url: '/', groups: ['top'] });
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe(MSG.navItemNotFound);
    });
  });

  describe('audit log', () => {
    it('is for admins only and refuses bad filters', async () => {
      await adminOnly('/app_admin/audit', {});
      for (const body of [{ limit: 'many' }, { limit: 0 }, { skip: -1 }, { actor: { $ne: '' } }]) {
        const r = await c.admin.post('/app_admin/audit', body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.error.message).toBe(MSG.notValid);
      }
    });

    it('records a role change with who, when and what, newest first', async () => {
      const { ctx } = server();
      const admin = await buildUser(ctx, { roles: asRoles('admin') });
      const adminClient = server().client();
      await adminClient.login(admin.email, TEST_PASSWORD);
      const learner = await buildUser(ctx);
      const before = Date.now();
      expect((await adminClient.post('/app_users/save', { _id: learner.id, roles: ['cms'] })).status).toBe(200);
      const r = await adminClient.post('/app_admin/audit', { target: learner.id });
      expect(r.status).toBe(200);
      expect(r.body.total).toBe(1);
      const entry = r.body.list[0];
      expect(entry).toMatchObject({
        actor: admin.id,
        actoremail: admin.email,
        action: 'user.roles',
        targettype: 'user',
        target: learner.id,
        changes: { email: learner.email, roles: { from: [], to: ['cms'] } },
      });
      expect(Date.parse(entry.created)).toBeGreaterThanOrEqual(before - 1000);

      // Taking the role away again is the newest entry; saving the same roles again is no change.
      await adminClient.post('/app_users/save', { _id: learner.id, roles: [] });
      await adminClient.post('/app_users/save', { _id: learner.id, roles: [] });
      const again = await adminClient.post('/app_admin/audit', { target: learner.id });
      expect(again.body.list.map((e: { changes: { roles: { to: string[] } } }) => e.changes.roles.to)).toEqual([[], ['cms']]);
    });

    it("records an admin's or editor's edit of someone else's profile, not a user's edit of their own", async () => {
      const { user, client } = await signedInUser(server());
      await client.post('/app_users/save', { _id: user.id, city: 'Braga' });
      expect((await c.admin.post('/app_admin/audit', { target: user.id })).body.total).toBe(0);

      await c.editor.post('/app_users/save', { _id: user.id, city: 'Faro', phone: '+351 1' });
      const r = await c.admin.post('/app_admin/audit', { target: user.id, action: 'user.update' });
      expect(r.body.total).toBe(1);
      expect(r.body.list[0].changes).toMatchObject({ city: { from: 'Braga', to: 'Faro' }, phone: { from: null, to: '+351 1' } });
      expect(r.body.list[0].actoremail).not.toBe(user.email);
    });

    it('records an admin changing their own roles', async () => {
      const { user, client } = await signedInUser(server(), { roles: asRoles('admin') });
      await client.post('/app_users/save', { _id: user.id, roles: ['admin', 'cms'] });
      const r = await c.admin.post('/app_admin/audit', { target: user.id });
      expect(r.body.list[0]).toMatchObject({
        action: 'user.roles',
        actor: user.id,
        changes: { roles: { from: ['admin'], to: ['admin', 'cms'] } },
      });
    });

    it('records the removal of an account', async () => {
      const gone = await buildUser(server().ctx);
      expect((await c.admin.get(`/app_users/remove/${gone.id}`)).status).toBe(200);
      const r = await c.admin.post('/app_admin/audit', { action: 'user.remove', target: gone.id });
      // What was done and kept, not who it was: the removed person's name and address do not stay in the log.
      expect(r.body.list[0].changes).toEqual({ reason: 'admin', certificates: 0, posts: 0, replies: 0, postsHandling: 'keep' });
      expect(JSON.stringify(r.body.list[0])).not.toContain(gone.email);
    });

    it('filters by actor (id or e-mail) and paginates, newest first', async () => {
      const { user: admin, client } = await signedInUser(server(), { roles: asRoles('admin') });
      const targets = [await buildUser(server().ctx), await buildUser(server().ctx), await buildUser(server().ctx)];
      for (const t of targets) await client.post('/app_users/save', { _id: t.id, roles: ['cms'] });
      const byEmail = await client.post('/app_admin/audit', { actor: admin.email.toUpperCase() });
      expect(byEmail.body.total).toBe(3);
      expect(byEmail.body.list.map((e: { target: string }) => e.target)).toEqual(targets.map((t) => t.id).reverse());
      const page2 = await client.post('/app_admin/audit', { actor: admin.id, skip: 1, limit: 1 });
      expect(page2.body).toMatchObject({ total: 3, list: [expect.objectContaining({ target: targets[1].id })] });
      const dates = byEmail.body.list.map((e: { created: string }) => e.created);
      expect([...dates].sort().reverse()).toEqual(dates);
    });
  });
});
