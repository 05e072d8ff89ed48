/** One Redis connection per purpose, only when REDIS_URL is set. */
import { Redis } from 'ioredis';

export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
}
export type { Redis };
