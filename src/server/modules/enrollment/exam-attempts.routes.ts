/**
 * Exam attempts on the server: start or resume, autosave, submit once, the learner's own history with
 * what the rules allow next; extra attempts granted by the class's instructor or an admin (audited);
 * the class gradebook and one learner's attempts with questions and answers. The spec's one-call
 * `POST /app_enrollment/exam` goes through the same rules (`legacyExamSubmit`).
 */
import type { AttemptView, ExamStatus, Gradebook, LearnerAttempts } from '../../../domain/replies-exam.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { HttpError, parse, badRequest, notFound, unauthorized, forbidden } from '../../errors.ts';
import { authorize, can } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { fromBool, fromJson } from '../../db/dialect.ts';
import type { ExamAttemptsTable, MaterialsTable } from '../../db/schema.ts';
import { MSG } from '../../../domain/messages.ts';
import { DEFAULT_PASS_PERCENT } from '../../../domain/constants.ts';
import type { QuizQuestion, SiteConfig } from '../../../domain/types.ts';
import {
  AttemptIdSchema,
  AttemptSaveSchema,
  AttemptStartSchema,
  AttemptStatusSchema,
  AttemptSubmitSchema,
  GradebookSchema,
  GrantAttemptSchema,
  LearnerAttemptsSchema,
} from '../../../domain/validation.ts';
import { recordAudit } from '../admin/audit.repository.ts';
import { classIdsOfCourse, findClass } from '../classes/classes.repository.ts';
import { examOf, findExam } from '../materials/materials.repository.ts';
import { findUserById } from '../users/users.repository.ts';
import { formatCode } from '../certificates/certificates.repository.ts';
import { noticeCertificate } from '../staff/notices.ts';
import { answersHash, earlierAttempt, enrollmentId, findEnrollment, resultOf, type AttemptResult } from './enrollment.repository.ts';
import {
  AttemptRefused,
  answersOf,
  attemptsAndGrants,
  attemptStatus,
  attemptWithRules,
  closeOverdue,
  examTargetRow,
  grantsOfTarget,
  isOverdue,
  grantAttempt,
  gradebookRows,
  reloadAttempt,
  keyShown,
  rulesOf,
  saveAnswers,
  shownOf,
  startAttempt,
  submitAttempt,
  sweepOverdue,
  type AttemptStatus,
  type Completed,
  type ExamRules,
} from './exam-attempts.repository.ts';

/** The audit action of a granted attempt. */
export const AUDIT_EXAM_GRANT = 'exam.grantAttempt';

/** How often the sweep closes abandoned attempts whose time is up. */
const SWEEP_MS = 60_000;

type Material = Pick<
  MaterialsTable,
  'id' | 'lesson' | 'section' | 'quiz' | 'drawcount' | 'timelimit' | 'maxattempts' | 'waithours' | 'showanswers'
>;

const iso = (ms: number) => new Date(ms).toISOString();
const passPercentOf = (config: Partial<SiteConfig>) => Number(config.exampasspercent ?? DEFAULT_PASS_PERCENT) || DEFAULT_PASS_PERCENT;

/** A date and time in the reader's language, in UTC (the server does not know the reader's zone). */
function when(isoTime: string, lang: string) {
  try {
    return `${new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(isoTime))} UTC`;
  } catch {
    return `${isoTime.slice(0, 16).replace('T', ' ')} UTC`;
  }
}

/** The refusal of a start, translated, with when the next attempt opens. */
async function refusal(ctx: AppContext, status: AttemptStatus, lang: string): Promise<HttpError> {
  const labels = (await ctx.site.get()).labels(lang);
  const tr = (m: string) => labels[m] || m;
  const extra = { reason: status.reason, nextopens: status.nextopens ?? null, allowed: status.allowed, used: status.used };
  if (status.reason === 'wait') {
    return new HttpError(403, tr(MSG.examWait).replace('{{date}}', when(status.nextopens!, lang)), undefined, extra);
  }
  return new HttpError(403, tr(MSG.examAttemptsUsed), undefined, extra);
}

