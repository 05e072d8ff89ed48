/**
 * The one place where SQLite and PostgreSQL differ. better-sqlite3 binds no booleans, Dates or objects;
 * PostgreSQL returns count(*) as a string. Queries elsewhere stay engine-neutral by going through these.
 */
import { sql } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

export const bool = (v: unknown): number => (v ? 1 : 0);
export const fromBool = (v: unknown): boolean => v === 1 || v === true || v === '1';
export const json = (v: unknown): string => JSON.stringify(v ?? null);
export function fromJson<T>(v: string | null | undefined, fallback: T): T {
  if (v == null || v === '') return fallback;
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
}
export const count = (v: unknown): number => Number(v ?? 0);
export const now = (): string => new Date().toISOString();

/** The length of a JSON array kept as text: PostgreSQL parses the text first, SQLite reads it as it is. */
export const jsonArrayLength = (engine: Engine, column: string) =>
  engine === 'postgres' ? sql<number>`json_array_length(${sql.ref(column)}::json)` : sql<number>`json_array_length(${sql.ref(column)})`;

/** Column types that are spelled differently per engine, for migrations. */
export function columnTypes(engine: Engine) {
  return {
    blob: engine === 'postgres' ? 'bytea' : 'blob',
    double: engine === 'postgres' ? 'double precision' : 'real',
  } as const;
}
