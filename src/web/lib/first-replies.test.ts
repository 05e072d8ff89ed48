import { describe, expect, it } from 'vitest';
import { dropFirstReplies, hasFirstReply, readFirstReplies, startFirstCall, takeFirstReply } from './first-replies.ts';

/** Just enough of a document for the reader: one element found by id, removed once read. */
function pageWith(json: string) {
  let present = true;
  const el = { textContent: json, remove: () => (present = false) };
  return {
    doc: { getElementById: (id: string) => (present && id === 'first-replies' ? el : null) } as unknown as Document,
    read: () => !present,
  };
}

describe("the page's first answers", () => {
  it('answers each call once, whatever the order of its body fields, then leaves it to the server', async () => {
    const page = pageWith(JSON.stringify({ 'POST /app_classes/list {"_id":"k1","lang":"ar"}': [{ _id: 'k1' }] }));
    readFirstReplies(page.doc);
    expect(page.read()).toBe(true);
    const found = takeFirstReply('POST', '/app_classes/list', { lang: 'ar', _id: 'k1' });
    expect(found?.fromPage).toBe(true);
    expect(await found?.reply).toEqual([{ _id: 'k1' }]);
    expect(takeFirstReply('POST', '/app_classes/list', { _id: 'k1', lang: 'ar' })).toBeUndefined();
  });

  it('ignores a damaged block', () => {
    readFirstReplies(pageWith('{not json').doc);
    expect(takeFirstReply('GET', '/app_users/whoami')).toBeUndefined();
  });

  it('shares a call started early with the screen that makes it, and forgets what nobody took after a change', async () => {
    const call = { method: 'POST' as const, url: '/app_lessons/list', body: { course: 'c1' } };
    let sent = 0;
    startFirstCall(call, async () => [++sent]);
    startFirstCall(call, async () => [++sent]);
    expect(sent).toBe(1);
    expect(await takeFirstReply('POST', '/app_lessons/list', { course: 'c1' })?.reply).toEqual([1]);
    startFirstCall(call, async () => [++sent]);
    expect(hasFirstReply(call)).toBe(true);
    dropFirstReplies();
    expect(hasFirstReply(call)).toBe(false);
  });
});
