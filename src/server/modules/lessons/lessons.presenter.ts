/** Picks what of a lesson leaves the server, with its materials keyed by id (spec: materials map). */
import type { Lesson, Material } from '../../../domain/types.ts';
import type { LessonsTable } from '../../db/schema.ts';

/** Spec: lessons sort by course section order (the course's comma-separated `sections`), then sort order. */
export function sectionOrder(sections: string | null | undefined) {
  const list = (sections ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return (sorder: string | null) => {
    const i = list.indexOf(sorder ?? '');
    return i < 0 ? list.length : i;
  };
}

export function presentLesson(l: LessonsTable, sectionorder: number, materials: Material[]): Lesson {
  return {
    _id: l.id,
    course: l.course,
    title: l.title,
    description: l.description ?? undefined,
    order: l.order,
    sortorder: l.sortorder,
    sorder: l.sorder ?? undefined,
    sectionorder,
    type: l.type ?? undefined,
    materials: Object.fromEntries(materials.map((m) => [m._id, m])),
  };
}

export const byLessonOrder = (a: Lesson, b: Lesson) =>
  a.sectionorder! - b.sectionorder! || a.sortorder! - b.sortorder! || a.order! - b.order! || a._id.localeCompare(b._id);
