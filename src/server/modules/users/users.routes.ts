/** Accounts and sessions: spec section 7, "Users". Each handler: validate, load, authorize, act, present. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { classLinks } from '../enrollment/user-enrolments.ts';
import { sendJson } from '../content/content.cache.ts';
import type { SiteData } from '../site/site.repository.ts';
import type { AppContext } from '../../context.ts';
import { parse, badRequest, notFound, HttpError, sessionFaults, unauthorized } from '../../errors.ts';
import { faultKind } from '../../faults.ts';
import { authorize } from '../../policy/policy.ts';
import { caller, cookieOptions, endSession, sessionToken, startSession } from '../../auth.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../adapters/passwords.ts';
import { fromJson, now } from '../../db/dialect.ts';
import { MSG } from '../../../domain/messages.ts';
import {
  ConfirmEmailSchema,
  CookieOptinSchema,
  IdParamSchema,
  InstructorsSchema,
  LoginSchema,
  PasswordChangeSchema,
  RegistrationSchema,
  ResetPasswordSchema,
  SetLangSchema,
  UserListSchema,
  UserSaveSchema,
  WhoAmIQuerySchema,
} from '../../../domain/validation.ts';
import { z } from 'zod';
import {
  classLinksOfUsers,
  findUserByEmail,
  findUserById,
  insertUser,
  listInstructors,
  listUsers,
  setRoles,
  updateUser,
  type UserRow,
} from './users.repository.ts';
import { presentUser } from './users.presenter.ts';
import { pageUsers } from './users.page.ts';
import { UserPageQuerySchema } from '../../../domain/tables.ts';
import type { Page } from '../../../domain/paging.ts';
import type { User } from '../../../domain/types.ts';
import { siteCountry } from '../site/site-countries.ts';
import { compressOnce, sendCompressed, type CompressedBody } from '../../compressed-body.ts';
import { enroll } from '../enrollment/enrollment.repository.ts';
import { findClass } from '../classes/classes.repository.ts';
import { AUDIT, auditUserSave } from '../admin/audit.repository.ts';
import { can } from '../../policy/policy.ts';
import {
  clearResets,
  createTemporaryPassword,
  mustChangePassword,
  restrictSession,
  useTemporaryPassword,
} from '../accounts/temporary-password.ts';
import { confirmEmailChange, createEmailChange } from '../accounts/email-change.ts';
import { contextWords, isCommonPassword, isContextPassword } from '../accounts/common-passwords.ts';
import { countRegcodeTry } from '../accounts/regcode-guard.ts';
import { publicBase, sendAccountMail, type MailKind } from '../accounts/mail-templates.ts';
import { onSignIn } from '../privacy/jobs.ts';
import { eraseAccount } from '../privacy/erase.ts';
import { privacyNoticeVersion } from '../privacy/notice.ts';
import { beginSignIn, failedSignIn, succeededSignIn } from '../../throttle.ts';
import { secondStepAfterPassword } from '../two-factor/second-step.ts';

const MINUTE = 60_000;
/** lastseen is written at most this often per user, so the 20-second poll stays a read. */
const LASTSEEN_EVERY_MS = 5 * MINUTE;

