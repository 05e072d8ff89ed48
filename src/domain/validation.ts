/**
 * Validation rules of spec section 5, with their messages, as Zod schemas shared by the server
 * (request bodies) and the web app (forms shown on change and on submit).
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { PASSWORD_MIN_LENGTH, COOKIE_OPTIN_VALUES, ROLES, HEARD_OPTIONS, VOCATION_OPTIONS, MATERIAL_SECTIONS } from './constants.ts';

// Generic rules.
const FORBIDDEN_WORD_CHARS = /[\/!{}\\$%#"@*]/;
export const isEmail = (v: string) => v.length > 4 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);
export const isPhone = (v: string) => /^[0-9+().\s-]*$/.test(v);
export const isWords = (v: string, min = 1) => v.trim().length >= min && !FORBIDDEN_WORD_CHARS.test(v);
/** At least 8 characters and one character that is neither a letter nor a digit. */
export const isStrongPassword = (v: string) => v.length >= PASSWORD_MIN_LENGTH && /[^\p{L}\p{N}]/u.test(v);
export const isLangKey = (v: string) => /^([a-z]{2}|_sys)$/.test(v);

const trimmed = (max = 200) => z.string({ error: MSG.required }).trim().max(max);
const nameField = z.string({ error: MSG.requiredName }).trim().max(100).refine((v) => isWords(v), { error: MSG.requiredName });
const emailField = z.string({ error: MSG.emailRequired }).trim().toLowerCase().max(254).refine(isEmail, { error: MSG.emailRequired });
const optional = (max = 200) => z.string().trim().max(max).optional();

export const RegistrationFields = {
  firstname: nameField,
  lastname: nameField,
  email: emailField,
  phone: z.string().trim().max(40).refine(isPhone, { error: MSG.phone }).optional(),
  city: trimmed(100).refine((v) => v.length > 0, { error: MSG.required }),
  state: z.string().trim().max(100).refine((v) => v === '' || isWords(v, 0), { error: MSG.stateHint }).optional(),
  country: trimmed(100).refine((v) => v.length > 0, { error: MSG.required }),
  password: z.string({ error: MSG.passwordRule }).max(200).refine(isStrongPassword, { error: MSG.passwordRule }),
} as const;

export const RegistrationSchema = z
  .object({
    ...RegistrationFields,
    confirmemail: z.string({ error: MSG.emailsMustMatch }).trim().toLowerCase(),
    confirmpassword: z.string({ error: MSG.passwordsMustMatch }),
    /** The terms checkbox: must be ticked (true). */
    terms: z.literal(true, { error: MSG.agreeTerms }),
    regpath: optional(300),
    regsubid: optional(300),
    classId: optional(100),
    courseId: optional(100),
    /** A private group's registration code, when registering from its enrol page. */
    regcode: optional(20),
    lang: optional(5),
  })
  .refine((r) => r.confirmemail === r.email, { path: ['confirmemail'], error: MSG.emailsMustMatch })
  .refine((r) => r.confirmpassword === r.password, { path: ['confirmpassword'], error: MSG.passwordsMustMatch });
export type Registration = z.infer<typeof RegistrationSchema>;

