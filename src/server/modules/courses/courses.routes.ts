/** Course catalogue (spec section 7, "Content, courses, classes"): everyone lists, editors save and remove. */
import type { FastifyInstance } from 'fastify';
import type { Course } from '../../../domain/types.ts';
import type { CourseCopyReply } from '../../../domain/replies-learner.ts';
import { z } from 'zod';
import { userEnrolments } from '../enrollment/user-enrolments.ts';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound, parse } from '../../errors.ts';
import { authorize, can } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { MSG } from '../../../domain/messages.ts';
import { CourseSaveSchema, NEW_ID, RemoveSchema, isLangKey } from '../../../domain/validation.ts';
import { CourseCopySchema } from '../../../domain/history.ts';
import { copyCourse, siblingInLanguage } from './course-copy.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import { presentCourse } from './courses.presenter.ts';
import { countClasses, findCourse, insertCourse, listCourses, removeCourse, updateCourse } from './courses.repository.ts';
import { PageCache, contentChanged, sendJson } from '../content/content.cache.ts';
import { auditRemoval, keepVersion } from '../history/history.repository.ts';

const ListSchema = z.object({
  lang: z.string().refine(isLangKey, { error: MSG.invalidLanguage }).optional(),
  _id: z.string().max(200).optional(),
});

export function coursesRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  // The catalogue is the same for everyone and changes only when an editor saves: cached like pages.
  const catalogue = new PageCache(ctx.bus);

  app.post('/app_courses/list', { config: { schema: { body: ListSchema }, action: 'course.list' } }, async (req, reply) => {
    const body = parse(ListSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'course.list');
    const key = `${body.lang ?? ''}|${body._id ?? ''}`;
    const all = () => catalogue.get(`all|${key}`, async () => JSON.stringify((await listCourses(db, body)).map(presentCourse)));
    // Spec 2 and 4: an Inactive course is hidden from lists, unless the user is enrolled in it and the
    // site shows such courses. Editors manage every course, so they get them all.
    // A look-up of one course by id answers it whatever its status: the course and enrol screens need
    // to know a course is Inactive to say so and send the reader on.
    if (can(actor, 'course.write') || body._id) return sendJson(reply, await all());
    const { config } = await ctx.site.get();
    // The Inactive courses are known from the cached catalogue: most sites have none, and then no
    // enrolment is read at all; else the user's enrolments (read once for a page's calls) say which.
    const inactive = () =>
      catalogue.get('inactive', async () =>
        JSON.stringify((await listCourses(db, {})).filter((c) => c.status === 'Inactive').map((c) => c.id)),
      );
    const inactiveIds = actor && config.showinactivecourseswhenenrolled ? (JSON.parse(await inactive()) as string[]) : [];
    const enrolledInactive = inactiveIds.length
      ? (await userEnrolments(ctx, req, actor!.id)).map((e) => e.course).filter((c) => inactiveIds.includes(c))
      : [];
    if (enrolledInactive.length === 0) {
      return sendJson(
        reply,
        await catalogue.get(`active|${key}`, async () =>
          JSON.stringify((await listCourses(db, body)).filter((c) => c.status !== 'Inactive').map(presentCourse)),
        ),
      );
    }
    const shown = new Set(enrolledInactive);
    const list = (JSON.parse(await all()) as Course[]).filter((c) => c.status !== 'Inactive' || shown.has(c._id));
    // This answer is personal: it names the Inactive courses the user is enrolled in.
    reply.header('cache-control', 'no-store');
    return sendJson(reply, JSON.stringify(list));
  });

  app.post('/app_courses/save', { config: { schema: { body: CourseSaveSchema }, action: 'course.write' } }, async (req) => {
    const body = parse(CourseSaveSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'course.write');
    let id = body._id;
    const before = id === NEW_ID ? undefined : await findCourse(db, id);
    if (id === NEW_ID) {
      id = (await insertCourse(db, body)).id;
    } else {
      if (!before) throw notFound();
      await updateCourse(db, id, body);
    }
    await keepVersion(db, 'course', id, actor!, before);
    await contentChanged(ctx);
    return presentCourse((await findCourse(db, id))!);
  });

  app.post('/app_courses/remove', { config: { schema: { body: RemoveSchema }, action: 'course.write' } }, async (req) => {
    const { _id } = parse(RemoveSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'course.write');
    const existing = await findCourse(db, _id);
    if (!existing) throw notFound();
    // Classes hold learners' enrolments and progress: they are never removed as a side effect.
    if ((await countClasses(db, _id)) > 0) throw new HttpError(409, MSG.courseHasClasses);
    await auditRemoval(db, 'course', actor!, existing);
    await removeCourse(db, _id);
    await contentChanged(ctx);
    return { ok: true };
  });

  // 'Copy as a new language version': the sibling course as an Inactive draft to translate.
  app.post('/app_courses/copy', { config: { action: 'course.copy' } }, async (req) => {
    const { _id, lang } = parse(CourseCopySchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'course.copy');
    const source = await findCourse(db, _id);
    if (!source) throw notFound();
    if (source.lang === lang) throw new HttpError(400, MSG.copyLanguageSame);
    const { config } = await ctx.site.get();
    if (await siblingInLanguage(db, source, lang, config.maincourses ?? {})) throw new HttpError(409, MSG.copyLanguageExists);
    const copy = await copyCourse(db, source, lang);
    const mapping = { ...(config.maincourses ?? {}) };
    mapping[copy.main] = { ...(mapping[copy.main] ?? {}), [source.lang]: source.id, [lang]: copy.course.id };
    await ctx.site.saveConfig({ maincourses: mapping });
    await keepVersion(db, 'course', copy.course.id, actor!, undefined);
    await recordAudit(db, {
      actor: actor!,
      action: 'course.copy',
      targetType: 'course',
      target: copy.course.id,
      changes: { from: source.id, lang, lessons: copy.lessons, materials: copy.materials },
    });
    await contentChanged(ctx);
    return { course: presentCourse(copy.course), lessons: copy.lessons, materials: copy.materials } satisfies CourseCopyReply;
  });
}
