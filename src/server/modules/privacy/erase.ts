/**
 * Removing an account, the same way whoever asks (the learner after the grace period, an admin, the
 * retention job): the account, its sessions, progress and every personal value go; what the
 * organisation must keep stays without the person: completed enrolments (so certificates stay
 * verifiable as "issued on DATE for COURSE"), posts as written by 'a former learner' (or removed, by
 * the site setting), survey answers without the user.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { fromJson, json } from '../../db/dialect.ts';
import type { Actor } from '../../policy/policy.ts';
import { FORMER_AUTHOR } from '../../../domain/constants.ts';
import { certificateCode, certificateSecret } from '../certificates/certificates.repository.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import { ACCOUNT_TABLES, USER_ID_COLUMNS, liveSchema } from './catalogue.ts';
import type { AuditAction } from '../../../domain/audit.ts';

/** Who acts when nobody does: the daily job. */
export const SYSTEM_ACTOR: Actor = { id: 'system', email: 'system', roles: [] };
export const AUDIT_ERASE = 'user.erase';

/** Tables this module handles by name; any other table keyed to the user loses the user's rows. */
const HANDLED = new Set([...ACCOUNT_TABLES, 'mail_queue', 'record_versions', 'exam_grants']);
/** Column names that tie a row of another table to an address (by e-mail). */
const EMAIL_COLUMNS = new Set(['email', 'to', 'address', 'recipient']);

export type EraseReason = 'request' | 'admin' | 'retention';