/** An attempt as its learner sees it: the questions as shown; the result and, when the rules allow, the key. */
export function presentAttempt(row: ExamAttemptsTable, rules: ExamRules, passpercent: number, at: string): AttemptView {
  const shown = shownOf(row);
  const done = row.state !== 'inprogress';
  const passed = fromBool(row.passed);
  return {
    _id: row.id,
    number: row.number,
    state: row.state,
    started: row.started,
    deadline: row.deadline ?? undefined,
    finished: row.finished ?? undefined,
    saved: row.saved ?? undefined,
    seq: row.seq,
    servertime: at,
    timelimit: rules.timelimit ?? undefined,
    material: row.material,
    lessonid: row.lesson,
    classid: row.classid,
    courseid: row.course,
    questions: shown.map((s) => ({ question: s.question, answers: s.answers })),
    answers: answersOf(row),
    ...(done
      ? {
          score: row.score,
          possible: row.possible,
          percent: row.percent,
          passed,
          passpercent,
          ...(keyShown(rules, passed) ? { correctanswers: shown.map((s) => s.correct) } : {}),
        }
      : {}),
  };
}

const historyOf = (rows: ExamAttemptsTable[]) =>
  rows.map((a) => ({
    _id: a.id,
    number: a.number,
    state: a.state,
    started: a.started,
    finished: a.finished ?? undefined,
    score: a.score ?? undefined,
    possible: a.possible ?? undefined,
    percent: a.percent ?? undefined,
    passed: a.state === 'inprogress' ? undefined : fromBool(a.passed),
  }));

