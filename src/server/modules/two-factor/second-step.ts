/**
 * Between the password and the session: when an account uses two-factor sign-in (or is an admin who
 * must, and has not set it up yet), a right password gives no session, only a short-lived signed
 * cookie naming the account and what comes next (enter a code, or set up first). The session starts
 * once that step is done (two-factor.routes.ts).
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sign, unsign } from '../../signing.ts';
import { cookieOptions } from '../../auth.ts';
import { fromJson } from '../../db/dialect.ts';
import type { UserRow } from '../users/users.repository.ts';
import type { SecondStep } from '../../../domain/types.ts';
import { isEnabled } from './two-factor.repository.ts';
import { twoFactorRequired } from '../sessions/security-settings.ts';

const KEY = 'second-step';
/** Time to open the authenticator app (or to scan the QR code and confirm it). */
export const SECOND_STEP_MS = 10 * 60_000;
export const SECOND_STEP_COOKIES = [{ plain: 'signin', production: '__Host-signin' }] as const;
const cookieName = (ctx: AppContext) => (ctx.config.production ? SECOND_STEP_COOKIES[0].production : SECOND_STEP_COOKIES[0].plain);

/** `t`: the password reset secret the password step used, so the session it starts is restricted the same way. */
export interface PendingSignIn {
  u: string;
  l: string;
  m: SecondStep['twofactor'];
  e: number;
  n: string;
  t?: string;
}

/** After a right password: null when the session may start now, else the step the browser is sent to. */
export async function secondStepAfterPassword(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  login: string,
  resetSecret?: string | null,
): Promise<SecondStep | null> {
  let mode: SecondStep['twofactor'] | null = null;
  if (await isEnabled(ctx.db, user.id)) mode = 'code';
  else if (twoFactorRequired(await ctx.security.get(), fromJson<string[]>(user.roles, []).includes('admin'))) mode = 'setup';
  if (!mode) return null;
  const pending: PendingSignIn = {
    u: user.id,
    l: login,
    m: mode,
    e: ctx.clock.now() + SECOND_STEP_MS,
    n: crypto.randomBytes(9).toString('base64url'),
    ...(resetSecret ? { t: resetSecret } : {}),
  };
  reply.setCookie(cookieName(ctx), await sign(ctx.db, KEY, pending), { ...cookieOptions(ctx, req), maxAge: SECOND_STEP_MS / 1000 });
  return { twofactor: mode };
}

/** The sign-in waiting for its second step, if the browser has one that is still fresh. */
export async function pendingSignIn(ctx: AppContext, req: FastifyRequest): Promise<PendingSignIn | null> {
  const p = await unsign<PendingSignIn>(ctx.db, KEY, req.cookies?.[cookieName(ctx)]);
  return p && typeof p.u === 'string' && p.e > ctx.clock.now() ? p : null;
}

export function clearPendingSignIn(ctx: AppContext, req: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(cookieName(ctx), cookieOptions(ctx, req));
}
