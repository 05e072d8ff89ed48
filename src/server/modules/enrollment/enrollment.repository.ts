/**
 * Enrolments and progress. Progress is never a read-modify-write of a blob: each view is an upsert of
 * its own row, so two tabs or a retried request lose nothing (DESIGN.md, "Data"). The figures derived
 * from those rows (percentcomplete, completed) are recomputed in the same transaction, after the
 * enrolment row is locked, so concurrent writes for one enrolment cannot leave a stale figure behind.
 */
import crypto from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from 'kysely';
import { durableTransaction, syncNow, type Db } from '../../db/database.ts';
import { prepared, type Prepared } from '../../db/prepared.ts';
import { inOneTrip, withCommit } from '../../db/one-trip.ts';
import type { Database } from '../../db/schema.ts';
import { bool, fromBool, fromJson, json, now } from '../../db/dialect.ts';
import type { Enrollment, LessonProgress } from '../../../domain/types.ts';
import type { ClassesTable, EnrollmentsTable, LessonProgressTable, QuizAttemptsTable } from '../../db/schema.ts';

type Trx = Transaction<Database>;

/** Spec: an enrolment's _id is the user id and the class id joined by a dash. */
export const enrollmentId = (userId: string, classId: string) => `${userId}-${classId}`;

/** A resent submission with the same answers within this time counts as the same attempt. */
export const SAME_ATTEMPT_WINDOW_MS = 10_000;

type EnrolledClass = Pick<ClassesTable, 'id' | 'course' | 'regcode' | 'description'>;

/** Enrols the user in the class; enrolling twice keeps the first enrolment. */
export async function enroll(db: Db, userId: string, cls: EnrolledClass) {
  await enrollMany(db, [userId], cls);
  return enrollmentId(userId, cls.id);
}

