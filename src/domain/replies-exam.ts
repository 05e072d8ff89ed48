/**
 * Replies of the exam calls (status and history, start or resume, autosave, submit, the gradebook and a
 * learner's attempts): the server's routes answer with these types and the web app reads the same ones.
 */

/** An attempt is in progress until it is submitted, or closed by the server's clock at its time limit. */
export type AttemptState = 'inprogress' | 'submitted' | 'expired';

export interface AttemptView {
  _id: string;
  number: number;
  state: AttemptState;
  started: string;
  deadline?: string;
  finished?: string;
  saved?: string;
  seq: number;
  servertime: string;
  timelimit?: number;
  material: string;
  lessonid: string;
  classid: string;
  courseid: string;
  questions: { question: string; answers: string[] }[];
  answers: string[];
  /** Null in the stored row while the attempt is in progress; a finished attempt always has them. */
  score?: number | null;
  possible?: number | null;
  percent?: number | null;
  passed?: boolean;
  passpercent?: number;
  correctanswers?: string[];
  resumed?: boolean;
  completed?: string;
  certificate?: string;
}

export interface AttemptSummary {
  _id: string;
  number: number;
  state: string;
  started: string;
  finished?: string;
  score?: number;
  possible?: number;
  percent?: number;
  passed?: boolean;
}

export interface ExamStatus {
  _id: string;
  classid: string;
  courseid: string;
  servertime: string;
  rules: {
    maxattempts: number;
    waithours: number;
    showanswers: string;
    drawcount: number | null;
    timelimit: number | null;
    questions: number;
    pool: number;
  };
  allowed: number | null;
  used: number;
  remaining: number | null;
  canstart: boolean;
  granted: boolean;
  reason?: 'used' | 'wait';
  nextopens?: string;
  message?: string;
  passed: boolean;
  passpercent: number;
  open?: AttemptView;
  attempts: AttemptSummary[];
}

export interface GradebookRow {
  _id: string;
  user: string;
  firstname: string;
  lastname: string;
  email: string;
  classid: string;
  classname?: string;
  quizzes: Record<string, { best: number; last: number; attempts: number }>;
  exam?: {
    attempts: number;
    allowed: number | null;
    granted: number;
    best?: number;
    last?: number;
    passed: boolean;
    inprogress: boolean;
    lastdate?: string;
  };
  percentcomplete: number;
  completed?: string;
  certificate: boolean;
  certcode?: string;
}

export interface Gradebook {
  course: string;
  coursetitle: string;
  classes: { _id: string; name: string }[];
  quizzes: { _id: string; title: string; lesson: string }[];
  exam?: { _id: string; title: string; lesson: string };
  rows: GradebookRow[];
}

export interface LearnerAttempts {
  user: { _id: string; firstname: string; lastname: string; email: string };
  classid: string;
  attempts: (AttemptSummary & {
    deadline?: string;
    granted: boolean;
    questions: { question: string; answers: string[]; answer: string; correct: string }[];
  })[];
  grants: { _id: string; created: string; grantedby: string; reason?: string; used: boolean }[];
}
