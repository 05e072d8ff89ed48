/**
 * The queries the course and lesson screens make first, from their path alone: started by
 * first-screen.ts while the screen's code is still on its way, so on a slow line the calls do not wait
 * for the screen to load and render, and the lesson's calls go out together instead of one after another.
 * The screens ask for the same query options and find the answers in the cache or in flight.
 */
import type { FetchQueryOptions } from '@tanstack/react-query';
import { allCoursesQuery, classQuery, enrollmentsQuery, lessonQuery, lessonsQuery } from '../lib/data/courses.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of queries with different data types
export type ScreenQuery = FetchQueryOptions<any, any, any, any>;
type Params = Record<string, string | undefined>;

const realClass = (classid: string | undefined) => (classid && classid !== 'none' ? classid : undefined);
const mine = (userId: string | undefined): ScreenQuery[] => (userId ? [enrollmentsQuery(userId)] : []);

export function courseData(params: Params, userId: string | undefined): ScreenQuery[] {
  if (!params.courseid) return [];
  const classid = realClass(params.classid);
  return [allCoursesQuery(), lessonsQuery(params.courseid), ...(classid ? [classQuery(classid)] : []), ...mine(userId)];
}

export function lessonData(params: Params, userId: string | undefined): ScreenQuery[] {
  if (!params.courseid || !params.lessonid) return [];
  return [allCoursesQuery(), lessonsQuery(params.courseid), lessonQuery(params.lessonid), ...mine(userId)];
}
