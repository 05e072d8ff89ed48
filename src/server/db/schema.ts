/**
 * Kysely table types: one `Database` type for both engines. Booleans are stored as 0/1, times as ISO
 * strings and nested data (roles, cards, quiz questions, label maps) as JSON text, so SQLite and
 * PostgreSQL share every query (see dialect.ts).
 */
import type { AttemptState } from '../../domain/replies-exam.ts';
import type { ExportStatus } from '../../domain/replies-learner.ts';

export interface UsersTable {
  id: string;
  email: string;
  passwordHash: string;
  firstname: string;
  lastname: string;
  roles: string;
  lang: string;
  cookieoptin: string;
  certifications: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  postal: string | null;
  phone: string | null;
  birthDate: string | null;
  bio: string | null;
  heard: string | null;
  vocation: string | null;
  created: string;
  timestamp: string | null;
  lasttime: string | null;
  lastseen: string | null;
  passwordChanged: string | null;
  /** The privacy notice version (its page timestamp) accepted at registration (migration 019). */
  privacyaccepted?: string | null;
  /** 1 while suspended by an administrator (migration 023): no sign-in, data kept. */
  suspended?: number;
  /** JSON list of the notice kinds the learner turned off (migration 023); null: all on. */
  noticesoff?: string | null;
}
export interface SessionsTable {
  id: string;
  userId: string;
  created: string;
  expires: string;
  lastseen: string;
  /** The browser's User-Agent and address at sign-in (migration 009), for the account's Sessions list. */
  useragent: string;
  ip: string;
}
/** TOTP per account (migration 009): `enabled` once confirmed; `laststep` refuses a replayed code. */
export interface TwoFactorTable {
  userId: string;
  secret: string;
  enabled: number;
  laststep: number;
  created: string;
}
/** Recovery codes (migration 009), SHA-256 of each; `used` holds when it was spent. */
export interface RecoveryCodesTable {
  id: string;
  userId: string;
  hash: string;
  used: string | null;
}
export interface SiteConfigTable {
  id: string;
  data: string;
  timestamp: string;
}
export interface LocalizationTable {
  lang: string;
  labels: string;
  timestamp: string;
}
export interface NavItemsTable {
  id: string;
  title: string;
  url: string;
  key: string | null;
  icon: string | null;
  cssclass: string | null;
  groups: string;
  order: number;
  lang: string | null;
}
export interface ContentTable {
  id: string;
  type: string;
  subtype: string | null;
  context: string;
  lang: string | null;
  order: number;
  title: string | null;
  body: string | null;
  body2: string | null;
  description: string | null;
  video: string | null;
  videoplacement: string | null;
  condition: string | null;
  after: string | null;
  cards: string | null;
  scripthead: string | null;
  scriptfoot: string | null;
  style: string | null;
  meta: string | null;
  timestamp: string;
}
export interface CoursesTable {
  id: string;
  title: string;
  reftitle: string | null;
  description: string | null;
  description2: string | null;
  status: string | null;
  lang: string;
  order: number;
  main: string | null;
  video: string | null;
  sections: string | null;
  smallbanner: string | null;
  timerequired: string | null;
  certificate: string | null;
  created: string;
}
export interface ClassesTable {
  id: string;
  name: string;
  course: string;
  startdate: string | null;
  weeks: number | null;
  instructor: string | null;
  instructorname: string | null;
  regcode: string | null;
  selfpaced: number;
  lang: string | null;
  description: string | null;
  description2: string | null;
  created: string;
}
export interface EnrollmentsTable {
  id: string;
  user: string;
  course: string;
  classid: string;
  regdate: string;
  completed: string | null;
  regcode: string | null;
  description: string | null;
  timestamp: string;
  percentcomplete: number;
  exampassed: number;
  examdate: string | null;
  /** Certificate verification code, set when the certificate is first issued (migration 003). */
  certcode?: string | null;
  /** The learner's name kept for a certificate after the account was removed, when the site keeps names (migration 019). */
  certname?: string | null;
}
export interface LessonProgressTable {
  enrollmentId: string;
  lesson: string;
  firstview: string | null;
  lastview: string | null;
  quizdate: string | null;
  score: number | null;
  possible: number | null;
  percent: number | null;
  answers: string | null;
  correctanswers: string | null;
}
export interface MaterialViewsTable {
  enrollmentId: string;
  lesson: string;
  material: string;
  firstview: string;
  lastview: string;
}
export interface LessonsTable {
  id: string;
  course: string;
  title: string;
  description: string | null;
  order: number;
  sortorder: number;
  sorder: string | null;
  type: string | null;
  cached: string | null;
}
export interface MaterialsTable {
  id: string;
  lesson: string;
  order: number;
  section: string;
  title: string | null;
  subid: string | null;
  required: number;
  usebutton: string | null;
  quiz: string | null;
  description: string | null;
  description1: string | null;
  description2: string | null;
  question: string | null;
  /** The exam's own rules (migration 011); null: the site's default. */
  drawcount?: number | null;
  timelimit?: number | null;
  maxattempts?: number | null;
  waithours?: number | null;
  showanswers?: string | null;
}
export interface CommentsTable {
  id: string;
  parent: string;
  context: string | null;
  author: string;
  authorname: string | null;
  courseId: string | null;
  lessonId: string | null;
  classId: string | null;
  body: string;
  subject: string | null;
  access: string | null;
  shared: string;
  timestamp: string;
  removed: number;
  /** The sending device's id for a post made offline (migration 025): a second send finds the first. */
  clientid?: string | null;
}
export interface RepliesTable {
  id: string;
  commentId: string;
  author: string;
  authorname: string | null;
  body: string;
  context: string | null;
  lang: string | null;
  parent: string | null;
  timestamp: string;
  removed: number;
  clientid?: string | null;
}
export interface FilesTable {
  filename: string;
  title: string | null;
  context: string;
  mtime: string;
  ctime: string;
  mime: string;
  size: number;
  etag: string;
  thefile: Uint8Array;
}
export interface SurveysTable {
  id: string;
  title: string;
  description: string | null;
  description2: string | null;
  status: string | null;
  lang: string | null;
  questions: string;
  timestamp: string;
}
export interface SurveyResponsesTable {
  id: string;
  surveyId: string;
  answers: string;
  lang: string | null;
  context: string | null;
  contextid: string | null;
  user: string | null;
  created: string;
}
/** A graded quiz or exam submission (migration 003); unique per enrolment, material and attempt id. */
export interface QuizAttemptsTable {
  id: string;
  enrollmentId: string;
  user: string;
  course: string;
  classid: string;
  lesson: string;
  material: string;
  kind: string;
  attempt: string;
  answershash: string;
  answers: string;
  correctanswers: string;
  score: number;
  possible: number;
  percent: number;
  passed: number;
  created: string;
}
/** One exam attempt (migration 011): what was shown, what was answered, and how it ended. */
export interface ExamAttemptsTable {
  id: string;
  enrollmentId: string;
  user: string;
  course: string;
  classid: string;
  lesson: string;
  material: string;
  kind: string;
  number: number;
  state: AttemptState;
  started: string;
  deadline: string | null;
  finished: string | null;
  questions: string;
  answers: string;
  seq: number;
  saved: string | null;
  score: number | null;
  possible: number | null;
  percent: number | null;
  passed: number | null;
  grant: string | null;
}
/** An extra exam attempt granted to one learner (migration 011); `usedby` is the attempt that took it. */
export interface ExamGrantsTable {
  id: string;
  enrollmentId: string;
  material: string;
  grantedby: string;
  reason: string | null;
  created: string;
  usedby: string | null;
}
export interface ServerSecretsTable {
  name: string;
  value: string;
  created: string;
}
/** One admin change (migration 005): who, when, what; `changes` is a small JSON of the change. */
export interface AuditLogTable {
  id: string;
  created: string;
  actor: string;
  actoremail: string;
  action: string;
  targettype: string;
  target: string;
  changes: string;
}
/** The records one audited action touched, beyond its own target (a bulk action's users). */
export interface AuditTargetsTable {
  auditid: string;
  target: string;
}
/** Settings of an outside service by name ('crm'), as JSON; secrets here never go to a browser (migration 005). */
export interface IntegrationSettingsTable {
  name: string;
  data: string;
  timestamp: string;
}

