/**
 * Server-side sessions (DESIGN.md): the browser holds a random token, the store keeps only its SHA-256,
 * so a leaked database or Redis dump cannot be replayed. Rotation = create a new one and destroy the old;
 * revocation at logout and password change removes rows (or keys) outright.
 *
 * The store records when a session started and was last seen, and the device and address it started
 * from; the idle and absolute limits are decided by auth.ts (they depend on the account's roles and the
 * site's settings). The store's own expiry (`expires`, Redis TTL) only clears out what can no longer be used.
 */
import crypto from 'node:crypto';
import type { NotNull } from 'kysely';
import type { Db } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import type { UsersTable } from '../db/schema.ts';
import { redisCall, type Redis } from './redis.ts';

export const SESSION_COOKIE = 'sid';
/** In production the cookie carries the __Host- prefix: Secure, Path=/, no Domain, so no subdomain can set it. */
export const SESSION_COOKIE_PRODUCTION = '__Host-sid';

export interface SessionMeta {
  useragent: string;
  ip: string;
}
export interface SessionInfo extends SessionMeta {
  /** The SHA-256 of the token: safe to show and to name a session by. */
  id: string;
  userId: string;
  created: number;
  lastseen: number;
  /**
   * The account's row when the store read it with the session (the database store, one query for
   * both on every signed-in request); otherwise auth.ts reads it.
   */
  user?: UsersTable;
  /**
   * Signed in with a password reset's temporary password and no new password set since, when the store
   * read it with the session (the database store); otherwise temporary-password.ts asks.
   */
  restricted?: boolean;
  /**
   * Read for an earlier request and kept (the database store): current but for the times of last
   * activity, so auth.ts reads it again before ending or touching it by those.
   */
  kept?: boolean;
}

export interface SessionStore {
  /** A new session that the store keeps for at most `keepMs`. */
  create(userId: string, meta: SessionMeta, at: number, keepMs: number): Promise<string>;
  /** `fresh`: read now, not as kept from an earlier request. */
  lookup(token: string, opts?: { fresh?: boolean }): Promise<SessionInfo | null>;
  touch(id: string, at: number): Promise<void>;
  list(userId: string): Promise<SessionInfo[]>;
  destroy(token: string): Promise<void>;
  /** Ends one session of the user by its id; false when the user has no such session. */
  destroyById(userId: string, id: string): Promise<boolean>;
  destroyAllForUser(userId: string, keepToken?: string): Promise<void>;
}

export const newToken = () => crypto.randomBytes(32).toString('base64url');
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The account found through its session, and the session's own columns beside it (users.* has id,
 * created and lastseen too, so those of the session are renamed), each as a lookup by key: SQLite runs
 * this several times faster than the same read written as a join (about 10 against 60 µs). It is the
 * first read of every signed-in request, so it is compiled once (prepared.ts).
 */
const sessionWithAccount = prepared((db: Db, v: { id: string }) => {
  const session = db.selectFrom('sessions').where('sessions.id', '=', v.id);
  return (
    db
      .selectFrom('users')
      .selectAll('users')
      .select([
        session.select('sessions.created').as('sessionCreated'),
        session.select('sessions.lastseen').as('sessionLastseen'),
        session.select('sessions.useragent').as('sessionUseragent'),
        session.select('sessions.ip').as('sessionIp'),
        // The restriction of a temporary password's session, read with it: every state-changing request asks.
        db
          .selectFrom('account_secrets')
          .select('account_secrets.id')
          .where('account_secrets.session', '=', v.id)
          .where('account_secrets.kind', '=', 'reset')
          .limit(1)
          .as('restrictedBy'),
      ])
      .where('users.id', '=', session.select('sessions.userId'))
      // Found through the session, so its columns are there (one statement, one snapshot).
      .$narrowType<{ sessionCreated: NotNull; sessionLastseen: NotNull; sessionUseragent: NotNull; sessionIp: NotNull }>()
  );
});

