/**
 * The account's Sessions list (which browsers are signed in, from where, last seen), ending one or all
 * other sessions with the password given again; admins ending every session of a user (audited); the
 * admins' session and two-factor settings (audited).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parse, notFound, badRequest, unauthorized } from '../../errors.ts';
import { authorize } from '../../policy/policy.ts';
import { caller, currentSession, sessionToken } from '../../auth.ts';
import { MSG } from '../../../domain/messages.ts';
import { SecuritySettingsSchema, SessionEndOthersSchema, SessionIdSchema, SessionUserSchema } from '../../../domain/validation.ts';
import type { SessionRecord } from '../../../domain/types.ts';
import type { SessionInfo } from '../../adapters/sessions.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import { verifyPassword } from '../../adapters/passwords.ts';
import { beginSignIn, failedSignIn } from '../../throttle.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import { describeDevice, placeOf } from './device.ts';

export const AUDIT_SESSIONS = { endAll: 'sessions.endall', settings: 'security.settings' } as const;

export function sessionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  const present = (s: SessionInfo, current: SessionInfo | null): SessionRecord => ({
    _id: s.id,
    device: describeDevice(s.useragent),
    ip: s.ip,
    place: placeOf(s.ip),
    created: new Date(s.created).toISOString(),
    lastseen: new Date(s.lastseen).toISOString(),
    current: s.id === current?.id,
  });

  async function own(req: FastifyRequest) {
    const { user, actor } = await caller(ctx, req);
    authorize(actor, 'session.manage', { user: { id: user?.id ?? '' } });
    return { user: user!, current: await currentSession(ctx, req) };
  }

  /**
   * The password again before a session is ended (ASVS 7.5.2): a stolen session alone cannot sign the
   * owner out everywhere. Wrong passwords meet the sign-in back-off, like the two-factor setup's check.
   */
  async function reauthenticate(req: FastifyRequest, reply: FastifyReply, user: UserRow, password: string) {
    const attempt = await beginSignIn(ctx, req, reply, user.id, 'code');
    if (await verifyPassword(user.passwordHash, password)) return;
    await failedSignIn(ctx, attempt);
    throw badRequest(MSG.currentPasswordWrong, { password: MSG.currentPasswordWrong });
  }

  async function list(userId: string, current: SessionInfo | null) {
    return (await ctx.sessions.list(userId)).map((s) => present(s, current));
  }

  app.post('/app_users/sessions/list', { config: { action: 'session.manage' } }, async (req) => {
    const { user, current } = await own(req);
    return { list: await list(user.id, current) };
  });

  app.post('/app_users/sessions/end', { config: { schema: { body: SessionIdSchema }, action: 'session.manage' } }, async (req, reply) => {
    const { user, current } = await own(req);
    const { _id, password } = parse(SessionIdSchema, req.body);
    await reauthenticate(req, reply, user, password);
    if (!(await ctx.sessions.destroyById(user.id, _id))) throw notFound(MSG.sessionNotFound);
    return { ok: true, list: await list(user.id, _id === current?.id ? null : current) };
  });

  app.post(
    '/app_users/sessions/endothers',
    { config: { schema: { body: SessionEndOthersSchema }, action: 'session.manage' } },
    async (req, reply) => {
      const { user, current } = await own(req);
      const { password } = parse(SessionEndOthersSchema, req.body);
      await reauthenticate(req, reply, user, password);
      await ctx.sessions.destroyAllForUser(user.id, sessionToken(req));
      return { ok: true, list: await list(user.id, current) };
    },
  );

  app.post(
    '/app_users/sessions/endall',
    {
      config: { schema: { body: SessionUserSchema }, action: 'session.endAllOfUser' },
    },
    async (req) => {
      const { actor } = await caller(ctx, req);
      if (!actor) throw unauthorized();
      const { user: userId } = parse(SessionUserSchema, req.body);
      authorize(actor, 'session.endAllOfUser', { user: { id: userId } });
      const target = await findUserById(db, userId);
      if (!target) throw notFound();
      const ended = (await ctx.sessions.list(userId)).length;
      await ctx.sessions.destroyAllForUser(userId);
      await recordAudit(db, {
        actor: actor!,
        action: AUDIT_SESSIONS.endAll,
        targetType: 'user',
        target: userId,
        changes: { email: target.email, sessions: ended },
      });
      return { ok: true, ended };
    },
  );

  app.post('/app_admin/getSecurity', { config: { action: 'admin.settings' } }, async (req) => {
    const { actor } = await caller(ctx, req);
    authorize(actor, 'admin.settings');
    return { security: await ctx.security.get() };
  });

  app.post('/app_admin/setSecurity', { config: { schema: { body: SecuritySettingsSchema }, action: 'admin.settings' } }, async (req) => {
    const { actor } = await caller(ctx, req);
    authorize(actor, 'admin.settings');
    const patch = parse(SecuritySettingsSchema, req.body);
    const before = await ctx.security.get();
    const changes = Object.fromEntries(
      Object.entries(patch)
        .filter(([k, v]) => before[k as keyof typeof before] !== v)
        .map(([k, v]) => [k, { from: before[k as keyof typeof before], to: v }]),
    );
    if (Object.keys(changes).length === 0) return { security: before };
    const security = await ctx.security.save(patch);
    await recordAudit(db, { actor: actor!, action: AUDIT_SESSIONS.settings, targetType: 'settings', target: 'security', changes });
    return { security };
  });
}
