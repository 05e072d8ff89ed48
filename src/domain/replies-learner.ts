/**
 * Replies of learner-facing calls whose shape was written once in the route and again in the screen that
 * reads it: declared here, the route answers `satisfies` the type and the screen reads the same one.
 */
import type { Course, EnrollmentRow, LessonProgress } from './types.ts';

/** A message for the status area, as many calls answer it. */
export interface InfoMessage {
  message: string;
}
/** A call whose answer is at most a message to show (register, confirm an address, password reset). */
export interface InfoReply {
  info?: InfoMessage;
}

/** GET /app_certificates/verify/{code}: a completed course's certificate, found by its code. */
export interface CertificateVerification {
  valid: boolean;
  code: string;
  /** '' for a removed account whose name the site does not keep. */
  name: string;
  course: string;
  courseid: string;
  completed: string;
  hours?: string;
  organisation: string;
}

/** /app_courses/copy: the new language version and how much was copied into it. */
export interface CourseCopyReply {
  course: Course;
  lessons: number;
  materials: number;
}

/** /app_enrollment/viewed and /app_enrollment/unviewed: the enrolment's figures and the lesson's progress after the write. */
export interface ProgressReply {
  _id: string;
  user: string;
  course: string;
  classid: string;
  lessonid: string;
  percentcomplete?: number;
  completed?: string;
  exampassed?: boolean;
  progress: Record<string, LessonProgress>;
  certificate?: string;
}

/** /app_enrollment/quiz and /app_enrollment/exam: the graded submission, the lesson's progress and the enrolment after it. */
export interface QuizReply {
  score: number;
  possible: number;
  percent: number;
  passed: boolean;
  passpercent: number;
  answers: string[];
  correctanswers: string[];
  quizdate?: string;
  recorded?: boolean;
  _id: string;
  lessonid: string;
  classid: string;
  courseid: string;
  progress?: LessonProgress;
  exampassed?: boolean;
  examdate?: string;
  completed?: string;
  percentcomplete?: number;
  enrollment?: EnrollmentRow;
}

/** Where a requested export stands: queued, being built, ready to fetch, failed or past its expiry. */
export type ExportStatus = 'queued' | 'running' | 'ready' | 'failed' | 'expired';

/** POST /app_privacy/status: the learner's latest export (while it can be fetched) and pending deletion. */
export interface PrivacyState {
  export: {
    status: ExportStatus;
    created: string;
    ready: string | null;
    expires: string | null;
  } | null;
  deletion: { requested: string; due: string } | null;
  privacyaccepted: string | null;
  privacyversion: string | null;
}
/** POST /app_privacy/export: a small export is ready at once (`url`); a large one is queued. */
export interface ExportReply extends PrivacyState {
  status: 'ready' | 'queued';
  url?: string;
  info: InfoMessage;
}
/** POST /app_privacy/delete. `deleted`: the site has no grace period and the account is already gone. */
export interface DeleteReply {
  info: InfoMessage;
  deletion: { requested: string; due: string };
  deleted?: boolean;
}
