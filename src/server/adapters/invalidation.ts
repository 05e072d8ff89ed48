/**
 * Tells every app process that cached data changed. In-process by default; with Redis, a message on a
 * channel reaches the other processes too, so an editor's save shows everywhere at once.
 */
import { EventEmitter } from 'node:events';
import type { Redis } from './redis.ts';
import { logFault } from '../faults.ts';

export interface Invalidation {
  publish(topic: string): Promise<void>;
  subscribe(topic: string, fn: () => void): void;
  close(): Promise<void>;
}

export function memoryInvalidation(): Invalidation {
  const bus = new EventEmitter();
  return {
    async publish(topic) {
      bus.emit(topic);
    },
    subscribe(topic, fn) {
      bus.on(topic, fn);
    },
    async close() {
      bus.removeAllListeners();
    },
  };
}

const CHANNEL = 'lp:invalidate';

export function redisInvalidation(publisher: Redis, subscriber: Redis): Invalidation {
  const bus = new EventEmitter();
  // Subscribed on every (re)connection: a subscribe sent while Redis is down fails and is not retried by
  // ioredis. Caches are dropped then too, since messages sent while we were away are lost.
  let subscribedBefore = false;
  const subscribe = () => {
    subscriber.subscribe(CHANNEL).then(
      () => {
        if (subscribedBefore) for (const t of bus.eventNames()) bus.emit(t);
        subscribedBefore = true;
      },
      (err) => logFault('redis', err, 'Redis subscribe failed; retrying on reconnection'),
    );
  };
  subscriber.on('ready', subscribe);
  if (subscriber.status === 'ready') subscribe();
  subscriber.on('message', (_channel: string, topic: string) => bus.emit(topic));
  return {
    async publish(topic) {
      bus.emit(topic); // this process at once, the others through Redis (ours hears it again: harmless)
      // The change is saved already; other processes missing the message must not turn it into an error.
      await publisher
        .publish(CHANNEL, topic)
        .catch((err) => logFault('redis', err, 'Redis publish failed; other processes keep their caches'));
    },
    subscribe(topic, fn) {
      bus.on(topic, fn);
    },
    async close() {
      bus.removeAllListeners();
      await subscriber.quit().catch(() => {});
    },
  };
}
