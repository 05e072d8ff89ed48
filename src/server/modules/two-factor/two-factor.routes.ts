/**
 * Two-factor sign-in (TOTP): status, setup (QR code, confirm with a code, recovery codes shown once),
 * turning it off (password and code), and the second sign-in step. Setup also serves an admin whose
 * site requires two-factor sign-in and who has none yet: their right password leads here, and the
 * session starts once the setup is confirmed.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { AppContext } from '../../context.ts';
import { parse, badRequest, notFound, HttpError } from '../../errors.ts';
import { authorize } from '../../policy/policy.ts';
import { caller, startSession } from '../../auth.ts';
import { restrictSession } from '../accounts/temporary-password.ts';
import { sendAccountMail } from '../accounts/mail-templates.ts';
import { onSignIn } from '../privacy/jobs.ts';
import { verifyPassword } from '../../adapters/passwords.ts';
import { fromJson, now } from '../../db/dialect.ts';
import { MSG } from '../../../domain/messages.ts';
import { SessionUserSchema, TwoFactorBeginSchema, TwoFactorCodeSchema, TwoFactorDisableSchema } from '../../../domain/validation.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import type { TwoFactorSetup, TwoFactorStatus } from '../../../domain/types.ts';
import { findUserById, updateUser, type UserRow } from '../users/users.repository.ts';
import { classLinks } from '../enrollment/user-enrolments.ts';
import { presentUser } from '../users/users.presenter.ts';
import { beginSignIn, failedSignIn, signInKeys, succeededSignIn } from '../../throttle.ts';
import { twoFactorRequired } from '../sessions/security-settings.ts';
import { clearPendingSignIn, pendingSignIn, type PendingSignIn } from './second-step.ts';
import {
  disableTwoFactor,
  enableTwoFactor,
  formatRecoveryCode,
  getTwoFactor,
  newSecret,
  recoveryCodesLeft,
  saveSetupSecret,
  totpFor,
  verifySecondFactor,
} from './two-factor.repository.ts';

export function twoFactorRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  /** The signed-in user, or the account of a sign-in waiting for two-factor setup. */
  async function whoSetsUp(req: FastifyRequest): Promise<{ user: UserRow; pending: PendingSignIn | null }> {
    const { user, actor } = await caller(ctx, req);
    if (user) {
      authorize(actor, 'twofactor.manage', { user: { id: user.id } });
      return { user, pending: null };
    }
    const pending = await pendingSignIn(ctx, req);
    const pendingUser = pending?.m === 'setup' ? await findUserById(db, pending.u) : undefined;
    if (!pending || !pendingUser) throw new HttpError(401, MSG.twoFactorStepExpired);
    return { user: pendingUser, pending };
  }

  /**
   * The session starts: the browser becomes a known device of the account. `cancelled`: the sign-in
   * cancelled a requested deletion of the account, which the learner is told as on the one-step sign-in.
   */
  async function finishSignIn(req: FastifyRequest, reply: FastifyReply, user: UserRow, pending: PendingSignIn) {
    clearPendingSignIn(ctx, req, reply);
    const attempt = await signInKeys(ctx, req, pending.l);
    await succeededSignIn(ctx, req, reply, attempt, pending.l);
    const token = await startSession(ctx, req, reply, user.id);
    // Signed in with a reset's temporary password: this session too must set a new password first.
    if (pending.t) await restrictSession(db, pending.t, token);
    await updateUser(db, user.id, { lasttime: now(), lastseen: now() });
    // Signing in cancels a pending account deletion and a retention warning.
    const cancelled = await onSignIn(ctx, user.id);
    return { user: presentUser({ ...user, lasttime: now() }, await classLinks(ctx, req, user.id)), cancelled };
  }

  /** The account holder hears of every change to how they sign in; a failed mail does not undo the change. */
  function tellOwner(user: UserRow, kind: 'twoFactorOn' | 'twoFactorOff') {
    void sendAccountMail(ctx, user.email, user.lang, kind, { name: user.firstname }).catch((err: unknown) =>
      app.log.error({ err }, 'two-factor notice mail failed'),
    );
  }

  const status = async (user: UserRow): Promise<TwoFactorStatus> => ({
    enabled: (await getTwoFactor(db, user.id))?.enabled === 1,
    required: twoFactorRequired(await ctx.security.get(), fromJson<string[]>(user.roles, []).includes('admin')),
    recoveryLeft: await recoveryCodesLeft(db, user.id),
  });

  app.post('/app_users/twofactor/status', { config: { personal: true, action: 'twofactor.manage' } }, async (req) => {
    const { user, actor } = await caller(ctx, req);
    authorize(actor, 'twofactor.manage', { user: { id: user?.id ?? '' } });
    return status(user!);
  });

  app.post(
    '/app_users/twofactor/begin',
    {
      config: { schema: { body: TwoFactorBeginSchema }, personal: true, action: 'twofactor.manage' },
    },
    async (req, reply): Promise<TwoFactorSetup> => {
      const { user, pending } = await whoSetsUp(req);
      const { password } = parse(TwoFactorBeginSchema, req.body ?? {});
      if ((await getTwoFactor(db, user.id))?.enabled === 1) throw badRequest(MSG.twoFactorAlreadyOn);
      if (!pending) {
        // A borrowed session alone must not be able to tie the account to someone else's phone.
        const attempt = await beginSignIn(ctx, req, reply, user.id, 'code');
        if (!password || !(await verifyPassword(user.passwordHash, password))) {
          await failedSignIn(ctx, attempt);
          throw badRequest(MSG.twoFactorPasswordWrong, { password: MSG.twoFactorPasswordWrong });
        }
      }
      const secret = newSecret();
      await saveSetupSecret(db, user.id, secret);
      const otpauth = totpFor(secret, user.email, (await ctx.site.get()).config.sitetitle).toString();
      const qr = await QRCode.toDataURL(otpauth, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
      return { secret, otpauth, qr };
    },
  );

  app.post(
    '/app_users/twofactor/enable',
    {
      config: { schema: { body: TwoFactorCodeSchema }, personal: true, action: 'twofactor.manage' },
    },
    async (req, reply) => {
      const { user, pending } = await whoSetsUp(req);
      const { code } = parse(TwoFactorCodeSchema, req.body);
      const attempt = await beginSignIn(ctx, req, reply, user.id, 'code');
      const row = await getTwoFactor(db, user.id);
      if (row?.enabled === 1) throw badRequest(MSG.twoFactorAlreadyOn);
      if (!row) throw badRequest(MSG.twoFactorSetupFirst);
      const codes = await enableTwoFactor(db, user.id, code, ctx.clock.now());
      if (!codes) {
        await failedSignIn(ctx, attempt);
        throw badRequest(MSG.twoFactorCodeWrong, { code: MSG.twoFactorCodeWrong });
      }
      const recoverycodes = codes.map(formatRecoveryCode);
      tellOwner(user, 'twoFactorOn');
      if (pending) {
        const signedIn = await finishSignIn(req, reply, user, pending);
        return { recoverycodes, user: signedIn.user, ...(signedIn.cancelled ? { info: { message: MSG.deletionCancelled } } : {}) };
      }
      return { recoverycodes, status: await status(user) };
    },
  );

  app.post(
    '/app_users/twofactor/disable',
    {
      config: { schema: { body: TwoFactorDisableSchema }, personal: true, action: 'twofactor.manage' },
    },
    async (req, reply) => {
      const { user, actor } = await caller(ctx, req);
      authorize(actor, 'twofactor.manage', { user: { id: user?.id ?? '' } });
      const { password, code } = parse(TwoFactorDisableSchema, req.body);
      const attempt = await beginSignIn(ctx, req, reply, user!.id, 'code');
      if (!(await getTwoFactor(db, user!.id))) throw badRequest(MSG.twoFactorNotOn);
      const passwordOk = await verifyPassword(user!.passwordHash, password);
      // The code is only tried (and spent) with the right password.
      const codeOk = passwordOk && (await verifySecondFactor(db, user!.id, code, ctx.clock.now())) !== null;
      if (!passwordOk || !codeOk) {
        await failedSignIn(ctx, attempt);
        const message = passwordOk ? MSG.twoFactorCodeWrong : MSG.twoFactorPasswordWrong;
        throw badRequest(message, passwordOk ? { code: message } : { password: message });
      }
      await disableTwoFactor(db, user!.id);
      tellOwner(user!, 'twoFactorOff');
      return status(user!);
    },
  );

  // A user who lost both the phone and the recovery codes asks an admin, who checks who they are and
  // turns it off; every session of the user ends too. Audited.
  app.post(
    '/app_users/twofactor/reset',
    {
      config: { schema: { body: SessionUserSchema }, action: 'twofactor.resetOfUser' },
    },
    async (req) => {
      const { actor } = await caller(ctx, req);
      const { user: userId } = parse(SessionUserSchema, req.body);
      authorize(actor, 'twofactor.resetOfUser', { user: { id: userId } });
      const target = await findUserById(db, userId);
      if (!target) throw notFound();
      if (!(await getTwoFactor(db, userId))) throw badRequest(MSG.twoFactorNotOn);
      await disableTwoFactor(db, userId);
      await ctx.sessions.destroyAllForUser(userId);
      tellOwner(target, 'twoFactorOff');
      await recordAudit(db, {
        actor: actor!,
        action: 'twofactor.reset',
        targetType: 'user',
        target: userId,
        changes: { email: target.email },
      });
      return { ok: true };
    },
  );

  // The second sign-in step: a code from the app, or a recovery code.
  app.post(
    '/app_users/twofactor/verify',
    {
      config: { schema: { body: TwoFactorCodeSchema }, personal: true, action: 'twofactor.signIn' },
    },
    async (req, reply) => {
      authorize(null, 'twofactor.signIn');
      const pending = await pendingSignIn(ctx, req);
      if (!pending || pending.m !== 'code') throw new HttpError(401, MSG.twoFactorStepExpired);
      const { code } = parse(TwoFactorCodeSchema, req.body);
      const attempt = await beginSignIn(ctx, req, reply, pending.u, 'code');
      const user = await findUserById(db, pending.u);
      if (!user) throw new HttpError(401, MSG.twoFactorStepExpired);
      const used = await verifySecondFactor(db, user.id, code, ctx.clock.now());
      if (!used) {
        await failedSignIn(ctx, attempt);
        return reply.status(401).send({ error: { message: MSG.twoFactorCodeWrong } });
      }
      await ctx.limiter.clear(attempt.keys.pair);
      const signedIn = await finishSignIn(req, reply, user, pending);
      return {
        user: signedIn.user,
        recoveryLeft: used === 'recovery' ? await recoveryCodesLeft(db, user.id) : undefined,
        ...(signedIn.cancelled ? { info: { message: MSG.deletionCancelled } } : {}),
      };
    },
  );
}
