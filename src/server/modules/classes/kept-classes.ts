/**
 * Every class, kept in each process until a class is written (the `classes` figure,
 * modules/reports/figures.ts): every page a learner opens lists their enrolments with their classes and
 * asks whoami for the classes they instruct, and a lesson's page asks for its class, while classes change
 * when an instructor or admin edits one. Callers share the rows: they must not change them.
 */
import type { AppContext } from '../../context.ts';
import { allClasses, type ClassRow } from './classes.repository.ts';

export interface KeptClasses {
  byId: ReadonlyMap<string, ClassRow>;
  /** The ids of the classes each instructor runs. */
  byInstructor: ReadonlyMap<string, readonly string[]>;
}

export const keptClasses = (ctx: AppContext): Promise<KeptClasses> =>
  ctx.figures.get('classes', 'all', async () => {
    const rows = await allClasses(ctx.db);
    const byInstructor = new Map<string, string[]>();
    for (const c of rows)
      if (c.instructor) (byInstructor.get(c.instructor) ?? byInstructor.set(c.instructor, []).get(c.instructor)!).push(c.id);
    return { byId: new Map(rows.map((c) => [c.id, c])), byInstructor };
  });

/** One class by id, from the kept classes. */
export const keptClass = async (ctx: AppContext, id: string): Promise<ClassRow | undefined> => (await keptClasses(ctx)).byId.get(id);
