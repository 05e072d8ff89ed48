/** Enrolment helpers. My Classes: which enrolments count as older (spec 9: before one year ago, hidden by default). */
import { OLDER_ENROLLMENT_DAYS } from '../../../domain/constants.ts';
import type { Course } from '../../../domain/types.ts';
import type { EnrollmentRow } from './enrollment.ts';

const DAY_MS = 86_400_000;

export function isOlder(e: Pick<EnrollmentRow, 'regdate'>, now = Date.now()): boolean {
  const t = e.regdate ? Date.parse(e.regdate) : NaN;
  return Number.isFinite(t) && t < now - OLDER_ENROLLMENT_DAYS * DAY_MS;
}

/** Recent enrolments first (newest registration first), and the older ones apart. */
export function splitByAge(rows: EnrollmentRow[], now = Date.now()): { recent: EnrollmentRow[]; older: EnrollmentRow[] } {
  const sorted = [...rows].sort((a, b) => (b.regdate ?? '').localeCompare(a.regdate ?? ''));
  return { recent: sorted.filter((e) => !isOlder(e, now)), older: sorted.filter((e) => isOlder(e, now)) };
}

/** Courses offered in the picker: the user's language, not Inactive, sorted by title. */
export function pickerCourses(courses: Course[] | undefined, lang: string): Course[] {
  return (courses ?? [])
    .filter((c) => c.status !== 'Inactive' && (c.lang || 'en') === lang)
    .sort((a, b) => a.title.localeCompare(b.title));
}
