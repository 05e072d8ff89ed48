/** Business constants and limits of spec section 9, shared by server and web app. */

export const SESSION_RECHECK_MS = 20000;
export const STATUS_MESSAGE_LIFETIME_MS = 4500;
export const OLDER_ENROLLMENT_DAYS = 365;
export const DEFAULT_PASS_PERCENT = 80;
export const PASSWORD_MIN_LENGTH = 8;
export const REGCODE_LENGTH = 8;
export const PARTICIPANT_PAGE_SIZE = 15;
export const LESSON_COMMENTS_SHOWN = 3;
export const ANSWER_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const DEFAULT_LANG = 'en';
/** The fixed course shown at /Course when the route names none (seeded by the demo). */
export const DEFAULT_COURSE_ID = 'intro-online-learning';

export const MOBILE_BREAKPOINT_PX = 960;
export const DRAWER_WIDTH_PX = 360;
export const DRAWER_BORDER_PX = 3;
export const SCROLL_BUTTON_AFTER_PX = 120;
export const MODAL_WIDTH_PX = 600;
export const STATE_EXPLORER_EDITOR_HEIGHT_PX = 1200;

export const TRUNCATE_MEASURE_AFTER_MS = 330;
export const TRUNCATE_ABOVE_PX = 580;

export const VIDEO_DEFAULT_WIDTH = 585;
export const VIDEO_DEFAULT_HEIGHT = 330;
export const VIDEO_MIN_WIDTH = 330;
export const VIDEO_ASPECT = 0.564;
export const VIDEO_MIN_HEIGHT = 169.2;

export const UNREAD_REDIRECT_DELAY_MS = 300;
export const USER_SCREEN_RETRIES = { tries: 2, delayMs: 500 } as const;
export const COMMENTS_RETRIES = { tries: 3, delayMs: 300 } as const;
export const LESSON_RETRIES = { tries: 3, delayMs: 300 } as const;
export const COURSE_RETRIES = { tries: 3, delayMs: 300 } as const;
export const CLASS_PAGE_RETRIES = { tries: 4, delayMs: 333 } as const;
export const CHUNK_LOAD_TIMEOUT_MS = 120000;

export const PUBLIC_LANGUAGES = ['en', 'es', 'pt', 'fr', 'ar', 'de'] as const;
export const RTL_LANGUAGES = ['ar'] as const;
/** Names of the languages in their own script, for switchers. */
export const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
  fr: 'Français',
  ar: 'العربية',
  de: 'Deutsch',
  ko: '한국어',
  bn: 'বাংলা',
  sw: 'Kiswahili',
};
export const LANGUAGE_REDIRECTS_DEFAULT: Record<string, string> = { de: '/German' };

export const COOKIE_OPTIN_VALUES = ['optin', 'optout', 'prompt'] as const;
export const COOKIE_OPTIN_LABELS: Record<string, string> = { optin: 'Opt In', optout: 'Opt Out', prompt: 'Not Set' };

export const SURVEY_QUESTION_TYPES = ['textfield', 'text', 'numeric', 'select', 'choice'] as const;
export const COPYRIGHT_YEAR = 2021;
export const DATE_FORMAT = 'YYYY-MM-DD';

export const MATERIAL_SECTIONS = [
  'Introduction',
  'Presentation',
  'Article',
  'Application',
  'Text',
  'Quiz',
  'Exam',
  'Survey',
  'block',
] as const;
export const MATERIAL_TYPES_DEFAULT = ['Introduction', 'Presentation', 'Article', 'Application', 'Quiz', 'Exam', 'Survey'];

export const NAV_GROUPS = ['top', 'left', 'admin', 'footer1', 'footer2', 'footer3', 'footer4', 'social'] as const;

export const ROLES = ['cms', 'admin'] as const;

export const HEARD_OPTIONS = [
  'friend or colleague',
  "the product's website",
  'an e-mail from the product',
  'web promotion or advertisement',
  'a newsletter',
  'Other',
] as const;

export const VOCATION_OPTIONS = [
  'Agriculture',
  'Arts',
  'Business/Commerce',
  'Church/Clergy',
  'Education',
  'Entertainment/Sports',
  'Government',
  'Healthcare',
  'Home/Family',
  'Law',
  'Media/Communications',
  'Science/Technology',
  'Social Services',
  'Student',
  'Other',
] as const;

export const STATE_EXPLORER_MODULES = [
  'users',
  'content',
  'localize',
  'courses',
  'lessons',
  'classes',
  'enrollment',
  'comments',
  'files',
  'siteconfig',
  'surveys',
  'navitems',
  'statusMessages',
] as const;

/** Spec: the user-account panels under /user/{panel}. */
export const USER_PANELS = [
  'enroll',
  'enrollment',
  'comments',
  'profile',
  'changepassword',
  'sessions',
  'security',
  'mydata',
  'deleteaccount',
] as const;
export const CLASS_PANELS = ['enrollment', 'edit', 'create', 'confirmation'] as const;

/**
 * Sent by the web app with every API call. A state-changing request that carries no Origin, Referer
 * or Sec-Fetch-Site is accepted only with it (another site cannot set a custom header).
 */
export const APP_REQUEST_HEADER = 'x-requested-with';
export const APP_REQUEST_VALUE = 'learning-platform';
// A learner's own data: limits of the privacy settings and of the export link.
export const PRIVACY_MAX_GRACE_DAYS = 90;
/** Retention must leave room for the warning sent 30 days before the removal. */
export const PRIVACY_MIN_RETENTION_DAYS = 60;
export const PRIVACY_MAX_RETENTION_DAYS = 3650;
export const PRIVACY_RETENTION_WARNING_DAYS = 30;
export const EXPORT_LINK_HOURS = 24;
/** The content page (context) holding the privacy notice, edited like any other page. */
export const PRIVACY_PAGE = 'Privacy';
/** The author of posts kept from a removed account; the web app shows it as 'A former learner'. */
export const FORMER_AUTHOR = 'former-learner';