export async function eraseAccount(
  ctx: AppContext,
  userId: string,
  reason: EraseReason,
  actor: Actor = SYSTEM_ACTOR,
  action: AuditAction = AUDIT_ERASE,
): Promise<boolean> {
  const { db } = ctx;
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return false;
  const config = (await ctx.site.get()).config;
  const secret = await certificateSecret(db);
  const schema = await liveSchema(db, ctx.store.engine);
  const email = user.email.toLowerCase();
  const fullName = `${user.firstname} ${user.lastname}`.trim();
  const personal = [user.email, fullName, user.firstname, user.lastname, user.phone ?? ''].filter((v) => v.trim().length >= 2);
  const counts = { certificates: 0, posts: 0, replies: 0 };

  await db.transaction().execute(async (trx) => {
    // Enrolments: progress goes; a completed one stays, as the record its certificate is checked against.
    const enrollments = await trx.selectFrom('enrollments').select(['id', 'completed', 'certcode']).where('user', '=', userId).execute();
    const ids = enrollments.map((e) => e.id);
    if (ids.length) {
      await trx.deleteFrom('material_views').where('enrollmentId', 'in', ids).execute();
      await trx.deleteFrom('quiz_attempts').where('enrollmentId', 'in', ids).execute();
      await trx.deleteFrom('exam_attempts').where('enrollmentId', 'in', ids).execute();
      // A granted attempt's reason is a note about the person (an illness, a failed connection).
      await trx.deleteFrom('exam_grants').where('enrollmentId', 'in', ids).execute();
      await trx.deleteFrom('lesson_progress').where('enrollmentId', 'in', ids).execute();
    }
    for (const e of enrollments) {
      if (!e.completed) {
        await trx.deleteFrom('enrollments').where('id', '=', e.id).execute();
        continue;
      }
      counts.certificates++;
      await trx
        .updateTable('enrollments')
        .set({
          user: FORMER_AUTHOR,
          regcode: null,
          description: null,
          percentcomplete: 100,
          certcode: e.certcode ?? certificateCode(secret, e.id),
          certname: config.privacycertnames ? fullName : null,
        })
        .where('id', '=', e.id)
        .execute();
    }
    await trx.deleteFrom('quiz_attempts').where('user', '=', userId).execute();
    await trx.deleteFrom('exam_attempts').where('user', '=', userId).execute();

    // Posts and replies, matched by id or address as the policy matches authors.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one matcher for the posts and the replies tables
    const byAuthor = (eb: any) => eb.or([eb('author', '=', userId), eb(sql`lower(author)`, '=', email)]);
    if (config.privacyposts === 'remove') {
      const posts = await trx.selectFrom('comments').select('id').where(byAuthor).execute();
      counts.posts = posts.length;
      if (posts.length)
        await trx
          .deleteFrom('replies')
          .where(
            'commentId',
            'in',
            posts.map((p) => p.id),
          )
          .execute();
      counts.replies = Number((await trx.deleteFrom('replies').where(byAuthor).executeTakeFirst()).numDeletedRows);
      await trx.deleteFrom('comments').where(byAuthor).execute();
    } else {
      counts.posts = Number(
        (await trx.updateTable('comments').set({ author: FORMER_AUTHOR, authorname: null }).where(byAuthor).executeTakeFirst())
          .numUpdatedRows,
      );
      counts.replies = Number(
        (await trx.updateTable('replies').set({ author: FORMER_AUTHOR, authorname: null }).where(byAuthor).executeTakeFirst())
          .numUpdatedRows,
      );
    }
    // Other people's private posts shared with this address no longer name it. LIKE only finds
    // candidates (an '_' in the address matches any character); the list is filtered exactly below.
    const sharing = await trx
      .selectFrom('comments')
      .select(['id', 'shared'])
      .where(sql`lower(shared)`, 'like', `%${email}%`)
      .execute();
    for (const c of sharing) {
      const list = fromJson<string[]>(c.shared, []).filter((a) => a.toLowerCase() !== email);
      await trx
        .updateTable('comments')
        .set({ shared: json(list) })
        .where('id', '=', c.id)
        .execute();
    }

    await trx.updateTable('survey_responses').set({ user: null }).where('user', '=', userId).execute();
    await trx.updateTable('classes').set({ instructor: null, instructorname: null }).where('instructor', '=', userId).execute();
    // Content history keeps the versions an editor saved (the site's content), without who saved them.
    await trx.updateTable('record_versions').set({ author: null, authoremail: null }).where('author', '=', userId).execute();

    // The audit log keeps what was done, not to whom by name. An entry about one of the person's
    // records (a granted exam attempt targets the enrolment) names them by id in its changes.
    const audits = await trx
      .selectFrom('audit_log')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('actor', '=', userId),
          eb('target', '=', userId),
          eb(sql`lower(changes)`, 'like', `%${email}%`),
          eb('changes', 'like', `%"${userId}"%`),
          eb(sql`lower(actoremail)`, '=', email),
        ]),
      )
      .execute();
    for (const a of audits) {
      await trx
        .updateTable('audit_log')
        .set({
          actoremail: a.actoremail.toLowerCase() === email ? '' : a.actoremail,
          changes: redact(a.changes, personal),
        })
        .where('id', '=', a.id)
        .execute();
    }

    await trx.deleteFrom('sessions').where('userId', '=', userId).execute();
    await trx.deleteFrom('data_exports').where('userId', '=', userId).execute();
    await trx.deleteFrom('account_deletions').where('userId', '=', userId).execute();
    await trx.deleteFrom('retention_warnings').where('userId', '=', userId).execute();
    // Mail still queued goes first: a mail being sent holds its queue row until the sent-mail log is
    // written, so this waits for it, and the log deletion after it sees the new row (PostgreSQL reads
    // what committed before each statement). A worker that comes later finds no row and logs nothing.
    await trx
      .deleteFrom('mail_queue')
      .where(sql`lower(${sql.ref('to')})`, '=', email)
      .execute();
    await trx
      .deleteFrom('sent_mail')
      .where(sql`lower(${sql.ref('to')})`, '=', email)
      .execute();

    // Tables this module does not know (two-factor secrets, reset tokens, new kinds of attempts...):
    // rows tied to the user by id or address go.
    for (const { table, columns } of schema) {
      if (HANDLED.has(table)) continue;
      for (const col of columns) {
        // Cast: a column of another type (an integer key) must not make PostgreSQL refuse the comparison.
        if (USER_ID_COLUMNS.has(col))
          await sql`delete from ${sql.table(table)} where cast(${sql.ref(col)} as text) = ${userId}`.execute(trx);
        else if (EMAIL_COLUMNS.has(col))
          await sql`delete from ${sql.table(table)} where lower(cast(${sql.ref(col)} as text)) = ${email}`.execute(trx);
      }
    }

    await trx.deleteFrom('users').where('id', '=', userId).execute();
    await recordAudit(trx, {
      actor,
      action,
      targetType: 'user',
      target: userId,
      changes: { reason, ...counts, postsHandling: config.privacyposts },
    });
  });
  // Sessions kept outside the database (Redis) end too.
  await ctx.sessions.destroyAllForUser(userId).catch(() => {});
  return true;
}

/** Replaces every personal value inside a JSON text (as it appears there, escaped). */
function redact(text: string, values: string[]): string {
  let out = text;
  for (const v of [...values].sort((a, b) => b.length - a.length)) {
    const escaped = JSON.stringify(v).slice(1, -1);
    out = out.split(escaped).join('[removed]');
    const lower = escaped.toLowerCase();
    if (lower !== escaped) out = out.replace(new RegExp(lower.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), '[removed]');
  }
  return out;
}
