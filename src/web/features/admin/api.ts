/**
 * The admin area's server calls, one place per request: fetcher and query options. Query keys start
 * with the name of the spec's client state module they belong to (users, courses, classes, enrollment,
 * files, surveys, siteconfig, localize, navitems...), so the data explorer (/util/store) finds them.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ClassRecord, Content, Course, EnrollmentRow, NavItem, SiteConfig, Survey, User } from '../../../domain/types.ts';
import type {
  AdminSettings,
  CrmBatchResult,
  CrmSyncSummary,
  FileRecord,
  LanguageLabels,
  LanguageSaved,
  Report,
  Stats,
  StatsSummary,
  SurveyResponses,
} from '../../../domain/replies-admin.ts';
import { api, ApiError, APP_HEADERS } from '../../lib/api.ts';
import type { AuditRow } from '../../../domain/staff-tables.ts';
import type { ReportRow, ReportTableId } from '../../../domain/reports.ts';
import type { Page, PageQuery } from '../../../domain/paging.ts';

// Users ------------------------------------------------------------------------------------------------

export interface UserListFilters {
  search?: string;
  role?: 'cms' | 'admin';
  skip: number;
  limit: number;
}
export const usersQuery = (f: UserListFilters) =>
  queryOptions({
    queryKey: ['users', 'list', f],
    queryFn: () => api.post<{ list: User[]; total: number }>('/app_users/list', f),
    staleTime: 10_000,
    placeholderData: (prev) => prev,
  });

export const adminUserQuery = (id: string) =>
  queryOptions({
    queryKey: ['user', id],
    queryFn: () => api.post<User>('/app_users/get', { _id: id }),
    staleTime: 10_000,
  });

export const saveUser = (patch: Partial<User> & { _id: string }) => api.post<User>('/app_users/save', patch);
export const removeUser = (id: string) => api.get<{ ok: true }>(`/app_users/remove/${encodeURIComponent(id)}`);

// Courses, classes, enrolments ----------------------------------------------------------------------------

/** Every course in every language. */
export const allCoursesQuery = () =>
  queryOptions({
    queryKey: ['courses', '*'],
    queryFn: () => api.post<Course[]>('/app_courses/list', {}),
    staleTime: 60_000,
  });

/** The classes of a course (admins see the private groups too, with their codes). */
export const classesQuery = (course: string) =>
  queryOptions({
    queryKey: ['classes', 'course', course],
    queryFn: () => api.post<ClassRecord[]>('/app_classes/list', { course, nocache: true }),
    enabled: !!course,
    staleTime: 10_000,
  });

export const classQuery = (id: string) =>
  queryOptions({
    queryKey: ['classes', 'one', id],
    queryFn: async () => (await api.post<ClassRecord[]>('/app_classes/list', { _id: id, nocache: true }))[0] ?? null,
    staleTime: 10_000,
  });

export type ClassSave = Partial<Omit<ClassRecord, 'weeks'>> & { _id: string; weeks?: number | null };
export const saveClass = (c: ClassSave) => api.post<ClassRecord>('/app_classes/save', c);

export const userEnrollmentsQuery = (user: string) =>
  queryOptions({
    queryKey: ['enrollment', 'user', user],
    queryFn: () => api.post<EnrollmentRow[]>('/app_enrollment/list', { user }),
    staleTime: 5_000,
  });

export interface EnrollmentSave {
  _id?: string;
  user?: string;
  classid?: string;
  regdate?: string;
  completed?: string;
  description?: string;
}
export const saveEnrollment = (e: EnrollmentSave) => api.post<EnrollmentRow>('/app_enrollment/save', e);
export const removeEnrollment = (id: string) => api.post<{ ok: true }>('/app_enrollment/remove', { _id: id });

// Content, files, surveys -----------------------------------------------------------------------------------

export const contentListQuery = (f: { type?: string; lang?: string }) =>
  queryOptions({
    queryKey: ['content', 'list', f],
    queryFn: () => api.post<Content[]>('/app_content/list', f),
    staleTime: 30_000,
  });

export const removeFile = (filename: string) => api.post<{ ok: true }>('/app_files/remove', { filename });

/** /app_files/upload takes form data (thefile, context, title); errors come back as the usual JSON. */
export async function uploadFile(file: File, context: string, title: string): Promise<FileRecord> {
  const form = new FormData();
  form.append('context', context);
  if (title) form.append('title', title);
  form.append('thefile', file);
  let res: Response;
  try {
    res = await fetch('/app_files/upload', { method: 'POST', body: form, credentials: 'same-origin', headers: APP_HEADERS });
  } catch (err) {
    throw new ApiError(0, (err as Error).message || 'Network error');
  }
  const data = (await res.json().catch(() => undefined)) as
    (FileRecord & { error?: { message: string; fields?: Record<string, string> } }) | undefined;
  if (!res.ok) throw new ApiError(res.status, data?.error?.message ?? res.statusText, data?.error?.fields ?? {});
  return data as FileRecord;
}

