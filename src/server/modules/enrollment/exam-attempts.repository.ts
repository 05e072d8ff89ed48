/**
 * Exam attempts as server records (Moodle's attempt model): an attempt is started on the server, holds
 * the questions the learner was shown (drawn from the pool, answers shuffled) with their right letters,
 * collects autosaved answers, and ends once: submitted by the learner, or expired and graded at its time
 * limit. Every state change runs after the enrolment row is locked, so two tabs, two devices or a sweep
 * racing a submit give one result. The attempt rules (attempts, wait, answers shown) are checked here.
 */
import crypto from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { durableTransaction, engineOfDb, type Db } from '../../db/database.ts';
import type { Database, ExamAttemptsTable, MaterialsTable } from '../../db/schema.ts';
import { bool, fromBool, fromJson, json, jsonArrayLength } from '../../db/dialect.ts';
import { prepared } from '../../db/prepared.ts';
import { inOneTrip } from '../../db/one-trip.ts';
import { ANSWER_LETTERS } from '../../../domain/constants.ts';
import type { AttemptState } from '../../../domain/replies-exam.ts';
import type { QuizQuestion, SiteConfig } from '../../../domain/types.ts';
import { lockEnrollment, lockStatement, writeAttempt, type AttemptResult, type Graded, type Locked } from './enrollment.repository.ts';
import { correctLetter, grade } from './quiz.grading.ts';

type Trx = Transaction<Database>;

export type ShowAnswers = 'never' | 'afterpassing';
export interface ExamRules {
  /** 0: no limit. */
  maxattempts: number;
  /** Hours from the end of one attempt to the start of the next; 0: none. */
  waithours: number;
  showanswers: ShowAnswers;
  /** Questions asked per attempt, drawn from the pool; null: all of them. */
  drawcount: number | null;
  /** Minutes per attempt; null: no limit. */
  timelimit: number | null;
}

/** The exam's own rules over the site's defaults (3 attempts, 24 hours apart, answers never shown). */
export function rulesOf(
  m: Pick<MaterialsTable, 'drawcount' | 'timelimit' | 'maxattempts' | 'waithours' | 'showanswers'>,
  config: Partial<SiteConfig>,
): ExamRules {
  const n = (v: unknown, fallback: number) =>
    v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? fallback : Number(v);
  const show = m.showanswers ?? config.examshowanswers ?? 'never';
  return {
    maxattempts: n(m.maxattempts, n(config.examattempts, 3)),
    waithours: n(m.waithours, n(config.examwaithours, 24)),
    showanswers: show === 'afterpassing' ? 'afterpassing' : 'never',
    drawcount: m.drawcount ? Number(m.drawcount) : null,
    timelimit: m.timelimit ? Number(m.timelimit) : null,
  };
}

/** Whether a learner may see the right answers of an attempt. */
export const keyShown = (rules: ExamRules, passed: boolean) => rules.showanswers === 'afterpassing' && passed;

/** One question as the learner saw it: its place in the pool, its text, its answers in the shown order, and the right letter. */
export interface ShownQuestion {
  q: number;
  question: string;
  answers: string[];
  correct: string;
}

