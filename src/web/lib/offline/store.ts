/**
 * The device's offline data in one IndexedDB database (through `idb`): answers of reads already made
 * (so pages seen open without a connection), the queue of changes made offline, the courses kept on
 * the device, and a few facts (whose data this is, when the queue was last sent).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export interface SavedRead {
  key: string;
  data: unknown;
  at: number;
}
export interface QueuedChange {
  seq?: number;
  /** What the learner did, for the waiting list: viewed, unviewed, quiz, post, reply. */
  kind: 'viewed' | 'unviewed' | 'quiz' | 'post' | 'reply';
  path: string;
  body: Record<string, unknown>;
  /** The id this change carries to the server, so a resend is recorded once. */
  clientid: string;
  made: number;
}
export interface KeptCourse {
  course: string;
  title: string;
  bytes: number;
  at: number;
  reads: string[];
  files: string[];
}

interface OfflineDb extends DBSchema {
  reads: { key: string; value: SavedRead };
  queue: { key: number; value: QueuedChange };
  kept: { key: string; value: KeptCourse };
  facts: { key: string; value: unknown };
}

const NAME = 'lp-offline';
let opened: Promise<IDBPDatabase<OfflineDb>> | null = null;

export function offlineDb(): Promise<IDBPDatabase<OfflineDb>> {
  opened ??= openDB<OfflineDb>(NAME, 1, {
    upgrade(db) {
      db.createObjectStore('reads', { keyPath: 'key' });
      db.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      db.createObjectStore('kept', { keyPath: 'course' });
      db.createObjectStore('facts');
    },
  }).catch((err) => {
    opened = null;
    throw err;
  });
  return opened;
}

/** False where IndexedDB is missing (some private modes): the app then simply works online only. */
export const hasOfflineStore = () => typeof indexedDB !== 'undefined';

export async function getFact<T>(key: string): Promise<T | undefined> {
  return (await offlineDb()).get('facts', key) as Promise<T | undefined>;
}
export async function setFact(key: string, value: unknown): Promise<void> {
  await (await offlineDb()).put('facts', value, key);
}

/** Everything this device keeps for its user: saved reads, the queue, kept courses, facts. */
export async function clearOfflineStore(): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(['reads', 'queue', 'kept', 'facts'], 'readwrite');
  await Promise.all([
    tx.objectStore('reads').clear(),
    tx.objectStore('queue').clear(),
    tx.objectStore('kept').clear(),
    tx.objectStore('facts').clear(),
    tx.done,
  ]);
}