export function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, site, config } = ctx;

  async function present(row: UserRow, req: FastifyRequest) {
    return presentUser(row, await classLinks(ctx, req, row.id));
  }

  /** Counts the request under each key; 429 once any is over the limit. */
  async function limit(kind: string, keys: string[]) {
    const results = await Promise.all(keys.map((k) => ctx.limiter.hit(`${kind}:${k}`, config.rateLimitMax, MINUTE)));
    if (results.includes(false)) throw new HttpError(429, MSG.tooManyRequests);
  }

  function visitorLang(req: FastifyRequest, publiclanguages: string[], fallback: string) {
    const c = req.cookies?.[req.server.langCookie];
    return c && publiclanguages.includes(c) ? c : fallback;
  }

  // What every signed-in whoami in one language shares (settings, labels, navigation), as JSON members
  // written once per site change: most of the reply (about 6 KB with the labels), which the page of
  // every signed-in view carries and which was serialised again for each.
  const sharedParts = new WeakMap<SiteData, Map<string, string>>();
  function sharedWhoami(data: SiteData, lang: string, fresh: boolean): string {
    let parts = sharedParts.get(data);
    if (!parts) sharedParts.set(data, (parts = new Map()));
    const key = `${lang}|${fresh}`;
    let part = parts.get(key);
    if (part === undefined) {
      const members = { config: data.config, loc: fresh ? null : data.labels(lang), asof: data.version, navitems: data.navitems };
      part = JSON.stringify(members).slice(1, -1);
      parts.set(key, part);
    }
    return part;
  }

  // Signed-out answers are the same for everyone of a language: built once per site version.
  // Kept as bytes: encoding a 7 KB string on every poll was the largest cost of a visitor's whoami.
  const visitorBodies = new Map<string, CompressedBody>();
  let visitorBodiesVersion = '';

  app.get('/app_users/whoami', { config: { schema: { querystring: WhoAmIQuerySchema }, action: 'session.whoami' } }, async (req, reply) => {
    const { asof } = parse(WhoAmIQuerySchema, req.query);
    const data = await site.get();
    const fresh = !!asof && asof >= data.version;
    const { user, actor } = await caller(ctx, req);
    // A session that could not be read (Redis down) must not be shown as signed out: the app would drop it.
    const sessionFault = sessionFaults.get(req);
    if (!user && sessionFault) throw sessionFault;
    if (!user) {
      const lang = visitorLang(req, data.config.publiclanguages, data.config.defaultlang);
      if (visitorBodiesVersion !== data.version) {
        visitorBodies.clear();
        visitorBodiesVersion = data.version;
      }
      const key = `${lang}|${fresh}`;
      let body = visitorBodies.get(key);
      if (!body) {
        body = compressOnce(
          Buffer.from(
            JSON.stringify({
              user: null,
              config: data.config,
              loc: fresh ? null : data.labels(lang),
              lang,
              cookieoptin: null,
              asof: data.version,
              navitems: data.navitems,
            }),
          ),
        );
        visitorBodies.set(key, body);
      }
      return sendCompressed(req, reply, body, 'application/json; charset=utf-8');
    }
    authorize(actor, 'session.whoami');
    if (!user.lastseen || Date.now() - Date.parse(user.lastseen) > LASTSEEN_EVERY_MS) {
      await updateUser(db, user.id, { lastseen: now() });
    }
    const presented = await present(user, req);
    const own = JSON.stringify({
      user: presented,
      lang: user.lang,
      cookieoptin: presented.cookieoptin,
      // Signed in with a reset's temporary password: the web app sends the user to set a new one.
      mustChangePassword: await mustChangePassword(ctx, req),
    });
    return sendJson(reply, `${own.slice(0, -1)},${sharedWhoami(data, user.lang, fresh)}}`);
  });

  app.post('/users/login', { config: { schema: { body: LoginSchema }, public: true } }, async (req, reply) => {
    const { login, password } = parse(LoginSchema, req.body);
    // Throttling (throttle.ts): per address, per (account, address), and per account for unknown browsers.
    const attempt = await beginSignIn(ctx, req, reply, login);
    const user = await findUserByEmail(db, login);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    // A password reset's temporary password signs in once, into a session that must set a new password.
    const temporary = user && !ok ? await useTemporaryPassword(db, user.id, password) : null;
    if (!user || !(ok || temporary)) {
      await failedSignIn(ctx, attempt);
      return reply.status(401).send({ error: { message: MSG.loginFailed } });
    }
    // Suspended: said only to someone who knows the password, so it reveals nothing to a guesser.
    if (user.suspended === 1) return reply.status(403).send({ error: { message: MSG.accountSuspended } });
    // Two-factor sign-in: no session yet, the browser is sent to the second step (modules/two-factor).
    const secondStep = await secondStepAfterPassword(ctx, req, reply, user, login, temporary);
    if (secondStep) return secondStep;
    await succeededSignIn(ctx, req, reply, attempt, login);
    const token = await startSession(ctx, req, reply, user.id);
    if (temporary) await restrictSession(db, temporary, token);
    await updateUser(db, user.id, { lasttime: now(), lastseen: now() });
    // Signing in cancels a pending account deletion and a retention warning.
    const cancelled = await onSignIn(ctx, user.id);
    return {
      user: await present({ ...user, lasttime: now() }, req),
      ...(temporary ? { mustChangePassword: true } : {}),
      ...(cancelled ? { info: { message: MSG.deletionCancelled } } : {}),
    };
  });

  app.post('/app_users/logout', { config: { public: true } }, async (req, reply) => {
    await endSession(ctx, req, reply);
    return { ok: true };
  });

  app.post('/app_users/register', { config: { schema: { body: RegistrationSchema }, action: 'account.register' } }, async (req, reply) => {
    const { actor } = await caller(ctx, req);
    authorize(actor, 'account.register');
    await limit('register', [`ip:${req.ip}`]);
    const body = parse(RegistrationSchema, req.body);
    const data = await site.get();
    checkPasswordChoice(body.password, data.config.sitetitle, body);
    if (await findUserByEmail(db, body.email)) throw badRequest(MSG.emailTaken, { email: MSG.emailTaken });
    const country = siteCountry(body.country, data.config);
    if (!country) throw badRequest(MSG.countryNotInList, { country: MSG.countryNotInList });
    const lang =
      body.lang && data.config.publiclanguages.includes(body.lang)
        ? body.lang
        : visitorLang(req, data.config.publiclanguages, data.config.defaultlang);
    const user = await insertUser(db, {
      email: body.email,
      passwordHash: await hashPassword(body.password),
      firstname: body.firstname,
      lastname: body.lastname,
      phone: body.phone || null,
      city: body.city,
      state: body.state || null,
      country,
      lang,
      lasttime: now(),
      lastseen: now(),
      // The privacy notice the form linked to: the version current when the account was made.
      privacyaccepted: await privacyNoticeVersion(ctx),
    }).catch((err: unknown) => {
      // Two registrations of one address at once: both passed the check above, the unique index let one in.
      if (faultKind(err) === 'unique') throw badRequest(MSG.emailTaken, { email: MSG.emailTaken });
      throw err;
    });
    // Registering from a class page (spec: classId/courseId) enrols the new learner straight away.
    if (body.classId) {
      const cls = await findClass(db, body.classId);
      if (cls && cls.selfpaced !== 1 && body.regcode) await countRegcodeTry(ctx, req);
      // A private group still needs its registration code; a self-paced class is open to all.
      const mayJoin = cls && (cls.selfpaced === 1 || (!!body.regcode && body.regcode.toUpperCase() === cls.regcode));
      if (cls && mayJoin && (!body.courseId || cls.course === body.courseId)) await enroll(db, user.id, cls);
    }
    await startSession(ctx, req, reply, user.id);
    return { info: { message: MSG.registered }, user: await present(user, req) };
  });

  /** A new password must be neither a common one nor made only of the person's or the site's names (400 on the password field). */
  function checkPasswordChoice(password: string, sitetitle: string | undefined, person: Parameters<typeof contextWords>[1]) {
    if (isCommonPassword(password)) throw badRequest(MSG.passwordCommon, { password: MSG.passwordCommon });
    if (isContextPassword(password, contextWords(sitetitle, person)))
      throw badRequest(MSG.passwordContext, { password: MSG.passwordContext });
  }

  /** A mail to the account holder in their language; a failed send is logged, never shown to the caller. */
  function notify(req: FastifyRequest, to: string, lang: string, kind: MailKind, values: Record<string, string>) {
    return sendAccountMail(ctx, to, lang, kind, values).catch((err) => req.log.error({ err, kind }, 'account mail failed'));
  }

  /** The current password, where a change needs it: wrong guesses count toward the account's limit. */
  async function checkCurrentPassword(req: FastifyRequest, user: UserRow, given: string | undefined) {
    if (!given) throw badRequest(MSG.currentPasswordRequired, { currentpassword: MSG.currentPasswordRequired });
    await limit('current', [`acct:${user.id}`]);
    if (!(await verifyPassword(user.passwordHash, given)))
      throw badRequest(MSG.currentPasswordWrong, { currentpassword: MSG.currentPasswordWrong });
  }

  app.post(
    '/app_users/resetpassword',
    {
      config: { schema: { body: ResetPasswordSchema }, action: 'account.changePassword' },
    },
    async (req, reply) => {
      const body = parse(ResetPasswordSchema, req.body);
      if (body.password !== undefined) {
        // Password change for the signed-in user.
        const { user, actor } = await caller(ctx, req);
        if (!user) throw unauthorized();
        authorize(actor, 'account.changePassword', { user: { id: user.id } });
        const { password, currentpassword } = parse(PasswordChangeSchema, body);
        // Right after signing in with a temporary password the mailed secret stands in for the current one.
        if (!(await mustChangePassword(ctx, req))) await checkCurrentPassword(req, user, currentpassword);
        checkPasswordChoice(password, (await site.get()).config.sitetitle, user);
        await updateUser(db, user.id, { passwordHash: await hashPassword(password), passwordChanged: now() });
        await clearResets(db, user.id);
        // Every other session of this account ends; this browser gets a fresh session id.
        await ctx.sessions.destroyAllForUser(user.id, sessionToken(req));
        await startSession(ctx, req, reply, user.id);
        void notify(req, user.email, user.lang, 'passwordChanged', { name: user.firstname });
        return { info: { message: MSG.passwordChanged } };
      }
      authorize(null, 'account.resetPassword');
      const email = z.object({ email: z.string().min(1, { error: MSG.emailRequired }) }).parse(body).email;
      await limit('reset', [`ip:${req.ip}`, `acct:${email}`]);
      const user = await findUserByEmail(db, email);
      // Same answer, and no waiting on the mail, whether or not the address exists. Nothing about the
      // account changes here: the old password and sessions stay valid until the temporary one is used.
      if (user) {
        void createTemporaryPassword(db, user.id)
          .then((password) => sendAccountMail(ctx, user.email, user.lang, 'resetPassword', { name: user.firstname, password }))
          .catch((err) => req.log.error({ err }, 'password reset mail failed'));
      }
      return { info: { message: MSG.resetSent } };
    },
  );

  app.post('/app_users/confirmemail', { config: { schema: { body: ConfirmEmailSchema }, action: 'account.confirmEmail' } }, async (req) => {
    const { token } = parse(ConfirmEmailSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'account.confirmEmail');
    const done = await confirmEmailChange(db, token, async (trx, change) => {
      const user = await findUserById(trx, change.userId);
      if (!user) return null;
      const other = await findUserByEmail(trx, change.newEmail);
      if (other && other.id !== user.id) throw badRequest(MSG.emailTaken, { email: MSG.emailTaken });
      await updateUser(trx, user.id, { email: change.newEmail });
      return { user, newEmail: change.newEmail };
    });
    if (!done) throw badRequest(MSG.confirmLinkInvalid);
    const { user, newEmail } = done;
    void notify(req, user.email, user.lang, 'emailChanged', { name: user.firstname, old: user.email, email: newEmail });
    return { info: { message: MSG.emailConfirmed } };
  });

  app.post('/app_users/setlang/', { config: { schema: { body: SetLangSchema }, action: 'session.setLanguage' } }, async (req, reply) => {
    const { lang } = parse(SetLangSchema, req.body);
    const data = await site.get();
    if (!data.config.publiclanguages.includes(lang)) throw badRequest(MSG.invalidLanguage);
    const { user, actor } = await caller(ctx, req);
    authorize(actor, 'session.setLanguage');
    reply.setCookie(req.server.langCookie, lang, { ...cookieOptions(ctx, req), maxAge: 365 * 24 * 3600 });
    let presented = null;
    if (user) {
      await updateUser(db, user.id, { lang });
      presented = await present({ ...user, lang }, req);
    }
    return { lang, config: data.config, loc: data.labels(lang), user: presented, asof: data.version };
  });

  app.post('/app_users/cookieoptin', { config: { schema: { body: CookieOptinSchema }, action: 'session.setCookieOptin' } }, async (req) => {
    const { cookieoptin } = parse(CookieOptinSchema, req.body);
    const { user, actor } = await caller(ctx, req);
    authorize(actor, 'session.setCookieOptin');
    const setting = typeof cookieoptin === 'string' ? cookieoptin : cookieoptin.setting;
    await updateUser(db, user!.id, { cookieoptin: setting });
    return { cookieoptin: { setting } };
  });

  app.post('/app_users/list', { config: { schema: { body: UserListSchema }, action: 'user.list' } }, async (req) => {
    const { actor } = await caller(ctx, req);
    authorize(actor, 'user.list');
    const opts = parse(UserListSchema, req.body);
    const { rows, total } = await listUsers(db, opts);
    const links = await classLinksOfUsers(
      db,
      rows.map((r) => r.id),
    );
    const list = rows.map((r) => presentUser(r, links(r.id)));
    return { list, total };
  });

  /** The user table a page at a time (searched, filtered, sorted and paged on the server). */
  app.post('/app_users/page', { config: { action: 'user.page' } }, async (req, reply) => {
    const { actor } = await caller(ctx, req);
    authorize(actor, 'user.page');
    const query = parse(UserPageQuerySchema, req.body);
    const { rows, total, next } = await pageUsers(db, ctx.store.engine, query, (key, count) => ctx.figures.get('userTotals', key, count));
    const links = await classLinksOfUsers(
      db,
      rows.map((r) => r.id),
    );
    reply.header('cache-control', 'no-store');
    const page: Page<User> = {
      rows: rows.map((r) => presentUser(r, links(r.id))),
      total,
      next,
    };
    return page;
  });

  app.post('/app_users/get', { config: { action: 'user.read' } }, async (req) => {
    const { _id } = parse(z.object({ _id: z.string({ error: MSG.missingId }).min(1, { error: MSG.missingId }).max(100) }), req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'user.read', { user: { id: _id } });
    const target = await findUserById(db, _id);
    if (!target) throw notFound();
    return present(target, req);
  });

  app.post('/app_users/save', { config: { schema: { body: UserSaveSchema }, action: 'user.update' } }, async (req) => {
    const body = parse(UserSaveSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'user.update', { user: { id: body._id } });
    if (body.roles !== undefined) authorize(actor, 'user.setRoles', { user: { id: body._id } });
    const target = await findUserById(db, body._id);
    if (!target) throw notFound();
    const { _id, roles, ...fields } = body;
    const targetResource = { user: { id: target.id, roles: fromJson<string[]>(target.roles, []) } };
    // A form that sends the whole profile back sends the unchanged address too: only a change needs the right.
    if (fields.email && fields.email.trim().toLowerCase() === target.email) delete fields.email;
    if (fields.email) authorize(actor, 'user.changeEmail', targetResource);
    const { currentpassword, ...profile } = fields;
    let pending: string | null = null;
    let direct: { old: string; email: string } | null = null;
    if (profile.email) {
      const other = await findUserByEmail(db, profile.email);
      if (other && other.id !== target.id) throw badRequest(MSG.emailTaken, { email: MSG.emailTaken });
      if (can(actor, 'user.changeEmailDirectly', targetResource)) {
        direct = { old: target.email, email: profile.email };
      } else {
        // One's own address: the current password, then the new address must confirm; until then the old one stays.
        await checkCurrentPassword(req, target, currentpassword);
        pending = profile.email;
        delete profile.email;
      }
    }
    if (fields.lang) {
      const data = await site.get();
      if (!data.config.publiclanguages.includes(fields.lang)) throw badRequest(MSG.invalidLanguage);
    }
    // A profile may leave the country empty; a country given must be one of the site's, stored as its code.
    if (profile.country) {
      const country = siteCountry(profile.country, (await site.get()).config);
      if (!country) throw badRequest(MSG.countryNotInList, { country: MSG.countryNotInList });
      profile.country = country;
    }
    await db.transaction().execute(async (trx) => {
      if (Object.keys(profile).length) await updateUser(trx, _id, profile);
      if (roles) await setRoles(trx, _id, roles);
      // Audit: role changes always, profile edits made by someone else.
      await auditUserSave(trx, actor!, target, profile, roles);
    });
    const saved = (await findUserById(db, _id))!;
    if (direct) {
      // Changed by an administrator: both addresses are told, in the user's language.
      for (const to of [direct.old, direct.email]) void notify(req, to, saved.lang, 'emailChanged', { name: saved.firstname, ...direct });
    }
    if (pending) {
      const token = await createEmailChange(db, target.id, pending);
      const confirmurl = `${publicBase(ctx)}/confirmemail/${token}`;
      void notify(req, pending, saved.lang, 'confirmEmail', { name: saved.firstname, email: pending, confirmurl });
      void notify(req, saved.email, saved.lang, 'emailChangeRequested', { name: saved.firstname, email: pending });
      return { ...(await present(saved, req)), info: { message: MSG.emailConfirmSent } };
    }
    return present(saved, req);
  });

  app.get(
    '/app_users/remove/:id',
    {
      config: { schema: { params: IdParamSchema }, action: 'user.remove', stateChanging: true },
    },
    async (req) => {
      const { id } = parse(IdParamSchema, req.params);
      const { actor } = await caller(ctx, req);
      authorize(actor, 'user.remove', { user: { id } });
      const target = await findUserById(db, id);
      if (!target) throw notFound();
      // The same rules as a learner's own deletion: certificates, posts and survey answers stay without the person.
      await eraseAccount(ctx, id, 'admin', actor!, AUDIT.userRemove);
      return { ok: true };
    },
  );

  app.post('/app_users/instructors', { config: { schema: { body: InstructorsSchema }, action: 'user.listInstructors' } }, async (req) => {
    const { actor } = await caller(ctx, req);
    authorize(actor, 'user.listInstructors');
    const { course } = parse(InstructorsSchema, req.body);
    const rows = await listInstructors(db, course);
    return rows.map((r) => ({ _id: r.id, firstname: r.firstname, lastname: r.lastname }));
  });
}
