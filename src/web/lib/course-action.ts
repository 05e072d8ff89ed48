import type { Course, Enrollment } from '../../domain/types.ts';
import { tk } from './tk.ts';
import { coursePath, nextLessonPath } from './paths.ts';

/** Card button by enrolment state (spec 2, course listing block). */
export function courseAction(course: Course, enrollments: Enrollment[]): { to: string; label: string } {
  const mine = enrollments.filter((e) => e.course === course._id);
  if (mine.length > 1) return { to: coursePath(course._id), label: tk('View Course') };
  const e = mine[0];
  if (e && Object.keys(e.progress ?? {}).length > 0) return { to: nextLessonPath(course._id), label: tk('Continue') };
  if (e?.regdate) return { to: coursePath(course._id), label: tk('Get Started') };
  return { to: coursePath(course._id), label: tk('View Course') };
}
