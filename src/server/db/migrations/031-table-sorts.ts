/**
 * Indexes for the enrolments table and reports at size (250,000 enrolments): each sort reads its first
 * rows in order from an index instead of sorting every enrolment, a course's or class's enrolments come
 * out in id order for the grouped sorts' tie-break, and the per-class and per-course sums read an index only.
 */
import type { Kysely } from 'kysely';
import type { Engine } from '../dialect.ts';

export async function up(db: Kysely<any>, _engine: Engine): Promise<void> {
  const s = db.schema;
  await s.createIndex('enrollments_regdate').on('enrollments').columns(['regdate', 'id']).execute();
  await s.createIndex('enrollments_completed_id').on('enrollments').columns(['completed', 'id']).execute();
  await s.createIndex('enrollments_percent').on('enrollments').columns(['percentcomplete', 'id']).execute();
  await s.createIndex('enrollments_course_id').on('enrollments').columns(['course', 'id']).execute();
  await s.createIndex('enrollments_class_id').on('enrollments').columns(['classid', 'id']).execute();
  await s.createIndex('courses_title').on('courses').columns(['title', 'id']).execute();
  // The enrolment and completion reports add up every enrolment per class and per course: these hold
  // every column the sums read, so the sums scan an index in group order and never the table.
  await s.createIndex('enrollments_class_sums').on('enrollments').columns(['classid', 'completed', 'regdate']).execute();
  await s.createIndex('enrollments_course_sums').on('enrollments').columns(['course', 'completed', 'percentcomplete', 'regdate']).execute();
}
