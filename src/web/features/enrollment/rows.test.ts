import { describe, expect, it } from 'vitest';
import type { EnrollmentRow } from '../../lib/data/enrollment.ts';
import { isOlder, splitByAge } from '../../lib/data/enrollment-rows.ts';

const row = (id: string, regdate?: string): EnrollmentRow => ({ _id: id, user: 'u', course: 'c', classid: id, regdate, progress: {} });
const now = Date.parse('2026-11-20T12:00:00Z');

describe('older enrolments (365 days)', () => {
  it('counts registrations before one year ago as older', () => {
    expect(isOlder(row('a', '2025-11-20T11:00:00Z'), now)).toBe(true);
    expect(isOlder(row('b', '2025-11-20T13:00:00Z'), now)).toBe(false);
    expect(isOlder(row('c'), now)).toBe(false);
  });
  it('splits and sorts newest first', () => {
    const r = splitByAge([row('old', '2019-01-01T00:00:00Z'), row('x', '2026-01-01T00:00:00Z'), row('y', '2026-06-01T00:00:00Z')], now);
    expect(r.recent.map((e) => e._id)).toEqual(['y', 'x']);
    expect(r.older.map((e) => e._id)).toEqual(['old']);
  });
});
