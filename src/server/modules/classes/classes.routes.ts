/**
 * Classes (spec section 7, "Content, courses, classes"; section 6 for who may create and edit them).
 * Each handler: validate, load, authorize, act, present.
 */
import type { FastifyInstance } from 'fastify';
import { diff, recordAudit } from '../admin/audit.repository.ts';
import type { AppContext } from '../../context.ts';
import { parse, badRequest, forbidden, notFound, unauthorized } from '../../errors.ts';
import { authorize, can, type Actor, type Resource } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { bool, fromBool, fromJson } from '../../db/dialect.ts';
import { sanitizeRichText } from '../../adapters/sanitize.ts';
import { MSG } from '../../../domain/messages.ts';
import { ClassListSchema, ClassRemoveSchema, ClassSaveSchema, NEW_ID, type ClassSave } from '../../../domain/validation.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';
import { keptClass } from './kept-classes.ts';
import { findClass, findClassByRegcode, insertClass, listClasses, removeClass, updateClass, type ClassRow } from './classes.repository.ts';
import { enrolledClassIds, isEnrolledIn } from '../enrollment/enrollment.repository.ts';
import { findCourse } from '../courses/courses.repository.ts';
import { presentClass } from './classes.presenter.ts';
import { countRegcodeTry } from '../accounts/regcode-guard.ts';

const blank = <T>(v: T | null | undefined) => (v === '' || v === undefined ? null : v);
const day = (v: string | null | undefined) => (v ? v.slice(0, 10) : null);

