/** Lesson viewer requests: one lesson with its materials, progress writes, quiz and exam submissions. */
import type { QuizQuestion } from '../../../domain/types.ts';
import { MSG } from '../../../domain/messages.ts';
import { api, ApiError } from '../../lib/api.ts';
import { sleep } from '../../lib/paths.ts';
import type { ProgressReply } from '../../lib/data/enrollment.ts';
import type { QuizReply } from '../../../domain/replies-learner.ts';

export type { QuizReply };
import { newClientId, sendOrQueue } from '../../lib/offline/queue.ts';

/** Sends again after a dropped connection or a server hiccup; the writes are safe to repeat. */
async function withRetry<T>(send: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await send();
    } catch (err) {
      const transient = err instanceof ApiError && (err.status === 0 || err.status >= 500);
      if (!transient || i >= tries) throw err;
      await sleep(400 * i);
    }
  }
}

export interface ViewTarget {
  user: string;
  classid: string;
  lessonid: string;
  course: string;
  materialid?: string;
}

// Offline, both are kept on the device and sent later (SavedOnDevice is thrown); each sets a state, so a resend is harmless.
export const recordViewed = (t: ViewTarget) =>
  sendOrQueue({ kind: 'viewed', path: '/app_enrollment/viewed', body: { ...t }, clientid: newClientId() }, () =>
    withRetry(() => api.post<ProgressReply>('/app_enrollment/viewed', t)),
  );
export const recordUnviewed = (t: Omit<ViewTarget, 'materialid'>) =>
  sendOrQueue({ kind: 'unviewed', path: '/app_enrollment/unview', body: { ...t }, clientid: newClientId() }, () =>
    withRetry(() => api.post<ProgressReply>('/app_enrollment/unview', t)),
  );

export interface Submission {
  kind: 'quiz' | 'exam';
  _id: string;
  user: string;
  classid: string;
  courseid: string;
  lessonid: string;
  answers: string[];
  /** One id per attempt: a resent request with the same id is recorded once. */
  attempt: string;
}

export function submitAnswers(s: Submission): Promise<QuizReply> {
  const body = {
    _id: s._id,
    user: s.user,
    classid: s.classid,
    courseid: s.courseid,
    answers: s.answers,
    attempt: s.attempt,
    ...(s.kind === 'exam' ? { lessonid: s.lessonid } : {}),
  };
  const send = () => withRetry(() => api.post<QuizReply>(`/app_enrollment/${s.kind}`, body));
  // A quiz taken offline is graded when it reaches the server; its attempt id makes the resend count once.
  // The exam is never queued: it needs the server's rules and clock.
  if (s.kind === 'exam') return send();
  return sendOrQueue({ kind: 'quiz', path: '/app_enrollment/quiz', body, clientid: s.attempt }, send, MSG.quizSavedOnDevice);
}

/** The course's exam questions; the server adds the right answers for admins only (Fill Answers). */
/** The exam's questions with their answers (admins). Spec 8: without a course nothing is asked, only logged. */
export async function examQuestions(course: string | undefined): Promise<QuizQuestion[]> {
  if (!course) {
    console.error(MSG.examNoCourse);
    return [];
  }
  return api.post<QuizQuestion[]>('/app_materials/exam', { course, isAdmin: true });
}

/** A new attempt id (crypto.randomUUID needs a secure context; fall back to random bytes). */
export function newAttemptId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}
