/**
 * The privacy module's background work, in the server process:
 *  - data exports: a durable job table (`data_exports`); a loop claims queued rows one at a time (the
 *    claim is a conditional update, so several processes never build the same export), stores the ZIP
 *    and e-mails a link that expires; a job left 'running' by a crashed process is taken up again;
 *  - the daily run: deletions whose grace period has passed, retention warnings and removals, and
 *    clearing expired export files.
 * Every function takes the time as an argument (the tests' clock); the loop passes the real one.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { fromJson } from '../../db/dialect.ts';
import { EXPORT_LINK_HOURS, PRIVACY_RETENTION_WARNING_DAYS } from '../../../domain/constants.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import { buildZip, collectUserData } from './export.ts';
import { eraseAccount, SYSTEM_ACTOR } from './erase.ts';
import { sendPrivacyMail } from './mail.ts';

const DAY_MS = 24 * 3600_000;
const STALE_CLAIM_MS = 15 * 60_000;
const MAX_ATTEMPTS = 3;
export const AUDIT_RETENTION_WARNING = 'user.retentionWarning';

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
export const downloadPath = (token: string) => `/app_privacy/download/${token}`;
/** The account screen the e-mail links to; it turns `?token=` into the download link. */
export const MYDATA_SCREEN = '/user/mydata';

/** Builds one export now and marks it ready; returns the download token (only its hash is stored). */
export async function completeExport(ctx: AppContext, exportId: string, at: Date): Promise<string | null> {
  const job = await ctx.db.selectFrom('data_exports').select(['id', 'userId', 'lang']).where('id', '=', exportId).executeTakeFirst();
  if (!job) return null;
  const data = await collectUserData(ctx, job.userId);
  if (!data) {
    await ctx.db.deleteFrom('data_exports').where('id', '=', exportId).execute();
    return null;
  }
  const site = await ctx.site.get();
  const zip = buildZip(data, { lang: job.lang, site: site.config.sitetitle, created: at.toISOString(), labels: site.labels(job.lang) });
  const token = crypto.randomBytes(32).toString('base64url');
  await ctx.db
    .updateTable('data_exports')
    .set({
      status: 'ready',
      tokenhash: hashToken(token),
      ready: at.toISOString(),
      expires: new Date(at.getTime() + EXPORT_LINK_HOURS * 3600_000).toISOString(),
      size: zip.byteLength,
      data: zip,
    })
    .where('id', '=', exportId)
    .execute();
  return token;
}

