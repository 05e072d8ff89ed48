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

export function passwordChangeGate(ctx: AppContext) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (SAFE.has(req.method) && !req.routeOptions.config?.stateChanging) return;
    if (ALLOWED.has(req.routeOptions.url ?? '')) return;
    if (!sessionToken(req) || !(await mustChangePassword(ctx, req))) return;
    return reply.status(403).send({ error: { message: MSG.mustChangePassword } });
  };
}
