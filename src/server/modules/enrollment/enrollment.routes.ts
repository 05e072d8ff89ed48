/**
 * Enrolment, progress, quizzes and the exam, and a class's participants (spec section 7, "Enrolment and
 * lessons"). Every write a learner's progress depends on is one transaction in the repository and safe
 * to retry. Each handler: validate, load, authorize, act, present.
 */
import type { ProgressReply, QuizReply } from '../../../domain/replies-learner.ts';
import { AUDIT, diff, recordAudit } from '../admin/audit.repository.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { classNames, noticeCertificate, sendNotice } from '../staff/notices.ts';
import type { AppContext } from '../../context.ts';
import { parse, badRequest, forbidden, notFound, unauthorized } from '../../errors.ts';
import { authorize, can, type Actor } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { fromBool, fromJson } from '../../db/dialect.ts';
import { sanitizeRichText } from '../../adapters/sanitize.ts';
import { MSG } from '../../../domain/messages.ts';
import { DEFAULT_PASS_PERCENT } from '../../../domain/constants.ts';
import type { Enrollment, QuizQuestion } from '../../../domain/types.ts';
import {
  ClassEnrollmentSchema,
  ClassIdParamSchema,
  EnrollmentListSchema,
  EnrollmentRemoveSchema,
  EnrollmentSaveSchema,
  EnrollSchema,
  ExamSubmitSchema,
  QuizSubmitSchema,
  ViewedSchema,
} from '../../../domain/validation.ts';
import { findUserById } from '../users/users.repository.ts';
import { findClass, type ClassRow } from '../classes/classes.repository.ts';
import { keptClasses } from '../classes/kept-classes.ts';
import { userEnrolments } from './user-enrolments.ts';
import { courseTitles, findCourse } from '../courses/courses.repository.ts';
import { quizMaterial } from '../materials/materials.repository.ts';
import { findLesson } from '../lessons/lessons.repository.ts';
import {
  classParticipants,
  clearView,
  enroll,
  enrollmentId,
  findEnrollment,
  getEnrollment,
  enrollmentRows,
  withProgress,
  progressTargetOf,
  recordAttempt,
  recordView,
  removeEnrollment,
  updateEnrollment,
  type ProgressUpdate,
} from './enrollment.repository.ts';
import { grade } from './quiz.grading.ts';
import { countRegcodeTry } from '../accounts/regcode-guard.ts';
import { examAttemptRoutes, legacyExamSubmit } from './exam-attempts.routes.ts';
import { pageParticipants } from './participants.page.ts';
import { ParticipantPageQuerySchema, type ParticipantRow } from '../../../domain/tables.ts';
import type { Page } from '../../../domain/paging.ts';

/** A date from a form (YYYY-MM-DD) or a full time, stored as an ISO time; '' clears it. */
const toTime = (v: string | null | undefined) => (!v ? null : v.length === 10 ? `${v}T00:00:00.000Z` : new Date(v).toISOString());