export const surveysQuery = () =>
  queryOptions({
    queryKey: ['surveys', 'list'],
    queryFn: () => api.post<Survey[]>('/app_surveys/listSurveys', {}),
    staleTime: 30_000,
  });

export const surveyResponsesQuery = (surveyId: string) =>
  queryOptions({
    queryKey: ['surveys', 'responses', surveyId],
    queryFn: () => api.post<SurveyResponses>('/app_surveys/listResponsesBySurvey', { surveyId }),
    staleTime: 10_000,
  });
/** A GET link that downloads one survey's responses as CSV. */
export const surveyResponsesCsvUrl = (surveyId: string) => `/app_surveys/responses/${encodeURIComponent(surveyId)}.csv`;

// Site settings, CRM, navigation, translations --------------------------------------------------------------

export const SETTINGS_KEY = ['siteconfig', 'admin'] as const;
export const settingsQuery = () =>
  queryOptions({
    queryKey: SETTINGS_KEY,
    queryFn: () => api.post<AdminSettings>('/app_admin/getConfig', {}),
    staleTime: 5_000,
  });
export const setConfig = (body: { config?: Partial<SiteConfig>; crm?: { baseUrl?: string; key?: string; timeoutMs?: number } }) =>
  api.post<AdminSettings>('/app_admin/setConfig', body);

export const NAV_KEY = ['navitems', 'admin'] as const;
export const navItemsQuery = () =>
  queryOptions({
    queryKey: NAV_KEY,
    queryFn: async () => (await api.post<{ list: NavItem[] }>('/app_admin/listNavItems', {})).list,
    staleTime: 5_000,
  });
export const saveNavItem = (item: NavItem) => api.post<NavItem>('/app_admin/saveNavItem', item);
export const removeNavItem = (id: string) => api.post<{ ok: true }>('/app_admin/removeNavItem', { _id: id });

export const languageQuery = (lang: string) =>
  queryOptions({
    queryKey: ['localize', 'admin', lang],
    queryFn: () => api.post<LanguageLabels>('/app_admin/getLanguage', { lang }),
    staleTime: 5_000,
  });
export const setLanguage = (lang: string, labels: Record<string, string>) =>
  api.post<LanguageSaved>('/app_admin/setLanguage', { lang, labels });

// Dashboard, reports, audit, CRM ----------------------------------------------------------------------------

export const summaryQuery = () =>
  queryOptions({
    queryKey: ['stats', 'summary'],
    queryFn: () => api.post<StatsSummary>('/app_stats/summarize', {}),
    staleTime: 30_000,
  });

export interface StatsFilters {
  period: 'week' | 'month';
  from?: string;
  to?: string;
  course?: string;
}
export const statsQuery = (f: StatsFilters) =>
  queryOptions({
    queryKey: ['stats', 'charts', f],
    queryFn: () => api.post<Stats>('/app_stats/getStats', f),
    staleTime: 30_000,
    placeholderData: (prev) => prev,
    retry: false,
  });

export interface ReportFilters {
  course?: string;
  from?: string;
  to?: string;
  period?: 'week' | 'month';
}
/** One page of a report table, sorted and filtered on the server. */
export const reportPage = (id: ReportTableId, q: PageQuery & Omit<ReportFilters, 'period'>) =>
  api.post<Page<ReportRow>>(`/app_reports/${encodeURIComponent(id)}/page`, q);
export const reportQuery = (id: string, f: ReportFilters) =>
  queryOptions({
    queryKey: ['reports', id, f],
    queryFn: () => api.post<Report>(`/app_reports/${encodeURIComponent(id)}`, f),
    staleTime: 30_000,
    retry: false,
  });

/** A GET link that downloads a report as CSV, with its filters in the query. */
export function reportCsvUrl(id: string, f: ReportFilters = {}): string {
  const q = new URLSearchParams(Object.entries(f).filter(([, v]) => v) as [string, string][]).toString();
  return `/app_reports/${encodeURIComponent(id)}.csv${q ? `?${q}` : ''}`;
}
export const USERS_CSV_URL = '/app_reports/users/users.csv';

/** One audit log entry, as both audit calls answer it. */
export type AuditEntry = AuditRow;
export interface AuditFilters {
  actor?: string;
  action?: string;
  target?: string;
  skip: number;
  limit: number;
}
export const auditQuery = (f: AuditFilters) =>
  queryOptions({
    queryKey: ['audit', f],
    queryFn: () => api.post<{ list: AuditEntry[]; total: number }>('/app_admin/audit', f),
    staleTime: 2_000,
    placeholderData: (prev) => prev,
    retry: false,
  });

export const crmLookup = (identifier: string) =>
  api.post<{ individual: Record<string, unknown> }>('/app_integrations/vcrm/getIndividual', { id: identifier });
export const crmSyncUser = (id: string) => api.post<{ result: CrmBatchResult | null }>('/app_integrations/vcrm/syncUser', { _id: id });
export const crmSyncRecent = (since?: string) => api.post<CrmSyncSummary>('/app_integrations/vcrm/syncRecentUsers', since ? { since } : {});
