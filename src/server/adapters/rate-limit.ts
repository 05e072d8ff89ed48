/**
 * Fixed-window counters for login, registration and reset. Written here rather than taken from
 * @fastify/rate-limit because one request is counted under two keys (the address and the account),
 * which that plugin's one-key-per-route design does not do.
 */
import type { Redis } from './redis.ts';

export interface RateLimiter {
  /** Counts one hit; true while the key is within `max` hits in the current window. */
  hit(key: string, max: number, windowMs: number): Promise<boolean>;
}

export class MemoryRateLimiter implements RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, max: number, windowMs: number) {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size > 50_000) this.sweep(now);
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return w.count <= max;
  }

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

export class RedisRateLimiter implements RateLimiter {
  private redis: Redis;
  private prefix: string;
  constructor(redis: Redis, prefix = 'lp:rl:') { this.redis = redis; this.prefix = prefix; }

  async hit(key: string, max: number, windowMs: number) {
    const k = this.prefix + key;
    const [[, count]] = (await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [[unknown, number]];
    return count <= max;
  }
}
