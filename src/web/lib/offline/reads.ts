/**
 * Reads already made, kept on the device so the pages they belong to open without a connection.
 * The API's reads are mostly POSTs with a JSON body (the spec's paths), which the Cache API cannot
 * hold, so the app keeps them itself, keyed by path and body. Only the learner-facing reads are kept;
 * a read never made says "not available offline" instead of failing silently.
 */
import { hasOfflineStore, offlineDb, type SavedRead } from './store.ts';

/** Reads a learner's pages make (content, courses, lessons, their enrolments and discussions). */
const READ_POSTS = new Set([
  '/app_content/get',
  '/app_content/list',
  '/app_courses/list',
  '/app_classes/list',
  '/app_lessons/get',
  '/app_lessons/list',
  '/app_enrollment/list',
  '/app_comments/list',
]);
const WHOAMI = '/app_users/whoami';

export function isKeptRead(method: string, path: string): boolean {
  const bare = path.split('?')[0]!;
  if (method === 'GET') return bare === WHOAMI || bare.startsWith('/app_content/getpage/');
  return READ_POSTS.has(bare) || bare.startsWith('/app_comments/get/');
}

/**
 * The key of a read: method, path and body. whoami is one entry whatever its `asof` (the labels'
 * version it already holds), so the newest user and the last full label map are both kept.
 */
export function readKey(method: string, path: string, body: unknown): string {
  const bare = path.split('?')[0]!;
  if (bare === WHOAMI) return `GET ${WHOAMI}`;
  return `${method} ${path} ${body === undefined ? '' : JSON.stringify(body)}`;
}

interface WhoamiLike {
  lang?: string;
  loc?: Record<string, string> | null;
  user?: { _id?: string } | null;
}

let onWhoami: ((w: WhoamiLike) => Promise<void>) | null = null;
/** Called with every whoami answer before it is kept: device.ts clears the data of a previous user. */
export function watchWhoami(f: (w: WhoamiLike) => Promise<void>) {
  onWhoami = f;
}

export async function rememberRead(method: string, path: string, body: unknown, data: unknown): Promise<void> {
  if (!hasOfflineStore()) return;
  const key = readKey(method, path, body);
  try {
    if (key === `GET ${WHOAMI}`) {
      const w = data as WhoamiLike;
      await onWhoami?.(w);
      if (!w.loc) {
        // A poll answered "labels unchanged": keep the labels of the last full answer for this language.
        const before = (await (await offlineDb()).get('reads', key))?.data as WhoamiLike | undefined;
        if (before?.loc && before.lang === w.lang) data = { ...w, loc: before.loc };
      }
    }
    await (await offlineDb()).put('reads', { key, data, at: Date.now() });
  } catch (err) {
    console.warn('could not keep a read for offline use', err);
  }
}

export async function recallRead(method: string, path: string, body: unknown): Promise<SavedRead | undefined> {
  if (!hasOfflineStore()) return undefined;
  try {
    return await (await offlineDb()).get('reads', readKey(method, path, body));
  } catch {
    return undefined;
  }
}
