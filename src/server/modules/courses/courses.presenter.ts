/** Picks what of a course leaves the server. */
import type { Course } from '../../../domain/types.ts';
import type { CoursesTable } from '../../db/schema.ts';

const opt = <T>(v: T | null) => (v === null ? undefined : v);

export const presentCourse = (r: CoursesTable): Course => ({
  _id: r.id,
  title: r.title,
  reftitle: opt(r.reftitle),
  description: opt(r.description),
  description2: opt(r.description2),
  status: opt(r.status),
  lang: r.lang,
  order: r.order,
  main: opt(r.main),
  video: opt(r.video),
  sections: opt(r.sections),
  smallbanner: opt(r.smallbanner),
  timerequired: opt(r.timerequired),
  certificate: opt(r.certificate),
  created: r.created,
});
