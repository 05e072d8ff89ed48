/**
 * Every class by id, kept in each process until a class is written (the `classes` figure,
 * modules/reports/figures.ts): every page a learner opens lists their enrolments with their classes, and
 * a lesson's page asks for its class, while classes change when an instructor or admin edits one.
 * Callers share the rows: they must not change them.
 */
import type { AppContext } from '../../context.ts';
import { classesById, type ClassRow } from './classes.repository.ts';

export const keptClasses = (ctx: AppContext): Promise<ReadonlyMap<string, ClassRow>> =>
  ctx.figures.get('classes', 'all', () => classesById(ctx.db));

/** One class by id, from the kept classes. */
export const keptClass = async (ctx: AppContext, id: string): Promise<ClassRow | undefined> => (await keptClasses(ctx)).get(id);
