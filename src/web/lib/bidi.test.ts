import { describe, expect, it } from 'vitest';
import { isNumberLike, ltrText } from './bidi.tsx';

describe('bidi isolation', () => {
  it('isolates numbers, phones and dates, not words', () => {
    for (const s of ['-3', '+234 (1) 555-0101', '2025-03-11', '80%', '1,5']) expect(isNumberLike(s), s).toBe(true);
    for (const s of ['Agree', 'نعم', '3 apples', '', '--']) expect(isNumberLike(s), s).toBe(false);
    expect(ltrText('-3')).toBe('\u2066-3\u2069');
    expect(ltrText('Agree')).toBe('Agree');
  });
});
