/** Decisions of the course page (spec 2), kept apart from the screen so they can be tested. */
import type { Course, Enrollment, Lesson, SiteConfig } from '../../../domain/types.ts';
import { sortLessons } from '../../lib/data/courses.ts';

/** Enrolments as the list call presents them (with the class name and whether the class still exists). */
export type ListedEnrollment = Enrollment & { classname?: string; classexists?: boolean; coursetitle?: string; certificate?: string };

/**
 * The sibling of a course in the user's language, when the user should be moved there: the course's
 * language differs, the site allows the change (no `nolangcoursechange`), and `maincourses` maps its
 * main course to another course id in that language.
 */
export function siblingCourseId(
  course: Course,
  lang: string,
  config: Pick<SiteConfig, 'maincourses' | 'nolangcoursechange'> | null,
): string | null {
  if (!config || config.nolangcoursechange) return null;
  if ((course.lang || 'en') === lang) return null;
  const main = course.main || course._id;
  const byLang = config.maincourses?.[main] ?? Object.values(config.maincourses ?? {}).find((m) => Object.values(m).includes(course._id));
  const sibling = byLang?.[lang];
  return sibling && sibling !== course._id ? sibling : null;
}

// The class the page is about: one rule with the server's first answers (domain/first-calls.ts).
export { chosenClass } from '../../../domain/first-calls.ts';

export interface LessonSection {
  key: string;
  lessons: Lesson[];
}

/** Lessons grouped by section, sections in the course's order, lessons by sort order inside. */
export function lessonSections(lessons: Lesson[] | undefined, course: Course): LessonSection[] {
  const out: LessonSection[] = [];
  for (const l of sortLessons(lessons, course)) {
    const key = l.sorder ?? '';
    const last = out[out.length - 1];
    if (last && last.key === key) last.lessons.push(l);
    else out.push({ key, lessons: [l] });
  }
  return out;
}

/** Progress 0 to 100: the server's percentcomplete (required materials viewed), else the share of lessons opened. */
export function progressPercent(enrollment: Enrollment | undefined, lessons: Lesson[] | undefined): number {
  if (!enrollment) return 0;
  if (enrollment.completed) return 100;
  if (typeof enrollment.percentcomplete === 'number') return Math.min(100, Math.round(enrollment.percentcomplete));
  const total = lessons?.length ?? 0;
  if (!total) return 0;
  const seen = (lessons ?? []).filter((l) => enrollment.progress?.[l._id]?.firstview || enrollment.progress?.[l._id]?.lastview).length;
  return Math.round((seen / total) * 100);
}
