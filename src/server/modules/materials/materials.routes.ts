/**
 * Lesson materials (spec section 7, "Enrolment and lessons"): editors save and remove them; everyone
 * lists them and fetches a course's exam. Which answer is correct never reaches a learner: lists show it
 * to editors, the exam to admins (the spec's isAdmin is decided here from the session, not the body).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound, parse } from '../../errors.ts';
import { authorize, can } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { ExamSchema, MaterialListSchema, MaterialSaveSchema, NEW_ID, RemoveSchema } from '../../../domain/validation.ts';
import { findLesson } from '../lessons/lessons.repository.ts';
import { findCourse } from '../courses/courses.repository.ts';
import { contentChanged } from '../content/content.cache.ts';
import { auditRemoval, keepVersion } from '../history/history.repository.ts';
import { presentMaterial, presentQuestions } from './materials.presenter.ts';
import {
  examOf,
  findMaterial,
  insertMaterial,
  materialsOfCourse,
  materialsOfLessons,
  removeMaterial,
  updateMaterial,
} from './materials.repository.ts';

export function materialsRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  app.post('/app_materials/save', { config: { schema: { body: MaterialSaveSchema }, action: 'material.write' } }, async (req) => {
    const body = parse(MaterialSaveSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'material.write');
    if (body.lesson !== undefined && !(await findLesson(db, body.lesson))) throw notFound();
    let id = body._id;
    const before = id === NEW_ID ? undefined : await findMaterial(db, id);
    if (id === NEW_ID) {
      // The schema makes sure a new material names its lesson and section.
      id = await insertMaterial(db, { ...body, lesson: body.lesson!, section: body.section! });
    } else {
      if (!before) throw notFound();
      await updateMaterial(db, id, body);
    }
    await keepVersion(db, 'material', id, actor!, before);
    await contentChanged(ctx);
    return presentMaterial((await findMaterial(db, id))!, { withAnswers: can(actor, 'material.readAnswers') });
  });

  app.post('/app_materials/remove', { config: { schema: { body: RemoveSchema }, action: 'material.write' } }, async (req) => {
    const { _id } = parse(RemoveSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'material.write');
    const existing = await findMaterial(db, _id);
    if (!existing) throw notFound();
    await auditRemoval(db, 'material', actor!, existing);
    await removeMaterial(db, _id);
    await contentChanged(ctx);
    return { ok: true };
  });

  app.post('/app_materials/list', { config: { schema: { body: MaterialListSchema }, action: 'material.list' } }, async (req) => {
    const body = parse(MaterialListSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'material.list');
    const rows = body.lesson !== undefined ? await materialsOfLessons(db, [body.lesson]) : await materialsOfCourse(db, body.course!);
    const opts = { withAnswers: can(actor, 'material.readAnswers'), short: body.shortfields === true };
    return rows.map((m) => presentMaterial(m, opts));
  });

  app.post('/app_materials/exam', { config: { schema: { body: ExamSchema }, action: 'material.list' } }, async (req) => {
    const { course } = parse(ExamSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'material.list');
    if (!(await findCourse(db, course))) throw notFound();
    const exam = await examOf(db, course);
    return exam ? presentQuestions(exam.quiz, can(actor, 'material.examAnswers')) : [];
  });
}
