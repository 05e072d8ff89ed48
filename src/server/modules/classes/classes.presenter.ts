/** Picks what of a class leaves the server: the registration code only for those who run the class. */
import type { ClassRecord } from '../../../domain/types.ts';
import { fromBool } from '../../db/dialect.ts';
import type { ClassRow } from './classes.repository.ts';

const opt = <T>(v: T | null) => (v === null ? undefined : v);

export function presentClass(r: ClassRow, opts: { showCode: boolean }): ClassRecord {
  return {
    _id: r.id,
    name: r.name,
    course: r.course,
    startdate: opt(r.startdate),
    weeks: opt(r.weeks),
    instructor: opt(r.instructor),
    instructorname: opt(r.instructorname),
    regcode: opts.showCode ? opt(r.regcode) : undefined,
    selfpaced: fromBool(r.selfpaced),
    lang: opt(r.lang),
    description: opt(r.description),
    description2: opt(r.description2),
    created: r.created,
  };
}
