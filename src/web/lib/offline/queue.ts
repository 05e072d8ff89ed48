/**
 * Changes made without a connection (viewed, Mark Unread, quiz answers, posts and replies) wait in
 * IndexedDB and are sent in the order made when the connection returns. Each carries what makes a
 * resend harmless: quiz answers their attempt id, posts and replies their client id (both recorded
 * once by the server); viewed and unread set a state, so sending one twice leaves the same state.
 * A change the server refuses (4xx) is dropped: its rules decide, as they would have online.
 */
import { useSyncExternalStore } from 'react';
import { MSG } from '../../../domain/messages.ts';
import { api, ApiError } from '../api.ts';
import { queryClient } from '../query.ts';
import { getFact, hasOfflineStore, offlineDb, setFact, type QueuedChange } from './store.ts';

/** Thrown to the screen instead of a reply: the change is kept on the device and will be sent. */
export class SavedOnDevice extends Error {
  constructor(message: string = MSG.savedOnDevice) {
    super(message);
    this.name = 'SavedOnDevice';
  }
}

export interface QueueState {
  waiting: number;
  lastSent: number | null;
  sending: boolean;
}
let state: QueueState = { waiting: 0, lastSent: null, sending: false };
const listeners = new Set<() => void>();
const set = (s: Partial<QueueState>) => {
  state = { ...state, ...s };
  for (const l of listeners) l();
};

export function useQueueState(): QueueState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}

export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** A new id (crypto.randomUUID needs a secure context; fall back to random bytes). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((x) => x.toString(16).padStart(2, '0')).join('');
}

export async function refreshQueueState(): Promise<void> {
  if (!hasOfflineStore()) return;
  const db = await offlineDb();
  set({ waiting: await db.count('queue'), lastSent: (await getFact<number>('lastSent')) ?? null });
}

async function enqueue(change: Omit<QueuedChange, 'made' | 'seq'>): Promise<void> {
  await (await offlineDb()).add('queue', { ...change, made: Date.now() });
  await refreshQueueState();
}

/**
 * Sends a change now, or keeps it for later: offline, after a dropped connection, or while older
 * changes still wait (so the order made is the order sent). Throws SavedOnDevice when kept.
 */
export async function sendOrQueue<T>(
  change: Omit<QueuedChange, 'made' | 'seq'>,
  send: () => Promise<T>,
  kept: string = MSG.savedOnDevice,
): Promise<T> {
  if (!hasOfflineStore()) return send();
  const waiting = state.waiting > 0 || (await (await offlineDb()).count('queue')) > 0;
  if (!isOffline() && !waiting) {
    try {
      return await send();
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 0)) throw err;
    }
  }
  await enqueue(change);
  if (!isOffline()) void flushQueue();
  throw new SavedOnDevice(kept);
}

/** A refusal the server will give again (bad input, not allowed, gone): dropping it is the server's rule. */
const isFinal = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && ![401, 408, 425, 429].includes(err.status);

let flushing: Promise<void> | null = null;
/** Asked again while sending (the connection came back once more): one more pass follows. */
let askedAgain = false;

/** Sends what waits, oldest first, one at a time; stops at the first change that cannot be sent yet. */
export function flushQueue(): Promise<void> {
  if (!hasOfflineStore() || isOffline()) return Promise.resolve();
  if (flushing) {
    askedAgain = true;
    return flushing;
  }
  flushing = withLock(sendWaiting).finally(() => {
    flushing = null;
    if (askedAgain) {
      askedAgain = false;
      void flushQueue();
    }
  });
  return flushing;
}

/** One tab sends at a time (Web Locks), so two open tabs never send the same change together. */
function withLock(fn: () => Promise<void>): Promise<void> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? locks.request('lp-offline-queue', () => fn()).then(() => undefined) : fn();
}

async function sendWaiting(): Promise<void> {
  set({ sending: true });
  let sent = 0;
  try {
    const db = await offlineDb();
    for (;;) {
      const cursor = await db.transaction('queue').store.openCursor();
      const change = cursor?.value;
      if (!change) break;
      try {
        await api.post(change.path, change.body);
      } catch (err) {
        if (!isFinal(err)) break;
        console.warn('a change made offline was refused', change.kind, err);
      }
      await db.delete('queue', change.seq!);
      sent++;
      await setFact('lastSent', Date.now());
      await refreshQueueState();
    }
  } catch (err) {
    console.warn('sending the offline changes failed', err);
  } finally {
    set({ sending: false });
  }
  if (sent) await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'whoami' });
}

let started = false;
/** Counts what waits, and sends it whenever the connection comes back (and every 30 s while any waits). */
export function startQueue(): void {
  if (started || typeof window === 'undefined' || !hasOfflineStore()) return;
  started = true;
  window.addEventListener('online', () => {
    void flushQueue();
  });
  setInterval(() => {
    if (state.waiting > 0) void flushQueue();
  }, 30_000);
  void refreshQueueState()
    .then(() => flushQueue())
    .catch(() => {});
}
