/**
 * Enrolment requests (spec 7, "Enrolment and lessons") with their query options, and the one place
 * that folds a progress reply into the cached enrolment list (the drawer ticks read that list).
 */
import type { ProgressReply } from '../../../domain/replies-learner.ts';
import { queryOptions } from '@tanstack/react-query';
import type { EnrollmentRow } from '../../../domain/types.ts';
import { api } from '../api.ts';
import { queryClient } from '../query.ts';


export const ENROLLMENTS_KEY = 'enrollments';

/**
 * A user's enrolments. The key matches the drawer's (`['enrollments', userId]`), and for oneself the
 * answer is the same as its `{}` request, so both share one cache entry.
 */
export const enrollmentsOf = (userId: string | undefined) => queryOptions({
  queryKey: [ENROLLMENTS_KEY, userId ?? ''],
  queryFn: () => api.post<EnrollmentRow[]>('/app_enrollment/list', userId ? { user: userId } : {}),
  enabled: !!userId,
  staleTime: 30_000,
});

export const enroll = (classid: string, courseid: string, regcode?: string) =>
  api.post<EnrollmentRow>(`/app_enrollment/enroll/${encodeURIComponent(classid)}`, { courseid, classid, ...(regcode ? { regcode } : {}) });

export const saveEnrollment = (body: { _id?: string; user?: string; classid?: string; description?: string; regdate?: string; completed?: string }) =>
  api.post<EnrollmentRow>('/app_enrollment/save', body);

export const removeEnrollment = (_id: string) => api.post<{ ok: boolean; _id: string }>('/app_enrollment/remove', { _id });

/** The reply of viewed / unview: the enrolment's figures and the one lesson written. */

let refetchTimer: ReturnType<typeof setTimeout> | undefined;
/** Refetches every enrolment list a moment after the last progress write (writes come in bursts). */
export function invalidateEnrollments(delayMs = 800): void {
  clearTimeout(refetchTimer);
  const run = () => { void queryClient.invalidateQueries({ queryKey: [ENROLLMENTS_KEY] }); };
  if (delayMs <= 0) run();
  else refetchTimer = setTimeout(run, delayMs);
}

/** Folds a progress reply into the cached list of its user, so ticks and figures follow at once. */
export function applyProgress(reply: ProgressReply): void {
  // The reply carries every figure of the enrolment that can change, so a list that holds the row is
  // complete without asking again; only a list without it is refetched.
  const had = !!queryClient.getQueryData<EnrollmentRow[]>([ENROLLMENTS_KEY, reply.user])?.some((e) => e._id === reply._id);
  queryClient.setQueryData<EnrollmentRow[]>([ENROLLMENTS_KEY, reply.user], (list) => list?.map((e) => (e._id !== reply._id ? e : {
    ...e,
    progress: { ...e.progress, ...reply.progress },
    percentcomplete: reply.percentcomplete ?? e.percentcomplete,
    completed: reply.completed ?? e.completed,
    exampassed: reply.exampassed ?? e.exampassed,
    certificate: reply.certificate ?? e.certificate,
  })));
  if (!had) invalidateEnrollments();
}

/** Replaces one enrolment in the cached list of its user (quiz and exam replies carry the whole row). */
export function applyEnrollment(row: EnrollmentRow): void {
  queryClient.setQueryData<EnrollmentRow[]>([ENROLLMENTS_KEY, row.user], (list) => {
    if (!list) return list;
    return list.some((e) => e._id === row._id) ? list.map((e) => (e._id === row._id ? { ...e, ...row } : e)) : [...list, row];
  });
  invalidateEnrollments();
}

/** YYYY-MM-DD of an ISO time (spec: dates are shown as YYYY-MM-DD). */
export const day = (iso: string | undefined | null) => (iso ? iso.slice(0, 10) : '');

/**
 * The same, isolated left to right for use inside a sentence: after Arabic text the digits would
 * otherwise be reordered (2026-11-22 shown as 22-11-2026).
 */
export const dayInText = (iso: string | undefined | null) => (iso ? `\u2066${iso.slice(0, 10)}\u2069` : '');

export type { EnrollmentRow, ProgressReply };
