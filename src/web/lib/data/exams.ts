/** Exam attempts on the server: status and history, start or resume, autosave, submit; grants and the gradebook. */
import { api } from '../api.ts';
import type { AttemptView, ExamStatus, Gradebook, LearnerAttempts } from '../../../domain/replies-exam.ts';
import { EXAM_STATUS_URL } from '../../../domain/first-calls.ts';

export type { AttemptView, ExamStatus, Gradebook, GradebookRow, LearnerAttempts } from '../../../domain/replies-exam.ts';

export const examStatusKey = (material: string, classid: string) => ['exam-status', material, classid] as const;
export const examStatus = (material: string, classid: string) => api.post<ExamStatus>(EXAM_STATUS_URL, { _id: material, classid });
export const startExam = (b: { _id: string; classid: string; courseid: string; lessonid: string }) => api.post<AttemptView>('/app_enrollment/attempt/start', b);
export const getAttempt = (attemptid: string) => api.post<AttemptView>('/app_enrollment/attempt/get', { attemptid });
export const saveExamAnswers = (attemptid: string, answers: string[], seq: number) =>
  api.post<{ ok: boolean; saved: boolean }>('/app_enrollment/attempt/save', { attemptid, answers, seq });
export const submitExam = (attemptid: string, answers?: string[]) => api.post<AttemptView>('/app_enrollment/attempt/submit', { attemptid, answers });

export const gradebookOf = (scope: { classid?: string; course?: string }) => api.post<Gradebook>('/app_enrollment/gradebook', scope);
export const grantAttempt = (b: { classid: string; user: string; reason?: string }) =>
  api.post<{ ok: boolean; allowed: number | null; used: number }>('/app_enrollment/grantAttempt', b);

export const learnerAttempts = (classid: string, user: string) => api.post<LearnerAttempts>('/app_enrollment/learnerAttempts', { classid, user });

/** A date and time (YYYY-MM-DD HH:mm) in the reader's time zone; it stays left to right in Arabic. */
export function dateTimeText(iso: string | undefined, _lang?: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return `\u2066${iso.slice(0, 16).replace('T', ' ')}\u2069`;
  // The product writes dates as YYYY-MM-DD; the time is the reader's own. Isolated, so it reads left to right in Arabic.
  const two = (n: number) => String(n).padStart(2, '0');
  return `\u2066${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}\u2069`;
}