export function examAttemptRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const at = () => iso(ctx.clock.now());

  const notice = (c: Completed | undefined) => {
    if (c) void noticeCertificate(ctx, c, app.log);
  };

  const timer = setInterval(() => {
    sweepOverdue(
      db,
      at(),
      async () => (await ctx.site.get()).config,
      (c) => void noticeCertificate(ctx, c, app.log),
    ).catch((err) => app.log.warn({ err }, 'exam sweep failed'));
  }, SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  /** The class, the caller's enrolment, the exam material and its lesson, checked together. */
  async function examTarget(
    req: FastifyRequest,
    body: { _id: string; classid: string; courseid?: string; lessonid?: string; user?: string },
  ) {
    const { user, actor } = await caller(ctx, req);
    if (!actor || !user) throw unauthorized();
    const row = await examTargetRow(db, body.classid, enrollmentId(actor.id, body.classid), body._id);
    if (!row) throw notFound(MSG.classNotFound);
    const who = body.user ?? actor.id;
    if (!can(actor, 'exam.attempt', { user: { id: who }, enrolled: !!row.enrollment })) {
      throw forbidden(who === actor.id ? MSG.notEnrolled : MSG.forbidden);
    }
    if (body.courseid && body.courseid !== row.course) throw badRequest(MSG.classOtherCourse, { courseid: MSG.classOtherCourse });
    if (!row.materialId) throw notFound();
    const material = { ...row, id: row.materialId };
    const questions = fromJson<QuizQuestion[]>(material.quiz, []);
    if (material.section !== 'Exam' || !Array.isArray(questions) || questions.length === 0) throw badRequest(MSG.notAnExam);
    if (material.lessonCourse !== row.course) throw badRequest(MSG.lessonNotInClass, { lessonid: MSG.lessonNotInClass });
    if (body.lessonid && body.lessonid !== material.lesson)
      throw badRequest(MSG.materialNotInLesson, { lessonid: MSG.materialNotInLesson });
    const { config } = await ctx.site.get();
    return {
      user,
      actor,
      material: material as Material,
      enrollment: { id: row.enrollment!, user: actor.id, course: row.course, classid: row.id },
      rules: rulesOf(material, config),
      passpercent: passPercentOf(config),
      grants: grantsOfTarget(row),
    };
  }

  /** An attempt by id, only for the learner it belongs to (anyone else: not found). */
  async function ownAttempt(req: FastifyRequest, attemptid: string) {
    const { user, actor } = await caller(ctx, req);
    if (!actor || !user) throw unauthorized();
    const found = await attemptWithRules(db, attemptid);
    if (!found) throw notFound(MSG.examAttemptNotFound);
    const { enrolled, drawcount, timelimit, maxattempts, waithours, showanswers, ...row } = found;
    if (!can(actor, 'exam.attempt', { user: { id: row.user }, enrolled: !!enrolled })) throw notFound(MSG.examAttemptNotFound);
    const { config } = await ctx.site.get();
    // A material removed since the attempt began leaves its rules null: the site's defaults apply.
    const rules = rulesOf({ drawcount, timelimit, maxattempts, waithours, showanswers }, config);
    return { user, row, rules, passpercent: passPercentOf(config) };
  }

  async function statusReply(t: Awaited<ReturnType<typeof examTarget>>): Promise<ExamStatus> {
    const now = at();
    let s = await attemptStatus(db, t.enrollment.id, t.material.id, t.rules, now, t.grants);
    if (s.attempts.some((a) => isOverdue(a, now))) {
      notice(await closeOverdue(db, t.enrollment.id, t.material.id, now, t.passpercent, t.rules));
      // Closing an attempt uses no grant.
      s = await attemptStatus(db, t.enrollment.id, t.material.id, t.rules, now, t.grants);
    }
    const pool = fromJson<QuizQuestion[]>(t.material.quiz, []).length;
    const refused = s.canstart ? undefined : await refusal(ctx, s, t.user.lang);
    return {
      _id: t.material.id,
      classid: t.enrollment.classid,
      courseid: t.enrollment.course,
      servertime: now,
      rules: { ...t.rules, questions: t.rules.drawcount && t.rules.drawcount < pool ? t.rules.drawcount : pool, pool },
      allowed: s.allowed,
      used: s.used,
      remaining: s.allowed === null ? null : Math.max(0, s.allowed - s.used),
      canstart: s.canstart,
      granted: !!s.grant,
      reason: s.reason,
      nextopens: s.nextopens,
      message: refused?.message,
      passed: s.passed,
      passpercent: t.passpercent,
      open: s.open ? presentAttempt(s.open, t.rules, t.passpercent, now) : undefined,
      attempts: historyOf(s.attempts),
    };
  }

  app.post(
    '/app_enrollment/attempts',
    {
      config: { schema: { body: AttemptStatusSchema }, action: 'exam.attempt' },
    },
    async (req, reply) => {
      const body = parse(AttemptStatusSchema, req.body);
      const t = await examTarget(req, body);
      reply.header('Cache-Control', 'no-store');
      return statusReply(t);
    },
  );

  app.post(
    '/app_enrollment/attempt/start',
    {
      config: { schema: { body: AttemptStartSchema }, action: 'exam.attempt' },
    },
    async (req, reply) => {
      const body = parse(AttemptStartSchema, req.body);
      const t = await examTarget(req, body);
      const now = at();
      try {
        const { attempt, resumed } = await startAttempt(db, { ...t, lesson: t.material.lesson }, now);
        reply.header('Cache-Control', 'no-store');
        return { ...presentAttempt(attempt, t.rules, t.passpercent, now), resumed };
      } catch (err) {
        if (err instanceof AttemptRefused) throw await refusal(ctx, err.status, t.user.lang);
        throw err;
      }
    },
  );

  app.post('/app_enrollment/attempt/get', { config: { schema: { body: AttemptIdSchema }, action: 'exam.attempt' } }, async (req, reply) => {
    const { attemptid } = parse(AttemptIdSchema, req.body);
    const own = await ownAttempt(req, attemptid);
    const { rules, passpercent } = own;
    let row = own.row;
    const now = at();
    if (isOverdue(row, now)) {
      notice(await closeOverdue(db, row.enrollmentId, row.material, now, passpercent, rules));
      row = await reloadAttempt(db, attemptid);
    }
    reply.header('Cache-Control', 'no-store');
    return presentAttempt(row, rules, passpercent, now);
  });

  app.post(
    '/app_enrollment/attempt/save',
    {
      config: { schema: { body: AttemptSaveSchema }, action: 'exam.attempt' },
    },
    async (req, reply) => {
      const body = parse(AttemptSaveSchema, req.body);
      const { actor } = await caller(ctx, req);
      const now = at();
      reply.header('Cache-Control', 'no-store');
      const answer = (saved: boolean, deadline: string | null) => ({
        ok: true,
        saved,
        _id: body.attemptid,
        servertime: now,
        deadline: deadline ?? undefined,
      });
      // The usual autosave, by the attempt's owner (the statement checks it is theirs and that they are
      // enrolled, as the policy asks), is one statement; anything else is read and answered below.
      if (actor && can(actor, 'exam.attempt', { user: { id: actor.id }, enrolled: true })) {
        const fast = await saveAnswers(db, { id: body.attemptid, user: actor.id }, body.answers, body.seq, now);
        if (fast) return answer(true, fast.deadline);
      }
      const { row, rules, passpercent } = await ownAttempt(req, body.attemptid);
      if (body.answers.length > shownOf(row).length) throw badRequest(MSG.tooManyAnswers, { answers: MSG.tooManyAnswers });
      if (row.state !== 'inprogress') throw new HttpError(409, MSG.examAlreadySubmitted, undefined, { state: row.state });
      if (row.deadline && row.deadline <= now) {
        notice(await closeOverdue(db, row.enrollmentId, row.material, now, passpercent, rules));
        throw new HttpError(409, MSG.examAttemptExpired, undefined, { state: 'expired' });
      }
      // Read after the owner's statement changed nothing and found open, in time and within its
      // questions: a later save of this tab arrived first (fine).
      return answer(false, row.deadline);
    },
  );

  app.post(
    '/app_enrollment/attempt/submit',
    {
      config: { schema: { body: AttemptSubmitSchema }, action: 'exam.attempt' },
    },
    async (req, reply) => {
      const body = parse(AttemptSubmitSchema, req.body);
      const { row, rules, passpercent } = await ownAttempt(req, body.attemptid);
      if (body.answers && body.answers.length > shownOf(row).length) throw badRequest(MSG.tooManyAnswers, { answers: MSG.tooManyAnswers });
      const now = at();
      reply.header('Cache-Control', 'no-store');
      const out = await submitAttempt(db, row, body.answers, now, passpercent, rules);
      notice(out.completed);
      if (out.kind === 'already') {
        throw new HttpError(409, MSG.examAlreadySubmitted, undefined, { attempt: presentAttempt(out.attempt, rules, passpercent, now) });
      }
      if (out.kind === 'expired') {
        throw new HttpError(409, MSG.examAttemptExpired, undefined, { attempt: presentAttempt(out.attempt, rules, passpercent, now) });
      }
      const e = out.closed.enrollment;
      return {
        ...presentAttempt(out.closed.attempt, rules, passpercent, now),
        quizdate: out.closed.result.quizdate,
        exampassed: fromBool(e.exampassed),
        examdate: e.examdate ?? undefined,
        completed: e.completed ?? undefined,
        percentcomplete: e.percentcomplete,
        certificate: e.completed ? `/app_users/certificate/${encodeURIComponent(row.course)}` : undefined,
      };
    },
  );

  app.post(
    '/app_enrollment/grantAttempt',
    {
      config: { schema: { body: GrantAttemptSchema }, action: 'exam.grantAttempt' },
    },
    async (req, reply) => {
      const body = parse(GrantAttemptSchema, req.body);
      const { actor } = await caller(ctx, req);
      if (!actor) throw unauthorized();
      const cls = await findClass(db, body.classid);
      if (!cls) throw notFound(MSG.classNotFound);
      authorize(actor, 'exam.grantAttempt', { class: cls });
      const id = enrollmentId(body.user, cls.id);
      const enrollment = await findEnrollment(db, id);
      if (!enrollment) throw notFound(MSG.enrollmentNotFound);
      const exam = body._id ? await findExam(db, body._id) : await examOf(db, cls.course);
      if (!exam) throw notFound(MSG.examNotInCourse);
      const now = at();
      const grant = await grantAttempt(db, id, exam.id, actor.id, body.reason, now);
      await recordAudit(db, {
        actor,
        action: AUDIT_EXAM_GRANT,
        targetType: 'enrollment',
        target: id,
        changes: { user: body.user, classid: cls.id, material: exam.id, grant, reason: body.reason ?? '' },
      });
      const { config } = await ctx.site.get();
      const s = await attemptStatus(db, id, exam.id, rulesOf(exam, config), now);
      reply.header('Cache-Control', 'no-store');
      return { ok: true, grant, _id: exam.id, user: body.user, classid: cls.id, allowed: s.allowed, used: s.used, canstart: s.canstart };
    },
  );

  app.post(
    '/app_enrollment/learnerAttempts',
    {
      config: { schema: { body: LearnerAttemptsSchema }, action: 'exam.reviewAttempts' },
    },
    async (req, reply) => {
      const body = parse(LearnerAttemptsSchema, req.body);
      const { actor } = await caller(ctx, req);
      if (!actor) throw unauthorized();
      const cls = await findClass(db, body.classid);
      if (!cls) throw notFound(MSG.classNotFound);
      authorize(actor, 'exam.reviewAttempts', { class: cls });
      const id = enrollmentId(body.user, cls.id);
      const [learner, [attempts, grants]] = await Promise.all([findUserById(db, body.user), attemptsAndGrants(db, id)]);
      if (!learner) throw notFound(MSG.userNotFound);
      reply.header('Cache-Control', 'no-store');
      return {
        user: { _id: learner.id, firstname: learner.firstname, lastname: learner.lastname, email: learner.email },
        classid: cls.id,
        attempts: attempts.map((a) => {
          const shown = shownOf(a);
          const given = answersOf(a);
          return {
            ...historyOf([a])[0],
            deadline: a.deadline ?? undefined,
            granted: !!a.grant,
            questions: shown.map((s, i) => ({ question: s.question, answers: s.answers, answer: given[i] ?? '', correct: s.correct })),
          };
        }),
        grants: grants.map((g) => ({
          _id: g.id,
          created: g.created,
          grantedby: g.grantedby,
          reason: g.reason ?? undefined,
          used: !!g.usedby,
        })),
      } satisfies LearnerAttempts;
    },
  );

  app.post(
    '/app_enrollment/gradebook',
    {
      config: { schema: { body: GradebookSchema }, action: 'class.gradebook' },
    },
    async (req, reply) => {
      const body = parse(GradebookSchema, req.body);
      const { actor } = await caller(ctx, req);
      if (!actor) throw unauthorized();
      let course: string;
      let classIds: string[];
      if (body.classid) {
        const cls = await findClass(db, body.classid);
        if (!cls) throw notFound(MSG.classNotFound);
        authorize(actor, 'class.gradebook', { class: cls });
        course = cls.course;
        classIds = [cls.id];
      } else {
        authorize(actor, 'course.gradebook');
        course = body.course!;
        classIds = await classIdsOfCourse(db, course);
      }
      reply.header('Cache-Control', 'no-store');
      return gradebook(course, classIds);
    },
  );

  async function gradebook(course: string, classIds: string[]) {
    const { courseRow, materials, classes, exam, enrollments, quizRows, examRows, grantRows } = await gradebookRows(db, course, classIds);
    const quizzes = materials.filter((m) => m.section === 'Quiz');
    const { config } = await ctx.site.get();
    const rules = exam ? rulesOf(exam, config) : null;
    const className = new Map(classes.map((c) => [c.id, c.name]));
    const byEnrollment = <T extends { enrollmentId: string }>(list: T[]) => {
      const m = new Map<string, T[]>();
      for (const r of list) (m.get(r.enrollmentId) ?? m.set(r.enrollmentId, []).get(r.enrollmentId)!).push(r);
      return (id: string) => m.get(id) ?? [];
    };
    const quizOf = byEnrollment(quizRows);
    const attemptsOf = byEnrollment(examRows);
    const grantsOf = byEnrollment(grantRows);
    const rows = enrollments.map((e) => {
      const q: Record<string, { best: number; last: number; attempts: number }> = {};
      for (const a of quizOf(e.id)) {
        const cur = q[a.material];
        q[a.material] = { best: Math.max(cur?.best ?? 0, Number(a.percent)), last: Number(a.percent), attempts: (cur?.attempts ?? 0) + 1 };
      }
      const ea = attemptsOf(e.id);
      const graded = ea.filter((r) => r.state !== 'inprogress');
      const last = ea[ea.length - 1];
      const grants = grantsOf(e.id).length;
      return {
        _id: e.id,
        user: e.user,
        firstname: e.firstname,
        lastname: e.lastname,
        email: e.email,
        classid: e.classid,
        classname: className.get(e.classid),
        quizzes: q,
        exam: exam
          ? {
              attempts: ea.length,
              allowed: rules!.maxattempts === 0 ? null : rules!.maxattempts + grants,
              granted: grants,
              best: graded.length ? Math.max(...graded.map((r) => Number(r.percent ?? 0))) : undefined,
              last: graded.length ? Number(graded[graded.length - 1]!.percent ?? 0) : undefined,
              passed: fromBool(e.exampassed),
              inprogress: last?.state === 'inprogress',
              lastdate: last ? (last.finished ?? last.started) : undefined,
            }
          : undefined,
        percentcomplete: e.percentcomplete,
        completed: e.completed ?? undefined,
        certificate: !!e.completed,
        certcode: e.completed && e.certcode ? formatCode(e.certcode) : undefined,
      };
    });
    return {
      course,
      coursetitle: courseRow?.title ?? course,
      classes: classes.map((c) => ({ _id: c.id, name: c.name })),
      quizzes: quizzes.map((m) => ({ _id: m.id, title: m.title ?? m.lessonTitle ?? m.id, lesson: m.lesson })),
      exam: exam ? { _id: exam.id, title: exam.title ?? exam.lessonTitle ?? exam.id, lesson: exam.lesson } : undefined,
      rows,
    } satisfies Gradebook;
  }
}

