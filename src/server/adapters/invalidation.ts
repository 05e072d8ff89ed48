/**
 * Tells every app process that cached data changed. In-process by default; with Redis, a message on a
 * channel reaches the other processes too, so an editor's save shows everywhere at once.
 */
import { EventEmitter } from 'node:events';
import type { Redis } from './redis.ts';

export interface Invalidation {
  publish(topic: string): Promise<void>;
  subscribe(topic: string, fn: () => void): void;
  close(): Promise<void>;
}

export function memoryInvalidation(): Invalidation {
  const bus = new EventEmitter();
  return {
    async publish(topic) { bus.emit(topic); },
    subscribe(topic, fn) { bus.on(topic, fn); },
    async close() { bus.removeAllListeners(); },
  };
}

const CHANNEL = 'lp:invalidate';

export function redisInvalidation(publisher: Redis, subscriber: Redis): Invalidation {
  const bus = new EventEmitter();
  void subscriber.subscribe(CHANNEL);
  subscriber.on('message', (_channel: string, topic: string) => bus.emit(topic));
  return {
    async publish(topic) {
      bus.emit(topic); // this process at once, the others through Redis (ours hears it again: harmless)
      await publisher.publish(CHANNEL, topic);
    },
    subscribe(topic, fn) { bus.on(topic, fn); },
    async close() { bus.removeAllListeners(); await subscriber.quit().catch(() => {}); },
  };
}
