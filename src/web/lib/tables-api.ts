/**
 * Typed clients of the paged staff tables (src/domain/paging.ts): one function per table, each taking
 * the table's query plus its own filters and answering a Page of its rows.
 */
import type { Page, PageQuery } from '../../domain/paging.ts';
import type { AuditRow, AuditTarget, ClassRow, EnrollmentRow, FileRow, ResponseRow } from '../../domain/staff-tables.ts';
import type { User } from '../../domain/types.ts';
import type { ParticipantRow } from '../../domain/tables.ts';
import { api } from './api.ts';

export type { AuditRow, AuditTarget, ClassRow, EnrollmentRow, FileRow, ParticipantRow, ResponseRow };

export const auditPage = (q: PageQuery & { action?: string; target?: string }) => api.post<Page<AuditRow>>('/app_admin/audit/page', q);
/** Every record one audit entry touched (a bulk action's users). */
export const auditTargets = (auditid: string) => api.post<{ targets: AuditTarget[] }>('/app_admin/audit/targets', { auditid });
export const filesPage = (q: PageQuery & { context?: string }) => api.post<Page<FileRow>>('/app_files/page', q);
export const classesPage = (q: PageQuery & { course?: string }) => api.post<Page<ClassRow>>('/app_classes/page', q);
export const responsesPage = (q: PageQuery & { surveyId: string }) => api.post<Page<ResponseRow>>('/app_surveys/responses/page', q);
export const enrollmentsPage = (q: PageQuery & { course?: string; classid?: string; completed?: 'yes' | 'no' }) =>
  api.post<Page<EnrollmentRow>>('/app_enrollment/page', q);

/** The users table (served by the accounts module): sorts by name, e-mail and registration date, filters by role. */
export const usersPage = (q: PageQuery & { role?: 'cms' | 'admin' }) => api.post<Page<User>>('/app_users/page', q);

/** A class's participants, 15 a page, for its instructor and admins. */
export const participantsPage = (q: PageQuery & { classid: string }) => api.post<Page<ParticipantRow>>('/app_enrollment/participants', q);
