/**
 * Lessons of a course (spec section 7, "Enrolment and lessons"): the list with a short form of the
 * materials, one lesson with its full materials, and the editors' save and remove. Quiz and exam answers
 * reach only those the policy lets see them.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound, parse } from '../../errors.ts';
import { authorize, can } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { MSG } from '../../../domain/messages.ts';
import { LessonGetSchema, LessonSaveSchema, NEW_ID, RemoveSchema } from '../../../domain/validation.ts';
import { findCourse } from '../courses/courses.repository.ts';
import { materialsOfLessons } from '../materials/materials.repository.ts';
import { presentMaterial } from '../materials/materials.presenter.ts';
import { PageCache, contentChanged, sendJson } from '../content/content.cache.ts';
import { auditRemoval, keepVersion } from '../history/history.repository.ts';
import { byLessonOrder, presentLesson, sectionOrder } from './lessons.presenter.ts';
import { findLesson, insertLesson, lessonsOfCourse, removeLesson, updateLesson } from './lessons.repository.ts';

const ListSchema = z.object({
  course: z.string({ error: MSG.missingParameters }).min(1, { error: MSG.missingParameters }).max(200),
  classid: z.string().max(200).optional(),
  materials: z.unknown().optional(),
  lang: z.string().max(5).optional(),
  nocache: z.unknown().optional(),
});

export function lessonsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  // A course's lessons and a lesson with its materials are the same for every reader (the answer key
  // aside, for those who may read it) and change only when an editor saves: cached like the catalogue,
  // dropped in every process when courses, lessons or materials change.
  const published = new PageCache(ctx.bus);

  app.post('/app_lessons/list', { config: { schema: { body: ListSchema }, action: 'lesson.list' } }, async (req, reply) => {
    const body = parse(ListSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'lesson.list');
    const text = await published.get(
      `list|${body.course}`,
      async () => {
        const [course, lessons] = await Promise.all([findCourse(db, body.course), lessonsOfCourse(db, body.course)]);
        const mats = await materialsOfLessons(
          db,
          lessons.map((l) => l.id),
        );
        const order = sectionOrder(course?.sections);
        return JSON.stringify(
          lessons
            .map((l) =>
              presentLesson(
                l,
                order(l.sorder),
                mats.filter((m) => m.lesson === l.id).map((m) => presentMaterial(m, { withAnswers: false, short: true })),
              ),
            )
            .sort(byLessonOrder),
        );
      },
      (text) => text !== '[]',
    );
    return sendJson(reply, text);
  });

  app.post('/app_lessons/get', { config: { schema: { body: LessonGetSchema }, action: 'lesson.read' } }, async (req, reply) => {
    const { _id } = parse(LessonGetSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'lesson.read');
    const withAnswers = can(actor, 'material.readAnswers');
    const lesson = await published.get(
      `get|${withAnswers ? 'key' : 'nokey'}|${_id}`,
      async () => {
        const found = await findLesson(db, _id);
        if (!found) return '';
        const [course, mats] = await Promise.all([findCourse(db, found.course), materialsOfLessons(db, [found.id])]);
        return JSON.stringify(
          presentLesson(
            found,
            sectionOrder(course?.sections)(found.sorder),
            mats.map((m) => presentMaterial(m, { withAnswers })),
          ),
        );
      },
      (text) => text !== '',
    );
    if (!lesson) throw notFound();
    return sendJson(reply, lesson);
  });

  app.post('/app_lessons/save', { config: { schema: { body: LessonSaveSchema }, action: 'lesson.write' } }, async (req) => {
    const body = parse(LessonSaveSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'lesson.write');
    const course = await findCourse(db, body.course);
    if (!course) throw notFound();
    let id = body._id;
    const before = id === NEW_ID ? undefined : await findLesson(db, id);
    if (id === NEW_ID) {
      id = await insertLesson(db, body);
    } else {
      if (!before) throw notFound();
      await updateLesson(db, id, body);
    }
    await keepVersion(db, 'lesson', id, actor!, before);
    await contentChanged(ctx);
    const lesson = (await findLesson(db, id))!;
    const mats = await materialsOfLessons(db, [id]);
    return presentLesson(
      lesson,
      sectionOrder(course.sections)(lesson.sorder),
      mats.map((m) => presentMaterial(m, { withAnswers: can(actor, 'material.readAnswers') })),
    );
  });

  app.post('/app_lessons/remove', { config: { schema: { body: RemoveSchema }, action: 'lesson.write' } }, async (req) => {
    const { _id } = parse(RemoveSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'lesson.write');
    const existing = await findLesson(db, _id);
    if (!existing) throw notFound();
    await auditRemoval(db, 'lesson', actor!, existing);
    await removeLesson(db, _id);
    await contentChanged(ctx);
    return { ok: true };
  });
}
