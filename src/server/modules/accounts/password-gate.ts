/**
 * A session that signed in with a password reset's temporary password may do nothing but set a new
 * password (or sign out, or pick a language): every other state-changing request is refused with a
 * clear message until then. Reads stay open, so the web app can load and show the change screen.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sessionToken } from '../../auth.ts';
import { MSG } from '../../../domain/messages.ts';
import { mustChangePassword } from './temporary-password.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const ALLOWED = new Set([
  '/app_users/resetpassword',
  '/app_users/logout',
  '/users/login',
  '/app_users/setlang/',
  '/app_users/setlang',
  '/app_users/cookieoptin',
]);

/**
 * Whether the gate refuses this request's session a call of `method` to the route `url` (its path as
 * declared); `stateChanging`, a GET that changes data. Also asked for the calls a page answers inside
 * itself (route-answers.ts), which do not pass through the hook.
 */
export async function gateRefuses(
  ctx: AppContext,
  req: FastifyRequest,
  method: string,
  url: string,
  stateChanging = false,
): Promise<boolean> {
  if (SAFE.has(method) && !stateChanging) return false;
  if (ALLOWED.has(url)) return false;
  return !!sessionToken(req) && (await mustChangePassword(ctx, req));
}

export function passwordChangeGate(ctx: AppContext) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const { url, config } = req.routeOptions;
    if (!(await gateRefuses(ctx, req, req.method, url ?? '', config?.stateChanging))) return;
    return reply.status(403).send({ error: { message: MSG.mustChangePassword } });
  };
}
