/**
 * Who is asking: the session cookie resolved to a user, once per request. Sessions end here when they
 * sat idle too long or reached their absolute lifetime (site settings, shorter for admins), by the
 * app's clock, whichever store holds them.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import { SESSION_COOKIE, SESSION_COOKIE_PRODUCTION, type SessionInfo } from './adapters/sessions.ts';
import { findUserById, type UserRow } from './modules/users/users.repository.ts';
import { fromJson } from './db/dialect.ts';
import type { Actor } from './policy/policy.ts';
import { sessionFaults } from './errors.ts';
import { DependencyError } from './faults.ts';
import { sessionLimits } from './modules/sessions/security-settings.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** `__Host-sid` in production, `sid` otherwise. */
    sessionCookie: string;
    /** The visitor's language: `__Host-lang` in production, `lang` otherwise. */
    langCookie: string;
  }
}

/** lastseen is written at most this often per session, so the 20-second poll stays a read. */
const TOUCH_EVERY_MS = 5 * 60_000;

interface Resolved {
  user: UserRow | null;
  session: SessionInfo | null;
}
const resolved = new WeakMap<FastifyRequest, Promise<Resolved>>();

export const sessionCookieName = (production: boolean) => (production ? SESSION_COOKIE_PRODUCTION : SESSION_COOKIE);

export function sessionToken(req: FastifyRequest): string | undefined {
  return req.cookies?.[req.server.sessionCookie] || undefined;
}

/**
 * Resolutions lent, by token, to the calls a page answers inside itself (first-page.ts) while it is
 * built: those calls come with the page's own cookies a few milliseconds later, and would otherwise
 * read the same session and account once each. Beside it, the reads those calls share (`pageShared`).
 */
const lent = new Map<string, { resolution: Promise<Resolved>; reads: Map<string, Promise<unknown>> }>();

/** Runs `fn` (the page's inner calls) with the page request's session resolution lent to calls with its token. */
export async function lendingSession<T>(ctx: AppContext, req: FastifyRequest, fn: () => Promise<T>): Promise<T> {
  const token = sessionToken(req);
  if (!token) return fn();
  const p = resolve(ctx, req);
  await p.catch(() => undefined);
  // A session store that failed is not lent: each call then meets the failure its own way (a write gets 503).
  if (sessionFaults.has(req) || lent.has(token)) return fn();
  lent.set(token, { resolution: p, reads: new Map() });
  try {
    return await fn();
  } finally {
    lent.delete(token);
  }
}

/**
 * A read that the calls of one page share while it is built (the signed-in user's enrolments: whoami's
 * classes, the course list's Inactive courses and the enrolment list each read them); a request outside
 * a page reads for itself. The value is shared: it must not be changed.
 */
export function pageShared<T>(req: FastifyRequest, key: string, read: () => Promise<T>): Promise<T> {
  const token = sessionToken(req);
  const reads = token ? lent.get(token)?.reads : undefined;
  if (!reads) return read();
  let p = reads.get(key) as Promise<T> | undefined;
  if (!p) {
    p = read();
    reads.set(key, p);
  }
  return p;
}

function resolve(ctx: AppContext, req: FastifyRequest): Promise<Resolved> {
  let p = resolved.get(req);
  if (!p) {
    const token = sessionToken(req);
    p = token ? lent.get(token)?.resolution : undefined;
    if (p) resolved.set(req, p);
  }
  if (!p) {
    p = (async (): Promise<Resolved> => {
      const none = { user: null, session: null };
      const token = sessionToken(req);
      if (!token) return none;
      let session: SessionInfo | null;
      try {
        session = await ctx.sessions.lookup(token);
      } catch (err) {
        // Redis down: a read goes on as signed out (public pages keep working); a write that might need
        // the session is refused with a 503 rather than done as a visitor.
        if (!(err instanceof DependencyError) || (req.method !== 'GET' && req.method !== 'HEAD')) throw err;
        sessionFaults.set(req, err);
        return none;
      }
      if (!session) return none;
      let user = session.user ?? (await findUserById(ctx.db, session.userId)) ?? null;
      if (!user) return none;
      let due = await dueFor(ctx, session, user);
      // A kept session is honoured as it was read; one that would be ended or touched by what was kept is
      // read again first, since another process may have seen it since (its last activity moved).
      if (session.kept && due !== 'nothing') {
        session = await ctx.sessions.lookup(token, { fresh: true });
        user = session?.user ?? null;
        if (!session || !user) return none;
        due = await dueFor(ctx, session, user);
      }
      if (due === 'end') {
        await ctx.sessions.destroy(token);
        return none;
      }
      if (due === 'touch') await ctx.sessions.touch(session.id, ctx.clock.now());
      return { user, session };
    })();
    resolved.set(req, p);
  }
  return p;
}

