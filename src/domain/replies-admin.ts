/**
 * What the admin area's calls answer: files, site settings and the CRM connection, translations, the
 * dashboard's figures, the report tables and survey responses. The server builds these replies and the web app reads them,
 * so both name one type instead of each writing its own copy.
 */
import type { ReportColumn, ReportRow } from './reports.ts';
import type { LabelRow, SiteConfig, Survey } from './types.ts';
import type { SurveyAnswer } from './validation.ts';

/** A stored file (/app_files/list, upload): its metadata and where it is served, never the bytes. */
export interface FileRecord {
  filename: string;
  title?: string;
  context: string;
  mtime: string;
  ctime: string;
  mime: string;
  size: number;
  url: string;
}

/** What leaves the server of the CRM settings: the key only as whether it is set. */
export interface CrmSettingsView {
  baseUrl: string;
  keySet: boolean;
  timeoutMs?: number;
  lastSync?: string;
  configured: boolean;
}

/** /app_admin/getConfig and setConfig: the site settings with the CRM connection. */
export interface AdminSettings {
  config: SiteConfig;
  crm: CrmSettingsView;
}

/** /app_admin/getLanguage: one language's labels, and how far each language is translated. */
export interface LanguageLabels {
  lang: string;
  labels: LabelRow[];
  total: number;
  translated: number;
  languages: { lang: string; translated: number }[];
  asof: string | null;
}

/** /app_admin/setLanguage: how many labels changed, and the language's labels as they are now. */
export interface LanguageSaved {
  lang: string;
  changed: number;
  loc: Record<string, string>;
  asof: string;
}

/** The CRM's answer for one contact of a batch (syncUser, syncRecentUsers). */
export interface CrmBatchResult {
  externalId?: string;
  email: string;
  id?: number;
  status: 'created' | 'updated' | 'error';
  message?: string;
}

/** /app_integrations/vcrm/syncRecentUsers: the totals, the first refusals, and whether more users wait. */
export interface CrmSyncSummary {
  since: string;
  synced: number;
  created: number;
  updated: number;
  failed: number;
  errors: CrmBatchResult[];
  more: boolean;
}

/** /app_stats/summarize: the dashboard's headline numbers. */
export interface StatsSummary {
  users: number;
  admins: number;
  editors: number;
  newUsers30d: number;
  activeUsers30d: number;
  courses: number;
  activeCourses: number;
  classes: number;
  enrollments: number;
  completions: number;
  examsPassed: number;
  surveyResponses: number;
}

export type StatsPeriod = 'week' | 'month';
// Type aliases, not interfaces: chart components take rows as Record<string, unknown>, which an interface is not.
export type TimelinePoint = { date: string; registrations: number; enrollments: number; completions: number };
export type CourseCompletion = {
  course: string;
  title: string;
  lang: string;
  enrolled: number;
  completed: number;
  rate: number;
  averageprogress: number;
};

/** /app_stats/getStats: the dashboard's charts. */
export interface Stats {
  period: StatsPeriod;
  from: string;
  to: string;
  timeline: TimelinePoint[];
  completionsByCourse: CourseCompletion[];
  learnersByLanguage: { lang: string; learners: number }[];
  learnersByCountry: { country: string; learners: number }[];
}

/** /app_reports/{id}: one report table whole, its columns in order. */
export interface Report {
  reportid: string;
  title: string;
  columns: readonly ReportColumn[];
  rows: ReportRow[];
}

/** A survey as the survey calls answer it, with the time of its last change. */
export type SurveyRecord = Survey & { timestamp?: string };

/**
 * A survey response as staff see it. Answers stay anonymous: who answered (kept for that learner's data
 * export) and the bot-check token never leave the server.
 */
export interface SurveyResponseRecord {
  _id: string;
  surveyId: string;
  answers: SurveyAnswer[];
  lang: string | null;
  context: string | null;
  contextid: string | null;
  created: string;
}

/** /app_surveys/listResponsesBySurvey: the survey and its responses, newest first. */
export interface SurveyResponses {
  survey: SurveyRecord;
  responses: SurveyResponseRecord[];
}
