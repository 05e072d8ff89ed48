/**
 * Where Previous, Next and `next` lead in a course (spec 2, lesson page): materials in order, then
 * lessons in course order (section order, then sort order). Pure functions, tested on their own.
 */
import type { Enrollment, Lesson, Material } from '../../../domain/types.ts';

/** One place in the course: a lesson, and one of its materials when it has any. */
export interface Step {
  lessonId: string;
  materialId?: string;
}

/** A lesson's materials by their order (then id, so the order is stable). */
export function orderedMaterials(lesson: Pick<Lesson, 'materials'> | undefined): Material[] {
  return Object.values(lesson?.materials ?? {}).sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a._id.localeCompare(b._id));
}

/** Every material of every lesson, lessons in the given (course) order; a lesson without materials is one step. */
export function courseSteps(lessons: Lesson[]): Step[] {
  return lessons.flatMap((l) => {
    const mats = orderedMaterials(l);
    return mats.length ? mats.map((m) => ({ lessonId: l._id, materialId: m._id })) : [{ lessonId: l._id }];
  });
}

/** The steps before and after the current place; no material named means the lesson's first. */
export function neighbours(steps: Step[], lessonId: string, materialId?: string): { prev?: Step; next?: Step } {
  let i = materialId ? steps.findIndex((s) => s.lessonId === lessonId && s.materialId === materialId) : -1;
  if (i < 0) i = steps.findIndex((s) => s.lessonId === lessonId);
  if (i < 0) return {};
  return { prev: steps[i - 1], next: steps[i + 1] };
}

/**
 * The lesson `next` opens: the most recently viewed one, or the one after it when its quiz was taken;
 * the first lesson when nothing was viewed yet.
 */
export function continueLesson(lessons: Lesson[], enrollment: Pick<Enrollment, 'progress'> | undefined): string | undefined {
  if (lessons.length === 0) return undefined;
  const progress = enrollment?.progress ?? {};
  let latest = -1;
  let when = '';
  lessons.forEach((l, i) => {
    const p = progress[l._id];
    const t = [p?.lastview, p?.quizdate].filter(Boolean).sort().at(-1) ?? '';
    if (t && t > when) {
      when = t;
      latest = i;
    }
  });
  if (latest < 0) return lessons[0]!._id;
  const quizzed = !!progress[lessons[latest]!._id]?.quizdate;
  return (quizzed ? (lessons[latest + 1] ?? lessons[latest]) : lessons[latest])!._id;
}
