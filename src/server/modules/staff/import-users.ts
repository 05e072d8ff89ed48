/**
 * Users from a file: `checkImport` reads every row and says what importing it would do (or what is
 * wrong with it) without writing; `runImport` does the same check and, when no row has a problem,
 * writes everything in one transaction. Existing accounts (by e-mail) are enrolled, never created
 * again; a row whose account and enrolment already exist changes nothing, so a re-run is harmless.
 * New accounts get no password of their own: they get a welcome e-mail with a temporary password
 * (the password reset's single-use secret, valid 7 days), which signs in once to choose one.
 */

import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../policy/policy.ts';
import { ImportRowSchema, type ImportPreview, type ImportRowResult } from '../../../domain/staff.ts';
import { ROLES } from '../../../domain/constants.ts';
import { MSG } from '../../../domain/messages.ts';
import { json, now } from '../../db/dialect.ts';
import { dummyPasswordHash, temporaryPassword } from '../../adapters/passwords.ts';
import { secretId } from '../accounts/account-secrets.ts';
import { accountMailRenderer, publicBase } from '../accounts/mail-templates.ts';
import { enrollmentId } from '../enrollment/enrollment.repository.ts';
import { newId } from '../users/users.repository.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import { enqueueMany } from '../mail/mail-queue.ts';
import { readImportRows } from './import-file.ts';

export const WELCOME_TTL_MS = 7 * 24 * 3600_000;
export const AUDIT_IMPORT = 'users.import';

interface Planned extends ImportRowResult {
  user?: {
    firstname: string;
    lastname: string;
    lang: string;
    roles: string[];
    phone: string | null;
    city: string | null;
    country: string | null;
  };
  existingId?: string;
  cls?: { id: string; course: string; regcode: string | null; description: string | null };
}

async function plan(ctx: AppContext, filename: string, data: Buffer): Promise<Planned[]> {
  const site = (await ctx.site.get()).config;
  const languages = new Set<string>(site.publiclanguages ?? ['en']);
  const classes = await ctx.db.selectFrom('classes').select(['id', 'course', 'regcode', 'description']).execute();
  const byId = new Map(classes.map((c) => [c.id, c]));
  const byCode = new Map(classes.filter((c) => c.regcode).map((c) => [c.regcode!.toUpperCase(), c]));
  const seen = new Set<string>();
  const rows: Planned[] = [];
  for await (const { row, cells } of readImportRows(filename, data)) {
    const problems: string[] = [];
    const parsed = ImportRowSchema.safeParse(cells);
    const email = parsed.success
      ? parsed.data.email
      : String(cells.email ?? '')
          .trim()
          .toLowerCase();
    if (!parsed.success) for (const i of parsed.error.issues) if (!problems.includes(i.message)) problems.push(i.message);
    const r = parsed.success ? parsed.data : null;
    if (email && seen.has(email)) problems.push(MSG.importDuplicate);
    if (email) seen.add(email);
    const lang = r?.lang || site.defaultlang || 'en';
    if (r?.lang && !languages.has(r.lang)) problems.push(MSG.importUnknownLanguage);
    const roles = (r?.roles ?? '')
      .split(/[\s,;|]+/)
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean);
    if (roles.some((x) => !(ROLES as readonly string[]).includes(x))) problems.push(MSG.importUnknownRole);
    let cls: Planned['cls'];
    if (r?.classid) {
      cls = byId.get(r.classid);
      if (!cls) problems.push(MSG.importUnknownClass);
    } else if (r?.regcode) {
      cls = byCode.get(r.regcode.toUpperCase());
      if (!cls) problems.push(MSG.importUnknownRegcode);
    }
    rows.push({
      row,
      email,
      outcome: problems.length ? 'error' : 'created',
      problems,
      ...(cls ? { classid: cls.id, cls } : {}),
      ...(r
        ? {
            user: {
              firstname: r.firstname,
              lastname: r.lastname,
              lang,
              roles,
              phone: r.phone || null,
              city: r.city || null,
              country: r.country || null,
            },
          }
        : {}),
    });
  }
  // Existing accounts and enrolments, a few hundred addresses per query.
  const good = rows.filter((r) => r.outcome !== 'error');
  const existing = new Map<string, string>();
  for (let i = 0; i < good.length; i += 500) {
    const emails = good.slice(i, i + 500).map((r) => r.email);
    for (const u of await ctx.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where(sql<string>`lower(email)`, 'in', emails)
      .execute())
      existing.set(u.email.toLowerCase(), u.id);
  }
  const wanted = good.filter((r) => existing.has(r.email) && r.cls).map((r) => enrollmentId(existing.get(r.email)!, r.cls!.id));
  const enrolled = new Set<string>();
  for (let i = 0; i < wanted.length; i += 500) {
    for (const e of await ctx.db
      .selectFrom('enrollments')
      .select('id')
      .where('id', 'in', wanted.slice(i, i + 500))
      .execute())
      enrolled.add(e.id);
  }
  for (const r of good) {
    const id = existing.get(r.email);
    if (!id) continue;
    r.existingId = id;
    r.outcome = r.cls && !enrolled.has(enrollmentId(id, r.cls.id)) ? 'enrolled' : 'unchanged';
  }
  return rows;
}

