/**
 * What this device keeps belongs to one person. Signing out (or another account appearing) clears
 * it: saved reads, the queue (after one try to send it), kept courses and their files. A signed-out
 * visitor's saved reads are the public pages only, as no call answers them anything personal.
 */
import { clearOfflineStore, getFact, hasOfflineStore, setFact } from './store.ts';
import { watchWhoami } from './reads.ts';
import { flushQueue, refreshQueueState } from './queue.ts';

/** The Cache Storage caches of the service worker that can hold a learner's files. */
export const FILE_CACHE = 'lp-files';

export async function clearDevice(): Promise<void> {
  if (!hasOfflineStore()) return;
  try {
    await clearOfflineStore();
    if (typeof caches !== 'undefined') await caches.delete(FILE_CACHE);
  } catch (err) {
    console.warn('could not clear the offline data', err);
  }
  await refreshQueueState().catch(() => {});
}

/** Before signing out: the waiting changes get one chance to reach the server. */
export async function beforeSignOut(): Promise<void> {
  await flushQueue().catch(() => {});
}

const OWNER = 'owner';
watchWhoami(async (w) => {
  const owner = w.user?._id ?? '';
  const before = await getFact<string>(OWNER);
  if (before !== undefined && before !== owner) await clearDevice();
  if (before !== owner) await setFact(OWNER, owner);
});