/** Claims and builds queued exports (and stale ones), e-mailing each learner a link. Returns how many were built. */
export async function runExportJobs(ctx: AppContext, at: Date = new Date()): Promise<number> {
  const { db } = ctx;
  const stale = new Date(at.getTime() - STALE_CLAIM_MS).toISOString();
  let built = 0;
  for (;;) {
    const next = await db
      .selectFrom('data_exports')
      .select(['id', 'attempts'])
      .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('claimed', '<', stale)])]))
      .orderBy('created')
      .limit(1)
      .executeTakeFirst();
    if (!next) return built;
    if (next.attempts >= MAX_ATTEMPTS) {
      await db.updateTable('data_exports').set({ status: 'failed' }).where('id', '=', next.id).execute();
      continue;
    }
    const claim = await db
      .updateTable('data_exports')
      .set({ status: 'running', claimed: at.toISOString(), attempts: next.attempts + 1 })
      .where('id', '=', next.id)
      .where('attempts', '=', next.attempts)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue;
    const token = await completeExport(ctx, next.id, at);
    if (!token) continue;
    built++;
    const row = await db
      .selectFrom('data_exports')
      .innerJoin('users', 'users.id', 'data_exports.userId')
      .select(['users.email', 'users.firstname', 'data_exports.lang'])
      .where('data_exports.id', '=', next.id)
      .executeTakeFirst();
    const base = (ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`).replace(/\/$/, '');
    // The link opens the account screen (signing in first if needed), which offers the download.
    if (row)
      await sendPrivacyMail(ctx, { email: row.email, firstname: row.firstname, lang: row.lang }, 'exportReady', {
        link: `${base}${MYDATA_SCREEN}?token=${token}`,
      });
  }
}

/** The daily run: due deletions, retention warnings and removals, expired exports. */
export async function runDailyPrivacy(
  ctx: AppContext,
  at: Date = new Date(),
): Promise<{ deleted: number; warned: number; expired: number }> {
  const { db } = ctx;
  const nowIso = at.toISOString();
  let deleted = 0;
  let warned = 0;

  for (const d of await db.selectFrom('account_deletions').select('userId').where('due', '<=', nowIso).execute()) {
    if (await eraseAccount(ctx, d.userId, 'request')) deleted++;
  }

  const days = (await ctx.site.get()).config.privacyretentiondays;
  if (days > 0) {
    // Removal: warned at least 30 days ago and not seen since the warning.
    const due = await db
      .selectFrom('retention_warnings')
      .innerJoin('users', 'users.id', 'retention_warnings.userId')
      .select(['users.id', 'users.lastseen', 'users.lasttime', 'retention_warnings.warned'])
      .where('retention_warnings.due', '<=', nowIso)
      .execute();
    for (const u of due) {
      const seen = [u.lastseen, u.lasttime].filter(Boolean).sort().at(-1) ?? '';
      if (seen > u.warned) {
        await db.deleteFrom('retention_warnings').where('userId', '=', u.id).execute();
        continue;
      }
      if (await eraseAccount(ctx, u.id, 'retention')) deleted++;
    }
    // Warning: inactive for (retention - 30) days. Admins are never removed by the clock: a site
    // must not lose its last administrator to a quiet summer.
    const cutoff = new Date(at.getTime() - (days - PRIVACY_RETENTION_WARNING_DAYS) * DAY_MS).toISOString();
    const inactive = await db
      .selectFrom('users')
      .leftJoin('retention_warnings', 'retention_warnings.userId', 'users.id')
      .select(['users.id', 'users.email', 'users.firstname', 'users.lang', 'users.roles'])
      .where('retention_warnings.userId', 'is', null)
      .where(sql<string>`coalesce(users.lastseen, users.lasttime, users.created)`, '<', cutoff)
      .execute();
    for (const u of inactive) {
      if (fromJson<string[]>(u.roles, []).includes('admin')) continue;
      const removeOn = new Date(at.getTime() + PRIVACY_RETENTION_WARNING_DAYS * DAY_MS).toISOString();
      const ins = await db
        .insertInto('retention_warnings')
        .values({ userId: u.id, warned: nowIso, due: removeOn })
        .onConflict((oc) => oc.column('userId').doNothing())
        .executeTakeFirst();
      if (Number(ins.numInsertedOrUpdatedRows ?? 0) === 0) continue;
      warned++;
      await sendPrivacyMail(ctx, { email: u.email, firstname: u.firstname, lang: u.lang }, 'retentionWarning', {
        date: removeOn.slice(0, 10),
      });
      await recordAudit(db, {
        actor: SYSTEM_ACTOR,
        action: AUDIT_RETENTION_WARNING,
        targetType: 'user',
        target: u.id,
        changes: { due: removeOn.slice(0, 10) },
      });
    }
  }

  const expired = await db
    .updateTable('data_exports')
    .set({ status: 'expired', data: null, tokenhash: null })
    .where('status', '=', 'ready')
    .where('expires', '<=', nowIso)
    .executeTakeFirst();
  return { deleted, warned, expired: Number(expired.numUpdatedRows) };
}

/** A successful sign-in cancels a pending deletion (with an e-mail saying so) and a retention warning. */
export async function onSignIn(ctx: AppContext, userId: string): Promise<boolean> {
  const pending = await ctx.db.deleteFrom('account_deletions').where('userId', '=', userId).executeTakeFirst();
  await ctx.db.deleteFrom('retention_warnings').where('userId', '=', userId).execute();
  if (Number(pending.numDeletedRows) === 0) return false;
  const user = await ctx.db.selectFrom('users').select(['email', 'firstname', 'lang']).where('id', '=', userId).executeTakeFirst();
  if (user) await sendPrivacyMail(ctx, user, 'deletionCancelled').catch(() => {});
  return true;
}

/** The loop: exports every few seconds, the daily run once a day (and soon after start). */
export function startPrivacyWorker(ctx: AppContext, log: FastifyBaseLogger, opts: { exportEveryMs?: number; dailyEveryMs?: number } = {}) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = (name: string, fn: () => Promise<unknown>) => {
    if (stopped) return;
    running = running.then(fn).catch((err) => log.error({ err }, `privacy ${name} failed`));
  };
  const exportTimer = setInterval(() => run('export jobs', () => runExportJobs(ctx)), opts.exportEveryMs ?? 5000);
  const dailyTimer = setInterval(() => run('daily run', () => runDailyPrivacy(ctx)), opts.dailyEveryMs ?? DAY_MS);
  const firstDaily = setTimeout(() => run('daily run', () => runDailyPrivacy(ctx)), 60_000);
  for (const t of [exportTimer, dailyTimer, firstDaily]) t.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(exportTimer);
      clearInterval(dailyTimer);
      clearTimeout(firstDaily);
      await running;
    },
  };
}