/** Field -> first message, for forms that show every invalid field at once. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    if (!out[key]) out[key] = issue.message;
  }
  return out;
}

export const LoginSchema = z.object({
  login: z.string({ error: MSG.loginFailed }).trim().min(1, { error: MSG.loginFailed }).max(254),
  password: z.string({ error: MSG.loginFailed }).min(1, { error: MSG.loginFailed }).max(200),
  cors: z.unknown().optional(),
  format: z.unknown().optional(),
});

export const PasswordChangeSchema = z
  .object({
    password: z.string({ error: MSG.passwordTooShort }).min(PASSWORD_MIN_LENGTH, { error: MSG.passwordTooShort }).max(200),
    confirmpassword: z.string().optional(),
  })
  .refine((r) => r.confirmpassword === undefined || r.confirmpassword === r.password, {
    path: ['confirmpassword'],
    error: MSG.passwordsMustMatch,
  });

export const ResetPasswordSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).optional(),
  password: z.string().max(200).optional(),
  confirmpassword: z.string().max(200).optional(),
});

export const SetLangSchema = z.object({
  lang: z.string({ error: MSG.invalidLanguage }).refine(isLangKey, { error: MSG.invalidLanguage }),
});

export const CookieOptinSchema = z.object({
  cookieoptin: z.union([
    z.enum(COOKIE_OPTIN_VALUES, { error: MSG.notValid }),
    z.object({ setting: z.enum([...COOKIE_OPTIN_VALUES, 'manage'], { error: MSG.notValid }) }),
  ], { error: MSG.notValid }),
});

export const ProfileFields = {
  firstname: nameField,
  lastname: nameField,
  email: emailField,
  phone: z.string().trim().max(40).refine(isPhone, { error: MSG.phone }),
  address1: z.string().trim().max(200),
  address2: z.string().trim().max(200),
  city: z.string().trim().max(100),
  state: z.string().trim().max(100).refine((v) => v === '' || isWords(v, 0), { error: MSG.stateHint }),
  country: z.string().trim().max(100),
  postal: z.string().trim().max(20),
  birthDate: z.string().trim().max(10).refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), { error: MSG.dateFormat }),
  bio: z.string().max(5000),
  heard: z.union([z.enum(HEARD_OPTIONS), z.literal('')], { error: MSG.notValid }),
  vocation: z.union([z.enum(VOCATION_OPTIONS), z.literal('')], { error: MSG.notValid }),
  lang: z.string().refine(isLangKey, { error: MSG.invalidLanguage }),
} as const;

/** users/save: `_id` plus any profile field; roles only count when an admin sends them. */
export const UserSaveSchema = z
  .object({
    _id: z.string({ error: MSG.missingId }).min(1, { error: MSG.missingId }).max(100),
    roles: z.array(z.enum(ROLES, { error: MSG.notValid })).max(2).optional(),
  })
  .extend(Object.fromEntries(Object.entries(ProfileFields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof ProfileFields]: z.ZodOptional<(typeof ProfileFields)[K]>;
  });

