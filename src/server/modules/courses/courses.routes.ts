/** Course catalogue (spec section 7, "Content, courses, classes"): everyone lists, editors save and remove. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { HttpError, notFound, parse } from '../../errors.ts';
import { authorize } from '../../policy/policy.ts';
import { currentActor } from '../../auth.ts';
import { MSG } from '../../../domain/messages.ts';
import { CourseSaveSchema, NEW_ID, RemoveSchema, isLangKey } from '../../../domain/validation.ts';
import { presentCourse } from './courses.presenter.ts';
import { countClasses, findCourse, insertCourse, listCourses, removeCourse, updateCourse } from './courses.repository.ts';
import { PageCache, contentChanged } from '../content/content.cache.ts';

const ListSchema = z.object({
  lang: z.string().refine(isLangKey, { error: MSG.invalidLanguage }).optional(),
  _id: z.string().max(200).optional(),
});

export function coursesRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  // The catalogue is the same for everyone and changes only when an editor saves: cached like pages.
  const catalogue = new PageCache(ctx.bus);

  app.post('/app_courses/list', async (req, reply) => {
    const body = parse(ListSchema, req.body);
    authorize(await currentActor(ctx, req), 'course.list');
    const list = await catalogue.get(`${body.lang ?? ''}|${body._id ?? ''}`, async () => JSON.stringify((await listCourses(db, body)).map(presentCourse)));
    return reply.type('application/json; charset=utf-8').send(list);
  });

  app.post('/app_courses/save', async (req) => {
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

  app.post('/app_courses/remove', async (req) => {
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
