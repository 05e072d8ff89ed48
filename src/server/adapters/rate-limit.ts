/**
 * Fixed-window counters for login, registration and reset, and timed blocks for sign-in back-off. Written here rather than taken from
 * @fastify/rate-limit because one request is counted under two keys (the address and the account),
 * which that plugin's one-key-per-route design does not do.
 */
import { redisCall, type Redis } from './redis.ts';

export interface RateLimiter {
  /** Counts one hit; true while the key is within `max` hits in the current window. */
  hit(key: string, max: number, windowMs: number): Promise<boolean>;
  /** Counts one hit and returns the count in the current window (sign-in failures). */
  count(key: string, windowMs: number): Promise<number>;
  /** Forgets a key's count (a successful sign-in clears its failures). */
  clear(key: string): Promise<void>;
  /** Refuses a key for `ms` (a back-off); blockedFor tells how long is left, 0 when free. */
  block(key: string, ms: number): Promise<void>;
  blockedFor(key: string): Promise<number>;
}

export class MemoryRateLimiter implements RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();

  private blocks = new Map<string, number>();

  async hit(key: string, max: number, windowMs: number) {
    return (await this.count(key, windowMs)) <= max;
  }

  async clear(key: string) {
    this.windows.delete(key);
  }

  async block(key: string, ms: number) {
    if (this.blocks.size > 50_000) for (const [k, until] of this.blocks) if (until <= Date.now()) this.blocks.delete(k);
    this.blocks.set(key, Date.now() + ms);
  }

  async blockedFor(key: string) {
    const until = this.blocks.get(key);
    return until ? Math.max(0, until - Date.now()) : 0;
  }

  async count(key: string, windowMs: number) {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size > 50_000) this.sweep(now);
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return w.count;
  }

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

export class RedisRateLimiter implements RateLimiter {
  private redis: Redis;
  private prefix: string;
  constructor(redis: Redis, prefix = 'lp:rl:') {
    this.redis = redis;
    this.prefix = prefix;
  }

  async hit(key: string, max: number, windowMs: number) {
    return redisCall(async () => {
      return (await this.count(key, windowMs)) <= max;
    });
  }

  async count(key: string, windowMs: number) {
    return redisCall(async () => {
      const k = this.prefix + key;
      const [[, count]] = (await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[unknown, number]];
      return count;
    });
  }

  async clear(key: string) {
    return redisCall(async () => {
      await this.redis.del(this.prefix + key);
    });
  }

  async block(key: string, ms: number) {
    return redisCall(async () => {
      await this.redis.set(`${this.prefix}block:${key}`, '1', 'PX', Math.max(1, Math.round(ms)));
    });
  }

  async blockedFor(key: string) {
    return redisCall(async () => {
      return Math.max(0, await this.redis.pttl(`${this.prefix}block:${key}`));
    });
  }
}
