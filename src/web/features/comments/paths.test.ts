import { describe, expect, it } from 'vitest';
import { isBlankHtml, lessonPath, parseCommentsPath, postTime, splitParent } from './paths.ts';
import { discussionPath } from '../../lib/paths.ts';

describe('parseCommentsPath', () => {
  it.each([
    [{}, { parent: undefined, classId: undefined, commentId: undefined }],
    [{ parentId: 'course-1-l2' }, { parent: 'course-1-l2', classId: undefined, commentId: undefined }],
    [
      { parentId: 'course-1-l2', classId: 'c1', commentId: 'k1' },
      { parent: 'course-1-l2', classId: 'c1', commentId: 'k1' },
    ],
    [
      { parentId: 'course-1-l2', classId: 'none', commentId: 'k1' },
      { parent: 'course-1-l2', classId: undefined, commentId: 'k1' },
    ],
    [{ id: 'd1' }, { parent: 'd1', classId: undefined, commentId: undefined }],
    [{ '*': 'a/b/c/d' }, { parent: 'a', classId: 'b', commentId: 'c' }],
    [{ '*': 'x%20y/c%2F1' }, { parent: 'x y', classId: 'c/1', commentId: undefined }],
    [{ id: ' ' }, { parent: undefined, classId: undefined, commentId: undefined }],
  ])('%j', (params, expected) => {
    expect(parseCommentsPath(params)).toEqual(expected);
  });
});

describe('splitParent', () => {
  const courses = ['intro', 'intro-online-learning', 'health'];
  it('takes the longest course id the parent starts with', () => {
    expect(splitParent('intro-online-learning-iol-en-l2', courses)).toEqual({ courseId: 'intro-online-learning', lessonId: 'iol-en-l2' });
    expect(splitParent('intro-l1', courses)).toEqual({ courseId: 'intro', lessonId: 'l1' });
  });
  it('answers null when no course matches or no lesson follows', () => {
    expect(splitParent('other-l1', courses)).toBeNull();
    expect(splitParent('health-', courses)).toBeNull();
    expect(splitParent('health', courses)).toBeNull();
  });
});

describe('links and texts', () => {
  it('builds discussion and lesson paths, none for no class', () => {
    expect(discussionPath('c-l', null)).toBe('/comments/c-l/none');
    expect(discussionPath('c-l', 'k 1', 'p1')).toBe('/comments/c-l/k%201/p1');
    expect(lessonPath('c', 'l', undefined)).toBe('/lessons/c/l/none');
    expect(lessonPath('c', 'l', 'k1')).toBe('/lessons/c/l/k1');
  });
  it('formats times as YYYY-MM-DD HH:mm', () => {
    expect(postTime('2026-10-12T17:20:00.000Z')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(postTime('nonsense')).toBe('nonsense');
  });
  it('finds blank rich text as the server does', () => {
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p> &nbsp; </p>')).toBe(true);
    expect(isBlankHtml('<p>Hi</p>')).toBe(false);
    expect(isBlankHtml('<p><img src="x.png"></p>')).toBe(false);
  });
});