export function classesRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;

  const runs = (actor: Actor | null, cls: ClassRow) => can(actor, 'class.update', { class: cls });

  app.post('/app_classes/list', { config: { schema: { body: ClassListSchema }, action: 'class.list' } }, async (req) => {
    const body = parse(ClassListSchema, req.body);
    const { user, actor } = await caller(ctx, req);
    authorize(actor, 'class.list');

    if (body.regcode) {
      // Knowing a private group's code is what lets one join it: guesses are limited per user and address.
      await countRegcodeTry(ctx, req, user?.id);
      const cls = await findClassByRegcode(db, body.regcode);
      // Nothing found is an empty list: the web app shows 'I am sorry, I cannot find that class'.
      return cls ? [presentClass(cls, { showCode: true })] : [];
    }
    if (body._id) {
      const cls = await keptClass(ctx, body._id);
      if (!cls) return [];
      // A private group's details are for its learners, its instructor, editors and admins: to anyone
      // else it is as if it did not exist.
      if (!fromBool(cls.selfpaced)) {
        const enrolled = !!user && (await isEnrolledIn(db, user.id, cls.id));
        if (!can(actor, 'class.viewPrivate', { class: cls, enrolled })) return [];
      }
      return [presentClass(cls, { showCode: can(actor, 'class.viewRegcode', { class: cls }) })];
    }
    if (!body.course && body.lang) {
      // Spec: the look-up for self-paced classes needs a language: every self-paced class in it.
      const rows = await listClasses(db, { lang: body.lang, selfpaced: true });
      return rows.map((c) => presentClass(c, { showCode: runs(actor, c) }));
    }
    if (body.course) {
      const rows = await listClasses(db, { course: body.course, lang: body.lang || undefined });
      // Private groups are listed only to those who run them or are enrolled in them; others join by code.
      const enrolled = user ? new Set(await enrolledClassIds(db, user.id)) : new Set<string>();
      return rows
        .filter((c) => fromBool(c.selfpaced) || runs(actor, c) || enrolled.has(c.id))
        .map((c) => presentClass(c, { showCode: can(actor, 'class.viewRegcode', { class: c }) }));
    }
    // No filter: the classes the caller hosts (My Classes, with their codes).
    authorize(actor, 'class.listHosted');
    const rows = await listClasses(db, { instructor: actor!.id });
    return rows.map((c) => presentClass(c, { showCode: true }));
  });

  /** Who teaches the class: the caller, or (admins only) another existing user. */
  async function instructorFor(actor: Actor, user: UserRow, requested: string | undefined): Promise<UserRow> {
    if (!requested || requested === user.id) return user;
    authorize(actor, 'class.assignInstructor');
    const other = await findUserById(db, requested);
    if (!other) throw notFound(MSG.userNotFound);
    return other;
  }

  app.post('/app_classes/save', { config: { schema: { body: ClassSaveSchema }, action: 'class.create' } }, async (req) => {
    const body = parse(ClassSaveSchema, req.body);
    const { user, actor } = await caller(ctx, req);
    if (!user) throw unauthorized();
    const creating = body._id === NEW_ID;
    return creating ? createClass(actor, user, body) : editClass(actor, body);
  });

  async function createClass(actor: Actor, user: UserRow, body: ClassSave) {
    const course = await findCourse(db, body.course!);
    if (!course) throw notFound(MSG.classCourseNotFound);
    const { config } = await ctx.site.get();
    const certifications = fromJson<Record<string, unknown>>(user.certifications, {});
    const classCourse: NonNullable<Resource['classCourse']> = {
      active: course.status !== 'Inactive',
      sameLanguage: course.lang === user.lang,
      // A certification for the course, or for the main course its language versions share.
      certified: Object.hasOwn(certifications, course.id) || (!!course.main && Object.hasOwn(certifications, course.main)),
      openToAll: !!config.createclasswithoutcerts,
    };
    if (!can(actor, 'class.create', { classCourse })) {
      // Say which condition failed: the course's status, its language, or a missing certification.
      if (!classCourse.active) throw forbidden(MSG.classCourseInactive);
      if (can(actor, 'class.create', { classCourse: { ...classCourse, sameLanguage: true } })) throw forbidden(MSG.classCourseLanguage);
      throw forbidden(MSG.classNotCertified);
    }
    const instructor = await instructorFor(actor, user, body.instructor);
    const row = await insertClass(db, {
      name: body.name!,
      course: course.id,
      startdate: day(body.startdate),
      weeks: body.weeks ?? null,
      instructor: instructor.id,
      instructorname: `${instructor.firstname} ${instructor.lastname}`.trim(),
      selfpaced: bool(body.selfpaced ?? false),
      lang: body.lang ?? course.lang,
      description: blank(sanitizeRichText(body.description)),
      description2: blank(sanitizeRichText(body.description2)),
    });
    await recordAudit(db, {
      actor,
      action: 'class.save',
      targetType: 'class',
      target: row.id,
      changes: { created: true, name: row.name, course: row.course },
    });
    return presentClass(row, { showCode: true });
  }

  async function editClass(actor: Actor, body: ClassSave) {
    const cls = await findClass(db, body._id!);
    if (!cls) throw notFound(MSG.classNotFound);
    authorize(actor, 'class.update', { class: cls });
    if (body.course && body.course !== cls.course) throw badRequest(MSG.classCourseFixed, { course: MSG.classCourseFixed });
    const fields: Partial<ClassRow> = {};
    if (body.name !== undefined) fields.name = body.name;
    if (body.startdate !== undefined) fields.startdate = day(body.startdate);
    if (body.weeks !== undefined) fields.weeks = body.weeks;
    if (body.selfpaced !== undefined) fields.selfpaced = bool(body.selfpaced);
    if (body.lang !== undefined) fields.lang = body.lang;
    if (body.description !== undefined) fields.description = blank(sanitizeRichText(body.description));
    if (body.description2 !== undefined) fields.description2 = blank(sanitizeRichText(body.description2));
    if (body.instructor !== undefined && body.instructor !== cls.instructor) {
      authorize(actor, 'class.assignInstructor');
      const other = await findUserById(db, body.instructor);
      if (!other) throw notFound(MSG.userNotFound);
      fields.instructor = other.id;
      fields.instructorname = `${other.firstname} ${other.lastname}`.trim();
    }
    await updateClass(db, cls.id, fields);
    const changed = diff(cls as unknown as Record<string, unknown>, fields);
    if (Object.keys(changed).length)
      await recordAudit(db, { actor, action: 'class.save', targetType: 'class', target: cls.id, changes: { name: cls.name, ...changed } });
    return presentClass({ ...cls, ...fields }, { showCode: true });
  }

  app.post('/app_classes/remove', { config: { schema: { body: ClassRemoveSchema }, action: 'class.remove' } }, async (req) => {
    const { _id } = parse(ClassRemoveSchema, req.body);
    const { actor } = await caller(ctx, req);
    if (!actor) authorize(actor, 'class.remove');
    const cls = await findClass(db, _id);
    if (!cls) throw notFound(MSG.classNotFound);
    authorize(actor, 'class.remove', { class: cls });
    await removeClass(db, cls.id);
    await recordAudit(db, {
      actor: actor!,
      action: 'class.remove',
      targetType: 'class',
      target: cls.id,
      changes: { name: cls.name, course: cls.course },
    });
    return { ok: true, _id: cls.id };
  });
}