export const UserListSchema = z.object({
  search: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  skip: z.coerce.number().int().min(0).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

export const InstructorsSchema = z.object({ course: z.string().trim().max(100).optional() });
export const IdParamSchema = z.object({ id: z.string().min(1, { error: MSG.missingId }).max(100) });
export const WhoAmIQuerySchema = z.object({ asof: z.string().max(40).optional() });

// ---------------------------------------------------------------------------------------------------
// Content, courses, lessons, materials and files (spec section 7). The record `_id` 'new' creates a
// record (spec section 4: temporary unsaved records use the id new). HTML bodies are checked for size
// here and cleaned by the server's allow-list on save.

/** Largest upload, in bytes. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
export const CONTENT_TYPES = ['page', 'Page', 'snippet', 'snip', 'block'] as const;
export const NEW_ID = 'new';

/** A page name is the first path segment of /{id}: letters, digits and - _ . ~ only. */
export const isContextName = (v: string) => /^[\p{L}\p{N}_.~-]{1,200}$/u.test(v);
/** A link or media address an editor may store: absolute http(s) or a path on this site. */
export const isSafeUrl = (v: string) => v === '' || (/^(https?:\/\/[^/]|\/(?![/\\]))/i.test(v) && !/[\s<>"'`\\]/.test(v));

const idOf = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(200, { error: MSG.notValid });
const text = (max: number) => z.string({ error: MSG.notValid }).max(max, { error: MSG.notValid }).nullable().optional();
const html = text(200_000);
const url = z.string({ error: MSG.unsafeUrl }).trim().max(2000, { error: MSG.unsafeUrl }).refine(isSafeUrl, { error: MSG.unsafeUrl }).nullable().optional();
const int = z.union([z.number(), z.string().regex(/^-?\d{1,7}$/).transform(Number)], { error: MSG.notValid })
  .pipe(z.number().int({ error: MSG.notValid }).min(-1_000_000, { error: MSG.notValid }).max(1_000_000, { error: MSG.notValid }));
const flag = z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v)), z.literal(1).transform(() => true), z.literal(0).transform(() => false)], { error: MSG.notValid });
const langOrAll = z.string({ error: MSG.invalidLanguage }).refine((v) => v === '' || isLangKey(v), { error: MSG.invalidLanguage }).nullable().optional();
const requiredTitle = z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(300, { error: MSG.notValid });
/** Inline style of a block: declarations only, nothing that loads or runs anything. */
const css = text(1000).refine((v) => !v || !/[<>{}]|expression\s*\(|url\s*\(|javascript:|@import|behavior\s*:/i.test(v), { error: MSG.notValid });
const creating = (r: { _id: string }) => r._id === NEW_ID;

export const ContentListSchema = z.object({
  context: z.string({ error: MSG.notValid }).max(200, { error: MSG.notValid }).optional(),
  type: z.string({ error: MSG.notValid }).max(20, { error: MSG.notValid }).optional(),
  subtype: z.string({ error: MSG.notValid }).max(50, { error: MSG.notValid }).optional(),
  lang: z.string({ error: MSG.invalidLanguage }).refine(isLangKey, { error: MSG.invalidLanguage }).optional(),
}, { error: MSG.notValid });

export const ContentGetSchema = z.object({ _id: idOf(MSG.missingIdContentGet) }, { error: MSG.missingIdContentGet });
export const RemoveSchema = z.object({ _id: idOf(MSG.missingId) }, { error: MSG.missingId });

export const CardSchema = z.object({
  key: z.union([z.string().trim().min(1).max(100), z.number().int().transform(String)], { error: MSG.notValid }),
  title: text(300),
  description: html,
  video: url,
  image: url,
  url,
}, { error: MSG.notValid });

export const ContentSaveSchema = z.object({
  _id: idOf(MSG.missingId),
  type: z.enum(CONTENT_TYPES, { error: MSG.notValid }).optional(),
  subtype: text(50),
  context: z.string({ error: MSG.contextRequired }).trim().min(1, { error: MSG.contextRequired }).max(200, { error: MSG.invalidContext })
    .refine(isContextName, { error: MSG.invalidContext }).optional(),
  lang: langOrAll,
  order: int.optional(),
  title: text(300),
  body: html,
  body2: html,
  description: html,
  video: url,
  videoplacement: text(20),
  condition: z.enum(['unauthenticated', ''], { error: MSG.notValid }).nullable().optional(),
  after: text(200),
  cards: z.array(CardSchema, { error: MSG.notValid }).max(100, { error: MSG.notValid }).nullable().optional(),
  /** Third-party script snippets: admins only (policy `content.setScripts`), never sanitised. */
  scripthead: text(20_000),
  scriptfoot: text(20_000),
  style: css,
  meta: text(1000),
}, { error: MSG.missingId })
  .refine((r) => !creating(r) || r.context !== undefined, { path: ['context'], error: MSG.contextRequired });
export type ContentSave = z.infer<typeof ContentSaveSchema>;

export const EmbedSchema = z.object({
  url: z.string({ error: MSG.unknownVideoSite }).trim().min(1, { error: MSG.unknownVideoSite }).max(2000, { error: MSG.unknownVideoSite }),
}, { error: MSG.unknownVideoSite });

export const CourseSaveSchema = z.object({
  _id: idOf(MSG.missingId),
  title: requiredTitle.optional(),
  reftitle: text(300),
  description: html,
  description2: html,
  status: text(50),
  lang: z.string({ error: MSG.invalidLanguage }).refine(isLangKey, { error: MSG.invalidLanguage }).optional(),
  order: int.optional(),
  main: text(200),
  video: url,
  sections: text(1000),
  smallbanner: url,
  timerequired: text(100),
  certificate: text(1000),
}, { error: MSG.missingId })
  .refine((r) => !creating(r) || r.title !== undefined, { path: ['title'], error: MSG.required });
export type CourseSave = z.infer<typeof CourseSaveSchema>;

export const LessonGetSchema = z.object({ _id: idOf(MSG.missingParameters) }, { error: MSG.missingParameters });

export const LessonSaveSchema = z.object({
  _id: idOf(MSG.missingValues),
  course: idOf(MSG.missingValues),
  title: requiredTitle.optional(),
  description: html,
  order: int.optional(),
  sortorder: int.optional(),
  sorder: text(100),
  type: text(50),
}, { error: MSG.missingValues })
  .refine((r) => !creating(r) || r.title !== undefined, { path: ['title'], error: MSG.required });
export type LessonSave = z.infer<typeof LessonSaveSchema>;

const bad = MSG.invalidLessonMaterials;
/** A quiz or exam question: `iscorrect` is the 1-based index of the right answer (answer letters A to Z). */
export const QuizQuestionSchema = z.object({
  question: z.string({ error: bad }).trim().min(1, { error: bad }).max(2000, { error: bad }),
  answers: z.array(z.string({ error: bad }).trim().min(1, { error: bad }).max(1000, { error: bad }), { error: bad })
    .min(2, { error: bad }).max(26, { error: bad }),
  iscorrect: z.union([z.number(), z.string().regex(/^\d{1,2}$/).transform(Number)], { error: bad }).pipe(z.number().int({ error: bad }).min(1, { error: bad })),
}, { error: bad }).refine((q) => q.iscorrect <= q.answers.length, { path: ['iscorrect'], error: bad });

export const MaterialSaveSchema = z.object({
  _id: idOf(bad),
  lesson: idOf(bad).optional(),
  order: int.optional(),
  section: z.enum(MATERIAL_SECTIONS, { error: bad }).optional(),
  title: text(300),
  subid: text(200),
  required: flag.optional(),
  /** 'yes' shows a discussion button. */
  usebutton: z.union([z.enum(['yes', 'no', '']), z.boolean().transform((b) => (b ? 'yes' : ''))], { error: bad }).nullable().optional(),
  quiz: z.array(QuizQuestionSchema, { error: bad }).max(200, { error: bad }).nullable().optional(),
  description: html,
  description1: html,
  description2: html,
  question: html,
}, { error: bad })
  .refine((r) => !creating(r) || (r.lesson !== undefined && r.section !== undefined), { path: ['lesson'], error: bad });
export type MaterialSave = z.infer<typeof MaterialSaveSchema>;

export const MaterialListSchema = z.object({
  lesson: idOf(MSG.missingParameters).optional(),
  course: idOf(MSG.missingParameters).optional(),
  /** Only the fields a lesson list needs (no bodies, no questions). */
  shortfields: flag.optional(),
}, { error: MSG.missingParameters })
  .refine((r) => r.lesson !== undefined || r.course !== undefined, { path: ['course'], error: MSG.missingParameters });

/** The spec also lists `isAdmin`: whether answers come back is decided from the session, so it is ignored. */
export const ExamSchema = z.object({ course: idOf(MSG.examCourseRequired) }, { error: MSG.examCourseRequired });

export const FileNameSchema = z.object({ filename: idOf(MSG.missingId) }, { error: MSG.missingId });
export const FileListSchema = z.object({
  context: z.string({ error: MSG.notValid }).trim().max(200, { error: MSG.notValid }).optional(),
}, { error: MSG.notValid });
export const FileFieldsSchema = z.object({ context: idOf(MSG.contextRequired), title: text(300) }, { error: MSG.contextRequired });
export const FileSaveSchema = z.object({ filename: idOf(MSG.missingId), context: idOf(MSG.contextRequired), title: text(300) }, { error: MSG.missingId });

// ---------------------------------------------------------------------------------------------------
// Classes, enrolment, progress, quizzes and exams, certificates (issue 5; spec sections 5 and 7).

const recordId = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(200, { error: MSG.notValid });
const maybeId = z.string({ error: MSG.notValid }).trim().max(200, { error: MSG.notValid }).optional()
  .transform((v) => (v === '' ? undefined : v));
const yesNo = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v)),
  z.literal(1).transform(() => true),
  z.literal(0).transform(() => false),
], { error: MSG.notValid });
const richText = z.string({ error: MSG.notValid }).max(50_000, { error: MSG.notValid }).nullable().optional();
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));
/** A date as YYYY-MM-DD, or a full ISO time; '' clears it. */
const dateOrTime = z.string({ error: MSG.classDateFormat }).trim().max(40, { error: MSG.classDateFormat })
  .refine((v) => v === '' || isDay(v.slice(0, 10)) && (v.length === 10 || !Number.isNaN(Date.parse(v))), { error: MSG.classDateFormat })
  .nullable().optional();

