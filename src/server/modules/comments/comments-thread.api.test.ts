/**
 * The spec's Comment form through the real server, on SQLite and on PostgreSQL: replies saved inside
 * comments/save (validated, sanitised, under the author rules), and the `removed` marker that keeps a
 * thread consistent when a post or reply goes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine, type TestClient } from '../../testing/harness.ts';
import { asRoles, buildDiscussion, enrollIn, signedInUser } from '../../testing/factories.ts';
import type { UserRow } from '../users/users.repository.ts';
import { MSG } from '../../../domain/messages.ts';

type Who = { user: UserRow; client: TestClient };

describeEachEngine('comments: replies inside the saved comment, and removed markers', (server) => {
  const db = () => server().ctx.db;
  let a: Who, b: Who, outsider: Who, admin: Who;
  let d: Awaited<ReturnType<typeof buildDiscussion>>;

  beforeAll(async () => {
    a = await signedInUser(server(), { firstname: 'Ana', lastname: 'Author' });
    b = await signedInUser(server(), { firstname: 'Ben', lastname: 'Replier' });
    outsider = await signedInUser(server());
    admin = await signedInUser(server(), { roles: asRoles('admin') });
    d = await buildDiscussion(server().ctx);
    for (const who of [a, b]) await enrollIn(server().ctx, who.user.id, d.selfPaced);
  });

  const post = (who: Who, body: Record<string, unknown>) =>
    who.client.post('/app_comments/save', { parent: d.parent, context: d.selfPaced, body: '<p>Hello</p>', ...body });
  const thread = async (who: Who) =>
    (await who.client.post('/app_comments/list', { parent: d.parent, context: d.selfPaced })).body as any[];
  const storedReplies = (commentId: string) =>
    db().selectFrom('replies').selectAll().where('commentId', '=', commentId).orderBy('timestamp').orderBy('id').execute();

  describe('comments/save with replies', () => {
    it('creates a post with replies inside it, sanitised, each by the saver', async () => {
      const r = await post(a, { body: '<p>Question</p>', replies: [{ body: '<p>Context<script>alert(1)</script></p>', lang: 'pt' }] });
      expect(r.status).toBe(200);
      expect(r.body.replies).toHaveLength(1);
      expect(r.body.replies[0]).toMatchObject({
        author: a.user.id,
        authorname: 'Ana Author',
        body: '<p>Context</p>',
        lang: 'pt',
        parent: r.body._id,
      });
      expect((await storedReplies(r.body._id)).map((x) => x.body)).toEqual(['<p>Context</p>']);
    });

    it('lets a reader save the post back unchanged with a reply of their own, and nothing more', async () => {
      const p = (await post(a, { body: '<p>Anyone?</p>' })).body;
      const mine = (await a.client.post('/app_comments/saveReply', { parent: p._id, body: '<p>Mine</p>' })).body;
      // B sends the record as read, with a new reply appended: the spec's way of replying.
      const read = (await thread(b)).find((x) => x._id === p._id);
      const r = await b.client.post('/app_comments/save', { ...read, replies: [...read.replies, { body: '<p>Yes, me</p>' }] });
      expect(r.status).toBe(200);
      expect(r.body.replies.map((x: any) => [x.author, x.body])).toEqual([
        [a.user.id, '<p>Mine</p>'],
        [b.user.id, '<p>Yes, me</p>'],
      ]);
      expect(r.body.body).toBe('<p>Anyone?</p>');

      const before = await storedReplies(p._id);
      // Changing the post, or another author's reply, is refused and changes nothing at all.
      const refused: [Record<string, unknown>, number][] = [
        [{ ...read, body: '<p>Taken over</p>', replies: [{ body: '<p>x</p>' }] }, 403],
        [{ ...read, replies: [{ _id: mine._id, body: '<p>Edited by B</p>' }] }, 403],
        [{ ...read, replies: [{ _id: mine._id, body: '<p>Mine</p>', removed: true }] }, 403],
        [{ ...read, replies: [{ _id: 'no-such-reply', body: '<p>x</p>' }] }, 404],
      ];
      for (const [body, status] of refused)
        expect((await b.client.post('/app_comments/save', body)).status, JSON.stringify(body.replies)).toBe(status);
      expect((await outsider.client.post('/app_comments/save', { ...read, replies: [{ body: '<p>x</p>' }] })).status).toBe(403);
      expect(await storedReplies(p._id)).toEqual(before);
      expect((await db().selectFrom('comments').select('body').where('id', '=', p._id).executeTakeFirstOrThrow()).body).toBe(
        '<p>Anyone?</p>',
      );
    });

    it('edits and removes replies under the author rules; replies left out stay', async () => {
      const p = (await post(a, { body: '<p>Thread</p>' })).body;
      const fromB = (await b.client.post('/app_comments/saveReply', { parent: p._id, body: '<p>B says</p>' })).body;
      const fromA = (await a.client.post('/app_comments/saveReply', { parent: p._id, body: '<p>A says</p>' })).body;
      const read = (await thread(b)).find((x) => x._id === p._id);
      const edit = await b.client.post('/app_comments/save', { ...read, replies: [{ ...fromB, body: '<p>B says better</p>' }] });
      expect(edit.status).toBe(200);
      expect(edit.body.replies.map((x: any) => x.body)).toEqual(['<p>B says better</p>', '<p>A says</p>']);
      const removed = await b.client.post('/app_comments/save', {
        ...read,
        replies: [{ _id: fromB._id, body: fromB.body, removed: true }],
      });
      expect(removed.body.replies.map((x: any) => x._id)).toEqual([fromA._id]);
      // The post's author edits the post and an admin removes A's reply in the same form.
      const byAuthor = await a.client.post('/app_comments/save', {
        _id: p._id,
        body: '<p>Thread (edited)</p>',
        replies: [{ _id: fromA._id, body: '<p>A says more</p>' }],
      });
      expect([byAuthor.body.body, byAuthor.body.replies[0].body]).toEqual(['<p>Thread (edited)</p>', '<p>A says more</p>']);
      expect(
        (
          await admin.client.post('/app_comments/save', {
            _id: p._id,
            body: '<p>Thread (edited)</p>',
            replies: [{ _id: fromA._id, body: 'x', removed: true }],
          })
        ).body.replies,
      ).toEqual([]);
    });

    it("answers bad replies with 400 and the rule's message, storing nothing", async () => {
      const p = (await post(a, {})).body;
      const cases: [unknown, string][] = [
        ['not a list', MSG.notValid],
        [[{ body: '' }], MSG.postEmpty],
        [[{ body: '<p>x</p>', lang: 'english' }], MSG.invalidLanguage],
        [[{ body: '<script>alert(1)</script>' }], MSG.postEmpty],
        [[{ body: '<p>x</p>', removed: 'yes' }], MSG.notValid],
      ];
      for (const [replies, message] of cases) {
        const r = await a.client.post('/app_comments/save', { _id: p._id, body: '<p>Hello</p>', replies });
        expect([r.status, r.body.error.message], JSON.stringify(replies)).toEqual([400, message]);
      }
      expect(await storedReplies(p._id)).toEqual([]);
      // A new post whose replies are bad is not stored either.
      const posts = async () => (await db().selectFrom('comments').select('id').execute()).length;
      const before = await posts();
      expect((await post(a, { replies: [{ _id: 'some-reply', body: '<p>x</p>' }] })).status).toBe(404);
      expect((await post(a, { replies: [{ body: '<script>alert(1)</script>' }] })).status).toBe(400);
      expect(await posts()).toBe(before);
    });
  });

  describe('removed markers', () => {
    it('keeps a removed post with replies in its thread as "removed", without its text or author; one without replies goes', async () => {
      const p = (await post(a, { body: '<p>Secret words</p>', subject: 'Hello' })).body;
      const reply = (await b.client.post('/app_comments/saveReply', { parent: p._id, body: '<p>An answer</p>' })).body;
      const lone = (await post(a, { body: '<p>Alone</p>' })).body;
      for (const x of [p, lone]) expect((await a.client.post('/app_comments/remove', { _id: x._id, author: a.user.id })).status).toBe(200);

      const seen = await thread(b);
      expect(seen.map((x) => x._id)).not.toContain(lone._id);
      const marker = seen.find((x) => x._id === p._id);
      expect(marker).toMatchObject({
        removed: true,
        body: '',
        subject: null,
        author: '',
        authorname: '',
        abilities: { update: false, remove: false, reply: false },
      });
      expect(marker.replies.map((r: any) => r._id)).toEqual([reply._id]);
      expect(JSON.stringify(marker)).not.toContain('Secret words');
      expect(seen.filter((x) => x._id !== p._id).every((x) => x.removed === false)).toBe(true);
      // Stored with the marker; no new replies or edits go under a removed post.
      expect((await db().selectFrom('comments').select('removed').where('id', '=', p._id).executeTakeFirstOrThrow()).removed).toBe(1);
      expect((await b.client.post('/app_comments/saveReply', { parent: p._id, body: '<p>More</p>' })).status).toBe(404);
      expect((await a.client.post('/app_comments/save', { _id: p._id, body: '<p>Back</p>' })).status).toBe(404);

      // Once its last reply goes, the removed post leaves the thread too.
      expect((await b.client.post('/app_comments/removeReply', { _id: reply._id })).status).toBe(200);
      expect((await thread(b)).map((x) => x._id)).not.toContain(p._id);
    });

    it('keeps a removed reply with its marker, out of threads and reply counts', async () => {
      const p = (await post(a, { body: '<p>Counted</p>' })).body;
      const r1 = (await b.client.post('/app_comments/saveReply', { parent: p._id, body: '<p>One</p>' })).body;
      const r2 = (await b.client.post('/app_comments/saveReply', { parent: p._id, body: '<p>Two</p>' })).body;
      expect((await b.client.post('/app_comments/removeReply', { _id: r1._id })).status).toBe(200);
      expect((await storedReplies(p._id)).map((x) => [x.id, x.removed])).toEqual([
        [r1._id, 1],
        [r2._id, 0],
      ]);
      expect((await thread(a)).find((x) => x._id === p._id).replies.map((x: any) => x._id)).toEqual([r2._id]);
      const mine = (await a.client.post('/app_comments/list', {})).body.find((x: any) => x._id === p._id);
      expect(mine.replyCount).toBe(1);
      expect((await b.client.post('/app_comments/removeReply', { _id: r1._id })).status).toBe(404);
      expect((await b.client.post('/app_comments/saveReply', { parent: p._id, _id: r1._id, body: '<p>Again</p>' })).status).toBe(404);
    });
  });
});
