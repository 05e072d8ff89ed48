/**
 * A learner's own data (account area): the state of their export and deletion, a download of
 * everything after the current password, and deleting the account (after the current password,
 * with a grace period). Each handler: validate, load, authorize, re-authenticate, act, present.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parse, badRequest, HttpError, unauthorized } from '../../errors.ts';
import { authorize } from '../../policy/policy.ts';
import { caller, endSession } from '../../auth.ts';
import { verifyPassword } from '../../adapters/passwords.ts';
import { now } from '../../db/dialect.ts';
import { MSG } from '../../../domain/messages.ts';
import { ExportTokenSchema, PrivacyPasswordSchema } from '../../../domain/validation.ts';
import type { UserRow } from '../users/users.repository.ts';
import type { DeleteReply, ExportReply, PrivacyState } from '../../../domain/replies-learner.ts';
import { completeExport, downloadPath, hashToken } from './jobs.ts';
import { countRecords } from './export.ts';
import { eraseAccount } from './erase.ts';
import { sendPrivacyMail } from './mail.ts';
import { privacyNoticeVersion } from './notice.ts';
import { exportInProgress, insertExport, privacyRequests, readyExport, scheduleDeletion } from './privacy.repository.ts';

const MINUTE = 60_000;
const DAY_MS = 24 * 3600_000;

export function privacyRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx;

  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');

  /** The current password, checked on the server; limited like sign-in so it cannot be guessed here. */
  async function reauthenticate(req: FastifyRequest, user: UserRow) {
    const { password } = parse(PrivacyPasswordSchema, req.body);
    const ok = await ctx.limiter.hit(`reauth:${user.id}`, config.rateLimitMax, MINUTE);
    if (!ok) throw new HttpError(429, MSG.tooManyRequests);
    if (!(await verifyPassword(user.passwordHash, password)))
      throw badRequest(MSG.privacyWrongPassword, { password: MSG.privacyWrongPassword });
  }

  async function state(user: UserRow): Promise<PrivacyState> {
    const [latest, deletion] = await privacyRequests(db, user.id);
    const live = latest && (latest.status !== 'ready' || (latest.expires ?? '') > now()) ? latest : undefined;
    return {
      export: live ? { status: live.status, created: live.created, ready: live.ready, expires: live.expires } : null,
      deletion: deletion ?? null,
      privacyaccepted: user.privacyaccepted ?? null,
      privacyversion: await privacyNoticeVersion(ctx),
    };
  }

  app.post('/app_privacy/status', { config: { action: 'privacy.status' } }, async (req, reply) => {
    const { user, actor } = await caller(ctx, req);
    if (!user) throw unauthorized();
    authorize(actor, 'privacy.status', { user: { id: user.id } });
    noStore(reply);
    return state(user);
  });

  app.post('/app_privacy/export', { config: { action: 'privacy.export' } }, async (req, reply) => {
    const { user, actor } = await caller(ctx, req);
    if (!user) throw unauthorized();
    authorize(actor, 'privacy.export', { user: { id: user.id } });
    await reauthenticate(req, user);
    noStore(reply);
    if (await exportInProgress(db, user.id)) throw new HttpError(409, MSG.exportBusy);
    const id = crypto.randomUUID();
    const created = now();
    const records = await countRecords(db, user.id, user.email.toLowerCase());
    const inline = records <= config.exportInlineMaxRecords;
    await insertExport(db, {
      id,
      userId: user.id,
      status: inline ? 'running' : 'queued',
      lang: user.lang,
      tokenhash: null,
      created,
      claimed: inline ? created : null,
      ready: null,
      expires: null,
      attempts: inline ? 1 : 0,
      size: null,
      data: null,
    });
    if (!inline) return { status: 'queued', info: { message: MSG.exportQueued }, ...(await state(user)) } satisfies ExportReply;
    const token = await completeExport(ctx, id, new Date());
    return { status: 'ready', url: downloadPath(token!), info: { message: MSG.exportReady }, ...(await state(user)) } satisfies ExportReply;
  });

  app.get(
    '/app_privacy/download/:token',
    {
      config: { schema: { params: ExportTokenSchema }, action: 'privacy.download' },
    },
    async (req, reply) => {
      const { token } = parse(ExportTokenSchema, req.params);
      const { user, actor } = await caller(ctx, req);
      const row = await readyExport(db, hashToken(token));
      if (!user) throw unauthorized();
      if (!row?.data || (row.expires ?? '') <= now()) throw new HttpError(404, MSG.exportLinkInvalid);
      authorize(actor, 'privacy.download', { user: { id: row.userId } });
      return noStore(reply)
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="my-data-${row.created.slice(0, 10)}.zip"`)
        .send(Buffer.from(row.data));
    },
  );

  app.post('/app_privacy/delete', { config: { action: 'privacy.deleteAccount' } }, async (req, reply) => {
    const { user, actor } = await caller(ctx, req);
    if (!user) throw unauthorized();
    authorize(actor, 'privacy.deleteAccount', { user: { id: user.id } });
    await reauthenticate(req, user);
    noStore(reply);
    const days = (await ctx.site.get()).config.privacygracedays;
    const requested = now();
    const due = new Date(Date.now() + days * DAY_MS).toISOString();
    await scheduleDeletion(db, user.id, requested, due);
    // Without a grace period there is no date to announce and nothing to cancel; the address is erased
    // at once, so a queued mail would not reliably leave anyway.
    if (days > 0) {
      await sendPrivacyMail(ctx, user, 'deletionScheduled', { date: due.slice(0, 10) }).catch((err) =>
        req.log.error({ err }, 'deletion confirmation mail failed'),
      );
    }
    // Every session ends: signing in again is what cancels the deletion.
    await ctx.sessions.destroyAllForUser(user.id);
    await endSession(ctx, req, reply);
    if (days === 0) {
      await eraseAccount(ctx, user.id, 'request');
      return { info: { message: MSG.accountDeleted }, deletion: { requested, due }, deleted: true } satisfies DeleteReply;
    }
    return { info: { message: MSG.deletionScheduled }, deletion: { requested, due } } satisfies DeleteReply;
  });
}
