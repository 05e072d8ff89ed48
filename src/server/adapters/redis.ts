/**
 * One Redis connection per purpose, only when REDIS_URL is set. Redis going away must not take the
 * process with it: commands fail at once while disconnected (no offline queue, so a request is not held
 * for seconds), the client reconnects by itself with a growing pause, and errors are logged once per
 * interval instead of per attempt.
 */
import { Redis } from 'ioredis';
import { DependencyError, logFault } from '../faults.ts';

export function connectRedis(url: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    commandTimeout: 2000,
    // 100 ms, 200 ms, ... up to 2 s between attempts, for ever: Redis coming back is picked up within 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2000),
    lazyConnect: false,
  });
  redis.on('error', (err) => logFault('redis', err, 'Redis connection error; reconnecting'));
  return redis;
}

/** Resolves when the connection is ready or after `ms`, whichever comes first (start-up must not hang). */
export function readyWithin(redis: Redis, ms: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    redis.once('ready', onReady);
  });
}

/** Runs a Redis command; any failure becomes a DependencyError, which the error handler answers with 503. */
export async function redisCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw new DependencyError('redis', err);
  }
}
export type { Redis };
