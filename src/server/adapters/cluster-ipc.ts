/**
 * What the workers of one machine share without Redis: the cluster primary relays invalidation
 * messages to every other worker and keeps the one set of rate-limit counters, which workers reach
 * by request and answer over the cluster's IPC channel. With REDIS_URL set, Redis does both instead.
 */
import cluster, { type Worker } from 'node:cluster';
import { EventEmitter } from 'node:events';
import type { Invalidation } from './invalidation.ts';
import { MemoryRateLimiter, type RateLimiter } from './rate-limit.ts';

const TAG = 'lp-ipc';
type Op = 'hit' | 'count' | 'clear' | 'block' | 'blockedFor';
type ToPrimary = { [TAG]: 'invalidate'; topic: string } | { [TAG]: 'rl'; id: number; op: Op; args: unknown[] };
type ToWorker = { [TAG]: 'invalidate'; topic: string } | { [TAG]: 'rl-reply'; id: number; result?: unknown; error?: string };

const isOurs = (m: unknown): m is { [TAG]: string } => typeof m === 'object' && m !== null && TAG in m;

/** True in a cluster worker: the shared pieces then go through the primary. */
export const inClusterWorker = () => cluster.isWorker && typeof process.send === 'function';

/** The primary's side: relays invalidations and answers rate-limit requests. */
export function servePrimary(): void {
  const limiter = new MemoryRateLimiter();
  cluster.on('message', (worker: Worker, msg: unknown) => {
    if (!isOurs(msg)) return;
    const m = msg as ToPrimary;
    if (m[TAG] === 'invalidate') {
      for (const w of Object.values(cluster.workers ?? {})) {
        if (w && w !== worker && w.isConnected()) w.send({ [TAG]: 'invalidate', topic: m.topic } satisfies ToWorker);
      }
      return;
    }
    if (m[TAG] === 'rl') {
      const fn = (limiter[m.op] as (...a: unknown[]) => Promise<unknown>).bind(limiter);
      fn(...m.args).then(
        (result) => {
          if (worker.isConnected()) worker.send({ [TAG]: 'rl-reply', id: m.id, result } satisfies ToWorker);
        },
        (err: Error) => {
          if (worker.isConnected()) worker.send({ [TAG]: 'rl-reply', id: m.id, error: err.message } satisfies ToWorker);
        },
      );
    }
  });
}

/** A worker's bus: this process at once, the other workers through the primary. */
export function clusterInvalidation(): Invalidation {
  const bus = new EventEmitter();
  const onMessage = (msg: unknown) => {
    if (isOurs(msg) && (msg as ToWorker)[TAG] === 'invalidate') bus.emit((msg as unknown as { topic: string }).topic);
  };
  process.on('message', onMessage);
  return {
    async publish(topic) {
      bus.emit(topic);
      process.send?.({ [TAG]: 'invalidate', topic } satisfies ToPrimary);
    },
    subscribe(topic, fn) {
      bus.on(topic, fn);
    },
    async close() {
      bus.removeAllListeners();
      process.off('message', onMessage);
    },
  };
}

/** A worker's rate limiter: the counters live in the primary, so every worker counts the same hits. */
export class ClusterRateLimiter implements RateLimiter {
  private next = 1;
  private waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  constructor() {
    process.on('message', (msg: unknown) => {
      if (!isOurs(msg) || (msg as ToWorker)[TAG] !== 'rl-reply') return;
      const m = msg as Extract<ToWorker, { [TAG]: 'rl-reply' }>;
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (m.error) w.reject(new Error(m.error));
      else w.resolve(m.result);
    });
  }

  private call<T>(op: Op, ...args: unknown[]): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      process.send!({ [TAG]: 'rl', id, op, args } satisfies ToPrimary);
    });
  }

  hit(key: string, max: number, windowMs: number) {
    return this.call<boolean>('hit', key, max, windowMs);
  }
  count(key: string, windowMs: number) {
    return this.call<number>('count', key, windowMs);
  }
  clear(key: string) {
    return this.call<void>('clear', key);
  }
  block(key: string, ms: number) {
    return this.call<void>('block', key, ms);
  }
  blockedFor(key: string) {
    return this.call<number>('blockedFor', key);
  }
}
