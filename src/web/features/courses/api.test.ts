import { describe, expect, it } from 'vitest';
import type { Course, Enrollment, Lesson } from '../../../domain/types.ts';
import { sortLessons, visibleCourses } from '../../lib/data/courses.ts';
import { courseAction } from '../../lib/course-action.ts';

const course = (c: Partial<Course> & { _id: string }): Course => ({ title: c._id, lang: 'en', ...c });
const enr = (e: Partial<Enrollment>): Enrollment => ({ _id: 'x', user: 'u', course: 'c', classid: 'k', progress: {}, ...e });

describe('visibleCourses', () => {
  it('drops Inactive ones, keeps the language, sorts by order then title', () => {
    const list = [
      course({ _id: 'b', title: 'B', order: 1 }),
      course({ _id: 'a', title: 'A', order: 1 }),
      course({ _id: 'z', title: 'Z', order: 0 }),
      course({ _id: 'off', status: 'Inactive' }),
      course({ _id: 'es', lang: 'es' }),
    ];
    expect(visibleCourses(list, 'en').map((c) => c._id)).toEqual(['z', 'a', 'b']);
    expect(visibleCourses(list, 'es').map((c) => c._id)).toEqual(['es']);
  });

  it('shows courses without a language only in en', () => {
    const list = [{ _id: 'n', title: 'N' } as Course];
    expect(visibleCourses(list, 'en')).toHaveLength(1);
    expect(visibleCourses(list, 'fr')).toHaveLength(0);
  });
});

describe('sortLessons', () => {
  it('orders by the course sections, then sort order', () => {
    const l = (id: string, sorder: string, sortorder: number): Lesson => ({ _id: id, course: 'c', title: id, sorder, sortorder });
    const sorted = sortLessons(
      [l('x', 'more', 1), l('b', 'basics', 2), l('a', 'basics', 1)],
      course({ _id: 'c', sections: 'basics,more' }),
    );
    expect(sorted.map((s) => s._id)).toEqual(['a', 'b', 'x']);
  });
});

describe('courseAction (course card button)', () => {
  const c = course({ _id: 'c' });
  it.each([
    ['not enrolled', [], '/Course/c', 'View Course'],
    ['enrolled', [enr({ regdate: '2026-01-01' })], '/Course/c', 'Get Started'],
    ['started', [enr({ regdate: '2026-01-01', progress: { l1: { firstview: '2026-01-02' } } })], '/lessons/c/next', 'Continue'],
    ['several enrolments', [enr({}), enr({ classid: 'k2' })], '/Course/c', 'View Course'],
  ] as const)('%s', (_, list, to, label) => {
    expect(courseAction(c, [...list])).toEqual({ to, label });
  });
});
