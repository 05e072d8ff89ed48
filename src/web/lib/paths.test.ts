import { describe, expect, it } from 'vitest';
import { isExternalUrl, safeLocalPath } from './paths.ts';

describe('safeLocalPath', () => {
  it.each([
    ['/About', '/About'], ['/users/profile?x=1#y', '/users/profile?x=1#y'], ['//evil.example', null], ['/\\evil.example', null],
    ['https://evil.example', null], ['javascript:alert(1)', null], ['', null], [null, null],
  ])('%s', (v, out) => expect(safeLocalPath(v)).toBe(out));
});

describe('isExternalUrl', () => {
  it.each([['https://x.org', true], ['mailto:a@b.c', true], ['//x.org', true], ['/German', false], ['About', false]])('%s', (v, out) =>
    expect(isExternalUrl(v)).toBe(out));
});
