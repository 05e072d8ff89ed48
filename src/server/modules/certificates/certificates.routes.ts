/**
 * The certificate of a completed course as a PDF (spec: /app_users/certificate/{courseid}, opened in a
 * new tab) and the public check of its verification code (JSON; the web app has the page for it).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { parse, forbidden, notFound } from '../../errors.ts';
import { authorize, type Actor } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { MSG } from '../../../domain/messages.ts';
import { CertificateCodeSchema, CourseIdParamSchema } from '../../../domain/validation.ts';
import {
  CODE_LENGTH,
  completedEnrollment,
  findByCode,
  findCertificateCourse,
  formatCode,
  issueCode,
  normaliseCode,
} from './certificates.repository.ts';
import { renderCertificate } from './certificate.pdf.ts';
import { publicBase } from '../accounts/mail-templates.ts';
import { findFileBytes } from '../files/files.repository.ts';
import type { CertificateVerification } from '../../../domain/replies-learner.ts';

/** Where a person checks a certificate: a web page of the web app over the JSON call below. */
export const VERIFY_PAGE = '/certificate/verify/';
export const VERIFY_API = '/app_certificates/verify/';

/** The certificate belongs to the learner of the enrolment it was earned in, whoever asks for it. */
export function authorizeCertificate(actor: Actor | null, enrollment: { user: string }) {
  authorize(actor, 'certificate.view', { user: { id: enrollment.user } });
}

export function certificatesRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  /**
   * The site's logo from the settings: a file uploaded to this site (/files/name). An outside address is
   * not fetched by the server (it would let a setting make the server call anywhere).
   */
  async function logoOf(setting: string | undefined): Promise<Buffer | undefined> {
    const m = /^\/files\/([^/?#]+)$/.exec(setting ?? '');
    if (!m) return undefined;
    return (await findFileBytes(db, decodeURIComponent(m[1]!))) ?? undefined;
  }

  app.get(
    '/app_users/certificate/:courseid',
    {
      config: { schema: { params: CourseIdParamSchema }, action: 'certificate.view' },
    },
    async (req, reply) => {
      const { courseid } = parse(CourseIdParamSchema, req.params);
      const { user, actor } = await caller(ctx, req);
      // A link opened in a browser while signed out goes to the sign-in page, which comes back here;
      // API clients (no text/html in Accept) still get the 401 body.
      if (!user && /text\/html/.test(String(req.headers.accept ?? ''))) {
        return reply.header('Cache-Control', 'no-store').redirect(`/login?redirect=${encodeURIComponent(req.url)}`, 303);
      }
      if (!actor) return authorize(actor, 'certificate.view');
      const enrollment = await completedEnrollment(db, actor.id, courseid);
      if (!enrollment?.completed) throw forbidden(MSG.certificateNotReady);
      authorizeCertificate(actor, enrollment);
      const [course, site, code] = await Promise.all([findCertificateCourse(db, courseid), ctx.site.get(), issueCode(db, enrollment.id)]);
      const labels = site.labels(user!.lang);
      // PUBLIC_URL (required in production), never the Host header a caller can set.
      const base = publicBase(ctx);
      const pdf = await renderCertificate({
        name: `${user!.firstname} ${user!.lastname}`.trim(),
        courseTitle: course?.title ?? courseid,
        completed: enrollment.completed.slice(0, 10),
        organisation: site.config.sitetitle,
        code: formatCode(code),
        verifyUrl: `${base}${VERIFY_PAGE}${formatCode(code)}`,
        labels: (english) => labels[english] || english,
        hours: course?.timerequired || undefined,
        logo: await logoOf(site.config.logo),
      });
      const filename = `certificate-${courseid.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(`${VERIFY_API}:code`, { config: { schema: { params: CertificateCodeSchema }, action: 'certificate.verify' } }, async (req) => {
    const { code } = parse(CertificateCodeSchema, req.params);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'certificate.verify');
    const normal = normaliseCode(code);
    const found = normal.length === CODE_LENGTH ? await findByCode(db, normal) : undefined;
    if (!found?.completed) throw notFound(MSG.certificateNotFound);
    const site = await ctx.site.get();
    return {
      valid: true,
      code: formatCode(normal),
      // '' for a removed account whose name the site does not keep: "issued on DATE for COURSE".
      name: found.firstname != null ? `${found.firstname} ${found.lastname ?? ''}`.trim() : (found.certname ?? ''),
      course: found.title ?? found.course,
      courseid: found.course,
      completed: found.completed.slice(0, 10),
      hours: found.timerequired || undefined,
      organisation: site.config.sitetitle,
    } satisfies CertificateVerification;
  });
}
