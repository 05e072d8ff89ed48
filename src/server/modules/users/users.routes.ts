/** Accounts and sessions: spec section 7, "Users". Each handler: validate, load, authorize, act, present. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parse, badRequest, notFound, HttpError } from '../../errors.ts';
import { authorize } from '../../policy/policy.ts';
import { actorOf, currentUser, endSession, requireUser, sessionToken, startSession } from '../../auth.ts';
import { dummyPasswordHash, hashPassword, temporaryPassword, verifyPassword } from '../../adapters/passwords.ts';
import { now } from '../../db/dialect.ts';
import { MSG } from '../../../domain/messages.ts';
import {
  CookieOptinSchema, IdParamSchema, InstructorsSchema, LoginSchema, PasswordChangeSchema, RegistrationSchema,
  ResetPasswordSchema, SetLangSchema, UserListSchema, UserSaveSchema, WhoAmIQuerySchema,
} from '../../../domain/validation.ts';
import { z } from 'zod';
import {
  classLinks, findUserByEmail, findUserById, insertUser, listInstructors, listUsers, removeUser, setRoles, updateUser,
  type UserRow,
} from './users.repository.ts';
import { presentUser } from './users.presenter.ts';
import { enroll } from '../enrollment/enrollment.repository.ts';
import { AUDIT, auditUserSave, recordAudit } from '../admin/audit.repository.ts';

export const LANG_COOKIE = 'lang';
const MINUTE = 60_000;
/** lastseen is written at most this often per user, so the 20-second poll stays a read. */
const LASTSEEN_EVERY_MS = 5 * MINUTE;

