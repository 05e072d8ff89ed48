/** Records as they cross the API, with the field names of spec section 3. */

export type Role = 'cms' | 'admin';
export type CookieOptin = { setting: 'optin' | 'optout' | 'prompt' | 'manage' };

export interface User {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
  roles: Role[];
  isEditor: boolean;
  isAdmin: boolean;
  isAdmins: boolean;
  lang: string;
  classes: string[];
  certifications: Record<string, unknown>;
  instructor: Record<string, boolean>;
  cookieoptin: CookieOptin;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  country?: string;
  postal?: string;
  phone?: string;
  birthDate?: string;
  bio?: string;
  heard?: string;
  vocation?: string;
  timestamp?: string;
  lasttime?: string;
  created?: string;
  lastseen?: string;
  /** Suspended by an administrator: cannot sign in; data kept. */
  suspended?: boolean;
  /** Notice kinds the user turned off (enrollment, certificate, reply). */
  noticesoff?: string[];
}

export interface Card {
  key: string;
  video?: string;
  description?: string;
  title?: string;
  image?: string;
  url?: string;
}

export interface Content {
  _id: string;
  type: 'page' | 'Page' | 'snippet' | 'snip' | 'block';
  subtype?: string; // cards, accordian, courselist, register, survey, languages, banner, ...
  context: string;
  lang?: string;
  order?: number;
  title?: string;
  body?: string;
  body2?: string;
  description?: string;
  video?: string;
  videoplacement?: 'solo' | 'other';
  condition?: 'unauthenticated' | '';
  after?: string;
  cards?: Card[];
  scripthead?: string;
  scriptfoot?: string;
  style?: string;
  meta?: string; // spec: "meta description"
  timestamp?: string;
}

export interface Course {
  _id: string;
  title: string;
  reftitle?: string;
  description?: string;
  description2?: string;
  status?: string;
  lang: string;
  order?: number;
  main?: string;
  video?: string;
  sections?: string;
  smallbanner?: string;
  timerequired?: string;
  certificate?: string;
  created?: string;
}

export interface ClassRecord {
  _id: string;
  name: string;
  course: string;
  startdate?: string;
  weeks?: number;
  instructor?: string;
  instructorname?: string;
  regcode?: string;
  selfpaced: boolean;
  lang?: string;
  description?: string;
  description2?: string;
  created?: string;
}

export interface LessonProgress {
  firstview?: string;
  lastview?: string;
  quizdate?: string;
  score?: number;
  possible?: number;
  percent?: number;
  answers?: string[];
  correctanswers?: string[];
  materials?: Record<string, string>;
}

export interface Enrollment {
  _id: string;
  user: string;
  course: string;
  classid: string;
  regdate?: string;
  completed?: string;
  regcode?: string;
  description?: string;
  ts?: string;
  timestamp?: string;
  percentcomplete?: number;
  exampassed?: boolean;
  examdate?: string;
  progress: Record<string, LessonProgress>;
}

/** An enrolment as /app_enrollment/list presents it, with what My Classes shows beside it. */
export interface EnrollmentRow extends Enrollment {
  classname?: string;
  /** False when the class was removed (the class picker says 'This class no longer exists'). */
  classexists?: boolean;
  coursetitle?: string;
  /** The certificate link once the course is completed. */
  certificate?: string;
}

export interface Lesson {
  _id: string;
  course: string;
  title: string;
  description?: string;
  order?: number;
  sortorder?: number;
  sorder?: string;
  sectionorder?: number;
  type?: string;
  materials?: Record<string, Material>;
  cached?: string;
}

export interface QuizQuestion {
  question: string;
  answers: string[];
  youranswer?: string;
  iscorrect?: number;
}

export interface Material {
  _id: string;
  lesson: string;
  order?: number;
  section: string;
  title?: string;
  subid?: string;
  required?: boolean;
  usebutton?: string;
  quiz?: QuizQuestion[];
  description?: string;
  description1?: string;
  description2?: string;
  question?: string;
  /** The exam's own rules (null or absent: the site's default). */
  drawcount?: number | null;
  timelimit?: number | null;
  maxattempts?: number | null;
  waithours?: number | null;
  showanswers?: string | null;
}

export interface SurveyQuestion {
  type: 'textfield' | 'text' | 'numeric' | 'select' | 'choice';
  question: string;
}
export interface Survey {
  _id: string;
  title: string;
  description?: string;
  description2?: string;
  status?: string;
  lang?: string;
  questions: SurveyQuestion[];
}

export interface NavItem {
  _id?: string;
  title: string;
  url: string;
  key?: string;
  icon?: string;
  cssclass?: string;
  groups: string[];
  order?: number;
  lang?: string;
}

