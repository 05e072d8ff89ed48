/** Course catalogue (spec section 7, "Content, courses, classes"). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { parse } from '../../errors.ts';
import { authorize } from '../../policy/policy.ts';
import { actorOf, currentUser } from '../../auth.ts';
import { MSG } from '../../../domain/messages.ts';
import { isLangKey } from '../../../domain/validation.ts';
import type { Course } from '../../../domain/types.ts';
import type { CoursesTable } from '../../db/schema.ts';

const ListSchema = z.object({
  lang: z.string().refine(isLangKey, { error: MSG.invalidLanguage }).optional(),
  _id: z.string().max(200).optional(),
});

const opt = <T>(v: T | null) => (v === null ? undefined : v);
export const presentCourse = (r: CoursesTable): Course => ({
  _id: r.id, title: r.title, reftitle: opt(r.reftitle), description: opt(r.description), description2: opt(r.description2),
  status: opt(r.status), lang: r.lang, order: r.order, main: opt(r.main), video: opt(r.video), sections: opt(r.sections),
  smallbanner: opt(r.smallbanner), timerequired: opt(r.timerequired), certificate: opt(r.certificate), created: r.created,
});

export function coursesRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/app_courses/list', async (req) => {
    const body = parse(ListSchema, req.body);
    authorize(actorOf(await currentUser(ctx, req)), 'course.list');
    let q = ctx.db.selectFrom('courses').selectAll();
    if (body.lang) q = q.where('lang', '=', body.lang);
    if (body._id) q = q.where('id', '=', body._id);
    const rows = await q.orderBy('order').orderBy('title').execute();
    return rows.map(presentCourse);
  });
}