/** Enrols the users in the class in one statement (give it a bounded list); who is enrolled already keeps that enrolment. */
export async function enrollMany(db: Db, userIds: string[], cls: EnrolledClass): Promise<void> {
  const ts = now();
  await db
    .insertInto('enrollments')
    .values(
      userIds.map((userId) => ({
        id: enrollmentId(userId, cls.id),
        user: userId,
        course: cls.course,
        classid: cls.id,
        regdate: ts,
        completed: null,
        regcode: cls.regcode,
        description: cls.description,
        timestamp: ts,
        percentcomplete: 0,
        exampassed: 0,
        examdate: null,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function findEnrollment(db: Db, id: string) {
  return (await enrollmentById(db, { id })).rows[0];
}
const enrollmentById = prepared((db: Db, v: { id: string }) => db.selectFrom('enrollments').selectAll().where('id', '=', v.id));

/** What a progress write needs to know of the enrolment, read while locking it. */
export interface Locked {
  course: string;
  exampassed: number;
  examdate: string | null;
  completed: string | null;
  percentcomplete: number;
}

/**
 * Moves the enrolment's last activity forward and, on PostgreSQL, locks its row until the transaction
 * ends: writes for one enrolment then run one after another (SQLite runs every write transaction alone).
 * Without `touch` the row is locked but its last activity stays (a resent request is no new activity).
 * Every progress write begins with it, so both forms are compiled once (prepared.ts).
 */
export async function lockEnrollment(trx: Trx, enrollment: string, at: string, touch = true): Promise<Locked | undefined> {
  const { rows } = await (touch ? lockTouching : lockOnly)(trx, { enrollment, at });
  return rows[0];
}
const lockQuery = (db: Db, v: { enrollment: string; at: string }, touch: boolean) =>
  db
    .updateTable('enrollments')
    .set({
      timestamp: touch
        ? sql<string>`case when ${sql.ref('timestamp')} is null or ${sql.ref('timestamp')} < ${v.at} then ${v.at} else ${sql.ref('timestamp')} end`
        : sql<string>`${sql.ref('timestamp')}`,
    })
    .where('id', '=', v.enrollment)
    .returning(['course', 'exampassed', 'examdate', 'completed', 'percentcomplete']);
const lockTouching = prepared((db: Db, v: { enrollment: string; at: string }) => lockQuery(db, v, true));
/** lockEnrollment's statement, for a write that sends it together with its first statements (one-trip.ts). */
export const lockStatement = (trx: Trx, enrollment: string, at: string) => lockTouching.statement(trx, { enrollment, at });
const lockOnly = prepared((db: Db, v: { enrollment: string; at: string }) => lockQuery(db, v, false));

/** A quiz or exam result as the lesson's row keeps it (the latest attempt's). */
type LessonResult = Pick<LessonProgressTable, 'quizdate' | 'score' | 'possible' | 'percent' | 'answers' | 'correctanswers'>;

type ViewValues = { enrollment: string; lesson: string; material: string; at: string };

/**
 * A quiz or exam result written as the lesson's (replacing the last) and as a view of the lesson and its
 * material, sent with the course's views that completion is computed from, which then include this view.
 */
async function writeView(
  trx: Trx,
  enrollment: string,
  lesson: string,
  material: string | undefined,
  at: string,
  result: LessonResult,
): Promise<{ lp: LessonProgressTable; materials: CourseView[] }> {
  const values = { enrollment, lesson, material: material ?? '', at };
  const [view, , views] = await inOneTrip(trx, [
    lessonResult.statement(trx, { ...values, ...result }),
    material ? materialView.statement(trx, values) : undefined,
    courseViews.statement(trx, { enrollment }),
  ]);
  return { lp: view.rows[0]!, materials: views.rows };
}
const lessonViewQuery = (db: Db, v: ViewValues, result?: LessonResult) =>
  db
    .insertInto('lesson_progress')
    .values({
      enrollmentId: v.enrollment,
      lesson: v.lesson,
      firstview: v.at,
      lastview: v.at,
      quizdate: null,
      score: null,
      possible: null,
      percent: null,
      answers: null,
      correctanswers: null,
      ...result,
    })
    .onConflict((oc) =>
      oc.columns(['enrollmentId', 'lesson']).doUpdateSet({
        lastview: sql`case when ${sql.ref('lesson_progress.lastview')} is null or ${sql.ref('lesson_progress.lastview')} < ${v.at} then ${v.at} else ${sql.ref('lesson_progress.lastview')} end`,
        firstview: sql`case when ${sql.ref('lesson_progress.firstview')} is null or ${sql.ref('lesson_progress.firstview')} > ${v.at} then ${v.at} else ${sql.ref('lesson_progress.firstview')} end`,
        ...result,
      }),
    )
    .returningAll();
const lessonView = prepared((db: Db, v: ViewValues) => lessonViewQuery(db, v));
const lessonResult = prepared((db: Db, v: ViewValues & LessonResult) =>
  lessonViewQuery(db, v, {
    quizdate: v.quizdate,
    score: v.score,
    possible: v.possible,
    percent: v.percent,
    answers: v.answers,
    correctanswers: v.correctanswers,
  }),
);
const materialView = prepared((db: Db, v: ViewValues) =>
  db
    .insertInto('material_views')
    .values({ enrollmentId: v.enrollment, lesson: v.lesson, material: v.material, firstview: v.at, lastview: v.at })
    .onConflict((oc) =>
      oc.columns(['enrollmentId', 'lesson', 'material']).doUpdateSet({
        lastview: sql`case when ${sql.ref('material_views.lastview')} < ${v.at} then ${v.at} else ${sql.ref('material_views.lastview')} end`,
        firstview: sql`case when ${sql.ref('material_views.firstview')} > ${v.at} then ${v.at} else ${sql.ref('material_views.firstview')} end`,
      }),
    ),
);

/** The enrolment's figures after a progress write, and one lesson's progress for the reply. */
export interface ProgressUpdate {
  percentcomplete: number;
  completed: string | null;
  exampassed: boolean;
  lesson: LessonProgress;
  /** This write completed the course (its certificate is now issued). */
  completedNow?: boolean;
}

/** A course's material with this enrolment's view, as courseViews reads it. */
type CourseView = { id: string; lesson: string; section: string; required: number | boolean; lastview: string | null };

/**
 * Recomputes percentcomplete (share of the course's required materials viewed, 0-100) and sets
 * `completed` once every required material is viewed and the exam is passed (a course without an exam
 * needs only the materials). Completion is kept once reached: the certificate stays valid. Gives back
 * the figures and the progress of `lesson`. `materials` are the course's views read after this
 * transaction's writes (courseViews), when the caller sent that read with them; else they are read here.
 */
async function updateCompletion(
  trx: Trx,
  enrollment: string,
  e: Locked,
  at: string,
  lesson: string,
  lp: LessonProgressTable | undefined,
  exam?: Pick<Locked, 'exampassed' | 'examdate'>,
  materials?: CourseView[],
): Promise<ProgressUpdate> {
  // The course's materials, each with this enrolment's view if any (the lesson's own row, `lp`, the
  // caller has from its write).
  materials ??= (await courseViews(trx, { enrollment })).rows;
  const required = materials.filter((m) => fromBool(m.required));
  const done = required.filter((m) => m.lastview !== null).length;
  const hasExam = materials.some((m) => m.section === 'Exam');
  // A course with nothing required and no exam has nothing to complete.
  const complete = (required.length > 0 || hasExam) && done === required.length && (fromBool(e.exampassed) || !hasExam);
  const percent = required.length ? Math.round((100 * done) / required.length) : complete ? 100 : 0;
  const completed = e.completed ?? (complete ? at : null);
  // Only the columns that change: each is in several of the enrolments' indexes (reports, tables), and
  // SQLite rewrites an index's entry for every column set, changed or not; `completed` alone is in five,
  // and it changes once per enrolment while the percentage moves with each material viewed. The report
  // figures that read a column are dropped only when it is set (modules/reports/figures.ts).
  // An exam's flags (already in `e`) go in the same statement: the enrolment is locked, so `e` is its row.
  // Nothing reads what it returns, so it goes to PostgreSQL with the commit.
  const changed = {
    ...(percent !== Number(e.percentcomplete) ? { percentcomplete: percent } : {}),
    ...(completed !== e.completed ? { completed } : {}),
    ...exam,
  };
  if (Object.keys(changed).length) await withCommit(trx, setFigures(Object.keys(changed)).statement(trx, { ...changed, id: enrollment }));
  return {
    percentcomplete: percent,
    completed,
    exampassed: fromBool(e.exampassed),
    lesson: {
      ...(lp ? lessonProgressOf(lp) : {}),
      materials: Object.fromEntries(materials.filter((m) => m.lesson === lesson && m.lastview !== null).map((m) => [m.id, m.lastview!])),
    },
  };
}

/** The enrolment's figures that changed, set in one statement compiled once for each set of columns. */
const figureSetters = new Map<string, Prepared<Record<string, unknown>, unknown>>();
function setFigures(columns: string[]) {
  const key = columns.join();
  let setter = figureSetters.get(key);
  if (!setter) {
    setter = prepared((db: Db, v: Record<string, unknown>) =>
      db
        .updateTable('enrollments')
        .set(Object.fromEntries(columns.map((c) => [c, v[c]])))
        .where('id', '=', v.id as string),
    );
    figureSetters.set(key, setter);
  }
  return setter;
}

/**
 * The course's materials, each with the enrolment's view if any: read by every progress write, after its
 * writes and in the same trip (the course is the enrolment's, so nothing needs the lock's reply first).
 */
const courseViews = prepared((db: Db, v: { enrollment: string }) =>
  db
    .selectFrom('materials')
    .innerJoin('lessons', 'lessons.id', 'materials.lesson')
    .leftJoin('material_views', (j) =>
      j.onRef('material_views.material', '=', 'materials.id').on('material_views.enrollmentId', '=', v.enrollment),
    )
    .select(['materials.id', 'materials.lesson', 'materials.section', 'materials.required', 'material_views.lastview'])
    .where('lessons.course', '=', (eb) =>
      eb.selectFrom('enrollments').select('enrollments.course').where('enrollments.id', '=', v.enrollment),
    ),
);

const lessonProgressOf = (l: LessonProgressTable): LessonProgress => ({
  firstview: l.firstview ?? undefined,
  lastview: l.lastview ?? undefined,
  quizdate: l.quizdate ?? undefined,
  score: l.score ?? undefined,
  possible: l.possible ?? undefined,
  percent: l.percent ?? undefined,
  answers: fromJson<string[] | undefined>(l.answers, undefined),
  correctanswers: fromJson<string[] | undefined>(l.correctanswers, undefined),
});

/** Thrown inside a progress write whose enrolment is gone, so that what it sent with the lock is rolled back. */
const GONE = Symbol('enrolment gone');

/**
 * Marks a lesson (and optionally one of its materials) viewed: first view kept, last view moved. The lock,
 * the views and the course's views go to PostgreSQL in one trip, the new figures with the commit.
 */
export async function recordView(
  db: Db,
  enrollment: string,
  lesson: string,
  material?: string,
  at = now(),
): Promise<ProgressUpdate | undefined> {
  let completedNow = false;
  const values = { enrollment, lesson, material: material ?? '', at };
  const update = await db
    .transaction()
    .execute(async (trx) => {
      const [lock, view, , views] = await inOneTrip(trx, [
        lockStatement(trx, enrollment, at),
        lessonView.statement(trx, values),
        material ? materialView.statement(trx, values) : undefined,
        courseViews.statement(trx, { enrollment }),
      ]);
      const e = lock.rows[0];
      if (!e) throw GONE;
      const u = await updateCompletion(trx, enrollment, e, at, lesson, view.rows[0], undefined, views.rows);
      completedNow = !e.completed && !!u.completed;
      return u;
    })
    .catch((err: unknown) => {
      if (err === GONE) return undefined;
      throw err;
    });
  // Views are frequent and cheap to redo; the one that completes the course is what the certificate
  // rests on, so it is put on disk before it is acknowledged.
  if (completedNow) await syncNow(db);
  return update && completedNow ? { ...update, completedNow } : update;
}

/** Clears a lesson's views (Mark Unread); quiz results and a reached completion stay. */
export async function clearView(db: Db, enrollment: string, lesson: string, at = now()): Promise<ProgressUpdate | undefined> {
  return db.transaction().execute(async (trx) => {
    const e = await lockEnrollment(trx, enrollment, at);
    if (!e) return undefined;
    await trx.deleteFrom('material_views').where('enrollmentId', '=', enrollment).where('lesson', '=', lesson).execute();
    const lp = await trx
      .updateTable('lesson_progress')
      .set({ firstview: null, lastview: null })
      .where('enrollmentId', '=', enrollment)
      .where('lesson', '=', lesson)
      .returningAll()
      .executeTakeFirst();
    return updateCompletion(trx, enrollment, e, at, lesson, lp);
  });
}

export interface Graded {
  score: number;
  possible: number;
  percent: number;
  passed: boolean;
  answers: string[];
  correctanswers: string[];
}

export interface AttemptInput {
  enrollment: { id: string; user: string; course: string; classid: string };
  lesson: string;
  material: string;
  kind: 'quiz' | 'exam';
  graded: Graded;
  /** The client's id for this submission, if it sent one. */
  attempt?: string;
  at?: string;
  /** Whether the right answers go into the lesson's progress (the exam keeps them back unless its rules say). */
  revealKey?: boolean;
}

export interface AttemptResult extends Graded {
  quizdate: string;
  attempt: string;
  recorded: boolean;
  /** This submission completed the course (its certificate is now issued). */
  completedNow?: boolean;
}

export const answersHash = (answers: string[]) => crypto.createHash('sha256').update(json(answers)).digest('hex');
export const resultOf = (row: QuizAttemptsTable, recorded: boolean): AttemptResult => ({
  score: row.score,
  possible: row.possible,
  percent: row.percent,
  passed: fromBool(row.passed),
  answers: fromJson<string[]>(row.answers, []),
  correctanswers: fromJson<string[]>(row.correctanswers, []),
  quizdate: row.created,
  attempt: row.attempt,
  recorded,
});

/**
 * Records a graded quiz or exam submission once: a resent request (the same client `attempt` id, or
 * without one the same answers within SAME_ATTEMPT_WINDOW_MS) gives back the first result and writes
 * nothing. The attempt row, the lesson's result, the material's view, the exam flags and completion are
 * written in one transaction.
 */
export async function recordAttempt(db: Db, input: AttemptInput): Promise<AttemptResult> {
  const { enrollment: e, graded } = input;
  const hash = answersHash(graded.answers);
  const key = input.attempt ? `client:${input.attempt}` : `auto:${crypto.randomUUID()}`;
  return durableTransaction(db, async (trx) => {
    // The time is taken once the enrolment is locked: submissions then get their times in the order they
    // are written, so the one written last is the newest and its result is the lesson's.
    let at = input.at ?? now();
    let locked = await lockEnrollment(trx, e.id, at, false);
    if (!locked) throw new Error(`enrolment ${e.id} is gone`);
    if (!input.at) at = now();
    const earlier = await earlierAttempt(trx, e.id, input.material, input.attempt ? key : undefined, hash, at);
    if (earlier) return resultOf(earlier, false);
    locked = (await lockEnrollment(trx, e.id, at)) ?? locked;
    return writeAttempt(trx, locked, input, key, at);
  });
}

/**
 * The submission a resent one repeats: the one recorded under the client's key when it sent one, else
 * the latest with the same answers within SAME_ATTEMPT_WINDOW_MS before `at`.
 */
export function earlierAttempt(db: Db | Trx, enrollment: string, material: string, key: string | undefined, hash: string, at: string) {
  const q = db.selectFrom('quiz_attempts').selectAll().where('enrollmentId', '=', enrollment).where('material', '=', material);
  return key
    ? q.where('attempt', '=', key).executeTakeFirst()
    : q
        .where('answershash', '=', hash)
        .where('created', '>=', new Date(Date.parse(at) - SAME_ATTEMPT_WINDOW_MS).toISOString())
        .orderBy('created', 'desc')
        .limit(1)
        .executeTakeFirst();
}

/**
 * Writes one graded submission inside the caller's transaction, the enrolment already locked: the
 * attempt row, the lesson's result, the material's view, the exam flags and completion. A key already
 * recorded writes nothing and gives back the first result.
 */
export async function writeAttempt(trx: Trx, locked: Locked, input: AttemptInput, key: string, at: string): Promise<AttemptResult> {
  const { enrollment: e, graded } = input;
  const hash = answersHash(graded.answers);
  let earlier: QuizAttemptsTable | undefined;
  const row: QuizAttemptsTable = {
    id: crypto.randomUUID(),
    enrollmentId: e.id,
    user: e.user,
    course: e.course,
    classid: e.classid,
    lesson: input.lesson,
    material: input.material,
    kind: input.kind,
    attempt: key,
    answershash: hash,
    answers: json(graded.answers),
    correctanswers: json(graded.correctanswers),
    score: graded.score,
    possible: graded.possible,
    percent: graded.percent,
    passed: bool(graded.passed),
    created: at,
  };
  const inserted = await insertAttempt(trx, row);
  if (Number(inserted.numAffectedRows ?? 0) === 0) {
    earlier = await trx
      .selectFrom('quiz_attempts')
      .selectAll()
      .where('enrollmentId', '=', e.id)
      .where('material', '=', input.material)
      .where('attempt', '=', key)
      .executeTakeFirstOrThrow();
    return resultOf(earlier, false);
  }

  // The lesson's result is the latest attempt's (spec: Retake replaces it); taking it is also a view.
  const { lp, materials } = await writeView(trx, e.id, input.lesson, input.material, at, {
    quizdate: at,
    score: graded.score,
    possible: graded.possible,
    percent: graded.percent,
    answers: json(graded.answers),
    correctanswers: input.revealKey === false ? null : json(graded.correctanswers),
  });
  // Once passed the exam stays passed, dated by the pass; until then examdate is the latest try. Written
  // with the completion it may bring.
  let exam: Pick<Locked, 'exampassed' | 'examdate'> | undefined;
  if (input.kind === 'exam' && !locked.exampassed) {
    exam = { exampassed: graded.passed ? 1 : 0, examdate: at };
    Object.assign(locked, exam);
  }
  const u = await updateCompletion(trx, e.id, locked, at, input.lesson, lp, exam, materials);
  const completedNow = !locked.completed && !!u.completed;
  // The lock's copy follows the row, for a later write in the same transaction (several overdue attempts).
  locked.completed = u.completed;
  locked.percentcomplete = u.percentcomplete;
  return completedNow ? { ...resultOf(row, true), completedNow: true } : resultOf(row, true);
}

/**
 * Every quiz and exam submitted is one: compiled once. A resent one (same key) inserts nothing. Every
 * column is named, since the values given while compiling are stand-ins for each key.
 */
type AttemptRow = Pick<QuizAttemptsTable, keyof QuizAttemptsTable>;
const insertAttempt = prepared((db: Db, v: AttemptRow) =>
  db
    .insertInto('quiz_attempts')
    .values({
      id: v.id,
      enrollmentId: v.enrollmentId,
      user: v.user,
      course: v.course,
      classid: v.classid,
      lesson: v.lesson,
      material: v.material,
      kind: v.kind,
      attempt: v.attempt,
      answershash: v.answershash,
      answers: v.answers,
      correctanswers: v.correctanswers,
      score: v.score,
      possible: v.possible,
      percent: v.percent,
      passed: v.passed,
      created: v.created,
    } satisfies AttemptRow)
    .onConflict((oc) => oc.columns(['enrollmentId', 'material', 'attempt']).doNothing()),
);

/** Enrolment rows, newest registration first. */
export async function enrollmentRows(
  db: Db,
  where: { user?: string; classid?: string; course?: string; ids?: string[] },
): Promise<EnrollmentsTable[]> {
  const { user, ...rest } = where;
  if (user && !Object.values(rest).some((v) => v !== undefined)) return (await enrollmentsOfUser(db, { user })).rows;
  let q = db.selectFrom('enrollments').selectAll();
  if (where.user) q = q.where('user', '=', where.user);
  if (where.classid) q = q.where('classid', '=', where.classid);
  if (where.course) q = q.where('course', '=', where.course);
  if (where.ids) q = q.where('id', 'in', where.ids.length ? where.ids : ['']);
  return q.orderBy('regdate', 'desc').orderBy('id').execute();
}

/** One user's enrolments (every page a signed-in learner opens lists them): compiled once. */
const enrollmentsOfUser = prepared((db: Db, v: { user: string }) =>
  db.selectFrom('enrollments').selectAll().where('user', '=', v.user).orderBy('regdate', 'desc').orderBy('id'),
);

/** The user's enrolments, each with the spec's `progress` map assembled from the progress rows. */
export async function listEnrollments(
  db: Db,
  where: { user?: string; classid?: string; course?: string; ids?: string[] },
): Promise<Enrollment[]> {
  return withProgress(db, await enrollmentRows(db, where));
}

/** Enrolment rows as the spec gives them, each with its `progress` map assembled from the progress rows. */
export async function withProgress(db: Db, rows: readonly EnrollmentsTable[]): Promise<Enrollment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const progressRows = await progressOf(db, ids);
  const progress = new Map<string, Record<string, LessonProgress>>(ids.map((id) => [id, {}]));
  for (const l of progressRows) {
    if (l.material === null) progress.get(l.enrollmentId)![l.lesson] = { ...lessonProgressOf(l), materials: {} };
  }
  for (const v of progressRows) {
    if (v.material === null) continue;
    const p = progress.get(v.enrollmentId)!;
    const lp = (p[v.lesson] ??= { materials: {} });
    (lp.materials ??= {})[v.material] = v.lastview!;
  }
  return rows.map((r) => ({
    _id: r.id,
    user: r.user,
    course: r.course,
    classid: r.classid,
    regdate: r.regdate,
    completed: r.completed ?? undefined,
    regcode: r.regcode ?? undefined,
    description: r.description ?? undefined,
    ts: r.timestamp,
    timestamp: r.timestamp,
    percentcomplete: r.percentcomplete,
    exampassed: fromBool(r.exampassed),
    examdate: r.examdate ?? undefined,
    progress: progress.get(r.id)!,
  }));
}

/**
 * The lessons' rows (`material` null) and the materials' views of these enrolments, in one statement:
 * every page a learner opens lists their enrolments with this progress.
 */
async function progressOf(db: Db, ids: string[]) {
  if (ids.length === 1) return (await progressOfOne(db, { id: ids[0]! })).rows;
  return progressQuery(db, (eb) => eb('enrollmentId', 'in', ids)).execute();
}
/** One enrolment's (a learner's page in one class, a submit's reply): compiled once. */
const progressOfOne = prepared((db: Db, v: { id: string }) => progressQuery(db, (eb) => eb('enrollmentId', '=', v.id)));

function progressQuery(db: Db, of: (eb: ExpressionBuilder<Database, 'lesson_progress' | 'material_views'>) => Expression<SqlBool>) {
  const none = sql<null>`null`;
  return db
    .selectFrom('lesson_progress')
    .select([
      'enrollmentId',
      'lesson',
      sql<string | null>`null`.as('material'),
      'firstview',
      'lastview',
      'quizdate',
      'score',
      'possible',
      'percent',
      'answers',
      'correctanswers',
    ])
    .where(of)
    .unionAll(
      db
        .selectFrom('material_views')
        .select([
          'enrollmentId',
          'lesson',
          'material',
          'firstview',
          'lastview',
          none.as('quizdate'),
          none.as('score'),
          none.as('possible'),
          none.as('percent'),
          none.as('answers'),
          none.as('correctanswers'),
        ])
        .where(of),
    );
}

export async function getEnrollment(db: Db, id: string): Promise<Enrollment | undefined> {
  return (await listEnrollments(db, { ids: [id] }))[0];
}

/** Removes an enrolment with its progress and attempts, in one transaction. */
export async function removeEnrollment(db: Db, id: string) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('material_views').where('enrollmentId', '=', id).execute();
    await trx.deleteFrom('lesson_progress').where('enrollmentId', '=', id).execute();
    await trx.deleteFrom('quiz_attempts').where('enrollmentId', '=', id).execute();
    await trx.deleteFrom('exam_attempts').where('enrollmentId', '=', id).execute();
    await trx.deleteFrom('exam_grants').where('enrollmentId', '=', id).execute();
    await trx.deleteFrom('enrollments').where('id', '=', id).execute();
  });
}

export interface ParticipantRow {
  enrollment: string;
  user: string;
  firstname: string;
  lastname: string;
  email: string;
  regdate: string;
  timestamp: string;
  completed: string | null;
  percentcomplete: number;
  lastview: string | null;
  lessons: number;
  suspended?: number;
}

/** A class member's row as the participant lists show it, before its lesson counts. */
export const PARTICIPANT_COLUMNS = [
  'enrollments.id as enrollment',
  'enrollments.user',
  'users.firstname',
  'users.lastname',
  'users.email',
  'enrollments.regdate',
  'enrollments.timestamp',
  'enrollments.completed',
  'enrollments.percentcomplete',
  'users.suspended',
] as const;

/** Everyone enrolled in a class, with the number of lessons they have viewed and their last view. */
export async function classParticipants(db: Db, classid: string): Promise<ParticipantRow[]> {
  const rows = await db
    .selectFrom('enrollments')
    .innerJoin('users', 'users.id', 'enrollments.user')
    .select(PARTICIPANT_COLUMNS)
    .where('enrollments.classid', '=', classid)
    .orderBy('users.lastname')
    .orderBy('users.firstname')
    .orderBy('enrollments.id')
    .execute();
  if (rows.length === 0) return [];
  const stats = await db
    .selectFrom('lesson_progress')
    .select((eb) => ['enrollmentId', eb.fn.count<number>('lesson').as('lessons'), eb.fn.max('lastview').as('lastview')])
    .where(
      'enrollmentId',
      'in',
      rows.map((r) => r.enrollment),
    )
    .where('lastview', 'is not', null)
    .groupBy('enrollmentId')
    .execute();
  const byId = new Map(stats.map((s) => [s.enrollmentId, s]));
  return rows.map((r) => ({
    ...r,
    lessons: Number(byId.get(r.enrollment)?.lessons ?? 0),
    lastview: byId.get(r.enrollment)?.lastview ?? null,
  }));
}

/** Changes an enrolment's own fields (dates, description); progress goes through the writers above. */
export async function updateEnrollment(
  db: Db,
  id: string,
  fields: Partial<Pick<EnrollmentsTable, 'description' | 'regdate' | 'completed'>>,
) {
  await db.updateTable('enrollments').set(fields).where('id', '=', id).execute();
}

/**
 * The class, the learner's enrolment in it, and the lesson and material a progress write names, in one
 * query (each undefined when it does not exist).
 */
export async function progressTargetOf(
  db: Db,
  classid: string,
  enrollment: string,
  lessonid: string | undefined,
  materialid: string | undefined,
) {
  const { rows } = await progressTarget(db, { classid, enrollment, lessonid: lessonid ?? '', materialid: materialid ?? '' });
  return rows[0];
}
/** Every progress write and quiz reads it first: compiled once. */
const progressTarget = prepared((db: Db, v: { classid: string; enrollment: string; lessonid: string; materialid: string }) =>
  db
    .selectFrom('classes as c')
    .leftJoin('enrollments as e', (j) => j.on('e.id', '=', v.enrollment))
    .leftJoin('lessons as l', (j) => j.on('l.id', '=', v.lessonid))
    .leftJoin('materials as m', (j) => j.on('m.id', '=', v.materialid))
    .select([
      'c.id',
      'c.course',
      'c.instructor',
      'e.id as enrollment',
      'e.user as enrolledUser',
      'e.course as enrolledCourse',
      'l.id as lesson',
      'l.course as lessonCourse',
      'm.id as material',
      'm.lesson as materialLesson',
    ])
    .where('c.id', '=', v.classid),
);

/** The exam and completion fields of an enrolment, as a submit leaves them. */
export async function isEnrolledIn(db: Db, user: string, classid: string): Promise<boolean> {
  return !!(await db.selectFrom('enrollments').select('id').where('user', '=', user).where('classid', '=', classid).executeTakeFirst());
}

/** The learners enrolled in a class, each once; only those among `among` when it is given. */
export async function classLearnerIds(db: Db, classid: string, among?: string[]): Promise<string[]> {
  let q = db.selectFrom('enrollments').select('user').where('classid', '=', classid);
  if (among) q = q.where('user', 'in', among);
  return [...new Set((await q.execute()).map((r) => r.user))];
}

/** The classes a user is enrolled in. */
export async function enrolledClassIds(db: Db, user: string): Promise<string[]> {
  return (await db.selectFrom('enrollments').select('classid').where('user', '=', user).execute()).map((e) => e.classid);
}
