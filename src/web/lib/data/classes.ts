/** Class requests (spec 7, "Content, courses, classes") and who may do what with a class (spec 6). */
import { queryOptions } from '@tanstack/react-query';
import type { ClassRecord, Course, SiteConfig, User } from '../../../domain/types.ts';
import { api } from '../api.ts';

export const classQuery = (classId: string | undefined) => queryOptions({
  queryKey: ['class', classId ?? ''],
  queryFn: async () => (await api.post<ClassRecord[]>('/app_classes/list', { _id: classId }))[0] ?? null,
  enabled: !!classId,
  staleTime: 30_000,
});

/** The classes the signed-in user hosts, with their registration codes. */
export const hostedClassesQuery = (userId: string | undefined) => queryOptions({
  queryKey: ['classes', 'hosted', userId ?? ''],
  queryFn: () => api.post<ClassRecord[]>('/app_classes/list', {}),
  enabled: !!userId,
  staleTime: 30_000,
});

/** A course's classes: its self-paced ones, and private groups only for those who run or joined them. */
export const courseClassesQuery = (course: string | undefined, lang?: string) => queryOptions({
  queryKey: ['classes', 'course', course ?? '', lang ?? ''],
  queryFn: () => api.post<ClassRecord[]>('/app_classes/list', { course, ...(lang ? { lang } : {}) }),
  enabled: !!course,
  staleTime: 30_000,
});

/** The class a registration code opens (an empty list when the code matches nothing). */
export const findByRegcode = (regcode: string) => api.post<ClassRecord[]>('/app_classes/list', { regcode });

export type ClassSaveBody = Partial<Omit<ClassRecord, 'created' | 'instructorname' | 'regcode'>> & { _id: string };
export const saveClass = (body: ClassSaveBody) => api.post<Partial<ClassRecord>>('/app_classes/save', body);

/** A participant row: names for fellow learners; the details for the instructor and admins. */
export interface Participant {
  _id?: string; user?: string; firstname: string; lastname: string; email?: string; regdate?: string;
  lastactivity?: string; lastview?: string; timestamp?: string; lessoncount?: number; lessons?: number;
  completed?: string; percentcomplete?: number; suspended?: boolean;
}
export const participantsQuery = (classId: string | undefined) => queryOptions({
  queryKey: ['classEnrollment', classId ?? ''],
  queryFn: () => api.post<Participant[]>('/app_enrollment/classEnrollment', { classid: classId }),
  enabled: !!classId,
  staleTime: 15_000,
  retry: false,
});

export interface Instructor { _id: string; firstname: string; lastname: string }
export const instructorsQuery = (enabled: boolean) => queryOptions({
  queryKey: ['instructors'],
  queryFn: () => api.post<Instructor[]>('/app_users/instructors', {}),
  enabled,
  staleTime: 60_000,
});

/** The class's instructor (or an admin): edits it and sees the participants' details. */
export const runsClass = (user: User | null, cls: Pick<ClassRecord, '_id' | 'instructor'> | null | undefined) =>
  !!user && !!cls && (user.isAdmin || cls.instructor === user._id || !!user.instructor?.[cls._id]);

/** Spec 6: the create panel is for admins, users with a certification, or anyone when the site allows it. */
export const mayCreateClasses = (user: User | null, config: SiteConfig | null) =>
  !!user && (user.isAdmin || !!config?.createclasswithoutcerts || Object.keys(user.certifications ?? {}).length > 0);

/**
 * Courses a user may create a class for (spec 6): those in their certifications (or whose main course
 * is), or all for admins or when the site allows it; never Inactive, and in the user's language
 * (admins may use any language, as the server allows).
 */
export function creatableCourses(user: User | null, config: SiteConfig | null, courses: Course[] | undefined): Course[] {
  if (!user) return [];
  const certs = user.certifications ?? {};
  const all = user.isAdmin || !!config?.createclasswithoutcerts;
  return (courses ?? [])
    .filter((c) => c.status !== 'Inactive')
    .filter((c) => user.isAdmin || (c.lang || 'en') === user.lang)
    .filter((c) => all || Object.hasOwn(certs, c._id) || (!!c.main && Object.hasOwn(certs, c.main)))
    .sort((a, b) => a.title.localeCompare(b.title));
}

/** Plain text with blank lines between paragraphs, from a stored description (html). */
export function htmlToText(html: string | undefined): string {
  if (!html) return '';
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|blockquote)>/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '- ');
  const text = withBreaks.replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  return text.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Paragraphs of html from plain text (blank lines separate paragraphs, single newlines are line breaks). */
export function textToHtml(text: string): string {
  return text.trim().split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
}
