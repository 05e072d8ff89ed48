import { describe, expect, it } from 'vitest';
import { parseUserPath } from './paths.ts';

describe('parseUserPath', () => {
  it.each([
    ['', { panel: 'profile' }],
    ['profile', { panel: 'profile', userId: undefined }],
    ['profile/enrollment', { panel: 'enrollment', userId: undefined }],
    ['enrollment', { panel: 'enrollment', userId: undefined }],
    ['comments/u1', { panel: 'comments', userId: 'u1' }],
    ['changepassword', { panel: 'changepassword', userId: undefined }],
    ['enroll/course-1/', { panel: 'enroll', courseId: 'course-1' }],
    ['abc123', { panel: 'profile', userId: 'abc123' }],
    ['profile/abc123', { panel: 'profile', userId: 'abc123' }],
  ])('%s', (splat, expected) => {
    expect(parseUserPath(splat)).toEqual(expected);
  });
});