export function enrollmentRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  async function loadClass(id: string): Promise<ClassRow> {
    const cls = await findClass(db, id);
    if (!cls) throw notFound(MSG.classNotFound);
    return cls;
  }

  // Every course's title, kept until a course is added, renamed or removed (reports/figures.ts): every
  // page a learner opens lists their enrolments with these titles.
  const courseTitleMap = () =>
    ctx.figures.get('courseTitles', 'all', async () => new Map((await courseTitles(db)).map((c) => [c.id, c.title])));

  /** Enrolments with what My Classes shows beside them: class name, course title, certificate link. */
  async function present(list: Enrollment[], actor: Actor | null = null) {
    if (list.length === 0) return [];
    const [{ byId }, courseTitle] = await Promise.all([keptClasses(ctx), courseTitleMap()]);
    return list.map((e) => {
      const cls = byId.get(e.classid);
      return {
        ...e,
        // A private group's code is the key to it: its learners never get it back, its instructor and editors do.
        regcode: cls && can(actor, 'class.viewRegcode', { class: cls }) ? e.regcode : undefined,
        classname: cls?.name,
        /** False when the class was removed: the class picker shows 'This class no longer exists'. */
        classexists: !!cls,
        coursetitle: courseTitle.get(e.course),
        certificate: e.completed ? `/app_users/certificate/${encodeURIComponent(e.course)}` : undefined,
      };
    });
  }
  const presentOne = async (id: string, actor: Actor | null = null) => {
    const e = await getEnrollment(db, id);
    if (!e) throw notFound(MSG.enrollmentNotFound);
    return (await present([e], actor))[0]!;
  };

  app.post(
    '/app_enrollment/enroll/:classid',
    {
      config: { schema: { body: EnrollSchema, params: ClassIdParamSchema }, action: 'enrollment.enroll' },
    },
    async (req) => {
      const { classid } = parse(ClassIdParamSchema, req.params);
      const body = parse(EnrollSchema, req.body);
      const { user, actor } = await caller(ctx, req);
      authorize(actor, 'enrollment.enroll');
      if (body.classid && body.classid !== classid) throw badRequest(MSG.missingIdEnroll);
      const cls = await loadClass(classid);
      if (body.courseid !== cls.course) throw badRequest(MSG.classOtherCourse, { courseid: MSG.classOtherCourse });
      const course = await findCourse(db, cls.course);
      if (!course || course.status === 'Inactive') throw badRequest(MSG.enrollCourseInactive);
      const id = enrollmentId(user!.id, cls.id);
      // Enrolling twice keeps the one enrolment (and needs no code the second time).
      if (!(await findEnrollment(db, id)) && !fromBool(cls.selfpaced) && !can(actor, 'class.update', { class: cls })) {
        if (!body.regcode) throw badRequest(MSG.regcodeRequired, { regcode: MSG.regcodeRequired });
        await countRegcodeTry(ctx, req, user!.id);
        if (body.regcode !== (cls.regcode ?? '').toUpperCase()) throw forbidden(MSG.regcodeMismatch);
      }
      const isNew = !(await findEnrollment(db, id));
      await enroll(db, user!.id, cls);
      if (isNew) {
        void classNames(ctx, cls.id).then((n) =>
          sendNotice(
            ctx,
            user!.id,
            'enrollment',
            (base) => ({
              class: n?.cls || n?.course || cls.id,
              classurl: `${base}/course/${encodeURIComponent(cls.course)}`,
            }),
            req.log,
          ),
        );
      }
      return presentOne(id);
    },
  );

  app.post('/app_enrollment/list', { config: { schema: { body: EnrollmentListSchema }, action: 'enrollment.listOwn' } }, async (req) => {
    const body = parse(EnrollmentListSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'enrollment.listOwn');
    const user = body.user ?? actor!.id;
    // Editors and admins may pass another user's id (spec section 6).
    authorize(actor, 'enrollment.listOf', { user: { id: user } });
    // Without a course, the user's enrolments as the page's other calls read them (user-enrolments.ts).
    const rows = body.course ? await enrollmentRows(db, { user, course: body.course }) : await userEnrolments(ctx, req, user);
    return present(await withProgress(db, rows), actor);
  });

  app.post('/app_enrollment/save', { config: { schema: { body: EnrollmentSaveSchema }, action: 'enrollment.manage' } }, async (req) => {
    const body = parse(EnrollmentSaveSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'enrollment.manage');
    let id = body._id;
    const existing = id ? await findEnrollment(db, id) : undefined;
    if (!existing) {
      // Add User to Class: the user and the class, and an _id (if any) that names that pair.
      if (!body.user || !body.classid) throw notFound(MSG.enrollmentNotFound);
      if (id && id !== enrollmentId(body.user, body.classid)) throw badRequest(MSG.notValid, { _id: MSG.notValid });
      if (!(await findUserById(db, body.user))) throw notFound(MSG.userNotFound);
      id = await enroll(db, body.user, await loadClass(body.classid));
    }
    const fields: { description?: string | null; regdate?: string; completed?: string | null } = {};
    if (body.description !== undefined) fields.description = sanitizeRichText(body.description) || null;
    if (body.regdate) fields.regdate = toTime(body.regdate)!;
    if (body.completed !== undefined) fields.completed = toTime(body.completed);
    if (Object.keys(fields).length) await updateEnrollment(db, id!, fields);
    await recordAudit(db, {
      actor: actor!,
      action: AUDIT.enrollmentSave,
      targetType: 'enrollment',
      target: id!,
      changes: existing
        ? diff(existing as unknown as Record<string, unknown>, fields)
        : { user: body.user, classid: body.classid, added: true },
    });
    return presentOne(id!, actor);
  });

  app.post('/app_enrollment/remove', { config: { schema: { body: EnrollmentRemoveSchema }, action: 'enrollment.manage' } }, async (req) => {
    const { _id } = parse(EnrollmentRemoveSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'enrollment.manage');
    const existing = await findEnrollment(db, _id);
    if (!existing) throw notFound(MSG.enrollmentNotFound);
    await removeEnrollment(db, _id);
    await recordAudit(db, {
      actor: actor!,
      action: AUDIT.enrollmentRemove,
      targetType: 'enrollment',
      target: _id,
      changes: { user: existing.user, course: existing.course, classid: existing.classid },
    });
    return { ok: true, _id };
  });

  /**
   * The class, the caller's enrolment in it, and the lesson and material a progress write is about, in
   * one query. Only one's own progress, in a class one is enrolled in; the lesson must belong to the
   * class's course and the material to the lesson.
   */
  async function progressTarget(
    req: FastifyRequest,
    body: { user?: string; classid: string; lessonid?: string; materialid?: string; course?: string },
  ) {
    const { actor } = await caller(ctx, req);
    if (!actor) throw unauthorized();
    const row = await progressTargetOf(db, body.classid, enrollmentId(actor.id, body.classid), body.lessonid, body.materialid);
    if (!row) throw notFound(MSG.classNotFound);
    const user = body.user ?? actor.id;
    if (!can(actor, 'enrollment.recordProgress', { user: { id: user }, enrolled: !!row.enrollment })) {
      throw forbidden(user === actor.id ? MSG.notEnrolled : MSG.forbidden);
    }
    if (body.course && body.course !== row.course) throw badRequest(MSG.classOtherCourse, { course: MSG.classOtherCourse });
    if (body.lessonid) {
      if (!row.lesson) throw notFound();
      if (row.lessonCourse !== row.course) throw badRequest(MSG.lessonNotInClass, { lessonid: MSG.lessonNotInClass });
    }
    if (body.materialid && row.materialLesson !== body.lessonid) {
      throw badRequest(MSG.materialNotInLesson, { materialid: MSG.materialNotInLesson });
    }
    const enrollment = { id: row.enrollment!, user: row.enrolledUser!, course: row.enrolledCourse!, classid: row.id };
    return { actor, cls: { id: row.id, course: row.course }, enrollment };
  }

  async function lessonOf(cls: { course: string }, lessonId: string) {
    const lesson = await findLesson(db, lessonId);
    if (!lesson) throw notFound();
    if (lesson.course !== cls.course) throw badRequest(MSG.lessonNotInClass, { lessonid: MSG.lessonNotInClass });
    return lesson;
  }

  /** The reply of a view write: the enrolment's figures and the progress of the one lesson written. */
  const progressReply = (
    e: { id: string; user: string; course: string; classid: string },
    lesson: string,
    u: ProgressUpdate | undefined,
  ): ProgressReply => {
    if (!u) throw notFound(MSG.enrollmentNotFound);
    return {
      _id: e.id,
      user: e.user,
      course: e.course,
      classid: e.classid,
      lessonid: lesson,
      percentcomplete: u.percentcomplete,
      completed: u.completed ?? undefined,
      exampassed: u.exampassed,
      progress: { [lesson]: u.lesson },
      certificate: u.completed ? `/app_users/certificate/${encodeURIComponent(e.course)}` : undefined,
    };
  };

  app.post('/app_enrollment/viewed', { config: { schema: { body: ViewedSchema }, action: 'enrollment.recordProgress' } }, async (req) => {
    const body = parse(ViewedSchema, req.body);
    const { enrollment } = await progressTarget(req, body);
    const update = await recordView(db, enrollment.id, body.lessonid, body.materialid);
    if (update?.completedNow) void noticeCertificate(ctx, enrollment, req.log);
    return progressReply(enrollment, body.lessonid, update);
  });

  app.post('/app_enrollment/unview', { config: { schema: { body: ViewedSchema }, action: 'enrollment.recordProgress' } }, async (req) => {
    const body = parse(ViewedSchema, req.body);
    const { enrollment } = await progressTarget(req, { ...body, materialid: undefined });
    return progressReply(enrollment, body.lessonid, await clearView(db, enrollment.id, body.lessonid));
  });

  /** Grades a quiz or the exam and records it once; the reply carries the right answers (Show Answers). */
  async function submit(req: FastifyRequest, kind: 'quiz' | 'exam') {
    const body = kind === 'exam' ? parse(ExamSubmitSchema, req.body) : parse(QuizSubmitSchema, req.body);
    const { cls, enrollment } = await progressTarget(req, { user: body.user, classid: body.classid });
    if (body.courseid !== cls.course) throw badRequest(MSG.classOtherCourse, { courseid: MSG.classOtherCourse });
    const material = await quizMaterial(db, body._id);
    if (!material) throw notFound();
    const expected = kind === 'exam' ? 'Exam' : 'Quiz';
    const questions = fromJson<QuizQuestion[]>(material.quiz, []);
    if (material.section !== expected || !Array.isArray(questions) || questions.length === 0) {
      throw badRequest(kind === 'exam' ? MSG.notAnExam : MSG.notAQuiz);
    }
    const lesson = await lessonOf(cls, material.lesson);
    if ('lessonid' in body && body.lessonid && body.lessonid !== lesson.id) {
      throw badRequest(MSG.materialNotInLesson, { lessonid: MSG.materialNotInLesson });
    }
    if (body.answers.length > questions.length) throw badRequest(MSG.tooManyAnswers, { answers: MSG.tooManyAnswers });
    const { config } = await ctx.site.get();
    const passpercent =
      Number((kind === 'exam' ? config.exampasspercent : config.quizpasspercent) ?? DEFAULT_PASS_PERCENT) || DEFAULT_PASS_PERCENT;
    const { user } = await caller(ctx, req);
    // The exam goes through its attempt rules; the key comes back only when they show it.
    const { completedNow, ...result } =
      kind === 'exam'
        ? await legacyExamSubmit(ctx, {
            enrollment,
            lesson: lesson.id,
            material,
            answers: body.answers,
            attempt: body.attempt,
            lang: user?.lang ?? 'en',
          })
        : await recordAttempt(db, {
            enrollment,
            lesson: lesson.id,
            material: material.id,
            kind,
            attempt: body.attempt,
            graded: grade(questions, body.answers, passpercent),
          });
    if (completedNow) void noticeCertificate(ctx, enrollment, req.log);
    const after = await presentOne(enrollment.id);
    return {
      ...result,
      passpercent,
      _id: material.id,
      lessonid: lesson.id,
      classid: cls.id,
      courseid: cls.course,
      progress: after.progress[lesson.id],
      exampassed: after.exampassed,
      examdate: after.examdate,
      completed: after.completed,
      percentcomplete: after.percentcomplete,
      enrollment: after,
    } satisfies QuizReply;
  }

  examAttemptRoutes(app, ctx);

  app.post(
    '/app_enrollment/quiz',
    {
      config: { schema: { body: QuizSubmitSchema }, action: 'enrollment.recordProgress' },
    },
    (req) => submit(req, 'quiz'),
  );
  app.post(
    '/app_enrollment/exam',
    {
      config: { schema: { body: ExamSubmitSchema }, action: 'enrollment.recordProgress' },
    },
    (req) => submit(req, 'exam'),
  );

  app.post(
    '/app_enrollment/classEnrollment',
    {
      config: { schema: { body: ClassEnrollmentSchema }, action: 'class.viewParticipants' },
    },
    async (req) => {
      const { classid } = parse(ClassEnrollmentSchema, req.body);
      const { actor } = await caller(ctx, req);
      if (!actor) throw unauthorized();
      const cls = await loadClass(classid);
      const enrolled = !!(await findEnrollment(db, enrollmentId(actor.id, cls.id)));
      authorize(actor, 'class.viewParticipants', { class: cls, enrolled });
      const details = can(actor, 'class.viewParticipantDetails', { class: cls });
      const rows = await classParticipants(db, cls.id);
      // Fellow learners see names only; the instructor and admins see the participant table's details.
      return rows.map((r) =>
        details
          ? {
              _id: r.enrollment,
              user: r.user,
              firstname: r.firstname,
              lastname: r.lastname,
              email: r.email,
              regdate: r.regdate,
              lastview: r.lastview ?? undefined,
              timestamp: r.timestamp,
              lastactivity: r.lastview ?? r.timestamp,
              lessons: r.lessons,
              lessoncount: r.lessons,
              completed: r.completed ?? undefined,
              percentcomplete: r.percentcomplete,
              ...(r.suspended === 1 ? { suspended: true } : {}),
            }
          : { firstname: r.firstname, lastname: r.lastname },
      );
    },
  );

  /** The participant table a page at a time: for the class's instructor and admins, sorted and searched on the server. */
  app.post('/app_enrollment/participants', { config: { action: 'class.pageParticipants' } }, async (req, reply) => {
    const query = parse(ParticipantPageQuerySchema, req.body);
    const { actor } = await caller(ctx, req);
    if (!actor) throw unauthorized();
    const cls = await loadClass(query.classid);
    authorize(actor, 'class.pageParticipants', { class: cls });
    reply.header('cache-control', 'no-store');
    const page: Page<ParticipantRow> = await pageParticipants(db, ctx.store.engine, query, (key, count) =>
      ctx.figures.get('participantTotals', key, count),
    );
    return page;
  });
}