/**
 * The spec's one-call exam submit under the attempt rules: the learner's open attempt is submitted with
 * these answers (letters of the order that attempt showed); without one, an attempt in the stored order
 * is started (when the rules allow) and submitted at once. An exam that draws from a pool or has a time
 * limit must be started first. A resent request (the same client id, or the same answers within seconds)
 * gives back the first result. The right answers come back only when the exam's rules show them.
 */
export async function legacyExamSubmit(
  ctx: AppContext,
  input: {
    enrollment: { id: string; user: string; course: string; classid: string };
    lesson: string;
    material: Material;
    answers: string[];
    attempt?: string;
    lang: string;
  },
): Promise<AttemptResult & { passpercent: number; attemptid?: string }> {
  const { db } = ctx;
  const { config } = await ctx.site.get();
  const rules = rulesOf(input.material, config);
  const passpercent = passPercentOf(config);
  const now = iso(ctx.clock.now());
  const pool = fromJson<QuizQuestion[]>(input.material.quiz, []);
  const hide = (r: AttemptResult): AttemptResult =>
    keyShown(rules, r.passed) ? r : { ...r, correctanswers: undefined as unknown as string[] };

  const key = input.attempt ? `client:${input.attempt}` : undefined;
  const padded = pool.map((_, i) => input.answers[i] ?? '');
  const earlier = await earlierAttempt(db, input.enrollment.id, input.material.id, key, answersHash(padded), now);
  if (earlier) return { ...hide(resultOf(earlier, false)), passpercent };

  let s = await attemptStatus(db, input.enrollment.id, input.material.id, rules, now);
  if (s.attempts.some((a) => isOverdue(a, now))) {
    const overdue = await closeOverdue(db, input.enrollment.id, input.material.id, now, passpercent, rules);
    if (overdue) void noticeCertificate(ctx, overdue);
    s = await attemptStatus(db, input.enrollment.id, input.material.id, rules, now);
  }
  let open = s.open;
  if (!open) {
    if ((rules.drawcount && rules.drawcount < pool.length) || rules.timelimit) throw new HttpError(409, MSG.examStartFirst);
    try {
      open = (
        await startAttempt(
          db,
          { enrollment: input.enrollment, lesson: input.lesson, material: input.material, rules, passpercent },
          now,
          false,
        )
      ).attempt;
    } catch (err) {
      if (err instanceof AttemptRefused) throw await refusal(ctx, err.status, input.lang);
      throw err;
    }
  }
  if (input.answers.length > shownOf(open).length) throw badRequest(MSG.tooManyAnswers, { answers: MSG.tooManyAnswers });
  const out = await submitAttempt(db, open, input.answers, now, passpercent, rules, key);
  if (out.kind === 'already') throw new HttpError(409, MSG.examAlreadySubmitted);
  if (out.kind === 'expired') {
    if (out.completed) void noticeCertificate(ctx, out.completed);
    throw new HttpError(409, MSG.examAttemptExpired);
  }
  return { ...hide(out.closed.result), passpercent, attemptid: open.id };
}
