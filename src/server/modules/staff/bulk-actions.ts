/**
 * Actions on many users at once: enrol in or remove from a class, set roles, suspend or reactivate,
 * send a message. Each runs in one transaction and is written to the audit log as one entry listing
 * the users it changed. Suspending ends the accounts' sessions at once (and sign-in refuses them);
 * their data, enrolments and certificates stay.
 */
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../policy/policy.ts';
import type { BulkActionInput, BulkResult, Message } from '../../../domain/staff.ts';
import { BULK_MAX } from '../../../domain/staff.ts';
import { auditBulk } from '../../../domain/audit.ts';
import { MSG } from '../../../domain/messages.ts';
import { json, now } from '../../db/dialect.ts';
import { badRequest, notFound } from '../../errors.ts';
import { enrollMany, enrollmentId } from '../enrollment/enrollment.repository.ts';
import { userHasRole, userHasText } from '../users/users.repository.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import { enqueueMany } from '../mail/mail-queue.ts';
import type { Mail } from '../../adapters/mailer.ts';

const CHUNK = 400;
const chunks = <T>(xs: T[]) => Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));

/** The user ids a selection names: the ticked ids that exist, or every user matching the filter. */
export async function resolveSelection(ctx: AppContext, sel: BulkActionInput['selection']): Promise<string[]> {
  if (sel.ids?.length) {
    const found: string[] = [];
    for (const c of chunks([...new Set(sel.ids)]))
      found.push(...(await ctx.db.selectFrom('users').select('id').where('id', 'in', c).execute()).map((r) => r.id));
    return found;
  }
  const f = sel.filter ?? {};
  let q = ctx.db.selectFrom('users').select('users.id');
  if (f.q) {
    q = q.where(userHasText(f.q));
  }
  if (f.role) q = q.where(userHasRole(f.role));
  if (f.suspended !== undefined) q = q.where('suspended', '=', f.suspended ? 1 : 0);
  if (f.classid)
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('enrollments')
          .select('enrollments.id')
          .whereRef('enrollments.user', '=', 'users.id')
          .where('enrollments.classid', '=', f.classid!),
      ),
    );
  const rows = await q.limit(BULK_MAX + 1).execute();
  if (rows.length > BULK_MAX) throw badRequest(MSG.bulkTooMany);
  return rows.map((r) => r.id);
}

/** Suspends (or reactivates) accounts; a suspended account's sessions end at once. Returns how many changed. */
export async function setSuspended(ctx: AppContext, ids: string[], suspended: boolean): Promise<string[]> {
  const changed: string[] = [];
  for (const c of chunks(ids)) {
    const rows = await ctx.db
      .updateTable('users')
      .set({ suspended: suspended ? 1 : 0, timestamp: now() })
      .where('id', 'in', c)
      .where('suspended', '=', suspended ? 0 : 1)
      .returning('id')
      .execute();
    changed.push(...rows.map((r) => r.id));
  }
  if (suspended) for (const id of changed) await ctx.sessions.destroyAllForUser(id);
  return changed;
}

/**
 * A message in each recipient's language: the translation given for that language, else the text as
 * written. The sender's text is plain text; it is sent as such (no HTML part), so nothing in it runs.
 */
export function messageFor(message: Message, lang: string, site: string): { subject: string; text: string } {
  const tr = message.translations?.[lang as keyof NonNullable<Message['translations']>];
  const subject = tr?.subject?.trim() || message.subject;
  const text = tr?.text?.trim() || message.text;
  return { subject: `${site}: ${subject}`, text: `${text}\n\n-- \n${site}\n` };
}

export async function queueMessage(ctx: AppContext, ids: string[], message: Message): Promise<number> {
  const site = (await ctx.site.get()).config.sitetitle ?? '';
  const mails: Mail[] = [];
  for (const c of chunks(ids)) {
    for (const u of await ctx.db.selectFrom('users').select(['email', 'lang']).where('id', 'in', c).execute()) {
      mails.push({ to: u.email, ...messageFor(message, u.lang, site) });
    }
  }
  await enqueueMany(ctx.db, mails);
  ctx.mailer.kick?.();
  return mails.length;
}

/** Runs one bulk action on users already authorised; `self` is never suspended or stripped of roles. */
export async function runBulk(ctx: AppContext, actor: Actor, input: BulkActionInput, ids: string[]): Promise<BulkResult> {
  const { db } = ctx;
  let changedIds: string[] = [];
  const extra: Record<string, unknown> = {};
  switch (input.action) {
    case 'enroll':
    case 'unenroll': {
      const cls = await db
        .selectFrom('classes')
        .select(['id', 'course', 'regcode', 'description'])
        .where('id', '=', input.classid!)
        .executeTakeFirst();
      if (!cls) throw notFound(MSG.classNotFound);
      extra.classid = cls.id;
      await db.transaction().execute(async (trx) => {
        for (const c of chunks(ids)) {
          const eids = c.map((u) => enrollmentId(u, cls.id));
          const have = new Set((await trx.selectFrom('enrollments').select('id').where('id', 'in', eids).execute()).map((r) => r.id));
          if (input.action === 'enroll') {
            const add = c.filter((u) => !have.has(enrollmentId(u, cls.id)));
            if (add.length) await enrollMany(trx, add, cls);
            changedIds.push(...add);
          } else {
            const gone = c.filter((u) => have.has(enrollmentId(u, cls.id)));
            const gids = gone.map((u) => enrollmentId(u, cls.id));
            if (gids.length) {
              for (const t of ['material_views', 'lesson_progress', 'quiz_attempts', 'exam_attempts', 'exam_grants'] as const) {
                await trx.deleteFrom(t).where('enrollmentId', 'in', gids).execute();
              }
              await trx.deleteFrom('enrollments').where('id', 'in', gids).execute();
            }
            changedIds.push(...gone);
          }
        }
        await recordAudit(trx, {
          actor,
          action: auditBulk(input.action),
          targetType: 'class',
          target: cls.id,
          changes: { count: changedIds.length },
          targets: changedIds,
        });
      });
      break;
    }
    case 'setRoles': {
      const roles = json([...new Set(input.roles!)].sort());
      const others = ids.filter((id) => id !== actor.id);
      await db.transaction().execute(async (trx) => {
        for (const c of chunks(others)) {
          const rows = await trx
            .updateTable('users')
            .set({ roles, timestamp: now() })
            .where('id', 'in', c)
            .where('roles', '<>', roles)
            .returning('id')
            .execute();
          changedIds.push(...rows.map((r) => r.id));
        }
        await recordAudit(trx, {
          actor,
          action: auditBulk('setRoles'),
          targetType: 'users',
          target: '',
          changes: { roles: input.roles, count: changedIds.length },
          targets: changedIds,
        });
      });
      break;
    }
    case 'suspend':
    case 'reactivate': {
      changedIds = await setSuspended(
        ctx,
        ids.filter((id) => id !== actor.id),
        input.action === 'suspend',
      );
      await recordAudit(db, {
        actor,
        action: auditBulk(input.action),
        targetType: 'users',
        target: '',
        changes: { count: changedIds.length },
        targets: changedIds,
      });
      break;
    }
    case 'message': {
      const n = await queueMessage(ctx, ids, input.message!);
      changedIds = ids;
      await recordAudit(db, {
        actor,
        action: auditBulk('message'),
        targetType: 'users',
        target: '',
        changes: { subject: input.message!.subject, count: n },
        targets: ids,
      });
      break;
    }
  }
  return { action: input.action, count: ids.length, changed: changedIds.length, unchanged: ids.length - changedIds.length };
}