export function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, site, config } = ctx;

  async function present(row: UserRow) {
    return presentUser(row, await classLinks(db, row.id));
  }

  /** Counts the request under each key; 429 once any is over the limit. */
  async function limit(kind: string, keys: string[]) {
    const results = await Promise.all(keys.map((k) => ctx.limiter.hit(`${kind}:${k}`, config.rateLimitMax, MINUTE)));
    if (results.includes(false)) throw new HttpError(429, MSG.tooManyRequests);
  }

  function visitorLang(req: FastifyRequest, publiclanguages: string[], fallback: string) {
    const c = req.cookies?.[LANG_COOKIE];
    return c && publiclanguages.includes(c) ? c : fallback;
  }

  // Signed-out answers are the same for everyone of a language: built once per site version.
  // Kept as bytes: encoding a 7 KB string on every poll was the largest cost of a visitor's whoami.
  const visitorBodies = new Map<string, Buffer>();
  let visitorBodiesVersion = '';

  app.get('/app_users/whoami', async (req, reply) => {
    const { asof } = parse(WhoAmIQuerySchema, req.query);
    const data = await site.get();
    const fresh = !!asof && asof >= data.version;
    const user = await currentUser(ctx, req);
    if (!user) {
      const lang = visitorLang(req, data.config.publiclanguages, data.config.defaultlang);
      if (visitorBodiesVersion !== data.version) { visitorBodies.clear(); visitorBodiesVersion = data.version; }
      const key = `${lang}|${fresh}`;
      let body = visitorBodies.get(key);
      if (!body) {
        body = Buffer.from(JSON.stringify({ user: null, config: data.config, loc: fresh ? null : data.labels(lang), lang, cookieoptin: null, asof: data.version, navitems: data.navitems }));
        visitorBodies.set(key, body);
      }
      return reply.type('application/json; charset=utf-8').send(body);
    }
    authorize(actorOf(user), 'session.whoami');
    if (!user.lastseen || Date.now() - Date.parse(user.lastseen) > LASTSEEN_EVERY_MS) {
      await db.updateTable('users').set({ lastseen: now() }).where('id', '=', user.id).execute();
    }
    const presented = await present(user);
    return {
      user: presented, config: data.config, loc: fresh ? null : data.labels(user.lang), lang: user.lang,
      cookieoptin: presented.cookieoptin, asof: data.version, navitems: data.navitems,
    };
  });

  app.post('/users/login', async (req, reply) => {
    const { login, password } = parse(LoginSchema, req.body);
    await limit('login', [`ip:${req.ip}`, `acct:${login.toLowerCase()}`]);
    const user = await findUserByEmail(db, login);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (!user || !ok) return reply.status(401).send({ error: { message: MSG.loginFailed } });
    await startSession(ctx, req, reply, user.id);
    await updateUser(db, user.id, { lasttime: now(), lastseen: now() });
    return { user: await present({ ...user, lasttime: now() }) };
  });

  app.post('/app_users/logout', async (req, reply) => {
    await endSession(ctx, req, reply);
    return { ok: true };
  });

  app.post('/app_users/register', async (req, reply) => {
    const actor = actorOf(await currentUser(ctx, req));
    authorize(actor, 'account.register');
    await limit('register', [`ip:${req.ip}`]);
    const body = parse(RegistrationSchema, req.body);
    if (await findUserByEmail(db, body.email)) throw badRequest(MSG.emailTaken, { email: MSG.emailTaken });
    const data = await site.get();
    const lang = body.lang && data.config.publiclanguages.includes(body.lang)
      ? body.lang : visitorLang(req, data.config.publiclanguages, data.config.defaultlang);
    const user = await insertUser(db, {
      email: body.email, passwordHash: await hashPassword(body.password), firstname: body.firstname,
      lastname: body.lastname, phone: body.phone || null, city: body.city, state: body.state || null,
      country: body.country, lang, lasttime: now(), lastseen: now(),
    });
    // Registering from a class page (spec: classId/courseId) enrols the new learner straight away.
    if (body.classId) {
      const cls = await db.selectFrom('classes').selectAll().where('id', '=', body.classId).executeTakeFirst();
      // A private group still needs its registration code; a self-paced class is open to all.
      const mayJoin = cls && (cls.selfpaced === 1 || (!!body.regcode && body.regcode.toUpperCase() === cls.regcode));
      if (cls && mayJoin && (!body.courseId || cls.course === body.courseId)) await enroll(db, user.id, cls);
    }
    await startSession(ctx, req, reply, user.id);
    return { info: { message: MSG.registered }, user: await present(user) };
  });

  app.post('/app_users/resetpassword', async (req, reply) => {
    const body = parse(ResetPasswordSchema, req.body);
    if (body.password !== undefined) {
      // Password change for the signed-in user.
      const user = await requireUser(ctx, req);
      authorize(actorOf(user), 'account.changePassword', { user: { id: user.id } });
      const { password } = parse(PasswordChangeSchema, body);
      await updateUser(db, user.id, { passwordHash: await hashPassword(password), passwordChanged: now() });
      // Every other session of this account ends; this browser gets a fresh session id.
      await ctx.sessions.destroyAllForUser(user.id, sessionToken(req));
      await startSession(ctx, req, reply, user.id);
      return { info: { message: MSG.passwordChanged } };
    }
    authorize(null, 'account.resetPassword');
    const email = z.object({ email: z.string().trim().toLowerCase().min(1, { error: MSG.emailRequired }) }).parse(body).email;
    await limit('reset', [`ip:${req.ip}`, `acct:${email}`]);
    const user = await findUserByEmail(db, email);
    // Same answer, and no waiting on the mail, whether or not the address exists.
    if (user) void sendTemporaryPassword(user).catch((err) => req.log.error({ err }, 'password reset mail failed'));
    return { info: { message: MSG.resetSent } };
  });

  async function sendTemporaryPassword(user: UserRow) {
    const temp = temporaryPassword();
    const data = await site.get();
    const hash = await hashPassword(temp);
    const base = config.publicUrl ?? `http://localhost:${config.port}`;
    await ctx.mailer.send({
      to: user.email,
      subject: `${data.config.sitetitle}: your temporary password`,
      text: `Hello ${user.firstname},\n\nSomeone (hopefully you) asked to reset the password of your account.\n\nYour temporary password is: ${temp}\n\nSign in at ${base}/login and choose a new password under Change Password.\nIf you did not ask for this, you can ignore this message: your account is safe.\n`,
    });
    // The new password takes effect only once the mail has gone, so a failed send locks nobody out.
    await updateUser(db, user.id, { passwordHash: hash, passwordChanged: now() });
    await ctx.sessions.destroyAllForUser(user.id);
  }

  app.post('/app_users/setlang/', async (req, reply) => {
    const { lang } = parse(SetLangSchema, req.body);
    const data = await site.get();
    if (!data.config.publiclanguages.includes(lang)) throw badRequest(MSG.invalidLanguage);
    const user = await currentUser(ctx, req);
    authorize(actorOf(user), 'session.setLanguage');
    reply.setCookie(LANG_COOKIE, lang, { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 3600, httpOnly: true });
    let presented = null;
    if (user) {
      await updateUser(db, user.id, { lang });
      presented = await present({ ...user, lang });
    }
    return { lang, config: data.config, loc: data.labels(lang), user: presented, asof: data.version };
  });

  app.post('/app_users/cookieoptin', async (req) => {
    const { cookieoptin } = parse(CookieOptinSchema, req.body);
    const user = await currentUser(ctx, req);
    authorize(actorOf(user), 'session.setCookieOptin');
    const setting = typeof cookieoptin === 'string' ? cookieoptin : cookieoptin.setting;
    await updateUser(db, user!.id, { cookieoptin: setting });
    return { cookieoptin: { setting } };
  });

  app.post('/app_users/list', async (req) => {
    authorize(actorOf(await currentUser(ctx, req)), 'user.list');
    const opts = parse(UserListSchema, req.body);
    const { rows, total } = await listUsers(db, opts);
    const ids = rows.map((r) => r.id);
    const [enrolled, hosted] = ids.length ? await Promise.all([
      db.selectFrom('enrollments').select(['user', 'classid']).where('user', 'in', ids).execute(),
      db.selectFrom('classes').select(['id', 'instructor']).where('instructor', 'in', ids).execute(),
    ]) : [[], []];
    const list = rows.map((r) => presentUser(r, {
      classes: enrolled.filter((e) => e.user === r.id).map((e) => e.classid),
      instructor: hosted.filter((c) => c.instructor === r.id).map((c) => c.id),
    }));
    return { list, total };
  });

  app.post('/app_users/get', async (req) => {
    const { _id } = parse(z.object({ _id: z.string({ error: MSG.missingId }).min(1, { error: MSG.missingId }).max(100) }), req.body);
    const actor = actorOf(await currentUser(ctx, req));
    authorize(actor, 'user.read', { user: { id: _id } });
    const target = await findUserById(db, _id);
    if (!target) throw notFound();
    return present(target);
  });

  app.post('/app_users/save', async (req) => {
    const body = parse(UserSaveSchema, req.body);
    const actor = actorOf(await currentUser(ctx, req));
    authorize(actor, 'user.update', { user: { id: body._id } });
    if (body.roles !== undefined) authorize(actor, 'user.setRoles', { user: { id: body._id } });
    const target = await findUserById(db, body._id);
    if (!target) throw notFound();
    const { _id, roles, ...fields } = body;
    if (fields.email && fields.email !== target.email) {
      const other = await findUserByEmail(db, fields.email);
      if (other && other.id !== target.id) throw badRequest(MSG.emailTaken, { email: MSG.emailTaken });
    }
    if (fields.lang) {
      const data = await site.get();
      if (!data.config.publiclanguages.includes(fields.lang)) throw badRequest(MSG.invalidLanguage);
    }
    await db.transaction().execute(async (trx) => {
      if (Object.keys(fields).length) await updateUser(trx, _id, fields);
      if (roles) await setRoles(trx, _id, roles);
      // Audit (issue 7): role changes always, profile edits made by someone else.
      await auditUserSave(trx, actor!, target, fields, roles);
    });
    return present((await findUserById(db, _id))!);
  });

  app.get('/app_users/remove/:id', { config: { stateChanging: true } }, async (req) => {
    const { id } = parse(IdParamSchema, req.params);
    const actor = actorOf(await currentUser(ctx, req));
    authorize(actor, 'user.remove', { user: { id } });
    const target = await findUserById(db, id);
    if (!target) throw notFound();
    await removeUser(db, id);
    await recordAudit(db, { actor: actor!, action: AUDIT.userRemove, targetType: 'user', target: id, changes: { email: target.email, firstname: target.firstname, lastname: target.lastname } });
    return { ok: true };
  });

  app.post('/app_users/instructors', async (req) => {
    authorize(actorOf(await currentUser(ctx, req)), 'user.listInstructors');
    const { course } = parse(InstructorsSchema, req.body);
    const rows = await listInstructors(db, course);
    return rows.map((r) => ({ _id: r.id, firstname: r.firstname, lastname: r.lastname }));
  });
}