/** A uniform shuffle (Fisher-Yates) with the system's random source. */
function shuffled<T>(items: T[], rand: (n: number) => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = rand(i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/**
 * Draws `drawcount` questions of the pool (all when null or larger) and, when `shuffle`, puts the
 * questions and each question's answers in a random order. The right letter follows its answer.
 */
export function drawQuestions(
  pool: QuizQuestion[],
  drawcount: number | null,
  shuffle = true,
  rand: (n: number) => number = crypto.randomInt,
): ShownQuestion[] {
  const indexes = pool.map((_, i) => i);
  const n = drawcount && drawcount < pool.length ? drawcount : pool.length;
  const picked = shuffle || n < pool.length ? shuffled(indexes, rand).slice(0, n) : indexes;
  if (!shuffle) picked.sort((a, b) => a - b);
  return picked.map((qi) => {
    const src = pool[qi]!;
    const answers = src.answers.slice(0, ANSWER_LETTERS.length);
    const order = shuffle
      ? shuffled(
          answers.map((_, i) => i),
          rand,
        )
      : answers.map((_, i) => i);
    const right = correctLetter(src);
    const rightIndex = right ? ANSWER_LETTERS.indexOf(right as (typeof ANSWER_LETTERS)[number]) : -1;
    const shownRight = order.indexOf(rightIndex);
    return {
      q: qi,
      question: src.question,
      answers: order.map((i) => answers[i]!),
      correct: shownRight >= 0 ? ANSWER_LETTERS[shownRight]! : '',
    };
  });
}

/** Grades answers against what was shown (letters of the shown order). */
export function gradeShown(shown: ShownQuestion[], answers: string[], passPercent: number): Graded {
  const questions: QuizQuestion[] = shown.map((s) => ({
    question: s.question,
    answers: s.answers,
    iscorrect: s.correct ? ANSWER_LETTERS.indexOf(s.correct as (typeof ANSWER_LETTERS)[number]) + 1 : 0,
  }));
  return grade(questions, answers, passPercent);
}

export const shownOf = (row: Pick<ExamAttemptsTable, 'questions'>) => fromJson<ShownQuestion[]>(row.questions, []);
export const answersOf = (row: Pick<ExamAttemptsTable, 'answers'>) => fromJson<string[]>(row.answers, []);

/** What the rules allow next for one learner and one exam. */
export interface AttemptStatus {
  attempts: ExamAttemptsTable[];
  open?: ExamAttemptsTable;
  /** Attempts allowed so far (the rule's plus those granted); null: no limit. */
  allowed: number | null;
  used: number;
  canstart: boolean;
  /** Starting now needs (and would take) this granted attempt. */
  grant?: string;
  /** Why not: every attempt used, or the wait not over. */
  reason?: 'used' | 'wait';
  /** When the next attempt opens, while waiting. */
  nextopens?: string;
  passed: boolean;
}

// The reads of every exam status and start, compiled once (prepared.ts).
const attemptsOf = prepared((db: Db, v: { enrollmentId: string; material: string }) =>
  db
    .selectFrom('exam_attempts')
    .selectAll()
    .where('enrollmentId', '=', v.enrollmentId)
    .where('material', '=', v.material)
    .orderBy('number'),
);
const grantsOf = prepared((db: Db, v: { enrollmentId: string; material: string }) =>
  db
    .selectFrom('exam_grants')
    .select(['id', 'usedby', 'created'])
    .where('enrollmentId', '=', v.enrollmentId)
    .where('material', '=', v.material)
    .orderBy('created')
    .orderBy('id'),
);

/** The attempts granted to a learner for an exam: how many, how many used, and the first still unused. */
export interface Grants {
  total: number;
  used: number;
  unused: string | null;
}

/**
 * `grants`, when the caller read them already (the exam's target read carries them), saves reading
 * them again; inside a start's transaction they are read under the enrolment's lock.
 */
export async function attemptStatus(
  db: Db | Trx,
  enrollmentId: string,
  material: string,
  rules: ExamRules,
  at: string,
  grants?: Grants,
): Promise<AttemptStatus> {
  const key = { enrollmentId, material };
  const [{ rows: attempts }, g] = await Promise.all([attemptsOf(db, key), grants ?? readGrants(db, key)]);
  return statusFrom(attempts, g, rules, at);
}

async function readGrants(db: Db | Trx, key: { enrollmentId: string; material: string }): Promise<Grants> {
  const { rows } = await grantsOf(db, key);
  return { total: rows.length, used: rows.filter((r) => r.usedby).length, unused: rows.find((r) => !r.usedby)?.id ?? null };
}

/** No attempt granted: what the rules alone allow. */
const NO_GRANTS: Grants = { total: 0, used: 0, unused: null };

function statusFrom(attempts: ExamAttemptsTable[], g: Grants, rules: ExamRules, at: string): AttemptStatus {
  const open = attempts.find((a) => a.state === 'inprogress');
  const used = attempts.length;
  const allowed = rules.maxattempts === 0 ? null : rules.maxattempts + g.total;
  const passed = attempts.some((a) => fromBool(a.passed));
  const status: AttemptStatus = { attempts, open, allowed, used, canstart: true, passed };
  if (open) return status;
  const withinRule = rules.maxattempts === 0 || used < rules.maxattempts + g.used;
  const lastEnd = attempts.reduce<string | null>((m, a) => (a.finished && (!m || a.finished > m) ? a.finished : m), null);
  const waitEnds = lastEnd && rules.waithours > 0 ? new Date(Date.parse(lastEnd) + rules.waithours * 3_600_000).toISOString() : null;
  const waited = !waitEnds || at >= waitEnds;
  if (withinRule && waited) return status;
  // A granted attempt adds one to the limit and lifts the wait.
  if (g.unused) return { ...status, grant: g.unused };
  if (!withinRule) return { ...status, canstart: false, reason: 'used' };
  return { ...status, canstart: false, reason: 'wait', nextopens: waitEnds! };
}

export interface AttemptTarget {
  enrollment: { id: string; user: string; course: string; classid: string };
  lesson: string;
  material: Pick<MaterialsTable, 'id' | 'quiz' | 'drawcount' | 'timelimit' | 'maxattempts' | 'waithours' | 'showanswers'>;
  rules: ExamRules;
  passpercent: number;
}

export class AttemptRefused extends Error {
  readonly status: AttemptStatus;
  constructor(status: AttemptStatus) {
    super(status.reason ?? 'refused');
    this.status = status;
  }
}

/**
 * Gives the learner's open attempt (closing it first when its time is up), or starts a new one when
 * the rules allow (throws AttemptRefused when they do not). `shuffle` false keeps the stored order, for
 * the spec's one-call submit.
 *
 * Most starts find no attempt open and the rules alone allowing one: the attempt is then one insert
 * numbered after those read, and the unique number (enrollment, exam, number) decides between two
 * starts racing from the same read, since each would take the same number. Anything else (an attempt to
 * resume or close, a grant needed, a refusal, or the race lost) is decided under the enrolment's lock.
 */
export async function startAttempt(
  db: Db,
  t: AttemptTarget,
  at: string,
  shuffle = true,
): Promise<{ attempt: ExamAttemptsTable; resumed: boolean }> {
  const key = { enrollmentId: t.enrollment.id, material: t.material.id };
  const seen = (await attemptsOf(db, key)).rows;
  const status = statusFrom(seen, NO_GRANTS, t.rules, at);
  if (!status.open && status.canstart) {
    const row = newAttempt(t, seen.length + 1, at, shuffle, null);
    const { rows } = await insertUnlessNumbered(db, row);
    if (rows.length) return { attempt: row, resumed: false };
  }
  return lockedStart(db, t, at, shuffle);
}

/** A new attempt's row: the questions drawn (and shuffled) from the pool, its deadline from the time limit. */
function newAttempt(t: AttemptTarget, number: number, at: string, shuffle: boolean, grant: string | null): ExamAttemptsTable {
  const pool = fromJson<QuizQuestion[]>(t.material.quiz, []);
  return {
    id: crypto.randomUUID(),
    enrollmentId: t.enrollment.id,
    user: t.enrollment.user,
    course: t.enrollment.course,
    classid: t.enrollment.classid,
    lesson: t.lesson,
    material: t.material.id,
    kind: 'exam',
    number,
    state: 'inprogress',
    started: at,
    deadline: t.rules.timelimit ? new Date(Date.parse(at) + t.rules.timelimit * 60_000).toISOString() : null,
    finished: null,
    questions: json(drawQuestions(pool, t.rules.drawcount, shuffle)),
    answers: '[]',
    seq: 0,
    saved: null,
    score: null,
    possible: null,
    percent: null,
    passed: null,
    grant,
  };
}

// The start's insert, compiled once (prepared.ts): nothing when another start took the number first.
// Every column is named, since the values given while compiling are stand-ins for each key.
type AttemptValues = { [K in keyof ExamAttemptsTable]: ExamAttemptsTable[K] };
const insertUnlessNumbered = prepared((db: Db, v: AttemptValues) =>
  db
    .insertInto('exam_attempts')
    .values({
      id: v.id,
      enrollmentId: v.enrollmentId,
      user: v.user,
      course: v.course,
      classid: v.classid,
      lesson: v.lesson,
      material: v.material,
      kind: v.kind,
      number: v.number,
      state: v.state,
      started: v.started,
      deadline: v.deadline,
      finished: v.finished,
      questions: v.questions,
      answers: v.answers,
      seq: v.seq,
      saved: v.saved,
      score: v.score,
      possible: v.possible,
      percent: v.percent,
      passed: v.passed,
      grant: v.grant,
    } satisfies AttemptValues)
    .onConflict((oc) => oc.columns(['enrollmentId', 'material', 'number']).doNothing())
    .returning('id'),
);

/** A start decided under the enrolment's lock, with the attempts and grants read under it. */
function lockedStart(db: Db, t: AttemptTarget, at: string, shuffle: boolean): Promise<{ attempt: ExamAttemptsTable; resumed: boolean }> {
  // Durable: starting may first grade an attempt whose time ran out, which is a result the learner earned.
  return durableTransaction(db, async (trx) => {
    const locked = await lockEnrollment(trx, t.enrollment.id, at);
    if (!locked) throw new Error(`enrolment ${t.enrollment.id} is gone`);
    const key = { enrollmentId: t.enrollment.id, material: t.material.id };
    let attempts = (await attemptsOf(trx, key)).rows;
    const overdue = attempts.filter((a) => isOverdue(a, at));
    if (overdue.length) {
      await closeRowsIn(trx, locked, overdue, t.passpercent, t.rules);
      attempts = (await attemptsOf(trx, key)).rows;
    }
    // An open attempt is resumed and most starts are allowed by the rules alone; the grants are read
    // (under the lock) only when a start needs one, or to say why not.
    let status = statusFrom(attempts, NO_GRANTS, t.rules, at);
    if (!status.open && !status.canstart) status = statusFrom(attempts, await readGrants(trx, key), t.rules, at);
    if (status.open) return { attempt: status.open, resumed: true };
    if (!status.canstart) throw new AttemptRefused(status);
    const grant = status.grant;
    const row = newAttempt(t, attempts.length + 1, at, shuffle, grant ?? null);
    await trx.insertInto('exam_attempts').values(row).execute();
    if (grant) await trx.updateTable('exam_grants').set({ usedby: row.id }).where('id', '=', grant).execute();
    return { attempt: row, resumed: false };
  });
}

/**
 * Autosave, in one statement that checks all a save needs: the learner's own attempt (`attempt.user`),
 * still open and in time, their enrolment still there, no more answers than questions shown, and newer
 * than the last save of the same tab. Gives the attempt's deadline when saved; undefined when anything
 * differs, and the caller reads the attempt to say what. Autosaves are most of an exam's requests.
 */
export async function saveAnswers(
  db: Db,
  attempt: Pick<ExamAttemptsTable, 'id' | 'user'>,
  answers: string[],
  seq: number | undefined,
  at: string,
): Promise<{ deadline: string | null } | undefined> {
  const values = { id: attempt.id, user: attempt.user, answers: json(answers), count: answers.length, at };
  const { rows } = seq === undefined ? await saveNext(db, values) : await saveNumbered(db, { ...values, seq });
  return rows[0];
}

// A type, not an interface: prepared() takes its values as a record.
type SaveValues = {
  id: string;
  user: string;
  /** The answers as stored (JSON text). */
  answers: string;
  count: number;
  at: string;
};
/** Autosave's update, compiled once per form (prepared.ts): a numbered save, or the next number. */
function saveQuery(db: Db, v: SaveValues) {
  return db
    .updateTable('exam_attempts')
    .set({ answers: v.answers, saved: v.at })
    .where('id', '=', v.id)
    .where('user', '=', v.user)
    .where('state', '=', 'inprogress')
    .where((eb) => eb.or([eb('deadline', 'is', null), eb('deadline', '>', v.at)]))
    .where(jsonArrayLength(engineOfDb(db), 'questions'), '>=', v.count)
    .where((eb) => eb.exists(eb.selectFrom('enrollments as e').select('e.id').whereRef('e.id', '=', 'exam_attempts.enrollmentId')));
}
const saveNumbered = prepared((db: Db, v: SaveValues & { seq: number }) =>
  saveQuery(db, v).set({ seq: v.seq }).where('seq', '<', v.seq).returning('deadline'),
);
const saveNext = prepared((db: Db, v: SaveValues) =>
  saveQuery(db, v)
    .set((eb) => ({ seq: eb('seq', '+', 1) }))
    .returning('deadline'),
);

export interface Closed {
  attempt: ExamAttemptsTable;
  result: AttemptResult;
  graded: Graded;
  /** The enrolment's exam and completion figures after the close. */
  enrollment: Locked;
}

/**
 * Ends an open attempt inside the caller's transaction, which holds the enrolment's lock (`locked`, as
 * lockEnrollment gave it and earlier closes in the same transaction left it): grades the answers against
 * what was shown and records the result as a quiz attempt, the lesson's result and the exam flags.
 * Gives undefined when the attempt was no longer open (submitted elsewhere, or expired).
 */
async function closeIn(
  trx: Trx,
  locked: Locked,
  row: ExamAttemptsTable,
  state: 'submitted' | 'expired',
  answers: string[],
  at: string,
  passpercent: number,
  rules: ExamRules,
  clientKey?: string,
): Promise<Closed | undefined> {
  const { graded, closing } = closingOf(row, state, answers, at, passpercent);
  const stored = (await closeAttempt(trx, closing)).rows[0];
  return stored && recordClosed(trx, locked, row, stored, graded, at, rules, clientKey);
}

/** An attempt's answers graded against what was shown, and the attempt's row as closing it leaves it. */
function closingOf(row: ExamAttemptsTable, state: 'submitted' | 'expired', answers: string[], at: string, passpercent: number) {
  const graded = gradeShown(shownOf(row), answers, passpercent);
  const closing: Closing = {
    id: row.id,
    state,
    finished: at,
    answers: json(graded.answers),
    score: graded.score,
    possible: graded.possible,
    percent: graded.percent,
    passed: bool(graded.passed),
  };
  return { graded, closing };
}

/** Records a closed attempt's result as a quiz attempt, the lesson's result and the exam flags. */
async function recordClosed(
  trx: Trx,
  locked: Locked,
  row: ExamAttemptsTable,
  stored: ExamAttemptsTable,
  graded: Graded,
  at: string,
  rules: ExamRules,
  clientKey?: string,
): Promise<Closed> {
  const result = await writeAttempt(
    trx,
    locked,
    {
      enrollment: { id: row.enrollmentId, user: row.user, course: row.course, classid: row.classid },
      lesson: row.lesson,
      material: row.material,
      kind: 'exam',
      graded,
      at,
      revealKey: keyShown(rules, graded.passed),
    },
    clientKey ?? `exam:${row.id}`,
    at,
  );
  return { attempt: stored, result, graded, enrollment: { ...locked } };
}

/** Every exam taken ends with it: compiled once. */
type Closing = Pick<ExamAttemptsTable, 'id' | 'state' | 'finished' | 'answers' | 'score' | 'possible' | 'percent' | 'passed'>;
const closeAttempt = prepared((db: Db, v: Closing) =>
  db
    .updateTable('exam_attempts')
    .set({
      state: v.state,
      finished: v.finished,
      answers: v.answers,
      score: v.score,
      possible: v.possible,
      percent: v.percent,
      passed: v.passed,
    })
    .where('id', '=', v.id)
    .where('state', '=', 'inprogress')
    .returningAll(),
);

/** Closes this learner's open attempts whose time is up, graded at their deadline with the answers saved by then. */
async function closeOverdueIn(
  trx: Trx,
  locked: Locked,
  enrollmentId: string,
  material: string,
  at: string,
  passpercent: () => number,
  rules: ExamRules,
) {
  const overdue = await trx
    .selectFrom('exam_attempts')
    .selectAll()
    .where('enrollmentId', '=', enrollmentId)
    .where('material', '=', material)
    .where('state', '=', 'inprogress')
    .where('deadline', 'is not', null)
    .where('deadline', '<=', at)
    .execute();
  return closeRowsIn(trx, locked, overdue, passpercent(), rules);
}

/** Whether an attempt is still open past its time limit. */
export const isOverdue = (a: Pick<ExamAttemptsTable, 'state' | 'deadline'>, at: string) =>
  a.state === 'inprogress' && !!a.deadline && a.deadline <= at;

/** Closes the given open attempts whose time is up, each graded at its deadline with the answers saved by then. */
async function closeRowsIn(trx: Trx, locked: Locked, overdue: ExamAttemptsTable[], passpercent: number, rules: ExamRules) {
  let completed: Completed | undefined;
  for (const row of overdue) {
    completed =
      completedBy(row, await closeIn(trx, locked, row, 'expired', answersOf(row), row.deadline!, passpercent, rules)) ?? completed;
  }
  return completed;
}

/** An enrolment that closing an attempt completed: its certificate notice is due once the write is committed. */
export interface Completed {
  user: string;
  course: string;
}
const completedBy = (row: ExamAttemptsTable, closed: Closed | undefined): Completed | undefined =>
  closed?.result.completedNow ? { user: row.user, course: row.course } : undefined;

export type SubmitOutcome = (
  { kind: 'submitted'; closed: Closed } | { kind: 'already'; attempt: ExamAttemptsTable } | { kind: 'expired'; attempt: ExamAttemptsTable }
) & { completed?: Completed };

/** Seconds after the deadline in which a submit sent in time (but slowed by the network) still counts. */
export const SUBMIT_GRACE_MS = 15_000;

/**
 * Submits an attempt once. A second submit (another tab, a retry after the first went through) gets
 * `already`; a submit after the time limit closes the attempt with the answers saved by the deadline.
 * `row` is the attempt as the caller read it just before: with the answers given and in time, the
 * close itself (an update of the attempt while still open) decides between this submit and another.
 */
export async function submitAttempt(
  db: Db,
  row: ExamAttemptsTable,
  answers: string[] | undefined,
  at: string,
  passpercent: number,
  rules: ExamRules,
  clientKey?: string,
): Promise<SubmitOutcome> {
  // A closed attempt never opens again.
  if (row.state !== 'inprogress') return { kind: 'already', attempt: row };
  const late = !!row.deadline && Date.parse(at) > Date.parse(row.deadline) + SUBMIT_GRACE_MS;
  // An exam result is what the learner earned: on disk before it is acknowledged, as a quiz's is.
  return durableTransaction(db, async (trx) => {
    const reread = () => trx.selectFrom('exam_attempts').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    if (!late && answers) {
      // The usual submit: the lock and the close go out together (the close waits for the lock in the
      // database as it would here), and whether the attempt was still open decides as below.
      const { graded, closing } = closingOf(row, 'submitted', answers, at, passpercent);
      const [lock, close] = await inOneTrip(trx, [lockStatement(trx, row.enrollmentId, at), closeAttempt.statement(trx, closing)]);
      const locked = lock.rows[0];
      if (!locked) throw new Error(`enrolment ${row.enrollmentId} is gone`);
      const stored = close.rows[0];
      if (!stored) return { kind: 'already', attempt: await reread() };
      const closed = await recordClosed(trx, locked, row, stored, graded, at, rules, clientKey);
      return { kind: 'submitted', closed, completed: completedBy(row, closed) };
    }
    const locked = await lockEnrollment(trx, row.enrollmentId, at);
    if (!locked) throw new Error(`enrolment ${row.enrollmentId} is gone`);
    // What was saved counts (no answers sent, or too late): read again under the lock, since an autosave
    // may have come after the caller's read.
    const current = await reread();
    if (current.state !== 'inprogress') return { kind: 'already', attempt: current };
    if (late) {
      const closed = await closeIn(trx, locked, current, 'expired', answersOf(current), current.deadline!, passpercent, rules);
      return { kind: 'expired', attempt: closed?.attempt ?? current, completed: completedBy(current, closed) };
    }
    const closed = await closeIn(trx, locked, current, 'submitted', answersOf(current), at, passpercent, rules, clientKey);
    if (!closed) return { kind: 'already', attempt: await reread() };
    return { kind: 'submitted', closed, completed: completedBy(current, closed) };
  });
}

/**
 * Closes one learner's overdue attempts (the lazy half of the time limit), for a caller that has seen
 * one (isOverdue): it locks the enrolment and reads them again under the lock.
 */
export async function closeOverdue(
  db: Db,
  enrollmentId: string,
  material: string,
  at: string,
  passpercent: number,
  rules: ExamRules,
): Promise<Completed | undefined> {
  return durableTransaction(db, async (trx) => {
    const locked = await lockEnrollment(trx, enrollmentId, at);
    if (!locked) return undefined;
    return closeOverdueIn(trx, locked, enrollmentId, material, at, () => passpercent, rules);
  });
}

/**
 * The periodic half of the time limit: every open attempt past its deadline, anywhere, is closed and
 * graded at its deadline, so an abandoned attempt ends even if nobody reads it. Gives the number closed.
 */
export async function sweepOverdue(
  db: Db,
  at: string,
  config: () => Promise<Partial<SiteConfig>>,
  onCompleted?: (c: Completed) => void,
): Promise<number> {
  const overdue = await db
    .selectFrom('exam_attempts')
    .innerJoin('materials', 'materials.id', 'exam_attempts.material')
    .select([
      'exam_attempts.enrollmentId',
      'exam_attempts.material',
      'materials.drawcount',
      'materials.timelimit',
      'materials.maxattempts',
      'materials.waithours',
      'materials.showanswers',
    ])
    // Spelled out, not a parameter, so that both engines can use the index of open attempts by deadline.
    .where('exam_attempts.state', '=', sql.lit('inprogress' satisfies AttemptState))
    .where('exam_attempts.deadline', 'is not', null)
    .where('exam_attempts.deadline', '<=', at)
    .limit(500)
    .execute();
  if (overdue.length === 0) return 0;
  const site = await config();
  const passpercent = Number(site.exampasspercent) || 80;
  for (const o of overdue) {
    const completed = await closeOverdue(db, o.enrollmentId, o.material, at, passpercent, rulesOf(o, site));
    if (completed) onCompleted?.(completed);
  }
  return overdue.length;
}

/** Grants one more attempt (the caller audits it). */
export async function grantAttempt(
  db: Db,
  enrollmentId: string,
  material: string,
  by: string,
  reason: string | undefined,
  at: string,
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto('exam_grants')
    .values({ id, enrollmentId, material, grantedby: by, reason: reason || null, created: at, usedby: null })
    .execute();
  return id;
}

/**
 * The class, the learner's enrolment in it (`enrollment` null when not enrolled) and the exam material
 * with its rules and the course of its lesson (`materialId` null when there is no such material), and
 * the attempts granted to the learner for it, in one read: the exam's status and start ask for all of
 * them on every call.
 */
export async function examTargetRow(db: Db, classid: string, enrollment: string, material: string) {
  return (await examTarget(db, { classid, enrollment, material })).rows[0];
}
const examTarget = prepared((db: Db, v: { classid: string; enrollment: string; material: string }) =>
  db
    .selectFrom('classes as c')
    .leftJoin('enrollments as e', (j) => j.on('e.id', '=', v.enrollment))
    .leftJoin('materials as m', (j) => j.on('m.id', '=', v.material))
    .select([
      'c.id',
      'c.course',
      'e.id as enrollment',
      'm.id as materialId',
      'm.lesson',
      'm.section',
      'm.quiz',
      'm.drawcount',
      'm.timelimit',
      'm.maxattempts',
      'm.waithours',
      'm.showanswers',
    ])
    .select((eb) => {
      const grants = () =>
        eb.selectFrom('exam_grants as g').where('g.enrollmentId', '=', v.enrollment).where('g.material', '=', v.material);
      return [
        // A lookup by key: as a join, PostgreSQL merged it with a scan of the lessons' key from the start.
        eb.selectFrom('lessons as l').select('l.course').whereRef('l.id', '=', 'm.lesson').as('lessonCourse'),
        grants()
          .select((g) => g.fn.countAll().as('n'))
          .as('grantsTotal'),
        grants()
          .where('g.usedby', 'is not', null)
          .select((g) => g.fn.countAll().as('n'))
          .as('grantsUsed'),
        grants().where('g.usedby', 'is', null).select('g.id').orderBy('g.created').orderBy('g.id').limit(1).as('grantUnused'),
      ];
    })
    .where('c.id', '=', v.classid),
);

/** The grants as the exam's target read counted them (counts come back as text or bigint on PostgreSQL). */
export const grantsOfTarget = (row: { grantsTotal: unknown; grantsUsed: unknown; grantUnused: string | null }): Grants => ({
  total: Number(row.grantsTotal ?? 0),
  used: Number(row.grantsUsed ?? 0),
  unused: row.grantUnused,
});

/**
 * An attempt with what every save and submit checks beside it, in one read: whether its enrolment
 * still exists (`enrolled`, null when not) and its material's rules (null when the material is gone).
 */
export async function attemptWithRules(db: Db, id: string) {
  return (await attemptAndRules(db, { id })).rows[0];
}
// Each beside-value a lookup by key rather than a join: SQLite runs the joined form several times
// slower (about 60 against 10 µs), and every submit makes this read.
const attemptAndRules = prepared((db: Db, v: { id: string }) =>
  db
    .selectFrom('exam_attempts as a')
    .selectAll('a')
    .select((eb) => {
      const rule = <C extends 'drawcount' | 'timelimit' | 'maxattempts' | 'waithours' | 'showanswers'>(c: C) =>
        eb.selectFrom('materials as m').select(`m.${c}`).whereRef('m.id', '=', 'a.material').as(c);
      return [
        eb.selectFrom('enrollments as e').select('e.id').whereRef('e.id', '=', 'a.enrollmentId').as('enrolled'),
        rule('drawcount'),
        rule('timelimit'),
        rule('maxattempts'),
        rule('waithours'),
        rule('showanswers'),
      ];
    })
    .where('a.id', '=', v.id),
);

/** An attempt read again after a change; the caller holds it, so a missing row is an error. */
export function reloadAttempt(db: Db, id: string) {
  return db.selectFrom('exam_attempts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** One learner's attempts in a class, oldest first, and the attempts granted to them. */
export function attemptsAndGrants(db: Db, enrollmentId: string) {
  return Promise.all([
    db.selectFrom('exam_attempts').selectAll().where('enrollmentId', '=', enrollmentId).orderBy('number').execute(),
    db.selectFrom('exam_grants').selectAll().where('enrollmentId', '=', enrollmentId).orderBy('created').execute(),
  ]);
}

/** What the gradebook of a course shows, for the given classes of it: rows as stored, combined by the caller. */
export async function gradebookRows(db: Db, course: string, classIds: string[]) {
  const [courseRow, materials, classes] = await Promise.all([
    db.selectFrom('courses').select(['id', 'title']).where('id', '=', course).executeTakeFirst(),
    db
      .selectFrom('materials')
      .innerJoin('lessons', 'lessons.id', 'materials.lesson')
      .select([
        'materials.id',
        'materials.title',
        'materials.section',
        'materials.lesson',
        'lessons.title as lessonTitle',
        'materials.drawcount',
        'materials.timelimit',
        'materials.maxattempts',
        'materials.waithours',
        'materials.showanswers',
      ])
      .where('lessons.course', '=', course)
      .where('materials.section', 'in', ['Quiz', 'Exam'])
      .orderBy('lessons.sortorder')
      .orderBy('lessons.order')
      .orderBy('lessons.id')
      .orderBy('materials.order')
      .orderBy('materials.id')
      .execute(),
    classIds.length ? db.selectFrom('classes').select(['id', 'name']).where('id', 'in', classIds).execute() : Promise.resolve([]),
  ]);
  const exam = materials.find((m) => m.section === 'Exam');
  const enrollments = classIds.length
    ? await db
        .selectFrom('enrollments')
        .innerJoin('users', 'users.id', 'enrollments.user')
        .select([
          'enrollments.id',
          'enrollments.user',
          'enrollments.classid',
          'enrollments.percentcomplete',
          'enrollments.completed',
          'enrollments.certcode',
          'enrollments.exampassed',
          'users.firstname',
          'users.lastname',
          'users.email',
        ])
        .where('enrollments.classid', 'in', classIds)
        .orderBy('users.lastname')
        .orderBy('users.firstname')
        .orderBy('enrollments.id')
        .execute()
    : [];
  const ids = enrollments.map((e) => e.id);
  const [quizRows, examRows, grantRows] = ids.length
    ? await Promise.all([
        db
          .selectFrom('quiz_attempts')
          .select(['enrollmentId', 'material', 'percent', 'created'])
          .where('kind', '=', 'quiz')
          .where('enrollmentId', 'in', ids)
          .orderBy('created')
          .execute(),
        exam
          ? db
              .selectFrom('exam_attempts')
              .select(['enrollmentId', 'state', 'percent', 'passed', 'finished', 'started', 'number'])
              .where('material', '=', exam.id)
              .where('enrollmentId', 'in', ids)
              .orderBy('number')
              .execute()
          : Promise.resolve([]),
        exam
          ? db.selectFrom('exam_grants').select(['enrollmentId']).where('material', '=', exam.id).where('enrollmentId', 'in', ids).execute()
          : Promise.resolve([]),
      ])
    : [[], [], []];
  return { courseRow, materials, classes, exam, enrollments, quizRows, examRows, grantRows };
}