/**
 * Where the database store keeps the sessions it read (the `sessions` figure, modules/reports/figures.ts):
 * in each process, dropped in every process by any write to a session, an account or a temporary
 * password but for the times of last activity. A signed-in visitor's requests then read their session
 * once, not on every request: on exam day that is one statement in four of a learner's flow.
 */
export interface KeptSessions {
  get<T>(figure: 'sessions', key: string, build: () => Promise<T>, maxAgeMs?: number): Promise<T>;
  forget(figure: 'sessions', key: string): void;
}
/**
 * The longest a session is kept without being read again. Writes through the server drop it at once; this
 * bounds only what the server cannot see (a write by a command-line tool).
 */
export const SESSION_KEEP_MS = 60_000;

export class DbSessionStore implements SessionStore {
  private db: Db;
  private kept: KeptSessions | undefined;
  /** `db`: a handle whose writes drop the kept sessions (the routes' handle), when `kept` is given. */
  constructor(db: Db, kept?: KeptSessions) {
    this.db = db;
    this.kept = kept;
  }

  async create(userId: string, meta: SessionMeta, at: number, keepMs: number) {
    const token = newToken();
    await this.db
      .insertInto('sessions')
      .values({
        id: hashToken(token),
        userId,
        created: iso(at),
        expires: iso(at + keepMs),
        lastseen: iso(at),
        useragent: meta.useragent.slice(0, 500),
        ip: meta.ip.slice(0, 100),
      })
      .execute();
    // Sessions past their store expiry go at the same time; cheap, and nothing else needs to sweep.
    await this.db.deleteFrom('sessions').where('userId', '=', userId).where('expires', '<', iso(at)).execute();
    return token;
  }

  private info(row: { id: string; userId: string; created: string; lastseen: string; useragent: string; ip: string }): SessionInfo {
    return {
      id: row.id,
      userId: row.userId,
      created: Date.parse(row.created),
      lastseen: Date.parse(row.lastseen),
      useragent: row.useragent,
      ip: row.ip,
    };
  }

  async lookup(token: string, opts: { fresh?: boolean } = {}) {
    const id = hashToken(token);
    let readNow = false;
    const read = async () => {
      readNow = true;
      return (await sessionWithAccount(this.db, { id })).rows[0];
    };
    if (opts.fresh) this.kept?.forget('sessions', id);
    const row = this.kept ? await this.kept.get('sessions', id, read, SESSION_KEEP_MS) : await read();
    if (!row) return null;
    const { sessionCreated, sessionLastseen, sessionUseragent, sessionIp, restrictedBy, ...user } = row;
    return {
      ...this.info({
        id,
        userId: user.id,
        created: sessionCreated,
        lastseen: sessionLastseen,
        useragent: sessionUseragent,
        ip: sessionIp,
      }),
      user,
      restricted: restrictedBy !== null,
      kept: !readNow,
    };
  }

  async touch(id: string, at: number) {
    await this.db
      .updateTable('sessions')
      .set({ lastseen: iso(at) })
      .where('id', '=', id)
      .execute();
    // Only this process's copy: another process reads the session again when its copy says a touch is due.
    this.kept?.forget('sessions', id);
  }

  async list(userId: string) {
    const rows = await this.db
      .selectFrom('sessions')
      .select(['id', 'userId', 'created', 'lastseen', 'useragent', 'ip'])
      .where('userId', '=', userId)
      .orderBy('lastseen', 'desc')
      .execute();
    return rows.map((r) => this.info(r));
  }

  async destroy(token: string) {
    await this.db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
  }

