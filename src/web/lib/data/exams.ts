/** Exam attempts on the server: status and history, start or resume, autosave, submit; grants and the gradebook. */
import { api } from '../api.ts';

export interface AttemptView {
  _id: string; number: number; state: 'inprogress' | 'submitted' | 'expired'; started: string; deadline?: string; finished?: string;
  saved?: string; seq: number; servertime: string; timelimit?: number; material: string; lessonid: string; classid: string; courseid: string;
  questions: { question: string; answers: string[] }[]; answers: string[];
  score?: number; possible?: number; percent?: number; passed?: boolean; passpercent?: number; correctanswers?: string[];
  resumed?: boolean; completed?: string; certificate?: string;
}

export interface AttemptSummary {
  _id: string; number: number; state: string; started: string; finished?: string; score?: number; possible?: number; percent?: number; passed?: boolean;
}

export interface ExamStatus {
  _id: string; classid: string; courseid: string; servertime: string;
  rules: { maxattempts: number; waithours: number; showanswers: string; drawcount: number | null; timelimit: number | null; questions: number; pool: number };
  allowed: number | null; used: number; remaining: number | null; canstart: boolean; granted: boolean; reason?: 'used' | 'wait';
  nextopens?: string; message?: string; passed: boolean; passpercent: number; open?: AttemptView; attempts: AttemptSummary[];
}

export const examStatusKey = (material: string, classid: string) => ['exam-status', material, classid] as const;
export const examStatus = (material: string, classid: string) => api.post<ExamStatus>('/app_enrollment/attempts', { _id: material, classid });
export const startExam = (b: { _id: string; classid: string; courseid: string; lessonid: string }) => api.post<AttemptView>('/app_enrollment/attempt/start', b);
export const getAttempt = (attemptid: string) => api.post<AttemptView>('/app_enrollment/attempt/get', { attemptid });
export const saveExamAnswers = (attemptid: string, answers: string[], seq: number) =>
  api.post<{ ok: boolean; saved: boolean }>('/app_enrollment/attempt/save', { attemptid, answers, seq });
export const submitExam = (attemptid: string, answers?: string[]) => api.post<AttemptView>('/app_enrollment/attempt/submit', { attemptid, answers });

export interface GradebookRow {
  _id: string; user: string; firstname: string; lastname: string; email: string; classid: string; classname?: string;
  quizzes: Record<string, { best: number; last: number; attempts: number }>;
  exam?: { attempts: number; allowed: number | null; granted: number; best?: number; last?: number; passed: boolean; inprogress: boolean; lastdate?: string };
  percentcomplete: number; completed?: string; certificate: boolean; certcode?: string;
}
export interface Gradebook {
  course: string; coursetitle: string; classes: { _id: string; name: string }[];
  quizzes: { _id: string; title: string; lesson: string }[]; exam?: { _id: string; title: string; lesson: string }; rows: GradebookRow[];
}
export const gradebookOf = (scope: { classid?: string; course?: string }) => api.post<Gradebook>('/app_enrollment/gradebook', scope);
export const grantAttempt = (b: { classid: string; user: string; reason?: string }) =>
  api.post<{ ok: boolean; allowed: number | null; used: number }>('/app_enrollment/grantAttempt', b);

export interface LearnerAttempts {
  user: { _id: string; firstname: string; lastname: string; email: string }; classid: string;
  attempts: (AttemptSummary & { deadline?: string; granted: boolean; questions: { question: string; answers: string[]; answer: string; correct: string }[] })[];
  grants: { _id: string; created: string; grantedby: string; reason?: string; used: boolean }[];
}
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