export interface SiteConfig {
  sitetitle: string;
  defaultlang: string;
  publiclanguages: string[];
  langredirects: Record<string, string>;
  countries: string[];
  materialTypes: string[];
  createclasswithoutcerts: boolean;
  quizpasspercent: number;
  exampasspercent: number;
  showeachmaterial: boolean;
  showinactivecourseswhenenrolled: boolean;
  truncatecontent: boolean;
  nolangcoursechange: boolean;
  maincourses: Record<string, Record<string, string>>; // main course id -> lang -> course id
  defaultcoursesmall?: string;
  showCookieOptIn: boolean;
  managecookiesettings: boolean;
  organizationurl: Record<string, string>;
  /** Where the browser goes from / and /app when set (spec: configured redirect address). */
  redirect?: string;
  /** Where a new registration lands (spec: configured destination). */
  registrationdestination?: string;
  poweredby?: { title: string; url: string };
  /** Exam attempt rules, the site's defaults: attempts (0: no limit), hours between attempts, answers shown. */
  examattempts?: number;
  examwaithours?: number;
  examshowanswers?: 'never' | 'afterpassing';
  /** The organisation's logo (certificates). */
  logo?: string;
  /** Present when survey answers need a bot-check token: the site key and the provider's script. */
  botcheck?: { sitekey: string; scriptUrl: string };
  /** Days between asking to delete an account and its removal; signing in meanwhile cancels it. */
  privacygracedays: number;
  /** What happens to a removed account's posts: kept as written by 'a former learner', or removed. */
  privacyposts: 'keep' | 'remove';
  /** Certificates of a removed account keep the learner's name when on (otherwise: date and course only). */
  privacycertnames: boolean;
  /** Days without sign-in after which an account is removed (warned 30 days before); 0 is off. */
  privacyretentiondays: number;
}

export interface WhoAmI {
  user: User | null;
  config: SiteConfig;
  loc: Record<string, string> | null;
  lang: string;
  cookieoptin: CookieOptin | null;
  asof: string;
  navitems?: NavItem[];
  /** Signed in with a password reset's temporary password: a new password must be set before anything else. */
  mustChangePassword?: boolean;
}

/** A reply as the API gives it, with what the reader may do with it. */
export interface ReplyRecord {
  _id: string;
  author: string;
  authorname: string;
  body: string;
  context: string | null;
  lang: string | null;
  /** The post replied to. */
  parent: string;
  timestamp: string;
  abilities: { update: boolean; remove: boolean };
}

/** A discussion post as the API gives it: the spec's Comment fields plus `abilities` from the policy module. */
export interface CommentRecord {
  _id: string;
  /** The discussion, in course-lesson form (courseId-lessonId). */
  parent: string;
  /** The class id, or null for a discussion without a class. */
  context: string | null;
  author: string;
  authorname: string;
  courseId: string | null;
  lessonId: string | null;
  classId: string | null;
  body: string;
  subject: string | null;
  access: 'private' | 'public';
  /** Private posts: the share list, for the author and admins only ([] and '' for other readers). */
  shared: string[];
  sharedStr: string;
  timestamp: string;
  replies: ReplyRecord[];
  /** A removed post still shown because replies remain under it: no body, author or actions. */
  removed: boolean;
  abilities: { update: boolean; remove: boolean; reply: boolean };
}

/** A post in an author's list (the account's comments panel): link parts, titles and a reply count instead of the replies. */
export interface AuthorCommentRecord extends Omit<CommentRecord, 'replies'> {
  courseTitle: string | null;
  className: string | null;
  replyCount: number;
}

// Sessions and two-factor sign-in ------------------------------------------------------------------

/** Admin-set limits of sign-in sessions and whether admins must use two-factor sign-in. */
export interface SecuritySettings {
  sessionIdleHours: number;
  sessionMaxDays: number;
  adminSessionIdleHours: number;
  adminSessionMaxDays: number;
  requireAdminTwoFactor: boolean;
  /** Everyone must use two-factor sign-in (each account sets it up at its next sign-in). */
  requireTwoFactorForAll: boolean;
}

/** One signed-in browser of an account, as the Sessions panel lists it. */
export interface SessionRecord {
  /** Names the session for ending it (a hash of the token, never the token). */
  _id: string;
  /** Browser and system read from the User-Agent, e.g. "Firefox on Windows". */
  device: string;
  ip: string;
  /** A coarse place from the address (no geo database): "This computer", "Local network" or "Internet". */
  place: 'local' | 'private' | 'internet';
  created: string;
  lastseen: string;
  current: boolean;
}

/** What the password step of sign-in answers when a second step is needed. */
export interface SecondStep {
  twofactor: 'code' | 'setup';
}

export interface TwoFactorStatus {
  enabled: boolean;
  required: boolean;
  recoveryLeft: number;
}
export interface TwoFactorSetup {
  secret: string;
  otpauth: string;
  qr: string;
}

/** One UI label of the Translations screen: its English text and its translation in the language shown. */
export interface LabelRow {
  label: string;
  english: string;
  translation: string;
  translated: boolean;
  /** A count label's plural form (i18next's key suffix: zero, one, two, few, many, other). */
  plural?: string;
}