/**
 * What a session needs before it is used: ended (a suspended account, whose suspension ended its sessions
 * and this catches one started meanwhile; idle too long; past its absolute lifetime), its last activity
 * written (at most every TOUCH_EVERY_MS), or nothing.
 */
async function dueFor(ctx: AppContext, session: SessionInfo, user: UserRow): Promise<'end' | 'touch' | 'nothing'> {
  if (user.suspended === 1) return 'end';
  const at = ctx.clock.now();
  const { idleMs, maxMs } = sessionLimits(await ctx.security.get(), fromJson<string[]>(user.roles, []).includes('admin'));
  if (at - session.lastseen > idleMs || at - session.created > maxMs) return 'end';
  return at - session.lastseen > TOUCH_EVERY_MS ? 'touch' : 'nothing';
}

/** The signed-in user's row, or null. */
async function currentUser(ctx: AppContext, req: FastifyRequest): Promise<UserRow | null> {
  return (await resolve(ctx, req)).user;
}

/** The session the request came with, when it is a live one. */
export async function currentSession(ctx: AppContext, req: FastifyRequest): Promise<SessionInfo | null> {
  return (await resolve(ctx, req)).session;
}

const actorOf = (row: UserRow): Actor => ({ id: row.id, email: row.email, roles: fromJson<string[]>(row.roles, []) });

/**
 * Who is calling: the signed-in user's row and the actor the policy reads, both null when signed out.
 * The one way a route asks; `if (!user) throw unauthorized()` narrows both where a route needs someone
 * signed in before it looks at anything (a session Redis could not read then answers 503, not 401).
 */
export type Caller = { user: UserRow; actor: Actor } | { user: null; actor: null };

export async function caller(ctx: AppContext, req: FastifyRequest): Promise<Caller> {
  const user = await currentUser(ctx, req);
  return user ? { user, actor: actorOf(user) } : { user: null, actor: null };
}

/** HttpOnly, SameSite=Lax, Path=/, no Domain; Secure in production (and over HTTPS), as __Host- needs. */
export function cookieOptions(ctx: AppContext, req: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.production || req.protocol === 'https',
  };
}

/** Starts a session with a new id; any session the browser held before is revoked (rotation). */
export async function startSession(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, userId: string) {
  const old = sessionToken(req);
  if (old) await ctx.sessions.destroy(old);
  const settings = await ctx.security.get();
  // The store keeps a session as long as the longer of the two lifetimes; resolve() applies the right one.
  const keepMs = Math.max(sessionLimits(settings, false).maxMs, sessionLimits(settings, true).maxMs);
  const meta = { useragent: String(req.headers['user-agent'] ?? ''), ip: req.ip };
  const token = await ctx.sessions.create(userId, meta, ctx.clock.now(), keepMs);
  reply.setCookie(req.server.sessionCookie, token, { ...cookieOptions(ctx, req), maxAge: Math.floor(keepMs / 1000) });
  resolved.delete(req);
  return token;
}

export async function endSession(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  const token = sessionToken(req);
  if (token) await ctx.sessions.destroy(token);
  reply.clearCookie(req.server.sessionCookie, cookieOptions(ctx, req));
  resolved.set(req, Promise.resolve({ user: null, session: null }));
}
