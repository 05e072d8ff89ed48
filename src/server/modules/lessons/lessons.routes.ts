/** Lessons of a course with a short form of their materials (never quiz answers). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { parse } from '../../errors.ts';
import { authorize } from '../../policy/policy.ts';
import { actorOf, currentUser } from '../../auth.ts';
import { MSG } from '../../../domain/messages.ts';
import { fromBool } from '../../db/dialect.ts';
import type { Lesson, Material } from '../../../domain/types.ts';

const ListSchema = z.object({
  course: z.string({ error: MSG.missingParameters }).min(1, { error: MSG.missingParameters }).max(200),
  classid: z.string().max(200).optional(),
  materials: z.unknown().optional(),
  lang: z.string().max(5).optional(),
  nocache: z.unknown().optional(),
});

export function lessonsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  app.post('/app_lessons/list', async (req) => {
    const body = parse(ListSchema, req.body);
    authorize(actorOf(await currentUser(ctx, req)), 'lesson.list');
    const course = await db.selectFrom('courses').select(['id', 'sections']).where('id', '=', body.course).executeTakeFirst();
    const lessons = await db.selectFrom('lessons').selectAll().where('course', '=', body.course).execute();
    if (lessons.length === 0) return [];
    const mats = await db.selectFrom('materials').select(['id', 'lesson', 'title', 'section', 'required', 'order', 'usebutton'])
      .where('lesson', 'in', lessons.map((l) => l.id)).orderBy('order').orderBy('id').execute();
    // Spec: lessons sort by course section order, then sort order.
    const sections = (course?.sections ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const sectionorder = (s: string | null) => { const i = sections.indexOf(s ?? ''); return i < 0 ? sections.length : i; };
    const out: Lesson[] = lessons.map((l) => ({
      _id: l.id, course: l.course, title: l.title, description: l.description ?? undefined, order: l.order,
      sortorder: l.sortorder, sorder: l.sorder ?? undefined, sectionorder: sectionorder(l.sorder), type: l.type ?? undefined,
      materials: Object.fromEntries(mats.filter((m) => m.lesson === l.id).map((m): [string, Material] => [m.id, {
        _id: m.id, lesson: m.lesson, title: m.title ?? undefined, section: m.section, required: fromBool(m.required),
        order: m.order, usebutton: m.usebutton ?? undefined,
      }])),
    }));
    return out.sort((a, b) => a.sectionorder! - b.sectionorder! || a.sortorder! - b.sortorder! || a.order! - b.order! || a._id.localeCompare(b._id));
  });
}
