/**
 * A course copied into another language: the sibling course (same main course, the chosen language)
 * with copies of its lessons and materials (quizzes and the exam included), Inactive until an editor
 * activates it, so learners never meet a half-translated course. The site's `maincourses` mapping gets
 * the new language, so the course page moves readers of that language to it.
 */
import type { Db } from '../../db/database.ts';
import { now } from '../../db/dialect.ts';
import { newId } from '../users/users.repository.ts';
import type { CourseRow } from './courses.repository.ts';

export interface CourseCopy {
  course: CourseRow;
  lessons: number;
  materials: number;
  main: string;
}

/** Another course of the same main course already in `lang`, if any. */
export async function siblingInLanguage(
  db: Db,
  source: CourseRow,
  lang: string,
  mapping: Record<string, Record<string, string>>,
): Promise<boolean> {
  const main = source.main || source.id;
  const mapped = mapping[main]?.[lang];
  if (mapped && mapped !== source.id && (await db.selectFrom('courses').select('id').where('id', '=', mapped).executeTakeFirst()))
    return true;
  const same = await db
    .selectFrom('courses')
    .select('id')
    .where('lang', '=', lang)
    .where((eb) => eb.or([eb('main', '=', main), eb('id', '=', main)]))
    .executeTakeFirst();
  return !!same;
}

export async function copyCourse(db: Db, source: CourseRow, lang: string): Promise<CourseCopy> {
  const main = source.main || source.id;
  return db.transaction().execute(async (trx) => {
    // A course that was its own main gets that written down, so both versions name the same main.
    if (!source.main) await trx.updateTable('courses').set({ main }).where('id', '=', source.id).execute();
    const course: CourseRow = { ...source, id: newId(), lang, main, status: 'Inactive', created: now() };
    await trx.insertInto('courses').values(course).execute();
    const lessons = await trx.selectFrom('lessons').selectAll().where('course', '=', source.id).execute();
    let materials = 0;
    for (const lesson of lessons) {
      const lessonId = newId();
      await trx
        .insertInto('lessons')
        .values({ ...lesson, id: lessonId, course: course.id, cached: null })
        .execute();
      const mats = await trx.selectFrom('materials').selectAll().where('lesson', '=', lesson.id).execute();
      for (const m of mats) {
        await trx
          .insertInto('materials')
          .values({ ...m, id: newId(), lesson: lessonId })
          .execute();
        materials++;
      }
    }
    return { course, lessons: lessons.length, materials, main };
  });
}
