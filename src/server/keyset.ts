/**
 * Keyset paging for the staff tables: the `next` cursor holds the sort and the last row's sort values,
 * and the next page starts strictly after that row. Each page costs the same at any depth, where an
 * OFFSET reads and drops every row before it.
 */
import { badRequest } from './errors.ts';
import { MSG } from '../domain/messages.ts';

type Value = string | number;

export function encodeCursor(sort: string, dir: string, values: Value[]): string {
  return Buffer.from(JSON.stringify([sort, dir, ...values])).toString('base64url');
}

/** The values of a cursor made for this sort and direction; a cursor of another shape is refused. */
export function decodeCursor(cursor: string, sort: string, dir: string, count: number): Value[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(MSG.pageCursorInvalid);
  }
  if (!Array.isArray(parsed) || parsed.length !== count + 2 || parsed[0] !== sort || parsed[1] !== dir
    || !parsed.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))) {
    throw badRequest(MSG.pageCursorInvalid);
  }
  return parsed.slice(2) as Value[];
}

/** A LIKE pattern matching `q` anywhere, with LIKE's own characters escaped (escape character `\`). */
export const containsPattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
