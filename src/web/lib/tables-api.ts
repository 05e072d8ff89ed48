/**
 * Typed clients of the paged staff tables (src/domain/paging.ts): one function per table, each taking
 * the table's query plus its own filters and answering a Page of its rows.
 */
import type { Page, PageQuery } from '../../domain/paging.ts';
import type { AuditRow, AuditTarget, ClassRow, EnrollmentRow, FileRow, ResponseRow } from '../../domain/staff-tables.ts';
import type { User } from '../../domain/types.ts';
import type { ParticipantRow } from '../../domain/tables.ts';
import { api, ApiError } from './api.ts';

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
export async function usersPage(q: PageQuery & { role?: 'cms' | 'admin' }): Promise<Page<User>> {
  try {
    return await api.post<Page<User>>('/app_users/page', q);
  } catch (err) {
    // A server without the paged call (404) still lists users, unsorted, a page at a time.
    if (!(err instanceof ApiError && err.status === 404)) throw err;
    const skip = q.page * q.limit;
    const r = await api.post<{ list: User[]; total: number }>('/app_users/list', { search: q.q, role: q.role, skip, limit: q.limit });
    return { rows: r.list, total: r.total, next: skip + r.list.length < r.total ? String(skip + r.list.length) : null };
  }
}

export async function participantsPage(q: PageQuery & { classid: string }): Promise<Page<ParticipantRow>> {
  try {
    return await api.post<Page<ParticipantRow>>('/app_enrollment/participants', q);
  } catch (err) {
    // A server without the paged call (404): the whole class list, filtered, sorted and paged here.
    if (!(err instanceof ApiError && err.status === 404)) throw err;
    return participantsFromList(q);
  }
}

interface ListedParticipant {
  _id: string;
  user: string;
  firstname: string;
  lastname: string;
  email: string;
  regdate: string;
  lastactivity?: string;
  lessoncount?: number;
  lessons?: number;
  percentcomplete?: number;
  completed?: string;
}

async function participantsFromList(q: PageQuery & { classid: string }): Promise<Page<ParticipantRow>> {
  const list = await api.post<ListedParticipant[]>('/app_enrollment/classEnrollment', { classid: q.classid });
  const needle = q.q?.toLowerCase();
  const rows: ParticipantRow[] = list
    .filter((p) => !needle || `${p.firstname} ${p.lastname} ${p.email}`.toLowerCase().includes(needle))
    .map((p) => ({
      _id: p._id,
      user: p.user,
      firstname: p.firstname,
      lastname: p.lastname,
      email: p.email,
      regdate: p.regdate,
      lastactivity: p.lastactivity ?? p.regdate,
      lessoncount: p.lessoncount ?? p.lessons ?? 0,
      percentcomplete: p.percentcomplete ?? 0,
      completed: !!p.completed,
      ...(p.completed ? { completeddate: p.completed } : {}),
      certificate: false,
    }));
  const key = (p: ParticipantRow) =>
    (q.sort === 'email'
      ? p.email
      : q.sort === 'date'
        ? p.regdate
        : q.sort === 'completed'
          ? (p.completeddate ?? '')
          : `${p.lastname} ${p.firstname}`
    ).toLowerCase();
  rows.sort((a, b) => key(a).localeCompare(key(b)) * (q.dir === 'desc' ? -1 : 1));
  const start = q.after ? Number(q.after) || 0 : q.page * q.limit;
  const page = rows.slice(start, start + q.limit);
  return { rows: page, total: rows.length, next: start + page.length < rows.length ? String(start + page.length) : null };
}
