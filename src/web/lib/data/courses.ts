/** Course, lesson and enrolment requests with their query options (one place per request). */
import { queryOptions } from '@tanstack/react-query';
import type { ClassRecord, Course, Lesson } from '../../../domain/types.ts';
import { LESSON_URL } from '../../../domain/first-calls.ts';
import { api, ApiError } from '../api.ts';
import { enrollmentsOf } from './enrollment.ts';

/**
 * The courses of one language: read from the list of every course (the server's `{ lang }` answer is
 * that list filtered the same way), so the drawer, course and lesson pages share one request.
 */
export const coursesQuery = (lang: string) => queryOptions({
  ...allCoursesQuery(),
  select: (list: Course[]) => list.filter((c) => c.lang === lang),
});

/** One lesson with its full materials (quiz questions without their answers, for learners). */
export const lessonQuery = (lessonId: string) => queryOptions({
  queryKey: ['lesson', lessonId],
  queryFn: () => api.post<Lesson>(LESSON_URL, { _id: lessonId }),
  enabled: !!lessonId && lessonId !== 'next',
  staleTime: 60_000,
  retry: (n, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && n < 2,
});

export const lessonsQuery = (course: string) => queryOptions({
  queryKey: ['lessons', course],
  queryFn: () => api.post<Lesson[]>('/app_lessons/list', { course }),
  staleTime: 60_000,
});

/** The signed-in user's enrolments (with progress), for drawer ticks and course buttons: the same request and cache entry as enrollmentsOf. */
export const enrollmentsQuery = enrollmentsOf;

/**
 * Courses shown to a user: not Inactive (unless the user is enrolled in it and the site shows such
 * courses: showinactivecourseswhenenrolled), in the user's language (or without one when it is en),
 * sorted by order then title.
 */
/** Inactive courses a user still sees: those they are enrolled in, when the site shows them (spec 4). */
export function inactiveShownFor(config: { showinactivecourseswhenenrolled?: boolean } | null | undefined, enrollments: { course: string }[] | undefined): Set<string> {
  return new Set(config?.showinactivecourseswhenenrolled ? (enrollments ?? []).map((e) => e.course) : []);
}

export function visibleCourses(courses: Course[] | undefined, lang: string, inactiveShown: ReadonlySet<string> = new Set()): Course[] {
  return (courses ?? [])
    .filter((c) => c.status !== 'Inactive' || inactiveShown.has(c._id))
    .filter((c) => (c.lang ? c.lang === lang : lang === 'en'))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || (a.title ?? '').localeCompare(b.title ?? ''));
}

/** Lessons in course order: by section order (course.sections), then sort order. */
export function sortLessons(lessons: Lesson[] | undefined, course?: Course): Lesson[] {
  const sections = (course?.sections ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const sectionRank = (l: Lesson) => {
    const i = l.sorder ? sections.indexOf(l.sorder) : -1;
    return i === -1 ? (l.sectionorder ?? sections.length) : i;
  };
  return [...(lessons ?? [])].sort((a, b) =>
    sectionRank(a) - sectionRank(b) || (a.sortorder ?? a.order ?? 0) - (b.sortorder ?? b.order ?? 0) || a.title.localeCompare(b.title));
}

/** Every course (all languages), to find one by id. */
export const allCoursesQuery = () => queryOptions({
  queryKey: ['courses', '*'],
  queryFn: () => api.post<Course[]>('/app_courses/list', {}),
  staleTime: 60_000,
});

/**
 * One course by id, whatever its status: lists leave out Inactive courses the user may not see, but the
 * course and enrol screens still need to know such a course is Inactive.
 */
export const courseByIdQuery = (id: string) => queryOptions({
  queryKey: ['courses', 'id', id],
  queryFn: async () => (await api.post<Course[]>('/app_courses/list', { _id: id }))[0] ?? null,
  staleTime: 60_000,
});

/** Classes of a course a user may see (self-paced ones, and those the user runs or is enrolled in). */
export const classesQuery = (course: string, lang?: string) => queryOptions({
  queryKey: ['classes', course, lang ?? ''],
  queryFn: () => api.post<ClassRecord[]>('/app_classes/list', lang ? { course, lang } : { course }),
  staleTime: 60_000,
});

/** One class by id (empty when it no longer exists). */
export const classQuery = (id: string) => queryOptions({
  queryKey: ['class', id],
  queryFn: async () => (await api.post<ClassRecord[]>('/app_classes/list', { _id: id }))[0] ?? null,
  staleTime: 60_000,
});