  async destroyById(userId: string, id: string) {
    const r = await this.db.deleteFrom('sessions').where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async destroyAllForUser(userId: string, keepToken?: string) {
    let q = this.db.deleteFrom('sessions').where('userId', '=', userId);
    if (keepToken) q = q.where('id', '!=', hashToken(keepToken));
    await q.execute();
  }
}

/** Redis: `sess:<hash>` holds the session as JSON (with a TTL), `usess:<user>` the set of the user's hashes. */
export class RedisSessionStore implements SessionStore {
  private redis: Redis;
  private prefix: string;
  constructor(redis: Redis, prefix = 'lp:') {
    this.redis = redis;
    this.prefix = prefix;
  }
  private key(hash: string) {
    return `${this.prefix}sess:${hash}`;
  }
  private userKey(userId: string) {
    return `${this.prefix}usess:${userId}`;
  }

  private parse(hash: string, value: string | null): SessionInfo | null {
    if (!value) return null;
    try {
      const v = JSON.parse(value) as Omit<SessionInfo, 'id'>;
      return typeof v === 'object' && v && typeof v.userId === 'string' ? { ...v, id: hash } : null;
    } catch {
      // A value from before sessions carried their times: unusable, so signed out.
      return null;
    }
  }

  async create(userId: string, meta: SessionMeta, at: number, keepMs: number) {
    return redisCall(async () => {
      const token = newToken();
      const hash = hashToken(token);
      const value: Omit<SessionInfo, 'id'> = {
        userId,
        created: at,
        lastseen: at,
        useragent: meta.useragent.slice(0, 500),
        ip: meta.ip.slice(0, 100),
      };
      await this.redis
        .multi()
        .set(this.key(hash), JSON.stringify(value), 'PX', keepMs)
        .sadd(this.userKey(userId), hash)
        .pexpire(this.userKey(userId), keepMs, 'GT')
        .pexpire(this.userKey(userId), keepMs, 'NX')
        .exec();
      return token;
    });
  }

  async lookup(token: string) {
    return redisCall(async () => {
      const hash = hashToken(token);
      return this.parse(hash, await this.redis.get(this.key(hash)));
    });
  }

  async touch(id: string, at: number) {
    return redisCall(async () => {
      const s = this.parse(id, await this.redis.get(this.key(id)));
      if (!s) return;
      const { id: _id, ...value } = { ...s, lastseen: at };
      // XX: a session ended meanwhile is not brought back.
      await this.redis.set(this.key(id), JSON.stringify(value), 'KEEPTTL', 'XX');
    });
  }

  async list(userId: string) {
    return redisCall(async () => {
      const hashes = await this.redis.smembers(this.userKey(userId));
      if (hashes.length === 0) return [];
      const values = await this.redis.mget(...hashes.map((h) => this.key(h)));
      const out: SessionInfo[] = [];
      const gone: string[] = [];
      hashes.forEach((h, i) => {
        const s = this.parse(h, values[i]);
        if (s && s.userId === userId) out.push(s);
        else gone.push(h);
      });
      if (gone.length) await this.redis.srem(this.userKey(userId), ...gone);
      return out.sort((a, b) => b.lastseen - a.lastseen);
    });
  }

  async destroy(token: string) {
    return redisCall(async () => {
      const hash = hashToken(token);
      const s = this.parse(hash, await this.redis.get(this.key(hash)));
      const m = this.redis.multi().del(this.key(hash));
      if (s) m.srem(this.userKey(s.userId), hash);
      await m.exec();
    });
  }

  async destroyById(userId: string, id: string) {
    return redisCall(async () => {
      if (!(await this.redis.sismember(this.userKey(userId), id))) return false;
      const [[, deleted]] = (await this.redis.multi().del(this.key(id)).srem(this.userKey(userId), id).exec()) as [[unknown, number]];
      return deleted > 0;
    });
  }

  async destroyAllForUser(userId: string, keepToken?: string) {
    return redisCall(async () => {
      const keep = keepToken ? hashToken(keepToken) : null;
      const hashes = (await this.redis.smembers(this.userKey(userId))).filter((h) => h !== keep);
      if (hashes.length === 0) return;
      await this.redis
        .multi()
        .del(...hashes.map((h) => this.key(h)))
        .srem(this.userKey(userId), ...hashes)
        .exec();
    });
  }
}
