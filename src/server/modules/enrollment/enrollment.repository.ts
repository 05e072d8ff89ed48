/**
 * Enrolments and progress. Progress is never a read-modify-write of a blob: each view is an upsert of
 * its own row, so two tabs or a retried request lose nothing (DESIGN.md, "Data").
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { fromBool, fromJson, now } from '../../db/dialect.ts';
import type { Enrollment, LessonProgress } from '../../../domain/types.ts';
import type { ClassesTable } from '../../db/schema.ts';

/** Spec: an enrolment's _id is the user id and the class id joined by a dash. */
export const enrollmentId = (userId: string, classId: string) => `${userId}-${classId}`;

/** Enrols the user in the class; enrolling twice keeps the first enrolment. */
export async function enroll(db: Db, userId: string, cls: Pick<ClassesTable, 'id' | 'course' | 'regcode' | 'description'>) {
  const ts = now();
  await db.insertInto('enrollments').values({
    id: enrollmentId(userId, cls.id), user: userId, course: cls.course, classid: cls.id, regdate: ts,
    completed: null, regcode: cls.regcode, description: cls.description, timestamp: ts, percentcomplete: 0,
    exampassed: 0, examdate: null,
  }).onConflict((oc) => oc.column('id').doNothing()).execute();
  return enrollmentId(userId, cls.id);
}

/** Marks a lesson (and optionally one of its materials) viewed: first view kept, last view moved. */
export async function recordView(db: Db, enrollment: string, lesson: string, material?: string, at = now()) {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('lesson_progress').values({
      enrollmentId: enrollment, lesson, firstview: at, lastview: at, quizdate: null, score: null, possible: null,
      percent: null, answers: null, correctanswers: null,
    }).onConflict((oc) => oc.columns(['enrollmentId', 'lesson']).doUpdateSet({
      lastview: sql`case when ${sql.ref('lesson_progress.lastview')} is null or ${sql.ref('lesson_progress.lastview')} < ${at} then ${at} else ${sql.ref('lesson_progress.lastview')} end`,
      firstview: sql`coalesce(${sql.ref('lesson_progress.firstview')}, ${at})`,
    })).execute();
    if (material) {
      await trx.insertInto('material_views').values({ enrollmentId: enrollment, lesson, material, firstview: at, lastview: at })
        .onConflict((oc) => oc.columns(['enrollmentId', 'lesson', 'material']).doUpdateSet({ lastview: at })).execute();
    }
    await trx.updateTable('enrollments').set({ timestamp: at }).where('id', '=', enrollment).execute();
  });
}

/** Clears a lesson's views (Mark Unread); quiz results stay. */
export async function clearView(db: Db, enrollment: string, lesson: string) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('material_views').where('enrollmentId', '=', enrollment).where('lesson', '=', lesson).execute();
    await trx.updateTable('lesson_progress').set({ firstview: null, lastview: null })
      .where('enrollmentId', '=', enrollment).where('lesson', '=', lesson).execute();
  });
}

/** The user's enrolments, each with the spec's `progress` map assembled from the progress rows. */
export async function listEnrollments(db: Db, where: { user?: string; classid?: string; ids?: string[] }): Promise<Enrollment[]> {
  let q = db.selectFrom('enrollments').selectAll();
  if (where.user) q = q.where('user', '=', where.user);
  if (where.classid) q = q.where('classid', '=', where.classid);
  if (where.ids) q = q.where('id', 'in', where.ids.length ? where.ids : ['']);
  const rows = await q.orderBy('regdate', 'desc').execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lessons, views] = await Promise.all([
    db.selectFrom('lesson_progress').selectAll().where('enrollmentId', 'in', ids).execute(),
    db.selectFrom('material_views').selectAll().where('enrollmentId', 'in', ids).execute(),
  ]);
  const progress = new Map<string, Record<string, LessonProgress>>(ids.map((id) => [id, {}]));
  for (const l of lessons) {
    progress.get(l.enrollmentId)![l.lesson] = {
      firstview: l.firstview ?? undefined, lastview: l.lastview ?? undefined, quizdate: l.quizdate ?? undefined,
      score: l.score ?? undefined, possible: l.possible ?? undefined, percent: l.percent ?? undefined,
      answers: fromJson<string[] | undefined>(l.answers, undefined), correctanswers: fromJson<string[] | undefined>(l.correctanswers, undefined),
      materials: {},
    };
  }
  for (const v of views) {
    const p = progress.get(v.enrollmentId)!;
    const lp = (p[v.lesson] ??= { materials: {} });
    (lp.materials ??= {})[v.material] = v.lastview;
  }
  return rows.map((r) => ({
    _id: r.id, user: r.user, course: r.course, classid: r.classid, regdate: r.regdate, completed: r.completed ?? undefined,
    regcode: r.regcode ?? undefined, description: r.description ?? undefined, ts: r.timestamp, timestamp: r.timestamp,
    percentcomplete: r.percentcomplete, exampassed: fromBool(r.exampassed), examdate: r.examdate ?? undefined,
    progress: progress.get(r.id)!,
  }));
}