/** Registration codes: REGCODE_LENGTH characters, letters and digits without look-alikes (no I, O, 0, 1). */
export const REGCODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const regcode = z.string({ error: MSG.regcodeRequired }).trim().toUpperCase().min(1, { error: MSG.regcodeRequired }).max(40, { error: MSG.classNotFound });

export const ClassListSchema = z.object({
  _id: maybeId,
  course: maybeId,
  regcode: regcode.optional(),
  lang: z.string({ error: MSG.invalidLanguage }).refine((v) => v === '' || isLangKey(v), { error: MSG.invalidLanguage }).optional(),
  nocache: z.unknown().optional(),
}, { error: MSG.notValid });

/** classes/save: `_id` missing or 'new' creates a class (name and course needed); otherwise it edits one. */
export const ClassSaveSchema = z.object({
  _id: maybeId,
  name: z.string({ error: MSG.classNameRequired }).trim().min(1, { error: MSG.classNameRequired }).max(200, { error: MSG.notValid }).optional(),
  course: maybeId,
  startdate: dateOrTime,
  weeks: z.union([z.number(), z.string().regex(/^\d{1,3}$/).transform(Number)], { error: MSG.notValid })
    .pipe(z.number().int({ error: MSG.notValid }).min(0, { error: MSG.notValid }).max(520, { error: MSG.notValid })).nullable().optional(),
  instructor: maybeId,
  selfpaced: yesNo.optional(),
  lang: z.string({ error: MSG.invalidLanguage }).refine(isLangKey, { error: MSG.invalidLanguage }).optional(),
  description: richText,
  description2: richText,
}, { error: MSG.classSaveFailed })
  .refine((r) => (r._id && r._id !== 'new') || r.name !== undefined, { path: ['name'], error: MSG.classNameRequired })
  .refine((r) => (r._id && r._id !== 'new') || r.course !== undefined, { path: ['course'], error: MSG.classCourseRequired });
