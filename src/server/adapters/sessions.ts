/**
 * Server-side sessions (DESIGN.md): the browser holds a random token, the store keeps only its SHA-256,
 * so a leaked database or Redis dump cannot be replayed. Rotation = create a new one and destroy the old;
 * revocation at logout and password change removes rows (or keys) outright.
 */
import crypto from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Redis } from './redis.ts';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** A session's expiry is pushed forward at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 3600 * 1000;

export interface SessionStore {
  create(userId: string): Promise<string>;
  userIdOf(token: string): Promise<string | null>;
  destroy(token: string): Promise<void>;
  destroyAllForUser(userId: string, keepToken?: string): Promise<void>;
}

export const newToken = () => crypto.randomBytes(32).toString('base64url');
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export class DbSessionStore implements SessionStore {
  private db: Db;
  constructor(db: Db) { this.db = db; }

  async create(userId: string) {
    const token = newToken();
    const now = Date.now();
    await this.db.insertInto('sessions').values({
      id: hashToken(token), userId, created: new Date(now).toISOString(),
      expires: new Date(now + SESSION_TTL_MS).toISOString(), lastseen: new Date(now).toISOString(),
    }).execute();
    return token;
  }

  async userIdOf(token: string) {
    const id = hashToken(token);
    const row = await this.db.selectFrom('sessions').select(['userId', 'expires', 'lastseen']).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const now = Date.now();
    if (Date.parse(row.expires) < now) {
      await this.db.deleteFrom('sessions').where('id', '=', id).execute();
      return null;
    }
    if (now - Date.parse(row.lastseen) > TOUCH_EVERY_MS) {
      await this.db.updateTable('sessions')
        .set({ lastseen: new Date(now).toISOString(), expires: new Date(now + SESSION_TTL_MS).toISOString() })
        .where('id', '=', id).execute();
    }
    return row.userId;
  }

  async destroy(token: string) {
    await this.db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
  }

  async destroyAllForUser(userId: string, keepToken?: string) {
    let q = this.db.deleteFrom('sessions').where('userId', '=', userId);
    if (keepToken) q = q.where('id', '!=', hashToken(keepToken));
    await q.execute();
    // Expired sessions of everybody go at the same time; cheap with no index needed on expires.
    await this.db.deleteFrom('sessions').where('expires', '<', new Date().toISOString()).execute();
  }
}

export class RedisSessionStore implements SessionStore {
  private redis: Redis;
  private prefix: string;
  constructor(redis: Redis, prefix = 'lp:') { this.redis = redis; this.prefix = prefix; }
  private key(hash: string) { return `${this.prefix}sess:${hash}`; }
  private userKey(userId: string) { return `${this.prefix}usess:${userId}`; }

  async create(userId: string) {
    const token = newToken();
    const hash = hashToken(token);
    await this.redis.multi()
      .set(this.key(hash), userId, 'PX', SESSION_TTL_MS)
      .sadd(this.userKey(userId), hash)
      .pexpire(this.userKey(userId), SESSION_TTL_MS)
      .exec();
    return token;
  }

  async userIdOf(token: string) {
    return this.redis.get(this.key(hashToken(token)));
  }

  async destroy(token: string) {
    const hash = hashToken(token);
    const userId = await this.redis.get(this.key(hash));
    const m = this.redis.multi().del(this.key(hash));
    if (userId) m.srem(this.userKey(userId), hash);
    await m.exec();
  }

  async destroyAllForUser(userId: string, keepToken?: string) {
    const keep = keepToken ? hashToken(keepToken) : null;
    const hashes = (await this.redis.smembers(this.userKey(userId))).filter((h) => h !== keep);
    if (hashes.length === 0) return;
    await this.redis.multi().del(...hashes.map((h) => this.key(h))).srem(this.userKey(userId), ...hashes).exec();
  }
}
