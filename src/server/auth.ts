/** Who is asking: the session cookie resolved to a user, once per request. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from './adapters/sessions.ts';
import { findUserById, type UserRow } from './modules/users/users.repository.ts';
import { fromJson } from './db/dialect.ts';
import type { Actor } from './policy/policy.ts';
import { HttpError } from './errors.ts';
import { MSG } from '../domain/messages.ts';

const resolved = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

export function sessionToken(req: FastifyRequest): string | undefined {
  return req.cookies?.[SESSION_COOKIE] || undefined;
}

/** The signed-in user's row, or null. */
export function currentUser(ctx: AppContext, req: FastifyRequest): Promise<UserRow | null> {
  let p = resolved.get(req);
  if (!p) {
    p = (async () => {
      const token = sessionToken(req);
      if (!token) return null;
      const userId = await ctx.sessions.userIdOf(token);
      return userId ? ((await findUserById(ctx.db, userId)) ?? null) : null;
    })();
    resolved.set(req, p);
  }
  return p;
}

export const actorOf = (row: UserRow | null): Actor | null =>
  row ? { id: row.id, email: row.email, roles: fromJson<string[]>(row.roles, []) } : null;

export async function currentActor(ctx: AppContext, req: FastifyRequest): Promise<Actor | null> {
  return actorOf(await currentUser(ctx, req));
}

/** The signed-in user, or a 401. */
export async function requireUser(ctx: AppContext, req: FastifyRequest): Promise<UserRow> {
  const user = await currentUser(ctx, req);
  if (!user) throw new HttpError(401, MSG.signInRequired);
  return user;
}

function cookieOptions(ctx: AppContext, req: FastifyRequest) {
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
  const token = await ctx.sessions.create(userId);
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(ctx, req), maxAge: SESSION_TTL_MS / 1000 });
  resolved.delete(req);
  return token;
}

export async function endSession(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  const token = sessionToken(req);
  if (token) await ctx.sessions.destroy(token);
  reply.clearCookie(SESSION_COOKIE, cookieOptions(ctx, req));
  resolved.set(req, Promise.resolve(null));
}
