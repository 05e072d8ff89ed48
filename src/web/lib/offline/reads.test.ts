/** Which API calls are kept for offline use, and under which key. */
import { describe, expect, it } from 'vitest';
import { isKeptRead, readKey } from './reads.ts';

describe('kept reads', () => {
  it('keeps the learner reads and never a write', () => {
    for (const p of [
      '/app_lessons/get',
      '/app_lessons/list',
      '/app_courses/list',
      '/app_classes/list',
      '/app_enrollment/list',
      '/app_comments/list',
      '/app_content/get',
    ]) {
      expect(isKeptRead('POST', p), p).toBe(true);
    }
    expect(isKeptRead('GET', '/app_users/whoami?asof=2026')).toBe(true);
    expect(isKeptRead('GET', '/app_content/getpage/home?lang=ar')).toBe(true);
    for (const p of [
      '/app_enrollment/viewed',
      '/app_enrollment/quiz',
      '/app_enrollment/exam',
      '/app_comments/save',
      '/users/login',
      '/app_users/logout',
      '/app_enrollment/attempts',
    ]) {
      expect(isKeptRead('POST', p), p).toBe(false);
    }
  });

  it('keys a read by method, path and body; whoami is one entry whatever its asof', () => {
    expect(readKey('POST', '/app_lessons/get', { _id: 'a' })).not.toBe(readKey('POST', '/app_lessons/get', { _id: 'b' }));
    expect(readKey('GET', '/app_users/whoami?asof=1')).toBe(readKey('GET', '/app_users/whoami', undefined));
    expect(readKey('GET', '/app_content/getpage/home?lang=ar', undefined)).not.toBe(
      readKey('GET', '/app_content/getpage/home?lang=en', undefined),
    );
  });
});
