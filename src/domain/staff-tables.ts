/**
 * The paged staff tables this module serves (src/domain/paging.ts): each table's sort names and rows.
 */
import type { ClassRecord } from './types.ts';

export const AUDIT_SORTS = ['created', 'actoremail', 'action', 'targettype', 'target'] as const;
export const FILE_SORTS = ['filename', 'title', 'context', 'mime', 'size', 'mtime'] as const;
export const CLASS_SORTS = ['name', 'course', 'startdate', 'instructorname', 'regcode', 'lang', 'selfpaced', 'created'] as const;
export const RESPONSE_SORTS = ['created', 'lang', 'context', 'contextid'] as const;
export const ENROLLMENT_SORTS = ['regdate', 'completed', 'email', 'lastname', 'course', 'classname', 'percentcomplete'] as const;

export interface AuditRow {
  _id: string; created: string; actor: string; actoremail: string; action: string; targettype: string; target: string;
  changes: Record<string, unknown>;
}
export interface FileRow { filename: string; title?: string; context: string; mime: string; size: number; mtime: string; url: string }
export type ClassRow = ClassRecord & { coursetitle?: string };
export interface ResponseRow { _id: string; created: string; lang: string | null; context: string | null; contextid: string | null; answers: unknown[] }
export interface EnrollmentRow {
  _id: string; user: string; email: string; firstname: string; lastname: string; course: string; coursetitle: string | null;
  classid: string; classname: string | null; regdate: string; completed: string | null; percentcomplete: number; certificate: boolean;
}
