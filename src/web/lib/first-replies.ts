/**
 * Answers to the first screen's calls (domain/first-calls.ts) that arrived before the screen asked:
 * inside the page the server sent, or started by first-screen.ts while the screen's code loads. Each
 * is used once, by the first call that matches it; later calls (a refetch) go to the server.
 */
import { callKey, FIRST_REPLIES_ID, type FirstCall } from '../../domain/first-calls.ts';

/** `fromPage`: the server's answer, not yet kept on the device the way a fetched answer is. */
const waiting = new Map<string, { reply: Promise<unknown>; fromPage: boolean }>();

/** Takes the server's answers out of the page, so a later render or a copy of the page does not reuse them. */
export function readFirstReplies(doc: Document = document): void {
  const el = doc.getElementById(FIRST_REPLIES_ID);
  if (!el) return;
  el.remove();
  try {
    const replies = JSON.parse(el.textContent ?? '{}') as Record<string, unknown>;
    for (const [key, data] of Object.entries(replies)) waiting.set(key, { reply: Promise.resolve(data), fromPage: true });
  } catch {
    /* a damaged block: the screens ask the server themselves */
  }
}

/**
 * Forgets the answers no screen took. They describe the moment the page was made: after a change (any
 * mutation) or a while later, a screen that asks must get today's answer from the server.
 */
export function dropFirstReplies(): void {
  waiting.clear();
}

export const hasFirstReply = (call: FirstCall) => waiting.has(callKey(call.method, call.url, call.body));

/** Starts a call now, so the screen that makes it later finds it under way. */
export function startFirstCall(call: FirstCall, send: () => Promise<unknown>): void {
  const key = callKey(call.method, call.url, call.body);
  if (waiting.has(key)) return;
  const p = send();
  // A failure is the screen's to show, when it makes the call.
  p.catch(() => {});
  waiting.set(key, { reply: p, fromPage: false });
}

/** The answer already on its way for this call, once. */
export function takeFirstReply(method: string, url: string, body?: unknown) {
  const key = callKey(method, url, body);
  const found = waiting.get(key);
  if (found) waiting.delete(key);
  return found;
}
