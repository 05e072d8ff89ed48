/**
 * The paged staff tables this module serves (src/domain/paging.ts): each table's sort names and rows.
 */
import { z } from 'zod';
import './zod-config.ts';
import type { ClassRecord } from './types.ts';
import { MSG } from './messages.ts';

export const AUDIT_SORTS = ['created', 'actoremail', 'action', 'targettype', 'target'] as const;
export const FILE_SORTS = ['filename', 'title', 'context', 'mime', 'size', 'mtime'] as const;
export const CLASS_SORTS = ['name', 'course', 'startdate', 'instructorname', 'regcode', 'lang', 'selfpaced', 'created'] as const;
export const RESPONSE_SORTS = ['created', 'lang', 'context', 'contextid'] as const;
export const ENROLLMENT_SORTS = ['regdate', 'completed', 'email', 'lastname', 'course', 'classname', 'percentcomplete'] as const;

export interface AuditRow {
  _id: string;
  created: string;
  actor: string;
  actoremail: string;
  action: string;
  targettype: string;
  target: string;
  changes: Record<string, unknown>;
  /** How many records the entry lists beyond its target (a bulk action's users); their list is one call away. */
  targets?: number;
}
/** One record an audit entry touched: a user's id, with their name and e-mail while the account exists. */
export interface AuditTarget {
  _id: string;
  name?: string;
  email?: string;
}
/** A table's filter by an id or a name (a course, a class, an audit target); '' or missing: every row. */
export const tableFilter = z.string({ error: MSG.notValid }).trim().max(200, { error: MSG.notValid }).optional();
/** The audit table's own filters, checked by its page call and by the audit panel's filter form. */
export const AuditTableFiltersSchema = z.object({ action: tableFilter, target: tableFilter });

export const AuditTargetsQuerySchema = z.object({
  auditid: z
    .string({ error: MSG.auditEntryNotFound })
    .trim()
    .min(1, { error: MSG.auditEntryNotFound })
    .max(100, { error: MSG.auditEntryNotFound }),
});
export interface FileRow {
  filename: string;
  title?: string;
  context: string;
  mime: string;
  size: number;
  mtime: string;
  url: string;
}
export type ClassRow = ClassRecord & { coursetitle?: string };
export interface ResponseRow {
  _id: string;
  created: string;
  lang: string | null;
  context: string | null;
  contextid: string | null;
  answers: unknown[];
}
export interface EnrollmentRow {
  _id: string;
  user: string;
  email: string;
  firstname: string;
  lastname: string;
  course: string;
  coursetitle: string | null;
  classid: string;
  classname: string | null;
  regdate: string;
  completed: string | null;
  percentcomplete: number;
  certificate: boolean;
}
