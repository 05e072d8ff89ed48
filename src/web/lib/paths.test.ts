import { describe, expect, it } from 'vitest';
import {
  adminPanelPath,
  adminPath,
  classMembersPath,
  contentPagePath,
  coursePath,
  isExternalUrl,
  lessonPath,
  nextLessonPath,
  registerPath,
  safeLocalPath,
  userCommentsPath,
  userEnrollmentPath,
  userProfilePath,
  withQuery,
} from './paths.ts';

describe('safeLocalPath', () => {
  it.each([
    ['/About', '/About'],
    ['/users/profile?x=1#y', '/users/profile?x=1#y'],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['javascript:alert(1)', null],
    ['', null],
    [null, null],
  ])('%s', (v, out) => expect(safeLocalPath(v)).toBe(out));
});

describe('isExternalUrl', () => {
  it.each([
    ['https://x.org', true],
    ['mailto:a@b.c', true],
    ['//x.org', true],
    ['/German', false],
    ['About', false],
  ])('%s', (v, out) => expect(isExternalUrl(v)).toBe(out));
});

describe('screen paths', () => {
  it('encode each id and leave out what is not given', () => {
    expect(lessonPath('c 1', 'l/2')).toBe('/lessons/c%201/l%2F2');
    expect(lessonPath('c', 'l', 'k')).toBe('/lessons/c/l/k');
    expect(lessonPath('c', 'l', null, 'm')).toBe('/lessons/c/l/none/m');
    expect(lessonPath('c', 'l', 'k', 'm')).toBe('/lessons/c/l/k/m');
    expect(nextLessonPath('c')).toBe('/lessons/c/next');
    expect(nextLessonPath('c', 'k')).toBe('/lessons/c/next/k');
    expect(classMembersPath('a&b')).toBe('/class/enrollment/a%26b');
    expect(coursePath('c 1')).toBe('/Course/c%201');
    expect(coursePath('c', 'k/2')).toBe('/Course/c/k%2F2');
    expect(registerPath('/x?y=1')).toBe('/register?redirect=%2Fx%3Fy%3D1');
    expect(registerPath()).toBe('/register');
    expect(adminPath('lessons', 'c/1', 'new')).toBe('/admin/lessons/c%2F1/new');
    expect(adminPath('users')).toBe('/admin/users');
  });
});

describe('staff screen paths', () => {
  it('encode ids and queries, and name the overview', () => {
    expect(coursePath('c 1')).toBe('/Course/c%201');
    expect(coursePath('c', 'k/1')).toBe('/Course/c/k%2F1');
    expect(adminPanelPath('index')).toBe('/admin');
    expect(adminPanelPath('audit')).toBe('/admin/audit');
    expect(withQuery(adminPanelPath('audit'), { target: 'a&b' })).toBe('/admin/audit?target=a%26b');
    expect(withQuery(adminPath('content', 'new'), { context: 'about', lang: undefined })).toBe('/admin/content/new?context=about');
    expect(withQuery('/x', {})).toBe('/x');
    expect(userProfilePath('u/1')).toBe('/user/profile/u%2F1');
    expect(userEnrollmentPath('u')).toBe('/user/enrollment/u');
    expect(userCommentsPath('u')).toBe('/user/comments/u');
    expect(contentPagePath('About us')).toBe('/About%20us');
  });
});
