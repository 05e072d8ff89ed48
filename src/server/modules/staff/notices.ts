/**
 * Notices to a learner, which they can turn off in their profile: enrolment confirmed, certificate
 * issued, a reply to their post. Each is an account mail in the learner's language, queued like every
 * e-mail; a notice never fails the action it reports.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { NoticeKind } from '../../../domain/staff.ts';
import { fromJson } from '../../db/dialect.ts';
import { publicBase, sendAccountMail, type MailKind } from '../accounts/mail-templates.ts';

const MAIL: Record<NoticeKind, MailKind> = { enrollment: 'noticeEnrollment', certificate: 'noticeCertificate', reply: 'noticeReply' };

export async function sendNotice(
  ctx: AppContext,
  userId: string,
  kind: NoticeKind,
  values: (base: string) => Record<string, string>,
  log?: FastifyBaseLogger,
): Promise<void> {
  try {
    const u = await ctx.db
      .selectFrom('users')
      .select(['email', 'firstname', 'lang', 'noticesoff', 'suspended'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!u || u.suspended === 1 || fromJson<string[]>(u.noticesoff, []).includes(kind)) return;
    await sendAccountMail(ctx, u.email, u.lang, MAIL[kind], { name: u.firstname, ...values(publicBase(ctx)) });
  } catch (err) {
    log?.error({ err, kind }, 'notice not queued');
  }
}

/** The class and course names a notice shows. */
export async function classNames(ctx: AppContext, classid: string) {
  return ctx.db
    .selectFrom('classes')
    .innerJoin('courses', 'courses.id', 'classes.course')
    .select(['classes.name as cls', 'courses.title as course', 'courses.id as courseId'])
    .where('classes.id', '=', classid)
    .executeTakeFirst();
}

/** The certificate notice, once a view or a graded attempt completes the course. */
export async function noticeCertificate(ctx: AppContext, e: { user: string; course: string }, log?: FastifyBaseLogger): Promise<void> {
  const c = await ctx.db.selectFrom('courses').select('title').where('id', '=', e.course).executeTakeFirst();
  await sendNotice(
    ctx,
    e.user,
    'certificate',
    (base) => ({ course: c?.title ?? e.course, certurl: `${base}/app_users/certificate/${encodeURIComponent(e.course)}` }),
    log,
  );
}
