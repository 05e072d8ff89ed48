import { describe, expect, it } from 'vitest';
import type { Lesson, Material } from '../../../domain/types.ts';
import { continueLesson, courseSteps, neighbours, orderedMaterials } from './lesson-nav.ts';
import { lessonPath } from '../../lib/paths.ts';

const mat = (id: string, lesson: string, order: number): Material => ({ _id: id, lesson, order, section: 'Text' });
const lesson = (id: string, mats: Material[] = []): Lesson => ({
  _id: id,
  course: 'c',
  title: id,
  materials: Object.fromEntries(mats.map((m) => [m._id, m])),
});

const l1 = lesson('l1', [mat('b', 'l1', 2), mat('a', 'l1', 1)]);
const l2 = lesson('l2');
const l3 = lesson('l3', [mat('c', 'l3', 1)]);
const lessons = [l1, l2, l3];

describe('orderedMaterials and courseSteps', () => {
  it('orders materials by order, and gives a lesson without materials one step', () => {
    expect(orderedMaterials(l1).map((m) => m._id)).toEqual(['a', 'b']);
    expect(courseSteps(lessons)).toEqual([
      { lessonId: 'l1', materialId: 'a' },
      { lessonId: 'l1', materialId: 'b' },
      { lessonId: 'l2' },
      { lessonId: 'l3', materialId: 'c' },
    ]);
  });
});

describe('neighbours (Previous / Next)', () => {
  const steps = courseSteps(lessons);
  it('moves through materials, then to the next lesson', () => {
    expect(neighbours(steps, 'l1', 'a')).toEqual({ prev: undefined, next: { lessonId: 'l1', materialId: 'b' } });
    expect(neighbours(steps, 'l1', 'b').next).toEqual({ lessonId: 'l2' });
    expect(neighbours(steps, 'l2')).toEqual({ prev: { lessonId: 'l1', materialId: 'b' }, next: { lessonId: 'l3', materialId: 'c' } });
    expect(neighbours(steps, 'l3', 'c').next).toBeUndefined();
  });
  it("treats no material (or an unknown one) as the lesson's first", () => {
    expect(neighbours(steps, 'l1').next).toEqual({ lessonId: 'l1', materialId: 'b' });
    expect(neighbours(steps, 'l1', 'zzz').prev).toBeUndefined();
    expect(neighbours(steps, 'nope')).toEqual({});
  });
});

describe('continueLesson (lessons/{course}/next)', () => {
  it('opens the first lesson when nothing was viewed', () => {
    expect(continueLesson(lessons, undefined)).toBe('l1');
    expect(continueLesson(lessons, { progress: {} })).toBe('l1');
    expect(continueLesson([], undefined)).toBeUndefined();
  });
  it('opens the most recently viewed lesson', () => {
    const progress = { l1: { lastview: '2026-01-03T00:00:00Z' }, l3: { lastview: '2026-01-02T00:00:00Z' } };
    expect(continueLesson(lessons, { progress })).toBe('l1');
  });
  it('opens the following lesson when the latest one has a quiz date, staying on the last lesson', () => {
    expect(continueLesson(lessons, { progress: { l1: { lastview: '2026-01-03T00:00:00Z', quizdate: '2026-01-03T00:00:00Z' } } })).toBe(
      'l2',
    );
    expect(continueLesson(lessons, { progress: { l3: { lastview: '2026-01-03T00:00:00Z', quizdate: '2026-01-03T00:00:00Z' } } })).toBe(
      'l3',
    );
  });
});

describe('lessonPath', () => {
  it('builds the viewer path, with none for a missing class before a material', () => {
    expect(lessonPath('c', 'l1')).toBe('/lessons/c/l1');
    expect(lessonPath('c', 'l1', 'k')).toBe('/lessons/c/l1/k');
    expect(lessonPath('c', 'l1', undefined, 'm')).toBe('/lessons/c/l1/none/m');
    expect(lessonPath('c d', 'l1', 'k', 'm')).toBe('/lessons/c%20d/l1/k/m');
  });
});
