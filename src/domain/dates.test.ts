import { describe, expect, it } from 'vitest';
import { dayOnlyError, daySchema, dayOrTimeSchema, isCalendarDay, isCalendarDayOrTime } from './dates.ts';
import { MSG } from './messages.ts';

describe('the date rule', () => {
  it.each([
    ['2026-02-28', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-1-01', false],
    ['02/03/2026', false],
    ['', false],
    ['2026-12-31', true],
  ])('%s is a calendar day: %s', (v, ok) => {
    expect(isCalendarDay(v)).toBe(ok);
    expect(dayOnlyError(v)).toBe(ok ? undefined : MSG.dateFormat);
  });

  it('takes a full ISO time whose day exists, and nothing else', () => {
    expect(isCalendarDayOrTime('2026-03-01T10:00:00.000Z')).toBe(true);
    expect(isCalendarDayOrTime('2026-02-30T10:00:00.000Z')).toBe(false);
    expect(isCalendarDayOrTime('2026-03-01 nonsense')).toBe(false);
  });

  it("gives the screen's own message from the schemas", () => {
    expect(daySchema().safeParse('2026-02-30').error?.issues[0]?.message).toBe(MSG.dateFormat);
    expect(dayOrTimeSchema(MSG.classDateFormat).safeParse('2026-02-30').error?.issues[0]?.message).toBe(MSG.classDateFormat);
    expect(dayOrTimeSchema().safeParse('').success).toBe(true);
    expect(daySchema().safeParse(' 2026-03-02 ').data).toBe('2026-03-02');
  });
});
