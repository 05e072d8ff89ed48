/**
 * The one date rule: a day is written YYYY-MM-DD and must be on the calendar (2026-02-30 is refused, not
 * read back as 2 March). Every schema that takes a day or a time uses it, on the server and in the web
 * app's forms, so both refuse the same input with the same message.
 */
import { z } from 'zod';
import './zod-config.ts';
import { MSG } from './messages.ts';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD that is a real calendar day. */
export function isCalendarDay(v: string): boolean {
  const m = DAY.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A real calendar day, or a full ISO time whose day is one. */
export const isCalendarDayOrTime = (v: string) => isCalendarDay(v.slice(0, 10)) && (v.length === 10 || !Number.isNaN(Date.parse(v)));

/** The message for a field that takes a day (undefined when it is one); a screen may keep its own wording. */
export const dayOnlyError = (v: string, message: string = MSG.dateFormat) => (isCalendarDay(v) ? undefined : message);

/** A day (YYYY-MM-DD). */
export const daySchema = (message: string = MSG.dateFormat) =>
  z.string({ error: message }).trim().max(10, { error: message }).refine(isCalendarDay, { error: message });

/** A day or a full ISO time; '' clears it. */
export const dayOrTimeSchema = (message: string = MSG.dateFormat) =>
  z
    .string({ error: message })
    .trim()
    .max(40, { error: message })
    .refine((v) => v === '' || isCalendarDayOrTime(v), { error: message });