/** A learner's data export (migration 019): queued, then ready with its ZIP until it expires. */
export interface DataExportsTable {
  id: string;
  userId: string;
  status: ExportStatus;
  lang: string;
  tokenhash: string | null;
  created: string;
  claimed: string | null;
  ready: string | null;
  expires: string | null;
  attempts: number;
  size: number | null;
  data: Uint8Array | null;
}
export interface AccountDeletionsTable {
  userId: string;
  requested: string;
  due: string;
}
export interface RetentionWarningsTable {
  userId: string;
  warned: string;
  due: string;
}
export interface SentMailTable {
  id: string;
  to: string;
  subject: string;
  created: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  site_config: SiteConfigTable;
  localization: LocalizationTable;
  nav_items: NavItemsTable;
  content: ContentTable;
  courses: CoursesTable;
  classes: ClassesTable;
  enrollments: EnrollmentsTable;
  lesson_progress: LessonProgressTable;
  material_views: MaterialViewsTable;
  lessons: LessonsTable;
  materials: MaterialsTable;
  comments: CommentsTable;
  replies: RepliesTable;
  files: FilesTable;
  surveys: SurveysTable;
  survey_responses: SurveyResponsesTable;
  quiz_attempts: QuizAttemptsTable;
  exam_attempts: ExamAttemptsTable;
  exam_grants: ExamGrantsTable;
  server_secrets: ServerSecretsTable;
  audit_log: AuditLogTable;
  audit_targets: AuditTargetsTable;
  integration_settings: IntegrationSettingsTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  data_exports: DataExportsTable;
  account_deletions: AccountDeletionsTable;
  retention_warnings: RetentionWarningsTable;
  sent_mail: SentMailTable;
  account_secrets: AccountSecretsTable;
  mail_queue: MailQueueTable;
  record_versions: RecordVersionsTable;
}

/** E-mails waiting to be sent, being sent, sent or given up (migration 023). */
export interface MailQueueTable {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  status: string;
  attempts: number;
  due: string;
  claimed: string | null;
  lasterror: string | null;
  created: string;
  sent: string | null;
}

/** Mailed secrets of a password reset or an e-mail change (migration 007): only their SHA-256 is kept. */
export interface AccountSecretsTable {
  id: string;
  userId: string;
  kind: string;
  newEmail: string | null;
  created: string;
  expires: string;
  used: string | null;
  session: string | null;
}

/** One saved state of a content block, course, lesson or material (migration 027); `data` is the row as JSON. */
export interface RecordVersionsTable {
  id: string;
  kind: string;
  recordid: string;
  version: number;
  data: string;
  author: string | null;
  authoremail: string | null;
  created: string;
  note: string | null;
}
