/** Content pages and blocks through the real server, on SQLite and on PostgreSQL. */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine, type TestClient } from '../../testing/harness.ts';
import { buildContent, roleClients } from '../../testing/factories.ts';
import { MSG } from '../../../domain/messages.ts';

describeEachEngine('content API', (server) => {
  let as: Awaited<ReturnType<typeof roleClients>>;
  beforeAll(async () => {
    as = await roleClients(server());
  });
  const db = () => server().ctx.db;
  const countContent = async () => (await db().selectFrom('content').select('id').execute()).length;
  const stored = (id: string) => db().selectFrom('content').selectAll().where('id', '=', id).executeTakeFirst();
  const page = () => `page-${Math.random().toString(36).slice(2, 8)}`;

  describe('getpage', () => {
    it("answers the page's blocks in the reader's language as a map, sorted by order then id", async () => {
      const context = page();
      await buildContent(server().ctx, { id: `${context}-b`, context, order: 2, lang: 'en' });
      await buildContent(server().ctx, { id: `${context}-a`, context, order: 2, lang: null });
      await buildContent(server().ctx, { id: `${context}-first`, context, order: 1, lang: 'en' });
      await buildContent(server().ctx, { id: `${context}-es`, context, order: 0, lang: 'es' });
      const r = await as.visitor.get(`/app_content/getpage/${context}/`);
      expect(r.status).toBe(200);
      expect(Object.keys(r.body)).toEqual([`${context}-first`, `${context}-a`, `${context}-b`]);
      const es = await as.visitor.get(`/app_content/getpage/${context}?lang=es`);
      expect(Object.keys(es.body)).toEqual([`${context}-es`, `${context}-a`]);
    });

    it('shows the alternate body of a visitors-only block to visitors, its body to signed-in readers, and both to editors', async () => {
      // Spec 2: "Blocks limited to unauthenticated visitors show an alternate body to them."
      const context = page();
      await buildContent(server().ctx, {
        id: `${context}-welcome`,
        context,
        condition: 'unauthenticated',
        body: '<p>Welcome back</p>',
        body2: '<p>Join us</p>',
      });
      await buildContent(server().ctx, {
        id: `${context}-visitors`,
        context,
        condition: 'unauthenticated',
        body: null,
        body2: '<p>Only visitors</p>',
      });
      await buildContent(server().ctx, {
        id: `${context}-members`,
        context,
        condition: 'unauthenticated',
        body: '<p>Only members</p>',
        body2: null,
      });
      await buildContent(server().ctx, {
        id: `${context}-register`,
        context,
        subtype: 'register',
        condition: 'unauthenticated',
        body: '<p>Register</p>',
      });
      const visitor = (await as.visitor.get(`/app_content/getpage/${context}`)).body;
      expect(visitor[`${context}-welcome`]).toMatchObject({ body2: '<p>Join us</p>' });
      expect(visitor[`${context}-welcome`]).not.toHaveProperty('body');
      expect(visitor[`${context}-visitors`].body2).toBe('<p>Only visitors</p>');
      expect(visitor).not.toHaveProperty(`${context}-members`);
      expect(visitor[`${context}-register`].body).toBe('<p>Register</p>');
      const learner = (await as.learner.get(`/app_content/getpage/${context}`)).body;
      expect(learner[`${context}-welcome`]).toMatchObject({ body: '<p>Welcome back</p>' });
      expect(learner[`${context}-welcome`]).not.toHaveProperty('body2');
      expect(learner[`${context}-members`].body).toBe('<p>Only members</p>');
      expect(learner).not.toHaveProperty(`${context}-visitors`);
      expect(learner).not.toHaveProperty(`${context}-register`);
      // Editors get every block with both bodies, so they can edit a visitors-only block in place.
      const editor = (await as.editor.get(`/app_content/getpage/${context}`)).body;
      expect(editor[`${context}-welcome`]).toMatchObject({ body: '<p>Welcome back</p>', body2: '<p>Join us</p>' });
      expect(editor[`${context}-visitors`]).toMatchObject({ body2: '<p>Only visitors</p>' });
      expect(Object.keys(editor)).toHaveLength(4);
    });

    it('turns stored visitors-only blocks the right way round (migration 015), and the demo welcome reads right', async () => {
      const { content } = await import('../../seed/demo-content/pages.ts');
      const welcome = content.find((c) => c._id === 'home-en-welcome')!;
      expect([welcome.condition, welcome.body2, welcome.body]).toEqual([
        'unauthenticated',
        expect.stringContaining('New here?'),
        expect.stringContaining('Welcome back!'),
      ]);
      const { swapVisitorBodies } = await import('../../db/migrations/015-spec-readings.ts');
      const context = page();
      await buildContent(server().ctx, {
        id: `${context}-old`,
        context,
        condition: 'unauthenticated',
        body: '<p>Visitors</p>',
        body2: '<p>Members</p>',
      });
      await buildContent(server().ctx, {
        id: `${context}-reg`,
        context,
        subtype: 'register',
        condition: 'unauthenticated',
        body: '<p>Intro</p>',
      });
      await buildContent(server().ctx, { id: `${context}-plain`, context, body: '<p>Plain</p>', body2: '<p>Other</p>' });
      const before = await db()
        .selectFrom('content')
        .select(['id', 'body', 'body2'])
        .where('context', '!=', context)
        .orderBy('id')
        .execute();
      await swapVisitorBodies(db());
      const rows = await db().selectFrom('content').select(['id', 'body', 'body2']).where('context', '=', context).orderBy('id').execute();
      expect(rows).toEqual([
        { id: `${context}-old`, body: '<p>Members</p>', body2: '<p>Visitors</p>' },
        { id: `${context}-plain`, body: '<p>Plain</p>', body2: '<p>Other</p>' },
        { id: `${context}-reg`, body: '<p>Intro</p>', body2: null },
      ]);
      // Put the other pages' blocks back as they were, for the tests after this one.
      for (const r of before) await db().updateTable('content').set({ body: r.body, body2: r.body2 }).where('id', '=', r.id).execute();
    });

    it('falls back to the page-not-found record', async () => {
      await buildContent(server().ctx, { id: 'pnf-en', context: 'page-not-found', body: '<p>Not here</p>' });
      const r = await as.visitor.get('/app_content/getpage/no-such-page-at-all');
      expect(Object.keys(r.body)).toEqual(['pnf-en']);
    });

    it('shows a save at once: the cached page is dropped for visitors and signed-in readers', async () => {
      const context = page();
      const block = await buildContent(server().ctx, { context, body: '<p>Before</p>' });
      for (const c of [as.visitor, as.learner])
        expect((await c.get(`/app_content/getpage/${context}`)).body[block.id].body).toBe('<p>Before</p>');
      expect((await as.editor.post('/app_content/save', { _id: block.id, body: '<p>After</p>' })).status).toBe(200);
      for (const c of [as.visitor, as.learner])
        expect((await c.get(`/app_content/getpage/${context}`)).body[block.id].body).toBe('<p>After</p>');
      const added = await as.editor.post('/app_content/save', { _id: 'new', context, body: '<p>New block</p>', order: 5 });
      expect((await as.visitor.get(`/app_content/getpage/${context}`)).body[added.body._id].body).toBe('<p>New block</p>');
      await as.editor.post('/app_content/remove', { _id: block.id });
      expect((await as.visitor.get(`/app_content/getpage/${context}`)).body).not.toHaveProperty(block.id);
    });

    it('serves the cached page from memory: a change behind the API stays unseen until a save drops it', async () => {
      const context = page();
      const block = await buildContent(server().ctx, { context, body: '<p>One</p>' });
      await as.visitor.get(`/app_content/getpage/${context}`);
      await db().updateTable('content').set({ body: '<p>Two</p>' }).where('id', '=', block.id).execute();
      expect((await as.visitor.get(`/app_content/getpage/${context}`)).body[block.id].body).toBe('<p>One</p>');
      await server().ctx.bus.publish('content');
      expect((await as.visitor.get(`/app_content/getpage/${context}`)).body[block.id].body).toBe('<p>Two</p>');
    });

    it('refuses a bad language with 400', async () => {
      const r = await as.visitor.get('/app_content/getpage/home?lang=english');
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(MSG.invalidLanguage);
    });
  });

  describe('list and get', () => {
    it('lists records filtered by context, type, subtype and lang, for everyone', async () => {
      const context = page();
      await buildContent(server().ctx, { id: `${context}-1`, context, type: 'page', lang: 'en' });
      await buildContent(server().ctx, { id: `${context}-2`, context, subtype: 'cards', lang: 'en' });
      await buildContent(server().ctx, { id: `${context}-3`, context, subtype: 'cards', lang: 'fr' });
      const all = await as.visitor.post('/app_content/list', { context });
      expect(all.status).toBe(200);
      expect(all.body.map((c: { _id: string }) => c._id)).toEqual([`${context}-1`, `${context}-2`, `${context}-3`]);
      expect((await as.visitor.post('/app_content/list', { context, type: 'page' })).body).toHaveLength(1);
      const cards = await as.learner.post('/app_content/list', { context, subtype: 'cards', lang: 'fr' });
      expect(cards.body.map((c: { _id: string }) => c._id)).toEqual([`${context}-3`]);
      expect((await as.visitor.post('/app_content/list', { context: 'nothing-here' })).body).toEqual([]);
    });

    it('refuses bad filters with 400', async () => {
      for (const body of [{ lang: 'english' }, { context: 5 }, '[]']) {
        const r = await as.visitor.post('/app_content/list', body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(typeof r.body.error.message).toBe('string');
      }
    });

    it('gets one record by id; no id is the spec message; an unknown id is 404', async () => {
      const block = await buildContent(server().ctx, { title: 'Got it' });
      const r = await as.visitor.post('/app_content/get', { _id: block.id });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ _id: block.id, title: 'Got it', type: 'block', context: block.context });
      for (const body of [{}, { _id: '' }, { _id: 7 }]) {
        const bad = await as.visitor.post('/app_content/get', body);
        expect(bad.status).toBe(400);
        expect(bad.body.error.message).toBe(MSG.missingIdContentGet);
      }
      expect((await as.visitor.post('/app_content/get', { _id: 'no-such-id' })).status).toBe(404);
    });
  });

  describe('save', () => {
    it('creates a record for _id new with a fresh id, and answers it', async () => {
      const context = page();
      const r = await as.editor.post('/app_content/save', {
        _id: 'new',
        context,
        type: 'block',
        subtype: 'cards',
        lang: 'en',
        order: 3,
        title: 'Cards',
        cards: [{ key: 1700000000999, title: 'One', description: '<p>First</p>', url: '/Courses' }],
      });
      expect(r.status).toBe(200);
      expect(r.body._id).toMatch(/^[0-9a-f]{24}$/);
      expect(r.body).toMatchObject({ context, type: 'block', subtype: 'cards', lang: 'en', order: 3, title: 'Cards' });
      expect(r.body.cards).toEqual([{ key: '1700000000999', title: 'One', description: '<p>First</p>', url: '/Courses' }]);
      expect(await stored(r.body._id)).toBeTruthy();
    });

    it('updates only the fields it is given', async () => {
      const block = await buildContent(server().ctx, { title: 'Old title', body: '<p>Body stays</p>', order: 4 });
      const r = await as.editor.post('/app_content/save', { _id: block.id, title: 'New title' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ _id: block.id, title: 'New title', body: '<p>Body stays</p>', order: 4 });
      expect(r.body.timestamp > block.timestamp).toBe(true);
    });

    it('neutralises stored XSS in every HTML field, and the page never serves it', async () => {
      const context = page();
      const r = await as.admin.post('/app_content/save', {
        _id: 'new',
        context,
        body: '<p>Hi</p><script>alert(1)</script><img src=x onerror=alert(2)>',
        body2: '<a href="javascript:alert(3)">x</a><svg onload=alert(4)></svg>',
        description: '<iframe src="https://evil.example/embed/1"></iframe><p style="width:expression(alert(5))">d</p>',
        cards: [{ key: 'k1', description: '<p onclick="alert(6)">card</p><style>*{}</style>' }],
      });
      expect(r.status).toBe(200);
      const row = (await stored(r.body._id))!;
      const all = JSON.stringify([row.body, row.body2, row.description, row.cards]);
      expect(all).not.toMatch(/<script|onerror|javascript:|<svg|onload|<iframe|expression|onclick|<style/i);
      expect(row.body).toBe('<p>Hi</p><img src="x" />');
      expect(row.body2).toBe('<a>x</a>');
      expect(JSON.parse(row.cards!)[0].description).toBe('<p>card</p>');
      const served = JSON.stringify((await as.visitor.get(`/app_content/getpage/${context}`)).body);
      expect(served).not.toMatch(/<script|onerror|javascript:|onload|onclick/i);
    });

    it('refuses signed-out and learner writes, and stores nothing', async () => {
      const block = await buildContent(server().ctx, { title: 'Untouched' });
      const before = await countContent();
      const cases: [TestClient, number][] = [
        [as.visitor, 401],
        [as.learner, 403],
      ];
      for (const [client, status] of cases) {
        const created = await client.post('/app_content/save', { _id: 'new', context: 'home', body: '<p>spam</p>' });
        expect(created.status).toBe(status);
        expect(typeof created.body.error.message).toBe('string');
        expect((await client.post('/app_content/save', { _id: block.id, title: 'Hacked' })).status).toBe(status);
      }
      expect(await countContent()).toBe(before);
      expect((await stored(block.id))!.title).toBe('Untouched');
    });

    const bad: [string, unknown, string][] = [
      ['no _id', { context: 'home' }, MSG.missingId],
      ['an empty _id', { _id: '', context: 'home' }, MSG.missingId],
      ['a new record without a context', { _id: 'new', body: '<p>x</p>' }, MSG.contextRequired],
      ['a context that is not a page name', { _id: 'new', context: '../admin' }, MSG.invalidContext],
      ['a video that is a script URL', { _id: 'new', context: 'home', video: 'javascript:alert(1)' }, MSG.unsafeUrl],
      [
        'a card link that is a script URL',
        { _id: 'new', context: 'home', cards: [{ key: 'a', url: 'javascript:alert(1)' }] },
        MSG.unsafeUrl,
      ],
      ['an unknown type', { _id: 'new', context: 'home', type: 'widget' }, MSG.notValid],
      ['an order that is not a number', { _id: 'new', context: 'home', order: 'first' }, MSG.notValid],
      ['a bad language', { _id: 'new', context: 'home', lang: 'english' }, MSG.invalidLanguage],
      ['a style that loads a URL', { _id: 'new', context: 'home', style: 'background:url(https://evil.example/x)' }, MSG.notValid],
      ['a body that is not text', { _id: 'new', context: 'home', body: { html: 1 } }, MSG.notValid],
      ['an array', [], MSG.missingId],
    ];
    for (const [name, body, message] of bad) {
      it(`refuses ${name} with 400 and stores nothing`, async () => {
        const before = await countContent();
        const r = await as.editor.post('/app_content/save', body);
        expect(r.status).toBe(400);
        expect(r.body.error.message).toBe(message);
        expect(await countContent()).toBe(before);
      });
    }

    it('answers 404 for an unknown id', async () => {
      const r = await as.editor.post('/app_content/save', { _id: 'no-such-id', title: 'x' });
      expect(r.status).toBe(404);
      expect(await stored('no-such-id')).toBeUndefined();
    });

    it('lets only admins set head and foot scripts (403 for an editor, nothing stored)', async () => {
      const before = await countContent();
      const r = await as.editor.post('/app_content/save', {
        _id: 'new',
        context: page(),
        scripthead: '<script src="https://evil.example/x.js"></script>',
      });
      expect(r.status).toBe(403);
      expect(r.body.error.message).toBe(MSG.scriptsAdminOnly);
      expect(await countContent()).toBe(before);

      const script = '<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST"></script>';
      const byAdmin = await as.admin.post('/app_content/save', {
        _id: 'new',
        context: page(),
        type: 'page',
        scripthead: script,
        scriptfoot: '<script>window.x=1</script>',
      });
      expect(byAdmin.status).toBe(200);
      // Admin snippets are third-party scripts by design: stored as given, not sanitised.
      expect(byAdmin.body.scripthead).toBe(script);

      const id = byAdmin.body._id;
      const change = await as.editor.post('/app_content/save', { _id: id, scriptfoot: '<script>evil()</script>' });
      expect(change.status).toBe(403);
      expect((await as.editor.post('/app_content/save', { _id: id, scriptfoot: '' })).status).toBe(403);
      // An editor's save that carries the admin's scripts back unchanged is fine.
      const resave = await as.editor.post('/app_content/save', {
        _id: id,
        title: 'Edited',
        scripthead: script,
        scriptfoot: '<script>window.x=1</script>',
      });
      expect(resave.status).toBe(200);
      expect((await stored(id))!.scriptfoot).toBe('<script>window.x=1</script>');
    });
  });

  describe('remove', () => {
    it('removes a record for an editor', async () => {
      const block = await buildContent(server().ctx);
      const r = await as.editor.post('/app_content/remove', { _id: block.id });
      expect(r.status).toBe(200);
      expect(await stored(block.id)).toBeUndefined();
    });

    it('refuses signed-out and learner removes, keeps the record', async () => {
      const block = await buildContent(server().ctx);
      expect((await as.visitor.post('/app_content/remove', { _id: block.id })).status).toBe(401);
      expect((await as.learner.post('/app_content/remove', { _id: block.id })).status).toBe(403);
      expect(await stored(block.id)).toBeTruthy();
    });

    it('answers 400 without an id and 404 for an unknown one', async () => {
      const r = await as.editor.post('/app_content/remove', {});
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(MSG.missingId);
      expect((await as.editor.post('/app_content/remove', { _id: 'no-such-id' })).status).toBe(404);
    });
  });

  describe('embed', () => {
    it('derives the embed URL of YouTube and Vimeo links, for everyone', async () => {
      const cases: [string, string, string][] = [
        ['https://youtu.be/aqz-KE-bpKQ', 'youtube', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'],
        ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'youtube', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'],
        ['https://www.youtube.com/shorts/aqz-KE-bpKQ', 'youtube', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'],
        ['https://vimeo.com/76979871', 'vimeo', 'https://player.vimeo.com/video/76979871'],
      ];
      for (const [url, provider, embedUrl] of cases) {
        const r = await as.visitor.post('/app_content/embed', { url });
        expect(r.status, url).toBe(200);
        expect(r.body).toMatchObject({ provider, embedUrl });
      }
    });

    it('refuses other sites and bad input with 400 and a clear message', async () => {
      for (const body of [
        { url: 'https://evil.example/watch?v=aqz-KE-bpKQ' },
        { url: 'javascript:alert(1)' },
        { url: '' },
        {},
        { url: ['x'] },
      ]) {
        const r = await as.visitor.post('/app_content/embed', body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.error.message).toBe(MSG.unknownVideoSite);
      }
    });
  });
});
