/**
 * Posts and replies sent from a device that was offline carry a client id: sending one again (a lost
 * reply, a reload while sending, two sends at once) records it once and answers with the first.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { buildDiscussion, enrollIn, signedInUser } from '../../testing/factories.ts';
import { MSG } from '../../../domain/messages.ts';

type Who = Awaited<ReturnType<typeof signedInUser>>;

describeEachEngine('comments sent again with a client id', (server) => {
  const db = () => server().ctx.db;
  let a: Who, b: Who;
  let d: Awaited<ReturnType<typeof buildDiscussion>>;

  beforeAll(async () => {
    const instructor = await signedInUser(server());
    a = await signedInUser(server());
    b = await signedInUser(server());
    d = await buildDiscussion(server().ctx, { instructor: instructor.user.id });
    for (const who of [a, b]) await enrollIn(server().ctx, who.user.id, d.selfPaced);
  });

  const send = (who: Who, clientid: string, body = '<p>Written on the bus</p>') =>
    who.client.post('/app_comments/save', { parent: d.parent, context: d.selfPaced, body, clientid });
  const postsWith = async (clientid: string) =>
    (await db().selectFrom('comments').select('id').where('clientid', '=', clientid).execute()).length;

  it('a post sent twice is recorded once, and both sends answer with it', async () => {
    const first = await send(a, 'c0ffee00-0000-4000-8000-000000000001');
    const again = await send(a, 'c0ffee00-0000-4000-8000-000000000001');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body._id).toBe(first.body._id);
    expect(await postsWith('c0ffee00-0000-4000-8000-000000000001')).toBe(1);
  });

  it('two sends at the same time still make one post', async () => {
    const id = 'c0ffee00-0000-4000-8000-000000000002';
    const [r1, r2, r3] = await Promise.all([send(a, id), send(a, id), send(a, id)]);
    expect([r1.status, r2.status, r3.status]).toEqual([200, 200, 200]);
    expect(new Set([r1.body._id, r2.body._id, r3.body._id]).size).toBe(1);
    expect(await postsWith(id)).toBe(1);
  });

  it('the same client id from another author is another post', async () => {
    const id = 'c0ffee00-0000-4000-8000-000000000003';
    const mine = await send(a, id);
    const theirs = await send(b, id);
    expect(theirs.status).toBe(200);
    expect(theirs.body._id).not.toBe(mine.body._id);
    expect(await postsWith(id)).toBe(2);
  });

  it('a reply sent twice is recorded once', async () => {
    const p = await send(a, 'c0ffee00-0000-4000-8000-000000000004');
    const id = 'c0ffee00-0000-4000-8000-000000000005';
    const reply = () => b.client.post('/app_comments/saveReply', { parent: p.body._id, body: '<p>Answer</p>', clientid: id });
    const [r1, r2] = await Promise.all([reply(), reply()]);
    const r3 = await reply();
    expect([r1.status, r2.status, r3.status]).toEqual([200, 200, 200]);
    expect(new Set([r1.body._id, r2.body._id, r3.body._id]).size).toBe(1);
    expect((await db().selectFrom('replies').select('id').where('clientid', '=', id).execute()).length).toBe(1);
  });

  it('a malformed client id is refused and nothing is written', async () => {
    const before = (await db().selectFrom('comments').select('id').execute()).length;
    const r = await send(a, 'not an id!');
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(MSG.notValid);
    expect((await db().selectFrom('comments').select('id').execute()).length).toBe(before);
  });
});
