import { describe, expect, it } from 'vitest';
import type { Course, Enrollment, Lesson } from '../../../domain/types.ts';
import { chosenClass, lessonSections, progressPercent, siblingCourseId } from './course-page.ts';

const course = (c: Partial<Course> & { _id: string }): Course => ({ title: c._id, lang: 'en', ...c });
const enr = (e: Partial<Enrollment>): Enrollment => ({ _id: 'x', user: 'u', course: 'c', classid: 'k', progress: {}, ...e });
const config = { nolangcoursechange: false, maincourses: { iol: { en: 'iol', es: 'iol-es', ar: 'iol-ar' } } };

describe('siblingCourseId (language move via maincourses)', () => {
  it("moves to the sibling in the user's language", () => {
    expect(siblingCourseId(course({ _id: 'iol', main: 'iol' }), 'es', config)).toBe('iol-es');
    expect(siblingCourseId(course({ _id: 'iol-es', lang: 'es', main: 'iol' }), 'ar', config)).toBe('iol-ar');
  });
  it('stays when the language matches, no sibling exists, or the site forbids the change', () => {
    expect(siblingCourseId(course({ _id: 'iol', main: 'iol' }), 'en', config)).toBeNull();
    expect(siblingCourseId(course({ _id: 'iol', main: 'iol' }), 'fr', config)).toBeNull();
    expect(siblingCourseId(course({ _id: 'iol', main: 'iol' }), 'es', { ...config, nolangcoursechange: true })).toBeNull();
    expect(siblingCourseId(course({ _id: 'iol' }), 'es', null)).toBeNull();
  });
  it('finds the mapping by the course id when the course names no main course', () => {
    expect(siblingCourseId(course({ _id: 'iol-es', lang: 'es' }), 'ar', config)).toBe('iol-ar');
  });
});

describe('chosenClass', () => {
  it("uses the route's class, else the only enrolment's, else none", () => {
    expect(chosenClass('r', [enr({ classid: 'a' })])).toBe('r');
    expect(chosenClass(undefined, [enr({ classid: 'a' })])).toBe('a');
    expect(chosenClass(undefined, [enr({ classid: 'a' }), enr({ classid: 'b' })])).toBeUndefined();
    expect(chosenClass(undefined, [])).toBeUndefined();
  });
});

describe('lessonSections', () => {
  it('groups lessons by section in course order, by sort order inside', () => {
    const l = (id: string, sorder: string, sortorder: number): Lesson => ({ _id: id, course: 'c', title: id, sorder, sortorder });
    const sections = lessonSections(
      [l('c', 'more', 1), l('b', 'basics', 2), l('a', 'basics', 1)],
      course({ _id: 'c', sections: 'basics,more' }),
    );
    expect(sections.map((s) => [s.key, s.lessons.map((x) => x._id)])).toEqual([
      ['basics', ['a', 'b']],
      ['more', ['c']],
    ]);
  });
});

describe('progressPercent', () => {
  const lessons = [{ _id: 'l1' }, { _id: 'l2' }] as Lesson[];
  it("is the server's percentcomplete, 100 once completed, else the share of lessons opened", () => {
    expect(progressPercent(undefined, lessons)).toBe(0);
    expect(progressPercent(enr({ percentcomplete: 42.4 }), lessons)).toBe(42);
    expect(progressPercent(enr({ completed: '2026-01-01', percentcomplete: 90 }), lessons)).toBe(100);
    expect(progressPercent(enr({ progress: { l1: { firstview: 'x' } } }), lessons)).toBe(50);
  });
});
