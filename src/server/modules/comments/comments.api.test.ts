/**
 * Discussions through the real server, on SQLite and on PostgreSQL (spec sections 2, 5, 6, 7):
 * posts and replies, who edits and removes them, private posts and their share lists, the author's list,
 * and the limits on posting.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine, type TestClient } from '../../testing/harness.ts';
import { asRoles, buildComment, buildDiscussion, enrollIn, signedInUser } from '../../testing/factories.ts';
import type { UserRow } from '../users/users.repository.ts';
import { MSG } from '../../../domain/messages.ts';
import { POST_MAX_LENGTH } from '../../../domain/validation.ts';
import { POSTS_PER_MINUTE } from './comments.routes.ts';

type Who = { user: UserRow; client: TestClient };

describeEachEngine('comments API', (server) => {
  const db = () => server().ctx.db;
  const countPosts = async () => (await db().selectFrom('comments').select('id').where('removed', '=', 0).execute()).length;
  const countReplies = async () => (await db().selectFrom('replies').select('id').execute()).length;
  const stored = (id: string) => db().selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  // Learners A, B and C are enrolled in every discussion's classes; the outsider in none.
  let instructor: Who, a: Who, b: Who, c: Who, outsider: Who, editor: Who, admin: Who;
  let d: Awaited<ReturnType<typeof buildDiscussion>>;

  /** A new discussion whose classes the three learners are enrolled in. */
  async function discussion() {
    const made = await buildDiscussion(server().ctx, { instructor: instructor.user.id });
    for (const who of [a, b, c]) {
      await enrollIn(server().ctx, who.user.id, made.selfPaced);
      await enrollIn(server().ctx, who.user.id, made.group);
    }
    return made;
  }

  beforeAll(async () => {
    instructor = await signedInUser(server());
    a = await signedInUser(server(), { firstname: 'Ana', lastname: 'Author' });
    b = await signedInUser(server(), { firstname: 'Ben', lastname: 'Listed' });
    c = await signedInUser(server(), { firstname: 'Cai', lastname: 'Unlisted' });
    outsider = await signedInUser(server());
    editor = await signedInUser(server(), { roles: asRoles('cms') });
    admin = await signedInUser(server(), { roles: asRoles('admin') });
    d = await discussion();
  });

  const post = (who: Who, body: Record<string, unknown>, into = d) =>
    who.client.post('/app_comments/save', { parent: into.parent, context: into.selfPaced, body: '<p>Hello</p>', ...body });
  const list = (who: Who | TestClient, body: Record<string, unknown>) =>
    ('client' in who ? who.client : who).post('/app_comments/list', body);
  const ids = (r: { body: { _id: string }[] }) => r.body.map((p) => p._id);

  describe('save: creating a post', () => {
    it('creates a post in a class discussion, resolving the course and lesson of its parent', async () => {
      const r = await post(a, { body: '<p>Hi <strong>all</strong></p><script>alert(1)</script>', subject: 'Hello' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        parent: d.parent,
        context: d.selfPaced,
        classId: d.selfPaced,
        courseId: d.course,
        lessonId: d.lesson,
        author: a.user.id,
        authorname: 'Ana Author',
        body: '<p>Hi <strong>all</strong></p>',
        subject: 'Hello',
        access: 'public',
        shared: [],
        sharedStr: '',
        replies: [],
        abilities: { update: true, remove: true, reply: true },
      });
      expect(r.body._id).toMatch(/^[0-9a-f]{24}$/);
      expect((await stored(r.body._id)).body).toBe('<p>Hi <strong>all</strong></p>');
      const again = await post(a, { _id: 'new', body: '<p>Another</p>' });
      expect(again.status).toBe(200);
      expect(again.body._id).not.toBe(r.body._id);
    });

    it('refuses a signed-out visitor with 401 and stores nothing', async () => {
      const before = await countPosts();
      const r = await post({ client: server().client() } as Who, {});
      expect(r.status).toBe(401);
      expect(r.body.error.message).toBe(MSG.signInRequired);
      expect(await countPosts()).toBe(before);
    });

    it("answers bad input with 400 and the rule's message, and stores nothing", async () => {
      const before = await countPosts();
      const cases: [unknown, string][] = [
        [{ parent: d.parent, context: d.selfPaced }, MSG.postEmpty],
        [{ parent: d.parent, context: d.selfPaced, body: '   ' }, MSG.postEmpty],
        [{ parent: d.parent, context: d.selfPaced, body: '<script>alert(1)</script>' }, MSG.postEmpty],
        [{ context: d.selfPaced, body: '<p>No parent</p>' }, MSG.missingValues],
        [{ parent: d.parent, context: d.selfPaced, body: `<p>${'x'.repeat(POST_MAX_LENGTH)}</p>` }, MSG.postTooLong],
        [
          { parent: d.parent, context: d.selfPaced, body: '<p>x</p>', access: 'private', sharedStr: 'ben@example.org, not-an-email' },
          MSG.sharedEmails,
        ],
        [
          { parent: d.parent, context: d.selfPaced, body: '<p>x</p>', access: 'private', shared: ['ok@example.org', 'a@b'] },
          MSG.sharedEmails,
        ],
        [{ parent: d.parent, context: d.selfPaced, body: '<p>x</p>', access: 'secret' }, MSG.notValid],
        [{ parent: d.parent, context: d.group, body: '<p>x</p>', access: 'private' }, MSG.privateSelfPacedOnly],
        [{ parent: d.parent, body: '<p>x</p>', access: 'private' }, MSG.privateSelfPacedOnly],
        [{ parent: d.parent, context: d.selfPaced, body: 42 }, MSG.postEmpty],
        ['[]', MSG.missingValues],
      ];
      for (const [body, message] of cases) {
        const r = await a.client.post('/app_comments/save', body);
        expect(r.status, JSON.stringify(body).slice(0, 100)).toBe(400);
        expect(r.body.error.message, JSON.stringify(body).slice(0, 100)).toBe(message);
      }
      expect(await countPosts()).toBe(before);
    });

    it(`takes a post of exactly ${POST_MAX_LENGTH} characters of HTML and refuses one more`, async () => {
      const html = `<p>${'y'.repeat(POST_MAX_LENGTH - 7)}</p>`;
      expect(html).toHaveLength(POST_MAX_LENGTH);
      expect((await post(b, { body: html })).status).toBe(200);
      const r = await post(b, { body: `${html} ` });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(MSG.postTooLong);
    });

    it('refuses a learner who is not in the class (403) and an unknown class (404)', async () => {
      const before = await countPosts();
      expect((await post(outsider, {})).status).toBe(403);
      const r = await post(a, { context: 'no-such-class' });
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe(MSG.classNotFound);
      expect(await countPosts()).toBe(before);
    });

    it("refuses a class of another course for the lesson's discussion", async () => {
      const other = await discussion();
      const r = await post(a, { context: other.selfPaced });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(MSG.classOtherCourse);
    });

    it('lets the instructor, editors and admins post in the class; a discussion without a class is open to anyone signed in', async () => {
      for (const who of [instructor, editor, admin]) expect((await post(who, {})).status).toBe(200);
      const open = await post(outsider, { context: 'none', body: '<p>Course-wide</p>' });
      expect(open.status).toBe(200);
      expect(open.body).toMatchObject({ context: null, classId: null, courseId: d.course });
      const read = await list(c, { parent: d.parent });
      expect(ids(read)).toContain(open.body._id);
    });

    it(`limits posting to ${POSTS_PER_MINUTE} a minute per user (429), leaving others free to post`, async () => {
      const hasty = await signedInUser(server());
      await enrollIn(server().ctx, hasty.user.id, d.selfPaced);
      for (let i = 0; i < POSTS_PER_MINUTE; i++) expect((await post(hasty, { body: `<p>Post ${i}</p>` })).status).toBe(200);
      const before = await countPosts();
      const r = await post(hasty, { body: '<p>One too many</p>' });
      expect(r.status).toBe(429);
      expect(r.body.error.message).toBe(MSG.tooManyRequests);
      expect(await countPosts()).toBe(before);
      expect((await post(a, { body: '<p>Still fine</p>' })).status).toBe(200);
    });
  });

  describe('save: editing, and remove', () => {
    it("lets a learner edit their own post, never another learner's; admins edit any", async () => {
      const mine = (await post(a, { body: '<p>First draft</p>' })).body;
      const edited = await a.client.post('/app_comments/save', { ...mine, body: '<p>Second draft</p>' });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ _id: mine._id, body: '<p>Second draft</p>', timestamp: mine.timestamp });
      for (const who of [b, instructor, editor]) {
        const r = await who.client.post('/app_comments/save', { _id: mine._id, body: '<p>Hijacked</p>' });
        expect(r.status).toBe(403);
        expect(r.body.error.message).toBe(MSG.forbidden);
      }
      expect((await stored(mine._id)).body).toBe('<p>Second draft</p>');
      const byAdmin = await admin.client.post('/app_comments/save', { _id: mine._id, body: '<p>Moderated</p>' });
      expect(byAdmin.status).toBe(200);
      expect((await stored(mine._id)).body).toBe('<p>Moderated</p>');
    });

    it('answers an unknown post with 404 and a signed-out edit with 401', async () => {
      const r = await a.client.post('/app_comments/save', { _id: 'no-such-post', body: '<p>x</p>' });
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe(MSG.postNotFound);
      const mine = (await post(a, {})).body;
      expect((await server().client().post('/app_comments/save', { _id: mine._id, body: '<p>x</p>' })).status).toBe(401);
    });

    it('matches the author by email on older records', async () => {
      const old = await buildComment(server().ctx, { parent: d.parent, context: d.selfPaced, author: a.user.email.toUpperCase() });
      expect((await a.client.post('/app_comments/save', { _id: old.id, body: '<p>Mine</p>' })).status).toBe(200);
      expect((await b.client.post('/app_comments/save', { _id: old.id, body: '<p>Not mine</p>' })).status).toBe(403);
      expect((await a.client.post('/app_comments/remove', { _id: old.id, author: a.user.email })).status).toBe(200);
    });

    it('keeps a private post private when an edit does not mention access', async () => {
      const p = (await post(a, { access: 'private', sharedStr: b.user.email })).body;
      expect(p.access).toBe('private');
      const r = await a.client.post('/app_comments/save', { _id: p._id, body: '<p>Only the body changes</p>' });
      expect(r.body).toMatchObject({ access: 'private', shared: [b.user.email] });
      const pub = await a.client.post('/app_comments/save', { _id: p._id, body: '<p>Now public</p>', access: 'public' });
      expect(pub.body).toMatchObject({ access: 'public', shared: [] });
    });

    it('removes a post for its author or an admin only; the post is gone from every list', async () => {
      const p = (await post(a, { body: '<p>To be removed</p>' })).body;
      const bad: [unknown, string][] = [
        [{}, MSG.missingId],
        [{ _id: p._id }, MSG.missingValues],
        ['[]', MSG.missingId],
      ];
      for (const [body, message] of bad) {
        const r = await a.client.post('/app_comments/remove', body);
        expect(r.status).toBe(400);
        expect(r.body.error.message).toBe(message);
      }
      expect((await server().client().post('/app_comments/remove', { _id: p._id, author: a.user.id })).status).toBe(401);
      expect((await b.client.post('/app_comments/remove', { _id: p._id, author: a.user.id })).status).toBe(403);
      expect((await a.client.post('/app_comments/remove', { _id: p._id, author: b.user.id })).status).toBe(404);
      expect((await a.client.post('/app_comments/remove', { _id: 'no-such-post', author: a.user.id })).status).toBe(404);
      expect(ids(await list(a, { parent: d.parent, context: d.selfPaced }))).toContain(p._id);
      const r = await a.client.post('/app_comments/remove', { _id: p._id, author: a.user.id });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ ok: true });
      expect(ids(await list(a, { parent: d.parent, context: d.selfPaced }))).not.toContain(p._id);
      expect(ids(await list(a, {}))).not.toContain(p._id);
      expect((await a.client.post('/app_comments/remove', { _id: p._id, author: a.user.id })).status).toBe(404);
      expect((await a.client.post('/app_comments/save', { _id: p._id, body: '<p>Back?</p>' })).status).toBe(404);

      const other = (await post(b, {})).body;
      expect((await admin.client.post('/app_comments/remove', { _id: other._id, author: b.user.email })).status).toBe(200);
    });
  });

  describe('replies', () => {
    it("tells the post's author of a reply by e-mail, unless they turned that notice off", async () => {
      // Accounts of its own, so the posting limits of the others are untouched.
      const [x, y] = [await signedInUser(server()), await signedInUser(server())];
      for (const who of [x, y]) await enrollIn(server().ctx, who.user.id, d.selfPaced);
      const p = (await post(x, { body: '<p>Who can help?</p>', subject: 'Help wanted' })).body;
      const queued = () =>
        db()
          .selectFrom('mail_queue')
          .select('subject')
          .where('to', '=', x.user.email)
          .where('subject', 'like', '%reply to your post%')
          .execute();
      expect((await y.client.post('/app_comments/saveReply', { parent: p._id, body: '<p>Me</p>' })).status).toBe(200);
      await expect.poll(async () => (await queued()).length).toBe(1);
      // One's own reply is no news; after turning the notice off, nothing more is sent.
      await x.client.post('/app_comments/saveReply', { parent: p._id, body: '<p>Thanks</p>' });
      await x.client.post('/app_users/notices', { off: ['reply'] });
      await y.client.post('/app_comments/saveReply', { parent: p._id, body: '<p>Me too</p>' });
      await new Promise((r) => setTimeout(r, 300));
      expect(await queued()).toHaveLength(1);
    });

    it('adds replies under a post, oldest first, and lets only their author or an admin edit or remove them', async () => {
      const p = (await post(a, { body: '<p>Question</p>' })).body;
      const r1 = await b.client.post('/app_comments/saveReply', { parent: p._id, body: '<p>First answer</p><img src=x onerror=alert(1)>' });
      expect(r1.status).toBe(200);
      expect(r1.body).toMatchObject({
        parent: p._id,
        author: b.user.id,
        authorname: 'Ben Listed',
        body: '<p>First answer</p><img src="x" />',
        context: d.selfPaced,
        lang: 'en',
        abilities: { update: true, remove: true },
      });
      await new Promise((r) => setTimeout(r, 5));
      const r2 = await a.client.post('/app_comments/saveReply', { parent: p._id, body: '<p>Thanks</p>', lang: 'pt', _id: 'new' });
      expect(r2.status).toBe(200);
      const seen = (await list(c, { parent: d.parent, context: d.selfPaced })).body.find((x: any) => x._id === p._id);
      expect(seen.replies.map((r: any) => r._id)).toEqual([r1.body._id, r2.body._id]);
      expect(seen.replies[0].abilities).toEqual({ update: false, remove: false });

      expect((await a.client.post('/app_comments/saveReply', { parent: p._id, _id: r1.body._id, body: '<p>Changed</p>' })).status).toBe(
        403,
      );
      expect((await a.client.post('/app_comments/removeReply', { _id: r1.body._id })).status).toBe(403);
      const edited = await b.client.post('/app_comments/saveReply', { parent: p._id, _id: r1.body._id, body: '<p>Better answer</p>' });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ _id: r1.body._id, body: '<p>Better answer</p>', timestamp: r1.body.timestamp });
      expect((await admin.client.post('/app_comments/removeReply', { _id: r1.body._id })).status).toBe(200);
      expect((await a.client.post('/app_comments/removeReply', { _id: r2.body._id })).body).toEqual({ ok: true });
      expect((await list(a, { parent: d.parent, context: d.selfPaced })).body.find((x: any) => x._id === p._id).replies).toEqual([]);
    });

    it('answers bad input, signed-out, forbidden and missing replies', async () => {
      const p = (await post(a, {})).body;
      const before = await countReplies();
      const bad: [unknown, string][] = [
        [{ body: '<p>x</p>' }, MSG.missingValues],
        [{ parent: p._id }, MSG.postEmpty],
        [{ parent: p._id, body: 'z'.repeat(POST_MAX_LENGTH + 1) }, MSG.postTooLong],
        [{ parent: p._id, body: '<p>x</p>', lang: 'english' }, MSG.invalidLanguage],
        ['[]', MSG.missingValues],
      ];
      for (const [body, message] of bad) {
        const r = await b.client.post('/app_comments/saveReply', body);
        expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(r.body.error.message).toBe(message);
      }
      expect((await server().client().post('/app_comments/saveReply', { parent: p._id, body: '<p>x</p>' })).status).toBe(401);
      expect((await outsider.client.post('/app_comments/saveReply', { parent: p._id, body: '<p>x</p>' })).status).toBe(403);
      expect((await b.client.post('/app_comments/saveReply', { parent: 'no-such-post', body: '<p>x</p>' })).body.error.message).toBe(
        MSG.postNotFound,
      );
      const missing = await b.client.post('/app_comments/saveReply', { parent: p._id, _id: 'no-such-reply', body: '<p>x</p>' });
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe(MSG.replyNotFound);
      expect(await countReplies()).toBe(before);

      expect((await b.client.post('/app_comments/removeReply', {})).body.error.message).toBe(MSG.missingId);
      expect((await server().client().post('/app_comments/removeReply', { _id: 'x' })).status).toBe(401);
      expect((await b.client.post('/app_comments/removeReply', { _id: 'no-such-reply' })).status).toBe(404);
    });
  });

  describe('list and get: who reads what', () => {
    it('answers a discussion newest first, through list and through get/{parent}', async () => {
      const here = await discussion();
      const older = await buildComment(server().ctx, {
        parent: here.parent,
        context: here.selfPaced,
        author: a.user.id,
        timestamp: '2026-01-01T10:00:00.000Z',
      });
      const newer = await buildComment(server().ctx, {
        parent: here.parent,
        context: here.selfPaced,
        author: b.user.id,
        timestamp: '2026-01-02T10:00:00.000Z',
      });
      await buildComment(server().ctx, { parent: here.parent, context: here.group, author: a.user.id });
      const r = await list(c, { parent: here.parent, context: here.selfPaced });
      expect(r.status).toBe(200);
      expect(ids(r)).toEqual([newer.id, older.id]);
      expect(r.body[0].abilities).toEqual({ update: false, remove: false, reply: true });
      const got = await c.client.post(`/app_comments/get/${encodeURIComponent(here.parent)}`, { context: here.selfPaced });
      expect(got.status).toBe(200);
      expect(ids(got)).toEqual([newer.id, older.id]);
      expect(ids(await list(c, { parent: here.parent, context: here.selfPaced, author: a.user.email }))).toEqual([older.id]);
    });

    it('lets only the class, its instructor, editors and admins read a class discussion', async () => {
      for (const who of [a, instructor, editor, admin])
        expect((await list(who, { parent: d.parent, context: d.selfPaced })).status).toBe(200);
      const r = await list(outsider, { parent: d.parent, context: d.selfPaced });
      expect(r.status).toBe(403);
      expect((await outsider.client.post(`/app_comments/get/${d.parent}`, { context: d.selfPaced })).status).toBe(403);
      for (const route of ['/app_comments/list', `/app_comments/get/${d.parent}`]) {
        const out = await server().client().post(route, { parent: d.parent, context: d.selfPaced });
        expect(out.status).toBe(401);
      }
      const gone = await list(a, { parent: d.parent, context: 'no-such-class' });
      expect(gone.status).toBe(404);
      expect(gone.body.error.message).toBe(MSG.classNotFound);
    });

    it('answers bad input with 400', async () => {
      for (const body of ['[]', { parent: 5 }, { author: ['x'] }, { context: { $ne: '' } }]) {
        const r = await list(a, body as Record<string, unknown>);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.error.message).toBe(MSG.notValid);
      }
      expect((await a.client.post(`/app_comments/get/${d.parent}`, { context: 7 })).status).toBe(400);
    });

    it('shows a private post to a listed address, the instructor and admins, and to no other learner', async () => {
      const here = await discussion();
      const secret = 'Only-for-Ben-7f3a';
      // Upper case and a full-width at sign: folded like account addresses, so it still names Ben.
      const p = await post(
        a,
        {
          body: `<p>${secret}</p>`,
          access: 'private',
          sharedStr: ` ${b.user.email.toUpperCase().replace('@', '\uFF20')} , friend@example.org`,
        },
        here,
      );
      expect(p.status).toBe(200);
      expect(p.body).toMatchObject({
        access: 'private',
        shared: [b.user.email, 'friend@example.org'],
        sharedStr: `${b.user.email}, friend@example.org`,
      });
      const replySecret = 'Reply-under-private-9c1d';
      expect((await b.client.post('/app_comments/saveReply', { parent: p.body._id, body: `<p>${replySecret}</p>` })).status).toBe(200);
      const pub = (await post(c, { body: '<p>Public</p>' }, here)).body;

      const visible = (r: { body: { _id: string }[] }) => ids(r).includes(p.body._id);
      const discussionOf = (who: Who) => list(who, { parent: here.parent, context: here.selfPaced });
      const getOf = (who: Who) => who.client.post(`/app_comments/get/${here.parent}`, { context: here.selfPaced });
      const byAuthor = (who: Who) => list(who, { author: a.user.id });

      for (const who of [a, b, instructor, admin]) {
        expect(visible(await discussionOf(who)), who.user.email).toBe(true);
        expect(visible(await getOf(who)), who.user.email).toBe(true);
        expect(visible(await byAuthor(who)), who.user.email).toBe(true);
      }
      // The listed reader sees the post, but not who else it is shared with.
      const seenByB = (await discussionOf(b)).body.find((x: any) => x._id === p.body._id);
      expect(seenByB).toMatchObject({ body: `<p>${secret}</p>`, shared: [], sharedStr: '', abilities: { update: false, remove: false } });
      expect(seenByB.replies).toHaveLength(1);

      // Nothing of it leaks to an unlisted learner or an editor: not the post, its id, its reply or its share list.
      for (const who of [c, editor]) {
        for (const r of [await discussionOf(who), await getOf(who), await byAuthor(who), await list(who, {})]) {
          expect(r.status).toBe(200);
          const text = JSON.stringify(r.body);
          for (const leak of [secret, replySecret, p.body._id, 'friend@example.org', b.user.email])
            expect(text, who.user.email).not.toContain(leak);
        }
        expect(ids(await discussionOf(who))).toContain(pub._id);
      }
      // Nor can they reply to it, edit it or remove it.
      expect((await c.client.post('/app_comments/saveReply', { parent: p.body._id, body: '<p>Hi</p>' })).status).toBe(403);
      expect((await c.client.post('/app_comments/save', { _id: p.body._id, body: '<p>Hi</p>' })).status).toBe(403);
      expect((await c.client.post('/app_comments/remove', { _id: p.body._id, author: a.user.id })).status).toBe(403);
    });

    it("lists the caller's own posts for the account panel: newest first, with course title, class name and reply count", async () => {
      const me = await signedInUser(server());
      const here = await discussion();
      await enrollIn(server().ctx, me.user.id, here.selfPaced);
      const first = (await post(me, { body: '<p>One</p>' }, here)).body;
      await new Promise((r) => setTimeout(r, 5));
      const second = (await post(me, { body: '<p>Two</p>', context: null }, here)).body;
      await b.client.post('/app_comments/saveReply', { parent: first._id, body: '<p>Reply</p>' });
      const orphan = await buildComment(server().ctx, { parent: 'general', author: me.user.id, timestamp: '2020-01-01T00:00:00.000Z' });

      const r = await list(me, {});
      expect(r.status).toBe(200);
      expect(ids(r)).toEqual([second._id, first._id, orphan.id]);
      expect(r.body[1]).toMatchObject({
        _id: first._id,
        courseId: here.course,
        lessonId: here.lesson,
        classId: here.selfPaced,
        context: here.selfPaced,
        courseTitle: 'Test course',
        className: 'Test class',
        replyCount: 1,
        body: '<p>One</p>',
      });
      expect(r.body[1]).not.toHaveProperty('replies');
      expect(r.body[0]).toMatchObject({ className: null, courseTitle: 'Test course', replyCount: 0 });
      // No course: the web app shows 'The context is missing for this comment'.
      expect(r.body[2]).toMatchObject({ courseId: null, courseTitle: null, className: null });
      expect((await list(me, { author: me.user.email })).body.map((x: any) => x._id)).toEqual(ids(r));
      expect((await list(admin, { author: me.user.id })).body.map((x: any) => x._id)).toEqual(ids(r));
      expect((await list(me, { author: 'nobody@example.org' })).body).toEqual([]);
      expect((await server().client().post('/app_comments/list', {})).status).toBe(401);
    });
  });
});
