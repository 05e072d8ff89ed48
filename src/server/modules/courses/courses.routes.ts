/** Course catalogue (spec section 7, "Content, courses, classes"): everyone lists, editors save and remove. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Course } from '../../../domain/types.ts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound, parse } from '../../errors.ts';
import { authorize, can } from '../../policy/policy.ts';
import { currentActor } from '../../auth.ts';
import { MSG } from '../../../domain/messages.ts';
import { CourseSaveSchema, NEW_ID, RemoveSchema, isLangKey } from '../../../domain/validation.ts';
import { presentCourse } from './courses.presenter.ts';
import { countClasses, findCourse, inactiveEnrolledCourses, insertCourse, listCourses, removeCourse, updateCourse } from './courses.repository.ts';
import { PageCache, contentChanged } from '../content/content.cache.ts';

const ListSchema = z.object({
  lang: z.string().refine(isLangKey, { error: MSG.invalidLanguage }).optional(),
  _id: z.string().max(200).optional(),
});

const send = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);

export function coursesRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  // The catalogue is the same for everyone and changes only when an editor saves: cached like pages.
  const catalogue = new PageCache(ctx.bus);

  app.post('/app_courses/list', { config: { schema: { body: ListSchema }, action: 'course.list' } }, async (req, reply) => {
    const body = parse(ListSchema, req.body);
    const actor = await currentActor(ctx, req);
    authorize(actor, 'course.list');
    const key = `${body.lang ?? ''}|${body._id ?? ''}`;
    const all = () => catalogue.get(`all|${key}`, async () => JSON.stringify((await listCourses(db, body)).map(presentCourse)));
    // Spec 2 and 4: an Inactive course is hidden from lists, unless the user is enrolled in it and the
    // site shows such courses. Editors manage every course, so they get them all.
    // A look-up of one course by id answers it whatever its status: the course and enrol screens need
    // to know a course is Inactive to say so and send the reader on.
    if (can(actor, 'course.write') || body._id) return send(reply, await all());
    const { config } = await ctx.site.get();
    const enrolledInactive = actor && config.showinactivecourseswhenenrolled ? await inactiveEnrolledCourses(db, actor.id) : [];
    if (enrolledInactive.length === 0) {
      return send(reply, await catalogue.get(`active|${key}`, async () =>
        JSON.stringify((await listCourses(db, body)).filter((c) => c.status !== 'Inactive').map(presentCourse))));
    }
    const shown = new Set(enrolledInactive);
    const list = (JSON.parse(await all()) as Course[]).filter((c) => c.status !== 'Inactive' || shown.has(c._id));
    // This answer is personal: it names the Inactive courses the user is enrolled in.
    reply.header('cache-control', 'no-store');
    return send(reply, JSON.stringify(list));
  });

  app.post('/app_courses/save', { config: { schema: { body: CourseSaveSchema }, action: 'course.write' } }, async (req) => {
    const body = parse(CourseSaveSchema, req.body);
    authorize(await currentActor(ctx, req), 'course.write');
    let id = body._id;
    if (id === NEW_ID) {
      id = (await insertCourse(db, body)).id;
    } else {
      if (!(await findCourse(db, id))) throw notFound();
      await updateCourse(db, id, body);
    }
    await contentChanged(ctx);
    return presentCourse((await findCourse(db, id))!);
  });

  app.post('/app_courses/remove', { config: { schema: { body: RemoveSchema }, action: 'course.write' } }, async (req) => {
    const { _id } = parse(RemoveSchema, req.body);
    authorize(await currentActor(ctx, req), 'course.write');
    if (!(await findCourse(db, _id))) throw notFound();
    // Classes hold learners' enrolments and progress: they are never removed as a side effect.
    if ((await countClasses(db, _id)) > 0) throw new HttpError(409, MSG.courseHasClasses);
    await removeCourse(db, _id);
    await contentChanged(ctx);
    return { ok: true };
  });
}