export type ClassSave = z.infer<typeof ClassSaveSchema>;

export const ClassRemoveSchema = z.object({ _id: recordId(MSG.missingId) }, { error: MSG.missingId });

export const ClassIdParamSchema = z.object({ classid: recordId(MSG.missingIdEnroll) }, { error: MSG.missingIdEnroll });
/** enroll/{classid}: the class in the path (and optionally the body), the course, and a private group's code. */
export const EnrollSchema = z.object({
  courseid: recordId(MSG.missingIdEnroll),
  classid: maybeId,
  regcode: z.string({ error: MSG.regcodeMismatch }).trim().toUpperCase().max(40, { error: MSG.regcodeMismatch }).optional(),
}, { error: MSG.missingIdEnroll });

export const EnrollmentListSchema = z.object({ user: maybeId, course: maybeId }, { error: MSG.notValid });

/** enrollment/save: edits an enrolment (`_id`), or adds a user to a class (`user` and `classid`). */
export const EnrollmentSaveSchema = z.object({
  _id: maybeId,
  user: maybeId,
  classid: maybeId,
  description: richText,
  regdate: dateOrTime,
  completed: dateOrTime,
}, { error: MSG.missingId })
  .refine((r) => r._id !== undefined || (r.user !== undefined && r.classid !== undefined), { path: ['_id'], error: MSG.missingId });

export const EnrollmentRemoveSchema = z.object({ _id: recordId(MSG.missingId) }, { error: MSG.missingId });

/** viewed and unview: spec "Viewed and unviewed: user, class and lesson". */
export const ViewedSchema = z.object({
  user: recordId(MSG.missingValues),
  classid: recordId(MSG.missingValues),
  lessonid: recordId(MSG.missingValues),
  course: maybeId,
  materialid: maybeId,
}, { error: MSG.missingValues });

/** Answers as letters A to Z, one per question in order; '' or null for a question left open. */
const answers = z.array(
  z.union([z.string().trim().toUpperCase().max(1, { error: MSG.answerLetters }), z.null().transform(() => '')], { error: MSG.answerLetters })
    .refine((v) => v === '' || /^[A-Z]$/.test(v), { error: MSG.answerLetters }),
  { error: MSG.answersRequired },
).max(200, { error: MSG.tooManyAnswers });

/** quiz: `_id` is the material; `attempt` is an optional client id that makes a resent submission count once. */
export const QuizSubmitSchema = z.object({
  _id: recordId(MSG.missingValues),
  user: maybeId,
  classid: recordId(MSG.missingValues),
  courseid: recordId(MSG.missingValues),
  answers,
  attempt: z.string({ error: MSG.notValid }).trim().min(1, { error: MSG.notValid }).max(100, { error: MSG.notValid }).optional(),
}, { error: MSG.missingValues });
export const ExamSubmitSchema = QuizSubmitSchema.extend({ lessonid: maybeId });

export const ClassEnrollmentSchema = z.object({ classid: recordId(MSG.missingClassId) }, { error: MSG.missingClassId });
export const CourseIdParamSchema = z.object({ courseid: recordId(MSG.missingId) }, { error: MSG.missingId });
export const CertificateCodeSchema = z.object({
  code: z.string({ error: MSG.certificateNotFound }).trim().min(1, { error: MSG.certificateNotFound }).max(64, { error: MSG.certificateNotFound }),
}, { error: MSG.certificateNotFound });