const summary = (rows: Planned[]): ImportPreview => ({
  rows: rows.map(({ row, email, outcome, problems, classid }) => ({ row, email, outcome, problems, ...(classid ? { classid } : {}) })),
  total: rows.length,
  errors: rows.filter((r) => r.outcome === 'error').length,
  created: rows.filter((r) => r.outcome === 'created').length,
  enrolled: rows.filter((r) => r.outcome === 'enrolled').length,
  unchanged: rows.filter((r) => r.outcome === 'unchanged').length,
});

/** What importing the file would do, row by row; writes nothing. */
export async function checkImport(ctx: AppContext, filename: string, data: Buffer): Promise<ImportPreview> {
  return summary(await plan(ctx, filename, data));
}

/** Imports the file when every row is good (otherwise writes nothing and returns the problems). */
export async function runImport(
  ctx: AppContext,
  actor: Actor,
  filename: string,
  data: Buffer,
): Promise<ImportPreview & { imported: boolean }> {
  const rows = await plan(ctx, filename, data);
  const result = summary(rows);
  if (result.errors > 0) return { ...result, imported: false };
  const ts = now();
  const expires = new Date(Date.now() + WELCOME_TTL_MS).toISOString();
  const passwordHash = await dummyPasswordHash();
  const welcomes: { email: string; lang: string; firstname: string; password: string }[] = [];
  const users: Record<string, unknown>[] = [];
  const secrets: Record<string, unknown>[] = [];
  const enrolments: Record<string, unknown>[] = [];
  const touched: string[] = [];
  for (const r of rows) {
    let userId = r.existingId;
    if (r.outcome === 'created' && r.user) {
      userId = newId();
      users.push({
        id: userId,
        email: r.email,
        passwordHash,
        firstname: r.user.firstname,
        lastname: r.user.lastname,
        roles: json(r.user.roles),
        lang: r.user.lang,
        cookieoptin: 'prompt',
        certifications: '{}',
        address1: null,
        address2: null,
        city: r.user.city,
        state: null,
        country: r.user.country,
        postal: null,
        phone: r.user.phone,
        birthDate: null,
        bio: null,
        heard: null,
        vocation: null,
        created: ts,
        timestamp: ts,
        lasttime: null,
        lastseen: null,
        passwordChanged: null,
      });
      const password = temporaryPassword();
      secrets.push({
        id: secretId('reset', password),
        userId,
        kind: 'reset',
        newEmail: null,
        created: ts,
        expires,
        used: null,
        session: null,
      });
      welcomes.push({ email: r.email, lang: r.user.lang, firstname: r.user.firstname, password });
    }
    if (userId && r.outcome !== 'unchanged') touched.push(userId);
    if (userId && r.cls && r.outcome !== 'unchanged') {
      enrolments.push({
        id: enrollmentId(userId, r.cls.id),
        user: userId,
        course: r.cls.course,
        classid: r.cls.id,
        regdate: ts,
        completed: null,
        regcode: r.cls.regcode,
        description: r.cls.description,
        timestamp: ts,
        percentcomplete: 0,
        exampassed: 0,
        examdate: null,
      });
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < users.length; i += 200)
      await trx
        .insertInto('users')
        .values(users.slice(i, i + 200) as never)
        .execute();
    for (let i = 0; i < secrets.length; i += 200)
      await trx
        .insertInto('account_secrets')
        .values(secrets.slice(i, i + 200) as never)
        .execute();
    for (let i = 0; i < enrolments.length; i += 200) {
      await trx
        .insertInto('enrollments')
        .values(enrolments.slice(i, i + 200) as never)
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
    await recordAudit(trx, {
      actor,
      action: AUDIT_IMPORT,
      targetType: 'users',
      target: filename.slice(0, 200),
      changes: { rows: result.total, created: result.created, enrolled: result.enrolled, unchanged: result.unchanged },
      targets: touched,
    });
  });
  // The welcome mails go to the queue after the accounts exist (a mail never names an account that is not there).
  const base = publicBase(ctx);
  const render = await accountMailRenderer(ctx);
  const mails = welcomes.map((w) => ({
    to: w.email,
    ...render(w.lang, 'welcome', { name: w.firstname, password: w.password, loginurl: `${base}/login` }),
  }));
  await enqueueMany(ctx.db, mails);
  await ctx.mailer.kick?.();
  return { ...result, imported: true };
}
