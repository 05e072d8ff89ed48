/**
 * Validation rules of spec section 5, with their messages, as Zod schemas shared by the server
 * (request bodies) and the web app (forms shown on change and on submit).
 */
import { z } from 'zod';
import './zod-config.ts';
import { isCalendarDay, dayOnlyError, dayOrTimeSchema, daySchema } from './dates.ts';
import { MSG } from './messages.ts';
import { SURVEY_QUESTION_TYPES } from './constants.ts';
import { PASSWORD_MIN_LENGTH, COOKIE_OPTIN_VALUES, ROLES, HEARD_OPTIONS, VOCATION_OPTIONS, MATERIAL_SECTIONS } from './constants.ts';
import { NAV_GROUPS } from './constants.ts';
import { PRIVACY_MAX_GRACE_DAYS, PRIVACY_MAX_RETENTION_DAYS, PRIVACY_MIN_RETENTION_DAYS } from './constants.ts';
import { toCountryCode } from './countries.ts';
import { PageQuerySchema } from './paging.ts';
import { isAllowedUrl, RICH_TEXT_STYLES } from './rich-text.ts';

// Generic rules.
const FORBIDDEN_WORD_CHARS = /[/!{}\\$%#"@*]/;
export const isEmail = (v: string) => v.length > 4 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);
export const isPhone = (v: string) => /^[0-9+().\s-]*$/.test(v);
export const isWords = (v: string, min = 1) => v.trim().length >= min && !FORBIDDEN_WORD_CHARS.test(v);
/** At least 8 characters and one character that is neither a letter nor a digit. */
export const isStrongPassword = (v: string) => v.length >= PASSWORD_MIN_LENGTH && /[^\p{L}\p{N}]/u.test(v);
export const isLangKey = (v: string) => /^([a-z]{2}|_sys)$/.test(v);

const trimmed = (max = 200) => z.string({ error: MSG.required }).trim().max(max);
/**
 * Control characters (NUL included) and the marks, embeddings, overrides and isolates that reorder
 * text: in a name they only serve to make it look like another (or like nothing).
 */
const DISGUISING_CHARS = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
export const isCleanName = (v: string) => !DISGUISING_CHARS.test(v);
/**
 * An address as it is compared and stored: NFKC folds full-width and other compatibility forms
 * (a full-width digit) into the plain ones, so no look-alike account can be registered.
 */
export const normalizeEmail = (v: string) => v.normalize('NFKC').trim().toLowerCase();
/** Names are stored NFC, so the same name typed on two keyboards is the same text. */
const nameField = z
  .string({ error: MSG.requiredName })
  .normalize('NFC')
  .trim()
  .max(100)
  .refine(isCleanName, { error: MSG.nameCharacters, abort: true })
  .refine((v) => isWords(v), { error: MSG.requiredName });
// Empty: "required"; typed but malformed ('nina@bad'): "not valid", so the message says what is wrong.
const emailField = z
  .string({ error: MSG.emailRequired })
  .normalize('NFKC')
  .trim()
  .toLowerCase()
  .max(254, { error: MSG.emailInvalid })
  .refine((v) => v !== '', { error: MSG.emailRequired, abort: true })
  .refine(isEmail, { error: MSG.emailInvalid });
const optional = (max = 200) => z.string().trim().max(max).optional();

export const RegistrationFields = {
  firstname: nameField,
  lastname: nameField,
  email: emailField,
  phone: z.string().trim().max(40).refine(isPhone, { error: MSG.phone }).optional(),
  city: trimmed(100).refine((v) => v.length > 0, { error: MSG.required }),
  state: z
    .string()
    .trim()
    .max(100)
    .refine((v) => v === '' || isWords(v, 0), { error: MSG.stateHint })
    .optional(),
  country: trimmed(100).refine((v) => v.length > 0, { error: MSG.required }),
  password: z.string({ error: MSG.passwordRule }).max(200).refine(isStrongPassword, { error: MSG.passwordRule }),
} as const;

export const RegistrationSchema = z
  .object({
    ...RegistrationFields,
    confirmemail: z.string({ error: MSG.emailsMustMatch }).normalize('NFKC').trim().toLowerCase(),
    confirmpassword: z.string({ error: MSG.passwordsMustMatch }),
    // The terms checkbox. The spec's registration payload does not list it, so a payload without it is
    // taken; the description says so in the OpenAPI document, where API clients read the payload.
    terms: z
      .literal(true, { error: MSG.agreeTerms })
      .optional()
      .meta({
        description:
          'The Terms Of Use checkbox. May be left out (the registration form does not send until the box is ticked); ' +
          "false is refused with 'Please agree to the Terms Of Use'.",
      }),
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

/** Field -> first message, for forms that show every invalid field at once. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    if (!out[key]) out[key] = issue.message;
  }
  return out;
}

/** The sign-in fields' rules, with the messages of whoever applies them. */
const loginFields = (messages: { login: string; password: string; tooLong: string }) => ({
  login: z
    .string({ error: messages.login })
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .min(1, { error: messages.login })
    .max(254, { error: messages.tooLong }),
  password: z.string({ error: messages.password }).min(1, { error: messages.password }).max(200, { error: messages.tooLong }),
});
/** The server tells a guesser nothing about which field failed. */
export const LoginSchema = z.object({
  ...loginFields({ login: MSG.loginFailed, password: MSG.loginFailed, tooLong: MSG.loginFailed }),
  cors: z.unknown().optional(),
  format: z.unknown().optional(),
});
/** The sign-in form: the same rules, but an empty field says so beside itself. */
export const LoginFormSchema = z.object(loginFields({ login: MSG.emailRequired, password: MSG.required, tooLong: MSG.notValid }));

export const PasswordChangeSchema = z
  .object({
    // The registration rule (spec 5) holds for a new password too; the common-password list is checked on the server.
    password: z
      .string({ error: MSG.passwordTooShort })
      .min(PASSWORD_MIN_LENGTH, { error: MSG.passwordTooShort })
      .max(200)
      .refine(isStrongPassword, { error: MSG.passwordRule }),
    confirmpassword: z.string().optional(),
    /** Needed except right after signing in with a reset's temporary password. */
    currentpassword: z.string().max(200).optional(),
  })
  .refine((r) => r.confirmpassword === undefined || r.confirmpassword === r.password, {
    path: ['confirmpassword'],
    error: MSG.passwordsMustMatch,
  });

export const ResetPasswordSchema = z.object({
  email: z.string().normalize('NFKC').trim().toLowerCase().max(254).optional(),
  password: z.string().max(200).optional(),
  confirmpassword: z.string().max(200).optional(),
  currentpassword: z.string().max(200).optional(),
});

/** The forgotten-password form: an address as typed (the server answers the same whether or not it is known). */
export const PasswordResetRequestSchema = z.object({
  email: z.string({ error: MSG.emailRequired }).trim().refine(isEmail, { error: MSG.emailRequired }),
});

/** The token of an e-mail change's confirmation link. */
export const ConfirmEmailSchema = z.object({
  token: z
    .string({ error: MSG.confirmLinkInvalid })
    .trim()
    .min(20, { error: MSG.confirmLinkInvalid })
    .max(100, { error: MSG.confirmLinkInvalid })
    .regex(/^[A-Za-z0-9_-]+$/, { error: MSG.confirmLinkInvalid }),
});

export const SetLangSchema = z.object({
  lang: z.string({ error: MSG.invalidLanguage }).refine(isLangKey, { error: MSG.invalidLanguage }),
});

export const CookieOptinSchema = z.object({
  cookieoptin: z.union(
    [
      z.enum(COOKIE_OPTIN_VALUES, { error: MSG.notValid }),
      z.object({ setting: z.enum([...COOKIE_OPTIN_VALUES, 'manage'], { error: MSG.notValid }) }),
    ],
    { error: MSG.notValid },
  ),
});

export const ProfileFields = {
  firstname: nameField,
  lastname: nameField,
  email: emailField,
  phone: z.string().trim().max(40).refine(isPhone, { error: MSG.phone }),
  address1: z.string().trim().max(200),
  address2: z.string().trim().max(200),
  city: z.string().trim().max(100),
  state: z
    .string()
    .trim()
    .max(100)
    .refine((v) => v === '' || isWords(v, 0), { error: MSG.stateHint }),
  country: z.string().trim().max(100),
  postal: z.string().trim().max(20),
  birthDate: z
    .string()
    .trim()
    .max(10)
    .refine((v) => v === '' || isCalendarDay(v), { error: MSG.dateFormat }),
  bio: z.string().max(5000),
  heard: z.union([z.enum(HEARD_OPTIONS), z.literal('')], { error: MSG.notValid }),
  vocation: z.union([z.enum(VOCATION_OPTIONS), z.literal('')], { error: MSG.notValid }),
  lang: z.string().refine(isLangKey, { error: MSG.invalidLanguage }),
} as const;

/** users/save: `_id` plus any profile field; roles only count when an admin sends them. */
export const UserSaveSchema = z
  .object({
    _id: z.string({ error: MSG.missingId }).min(1, { error: MSG.missingId }).max(100),
    roles: z
      .array(z.enum(ROLES, { error: MSG.notValid }))
      .max(2)
      .optional(),
    /** Changing one's own e-mail address needs the current password. */
    currentpassword: z.string().max(200).optional(),
  })
  .extend(
    Object.fromEntries(Object.entries(ProfileFields).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof ProfileFields]: z.ZodOptional<(typeof ProfileFields)[K]>;
    },
  );

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
const url = z
  .string({ error: MSG.unsafeUrl })
  .trim()
  .max(2000, { error: MSG.unsafeUrl })
  .refine(isSafeUrl, { error: MSG.unsafeUrl })
  .nullable()
  .optional();
const int = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^-?\d{1,7}$/)
        .transform(Number),
    ],
    { error: MSG.notValid },
  )
  .pipe(z.number().int({ error: MSG.notValid }).min(-1_000_000, { error: MSG.notValid }).max(1_000_000, { error: MSG.notValid }));
const flag = z.union(
  [
    z.boolean(),
    z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v)),
    z.literal(1).transform(() => true),
    z.literal(0).transform(() => false),
  ],
  { error: MSG.notValid },
);
const langOrAll = z
  .string({ error: MSG.invalidLanguage })
  .refine((v) => v === '' || isLangKey(v), { error: MSG.invalidLanguage })
  .nullable()
  .optional();
const requiredTitle = z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(300, { error: MSG.notValid });
/** Inline style of a block: declarations only, nothing that loads or runs anything. */
const css = text(1000).refine((v) => !v || !/[<>{}]|expression\s*\(|url\s*\(|javascript:|@import|behavior\s*:/i.test(v), {
  error: MSG.notValid,
});
const creating = (r: { _id: string }) => r._id === NEW_ID;

export const ContentListSchema = z.object(
  {
    context: z.string({ error: MSG.notValid }).max(200, { error: MSG.notValid }).optional(),
    type: z.string({ error: MSG.notValid }).max(20, { error: MSG.notValid }).optional(),
    subtype: z.string({ error: MSG.notValid }).max(50, { error: MSG.notValid }).optional(),
    lang: z.string({ error: MSG.invalidLanguage }).refine(isLangKey, { error: MSG.invalidLanguage }).optional(),
  },
  { error: MSG.notValid },
);

export const ContentGetSchema = z.object({ _id: idOf(MSG.missingIdContentGet) }, { error: MSG.missingIdContentGet });
export const RemoveSchema = z.object({ _id: idOf(MSG.missingId) }, { error: MSG.missingId });

export const CardSchema = z.object(
  {
    key: z.union([z.string().trim().min(1).max(100), z.number().int().transform(String)], { error: MSG.notValid }),
    title: text(300),
    description: html,
    video: url,
    image: url,
    url,
  },
  { error: MSG.notValid },
);

export const ContentSaveSchema = z
  .object(
    {
      _id: idOf(MSG.missingId),
      type: z.enum(CONTENT_TYPES, { error: MSG.notValid }).optional(),
      subtype: text(50),
      context: z
        .string({ error: MSG.contextRequired })
        .trim()
        .min(1, { error: MSG.contextRequired })
        .max(200, { error: MSG.invalidContext })
        .refine(isContextName, { error: MSG.invalidContext })
        .optional(),
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
    },
    { error: MSG.missingId },
  )
  .refine((r) => !creating(r) || r.context !== undefined, { path: ['context'], error: MSG.contextRequired });
export type ContentSave = z.infer<typeof ContentSaveSchema>;

export const EmbedSchema = z.object(
  {
    url: z
      .string({ error: MSG.unknownVideoSite })
      .trim()
      .min(1, { error: MSG.unknownVideoSite })
      .max(2000, { error: MSG.unknownVideoSite }),
  },
  { error: MSG.unknownVideoSite },
);

export const CourseSaveSchema = z
  .object(
    {
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
    },
    { error: MSG.missingId },
  )
  .refine((r) => !creating(r) || r.title !== undefined, { path: ['title'], error: MSG.required });
export type CourseSave = z.infer<typeof CourseSaveSchema>;

export const LessonGetSchema = z.object({ _id: idOf(MSG.missingParameters) }, { error: MSG.missingParameters });

export const LessonSaveSchema = z
  .object(
    {
      _id: idOf(MSG.missingValues),
      course: idOf(MSG.missingValues),
      title: requiredTitle.optional(),
      description: html,
      order: int.optional(),
      sortorder: int.optional(),
      sorder: text(100),
      type: text(50),
    },
    { error: MSG.missingValues },
  )
  .refine((r) => !creating(r) || r.title !== undefined, { path: ['title'], error: MSG.required });
export type LessonSave = z.infer<typeof LessonSaveSchema>;

const bad = MSG.invalidLessonMaterials;
/** A quiz or exam question: `iscorrect` is the 1-based index of the right answer (answer letters A to Z). */
export const QuizQuestionSchema = z
  .object(
    {
      question: z.string({ error: bad }).trim().min(1, { error: bad }).max(2000, { error: bad }),
      answers: z
        .array(z.string({ error: bad }).trim().min(1, { error: bad }).max(1000, { error: bad }), { error: bad })
        .min(2, { error: bad })
        .max(26, { error: bad }),
      iscorrect: z
        .union(
          [
            z.number(),
            z
              .string()
              .regex(/^\d{1,2}$/)
              .transform(Number),
          ],
          { error: bad },
        )
        .pipe(z.number().int({ error: bad }).min(1, { error: bad })),
    },
    { error: bad },
  )
  .refine((q) => q.iscorrect <= q.answers.length, { path: ['iscorrect'], error: bad });

export const MaterialSaveSchema = z
  .object(
    {
      _id: idOf(bad),
      lesson: idOf(bad).optional(),
      order: int.optional(),
      section: z.enum(MATERIAL_SECTIONS, { error: bad }).optional(),
      title: text(300),
      subid: text(200),
      required: flag.optional(),
      /** 'yes' shows a discussion button. */
      usebutton: z
        .union([z.enum(['yes', 'no', '']), z.boolean().transform((b) => (b ? 'yes' : ''))], { error: bad })
        .nullable()
        .optional(),
      quiz: z.array(QuizQuestionSchema, { error: bad }).max(200, { error: bad }).nullable().optional(),
      description: html,
      description1: html,
      description2: html,
      question: html,
      drawcount: z.lazy(() => ExamRulesFields.drawcount).optional(),
      timelimit: z.lazy(() => ExamRulesFields.timelimit).optional(),
      maxattempts: z.lazy(() => ExamRulesFields.maxattempts).optional(),
      waithours: z.lazy(() => ExamRulesFields.waithours).optional(),
      showanswers: z.lazy(() => ExamRulesFields.showanswers).optional(),
    },
    { error: bad },
  )
  .refine((r) => !creating(r) || (r.lesson !== undefined && r.section !== undefined), { path: ['lesson'], error: bad });
export type MaterialSave = z.infer<typeof MaterialSaveSchema>;

export const MaterialListSchema = z
  .object(
    {
      lesson: idOf(MSG.missingParameters).optional(),
      course: idOf(MSG.missingParameters).optional(),
      /** Only the fields a lesson list needs (no bodies, no questions). */
      shortfields: flag.optional(),
    },
    { error: MSG.missingParameters },
  )
  .refine((r) => r.lesson !== undefined || r.course !== undefined, { path: ['course'], error: MSG.missingParameters });

/** The spec also lists `isAdmin`: whether answers come back is decided from the session, so it is ignored. */
export const ExamSchema = z.object({ course: idOf(MSG.examCourseRequired) }, { error: MSG.examCourseRequired });

export const FileNameSchema = z.object({ filename: idOf(MSG.missingId) }, { error: MSG.missingId });
export const FileListSchema = z.object(
  {
    context: z.string({ error: MSG.notValid }).trim().max(200, { error: MSG.notValid }).optional(),
  },
  { error: MSG.notValid },
);
export const FileFieldsSchema = z.object({ context: idOf(MSG.contextRequired), title: text(300) }, { error: MSG.contextRequired });
export const FileSaveSchema = z.object(
  { filename: idOf(MSG.missingId), context: idOf(MSG.contextRequired), title: text(300) },
  { error: MSG.missingId },
);

// ---------------------------------------------------------------------------------------------------
// Classes, enrolment, progress, quizzes and exams, certificates (spec sections 5 and 7).

const recordId = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(200, { error: MSG.notValid });
const maybeId = z
  .string({ error: MSG.notValid })
  .trim()
  .max(200, { error: MSG.notValid })
  .optional()
  .transform((v) => (v === '' ? undefined : v));
const yesNo = z.union(
  [
    z.boolean(),
    z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => ['true', '1', 'yes'].includes(v)),
    z.literal(1).transform(() => true),
    z.literal(0).transform(() => false),
  ],
  { error: MSG.notValid },
);
const richText = z.string({ error: MSG.notValid }).max(50_000, { error: MSG.notValid }).nullable().optional();
/** A date as YYYY-MM-DD, or a full ISO time; '' clears it. */
const dateOrTime = dayOrTimeSchema(MSG.classDateFormat).nullable().optional();

/** Registration codes: REGCODE_LENGTH characters, letters and digits without look-alikes (no I, O, 0, 1). */
export const REGCODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const regcode = z
  .string({ error: MSG.regcodeRequired })
  .trim()
  .toUpperCase()
  .min(1, { error: MSG.regcodeRequired })
  .max(40, { error: MSG.classNotFound });
/** The enrol panel's Verify: a class looked up by its registration code. */
export const RegcodeLookupSchema = z.object({ regcode }, { error: MSG.regcodeRequired });

export const ClassListSchema = z.object(
  {
    _id: maybeId,
    course: maybeId,
    regcode: regcode.optional(),
    lang: z
      .string({ error: MSG.invalidLanguage })
      .refine((v) => v === '' || isLangKey(v), { error: MSG.invalidLanguage })
      .optional(),
    nocache: z.unknown().optional(),
  },
  { error: MSG.notValid },
);

/** classes/save: `_id` 'new' creates a class (name and course needed); another `_id` edits one; none is 'Missing ID'. */
export const ClassSaveSchema = z
  .object(
    {
      _id: recordId(MSG.missingId),
      name: z
        .string({ error: MSG.classNameRequired })
        .trim()
        .min(1, { error: MSG.classNameRequired })
        .max(200, { error: MSG.notValid })
        .optional(),
      course: maybeId,
      startdate: dateOrTime,
      weeks: z
        .union(
          [
            z.number(),
            z
              .string()
              .regex(/^\d{1,3}$/)
              .transform(Number),
          ],
          { error: MSG.notValid },
        )
        .pipe(z.number().int({ error: MSG.notValid }).min(0, { error: MSG.notValid }).max(520, { error: MSG.notValid }))
        .nullable()
        .optional(),
      instructor: maybeId,
      selfpaced: yesNo.optional(),
      lang: z.string({ error: MSG.invalidLanguage }).refine(isLangKey, { error: MSG.invalidLanguage }).optional(),
      description: richText,
      description2: richText,
    },
    { error: MSG.classSaveFailed },
  )
  .refine((r) => r._id !== 'new' || r.name !== undefined, { path: ['name'], error: MSG.classNameRequired })
  .refine((r) => r._id !== 'new' || r.course !== undefined, { path: ['course'], error: MSG.classCourseRequired });
export type ClassSave = z.infer<typeof ClassSaveSchema>;

export const ClassRemoveSchema = z.object({ _id: recordId(MSG.missingId) }, { error: MSG.missingId });

export const ClassIdParamSchema = z.object({ classid: recordId(MSG.missingIdEnroll) }, { error: MSG.missingIdEnroll });
/** enroll/{classid}: the class in the path (and optionally the body), the course, and a private group's code. */
export const EnrollSchema = z.object(
  {
    courseid: recordId(MSG.missingIdEnroll),
    classid: maybeId,
    regcode: z.string({ error: MSG.regcodeMismatch }).trim().toUpperCase().max(40, { error: MSG.regcodeMismatch }).optional(),
  },
  { error: MSG.missingIdEnroll },
);

export const EnrollmentListSchema = z.object({ user: maybeId, course: maybeId }, { error: MSG.notValid });

/** enrollment/save: edits an enrolment (`_id`), or adds a user to a class (`user` and `classid`). */
export const EnrollmentSaveSchema = z
  .object(
    {
      _id: maybeId,
      user: maybeId,
      classid: maybeId,
      description: richText,
      regdate: dateOrTime,
      completed: dateOrTime,
    },
    { error: MSG.missingId },
  )
  .refine((r) => r._id !== undefined || (r.user !== undefined && r.classid !== undefined), { path: ['_id'], error: MSG.missingId });

export const EnrollmentRemoveSchema = z.object({ _id: recordId(MSG.missingId) }, { error: MSG.missingId });

/** viewed and unview: spec "Viewed and unviewed: user, class and lesson". */
export const ViewedSchema = z.object(
  {
    user: recordId(MSG.missingValues),
    classid: recordId(MSG.missingValues),
    lessonid: recordId(MSG.missingValues),
    course: maybeId,
    materialid: maybeId,
  },
  { error: MSG.missingValues },
);

/** Answers as letters A to Z, one per question in order; '' or null for a question left open. */
const answers = z
  .array(
    z
      .union([z.string().trim().toUpperCase().max(1, { error: MSG.answerLetters }), z.null().transform(() => '')], {
        error: MSG.answerLetters,
      })
      .refine((v) => v === '' || /^[A-Z]$/.test(v), { error: MSG.answerLetters }),
    { error: MSG.answersRequired },
  )
  .max(200, { error: MSG.tooManyAnswers });

/** quiz: `_id` is the material; `attempt` is an optional client id that makes a resent submission count once. */
export const QuizSubmitSchema = z.object(
  {
    _id: recordId(MSG.missingValues),
    user: maybeId,
    classid: recordId(MSG.missingValues),
    courseid: recordId(MSG.missingValues),
    answers,
    attempt: z.string({ error: MSG.notValid }).trim().min(1, { error: MSG.notValid }).max(100, { error: MSG.notValid }).optional(),
  },
  { error: MSG.missingValues },
);
export const ExamSubmitSchema = QuizSubmitSchema.extend({ lessonid: maybeId });

// Exam attempts (migration 011): started, autosaved and submitted on the server; grants and the gradebook.
const attemptId = recordId(MSG.examAttemptNotFound);
/** Start (or resume) the exam: the exam material, the class and course, and optionally its lesson. */
export const AttemptStartSchema = z.object(
  {
    _id: recordId(MSG.missingValues),
    classid: recordId(MSG.missingValues),
    courseid: recordId(MSG.missingValues),
    lessonid: maybeId,
    user: maybeId,
  },
  { error: MSG.missingValues },
);
/** The learner's attempts at one exam, with what the rules allow next. */
export const AttemptStatusSchema = z.object(
  { _id: recordId(MSG.missingValues), classid: recordId(MSG.missingValues) },
  { error: MSG.missingValues },
);
export const AttemptIdSchema = z.object({ attemptid: attemptId }, { error: MSG.examAttemptNotFound });
/** Autosave: the answers so far ('' for an open question) and the tab's save counter. */
export const AttemptSaveSchema = z.object(
  {
    attemptid: attemptId,
    answers,
    seq: z
      .number({ error: MSG.notValid })
      .int({ error: MSG.notValid })
      .min(0, { error: MSG.notValid })
      .max(1e9, { error: MSG.notValid })
      .optional(),
  },
  { error: MSG.examAttemptNotFound },
);
/** Submit: the answers (the saved ones when left out). */
export const AttemptSubmitSchema = z.object({ attemptid: attemptId, answers: answers.optional() }, { error: MSG.examAttemptNotFound });
/**
 * A quiz or exam answer sheet as the learner sends it: the answers of both submissions above, with every
 * question answered (the server itself takes open ones, as when an exam's time runs out). Each open
 * question is an issue of its own, so the form can mark it.
 */
export const AnswerSheetSchema = z.object(
  {
    answers: answers.superRefine((list, ctx) =>
      list.forEach((a, i) => {
        if (!a) ctx.addIssue({ code: 'custom', path: [i], input: a, message: MSG.answersRequired });
      }),
    ),
  },
  { error: MSG.answersRequired },
);
/** An extra attempt for one learner of a class; `_id` is the exam material (the course's exam when left out). */
export const GrantAttemptSchema = z.object(
  {
    classid: recordId(MSG.missingClassId),
    user: recordId(MSG.missingValues),
    _id: maybeId,
    reason: z.string({ error: MSG.notValid }).trim().max(500, { error: MSG.notValid }).optional(),
  },
  { error: MSG.missingValues },
);
/** A class's gradebook (its instructor and admins), or a whole course's (admins). */
export const GradebookSchema = z
  .object({ classid: maybeId, course: maybeId }, { error: MSG.gradebookScope })
  .refine((r) => !!r.classid || !!r.course, { path: ['classid'], error: MSG.gradebookScope });
/** One learner's attempts in a class, with questions and answers. */
export const LearnerAttemptsSchema = z.object(
  { classid: recordId(MSG.missingClassId), user: recordId(MSG.missingValues) },
  { error: MSG.missingValues },
);
/** The exam's own rules in the lesson editor; null goes back to the site's default. */
const wholeOrNull = (max: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number), z.null(), z.literal('').transform(() => null)], {
      error: MSG.notValid,
    })
    .pipe(z.number().int({ error: MSG.notValid }).min(0, { error: MSG.notValid }).max(max, { error: MSG.notValid }).nullable());
export const EXAM_SHOW_ANSWERS = ['never', 'afterpassing'] as const;
export const ExamRulesFields = {
  drawcount: wholeOrNull(200),
  timelimit: wholeOrNull(24 * 60),
  maxattempts: wholeOrNull(100),
  waithours: wholeOrNull(24 * 365),
  showanswers: z.union([z.enum(EXAM_SHOW_ANSWERS, { error: MSG.notValid }), z.null(), z.literal('').transform(() => null)], {
    error: MSG.notValid,
  }),
} as const;

export const ClassEnrollmentSchema = z.object({ classid: recordId(MSG.missingClassId) }, { error: MSG.missingClassId });
export const CourseIdParamSchema = z.object({ courseid: recordId(MSG.missingId) }, { error: MSG.missingId });
export const CertificateCodeSchema = z.object(
  {
    code: z
      .string({ error: MSG.certificateNotFound })
      .trim()
      .min(1, { error: MSG.certificateNotFound })
      .max(64, { error: MSG.certificateNotFound }),
  },
  { error: MSG.certificateNotFound },
);

// ---------------------------------------------------------------------------------------------------
// Admin area: translations, site settings, navigation items, reports and statistics, CRM
// look-ups and the audit list. Settings forms show `fields` per input, so every field names its rule.

const langKey = z.string({ error: MSG.invalidLanguage }).refine(isLangKey, { error: MSG.invalidLanguage });
const twoLetter = z.string({ error: MSG.languageCodes }).regex(/^[a-z]{2}$/, { error: MSG.languageCodes });
const setting = (max: number) => z.string({ error: MSG.notValid }).trim().max(max, { error: MSG.notValid });
const settingUrl = z
  .string({ error: MSG.unsafeUrl })
  .trim()
  .max(2000, { error: MSG.unsafeUrl })
  .refine(isSafeUrl, { error: MSG.unsafeUrl });
const settingId = z.string({ error: MSG.notValid }).trim().min(1, { error: MSG.notValid }).max(200, { error: MSG.notValid });
const onOff = z.boolean({ error: MSG.yesOrNo });
const percentage = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,3}(\.\d+)?$/)
        .transform(Number),
    ],
    { error: MSG.percentRange },
  )
  .pipe(z.number().min(0, { error: MSG.percentRange }).max(100, { error: MSG.percentRange }));
const distinct = (v: string[]) => new Set(v).size === v.length;
const unknownKeys = (message: string) => (iss: { code?: string; keys?: string[] }) =>
  iss.code === 'unrecognized_keys' ? `${MSG.unknownSetting} (${(iss.keys ?? []).join(', ')})` : message;

/** getLanguage: a language key (two letters or _sys); `untranslated` keeps only labels still in English. */
export const GetLanguageSchema = z.object({ lang: langKey, untranslated: onOff.optional() }, { error: MSG.invalidLanguage });

const labelKey = z
  .string({ error: MSG.labelRequired })
  .min(1, { error: MSG.labelRequired })
  .max(2000, { error: MSG.notValid })
  .refine((v) => v.trim().length > 0, { error: MSG.labelRequired });
const translation = z.string({ error: MSG.notValid }).max(10_000, { error: MSG.notValid });

/**
 * setLanguage: `labels` (English text -> translation) or one `label` with its `translation`. An empty
 * translation removes the label's translation, so the English text shows again.
 */
export const SetLanguageSchema = z
  .object(
    {
      lang: langKey,
      labels: z.record(labelKey, translation, { error: MSG.notValid }).optional(),
      label: labelKey.optional(),
      translation: translation.optional(),
    },
    { error: MSG.invalidLanguage },
  )
  .refine((r) => r.labels !== undefined || r.label !== undefined, { path: ['label'], error: MSG.labelRequired })
  .refine((r) => r.label === undefined || r.translation !== undefined, { path: ['translation'], error: MSG.notValid })
  .refine((r) => r.labels === undefined || Object.keys(r.labels).length <= 5000, { path: ['labels'], error: MSG.notValid })
  .transform((r) => ({ lang: r.lang, labels: { ...r.labels, ...(r.label !== undefined ? { [r.label]: r.translation ?? '' } : {}) } }));

/** Every field of the spec's site config (section 3), each with its rule. */
export const SiteConfigFields = {
  sitetitle: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(200, { error: MSG.notValid }),
  defaultlang: twoLetter,
  publiclanguages: z
    .array(twoLetter, { error: MSG.languageCodes })
    .min(1, { error: MSG.languageCodes })
    .max(50, { error: MSG.languageCodes })
    .refine(distinct, { error: MSG.languageCodes }),
  /** Language -> where the browser goes when it is chosen (a path here or another site). */
  langredirects: z.record(
    twoLetter,
    settingUrl.refine((v) => v !== '', { error: MSG.unsafeUrl }),
    { error: MSG.notValid },
  ),
  // Stored as ISO codes; names in any of the six languages are turned into their codes.
  countries: z
    .array(
      setting(100).refine((v) => toCountryCode(v) !== null, { error: MSG.countryCodes }),
      { error: MSG.countryCodes },
    )
    .max(500, { error: MSG.countryCodes })
    .transform((list) => [...new Set(list.map((v) => toCountryCode(v)!))]),
  materialTypes: z
    .array(z.enum(MATERIAL_SECTIONS, { error: MSG.materialTypes }), { error: MSG.materialTypes })
    .min(1, { error: MSG.materialTypes })
    .refine(distinct, { error: MSG.materialTypes }),
  createclasswithoutcerts: onOff,
  quizpasspercent: percentage,
  exampasspercent: percentage,
  showeachmaterial: onOff,
  showinactivecourseswhenenrolled: onOff,
  truncatecontent: onOff,
  nolangcoursechange: onOff,
  /** Main course id -> language -> the sibling course of that language. */
  maincourses: z.record(settingId, z.record(twoLetter, settingId, { error: MSG.notValid }), { error: MSG.notValid }),
  defaultcoursesmall: setting(200),
  showCookieOptIn: onOff,
  managecookiesettings: onOff,
  /** Language -> the organisation's own site in that language. */
  organizationurl: z.record(twoLetter, settingUrl, { error: MSG.notValid }),
  redirect: settingUrl,
  registrationdestination: settingUrl,
  poweredby: z.strictObject({ title: setting(200), url: settingUrl }, { error: MSG.notValid }),
  privacygracedays: z
    .number({ error: MSG.privacyGraceDays })
    .int({ error: MSG.privacyGraceDays })
    .min(0, { error: MSG.privacyGraceDays })
    .max(PRIVACY_MAX_GRACE_DAYS, { error: MSG.privacyGraceDays }),
  privacyposts: z.enum(['keep', 'remove'], { error: MSG.privacyPosts }),
  privacycertnames: onOff,
  privacyretentiondays: z
    .number({ error: MSG.privacyRetentionDays })
    .int({ error: MSG.privacyRetentionDays })
    .refine((v) => v === 0 || (v >= PRIVACY_MIN_RETENTION_DAYS && v <= PRIVACY_MAX_RETENTION_DAYS), { error: MSG.privacyRetentionDays }),
  // Exam attempt rules: the site's defaults, which an exam may override.
  examattempts: z
    .number({ error: MSG.notValid })
    .int({ error: MSG.notValid })
    .min(0, { error: MSG.notValid })
    .max(100, { error: MSG.notValid }),
  examwaithours: z
    .number({ error: MSG.notValid })
    .int({ error: MSG.notValid })
    .min(0, { error: MSG.notValid })
    .max(24 * 365, { error: MSG.notValid }),
  examshowanswers: z.enum(EXAM_SHOW_ANSWERS, { error: MSG.notValid }),
  /** The organisation's logo on certificates: a path on this site (an uploaded file) or an https address. */
  logo: settingUrl,
} as const;

/** Any subset of the site config: what the settings form sends. Unknown names are refused, not ignored. */
export const SiteConfigPatchSchema = z.strictObject(
  Object.fromEntries(Object.entries(SiteConfigFields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof SiteConfigFields]: z.ZodOptional<(typeof SiteConfigFields)[K]>;
  },
  { error: unknownKeys(MSG.notValid) },
);

/** The CRM connection: base URL and key. The key is write-only: '' clears it, leaving it out keeps it. */
export const CrmSettingsSchema = z.strictObject(
  {
    baseUrl: z
      .string({ error: MSG.crmUrl })
      .trim()
      .max(500, { error: MSG.crmUrl })
      .refine((v) => v === '' || /^https?:\/\/[^/\s]+(\/[^\s]*)?$/i.test(v), { error: MSG.crmUrl })
      .optional(),
    key: z.string({ error: MSG.notValid }).trim().max(500, { error: MSG.notValid }).optional(),
    /** How long one request to the CRM may take before it is tried again (bounded retries). */
    timeoutMs: z
      .number({ error: MSG.notValid })
      .int({ error: MSG.notValid })
      .min(100, { error: MSG.notValid })
      .max(60_000, { error: MSG.notValid })
      .optional(),
  },
  { error: unknownKeys(MSG.notValid) },
);

export const SetConfigSchema = z.strictObject(
  {
    config: SiteConfigPatchSchema.optional(),
    crm: CrmSettingsSchema.optional(),
  },
  { error: unknownKeys(MSG.missingPostData) },
);

export const NavItemSaveSchema = z.object(
  {
    /** Missing or 'new' creates an item. */
    _id: z.string({ error: MSG.missingId }).trim().min(1, { error: MSG.missingId }).max(200, { error: MSG.notValid }).optional(),
    title: z.string({ error: MSG.required }).trim().min(1, { error: MSG.required }).max(200, { error: MSG.notValid }),
    url: settingUrl.refine((v) => v !== '', { error: MSG.unsafeUrl }),
    key: setting(100).optional(),
    icon: setting(100).optional(),
    cssclass: setting(200)
      .refine((v) => /^[\w\s-]*$/.test(v), { error: MSG.notValid })
      .optional(),
    groups: z
      .array(z.enum(NAV_GROUPS, { error: MSG.navGroups }), { error: MSG.navGroups })
      .min(1, { error: MSG.navGroups })
      .max(NAV_GROUPS.length, { error: MSG.navGroups }),
    order: z
      .number({ error: MSG.notValid })
      .int({ error: MSG.notValid })
      .min(-1_000_000, { error: MSG.notValid })
      .max(1_000_000, { error: MSG.notValid })
      .optional(),
    /** A language the item shows in; '' or missing: every language. */
    lang: z
      .string({ error: MSG.invalidLanguage })
      .refine((v) => v === '' || isLangKey(v), { error: MSG.invalidLanguage })
      .optional(),
  },
  { error: MSG.missingPostData },
);

export const NavItemListSchema = z.object({ group: z.enum(NAV_GROUPS, { error: MSG.navGroups }).optional() }, { error: MSG.notValid });

const day = daySchema();

/** Filters shared by reports and statistics; `from` and `to` are days (YYYY-MM-DD), both included. */
const reportRange = {
  course: z.string({ error: MSG.notValid }).trim().min(1, { error: MSG.notValid }).max(200, { error: MSG.notValid }).optional(),
  from: day.optional(),
  to: day.optional(),
};
// Only two real days are compared: a start or an end that is no day has its own message, not "must come before".
const inOrder = (r: { from?: string; to?: string }) => !r.from || !r.to || !isCalendarDay(r.from) || !isCalendarDay(r.to) || r.from <= r.to;
export const ReportFiltersSchema = z
  .object(
    {
      ...reportRange,
      period: z.enum(['week', 'month'], { error: MSG.notValid }).optional(),
      format: z.enum(['json', 'csv'], { error: MSG.notValid }).optional(),
    },
    { error: MSG.notValid },
  )
  .refine(inOrder, { path: ['to'], error: MSG.dateRange });
export type ReportFilters = z.infer<typeof ReportFiltersSchema>;

/** One page of a report table: its filters and the shared paging fields, sorted by one of its column keys. */
export const ReportPageQuerySchema = PageQuerySchema.extend(reportRange).refine(inOrder, { path: ['to'], error: MSG.dateRange });
export type ReportPageQuery = z.infer<typeof ReportPageQuerySchema>;

export const ReportIdSchema = z.object(
  {
    reportid: z.string({ error: MSG.missingId }).trim().min(1, { error: MSG.missingId }).max(100, { error: MSG.unknownReport }),
  },
  { error: MSG.missingId },
);

/** A CRM contact is named by its numeric id or by an e-mail address (anything else: spec message). */
export const isCrmIdentifier = (v: string) => /^\d{1,18}$/.test(v) || (v.includes('@') && v.length <= 254 && isEmail(v));
const crmIdentifier = z
  .union([z.number().int().nonnegative().transform(String), z.string().trim()], { error: MSG.invalidContact })
  .refine(isCrmIdentifier, { error: MSG.invalidContact });

/** getIndividual: `id` (a number or an e-mail address); `email` is read too. */
export const CrmLookupSchema = z
  .object({ id: crmIdentifier.optional(), email: crmIdentifier.optional() }, { error: MSG.invalidContact })
  .refine((r) => r.id !== undefined || r.email !== undefined, { path: ['id'], error: MSG.invalidContact })
  .transform((r) => ({ identifier: (r.id ?? r.email)! }));

/** The CRM panel's lookup: one identifier as typed, a numeric id or an e-mail address. */
export const CrmLookupFormSchema = z.object({ identifier: crmIdentifier }, { error: MSG.invalidContact });

export const CrmEmailSchema = z.object(
  {
    email: z
      .string({ error: MSG.invalidContact })
      .trim()
      .toLowerCase()
      .max(254, { error: MSG.invalidContact })
      .refine(isEmail, { error: MSG.invalidContact }),
  },
  { error: MSG.invalidContact },
);

const crmText = (max: number) => z.string({ error: MSG.notValid }).trim().max(max, { error: MSG.notValid }).optional();
/** One contact as sent to the CRM; `externalId` is our user id, so a resent batch updates, not duplicates. */
export const CrmContactSchema = z.strictObject(
  {
    externalId: crmText(200),
    email: z
      .string({ error: MSG.emailRequired })
      .trim()
      .toLowerCase()
      .max(254, { error: MSG.emailRequired })
      .refine(isEmail, { error: MSG.emailRequired }),
    firstName: crmText(100),
    lastName: crmText(100),
    phone: crmText(40),
    city: crmText(100),
    state: crmText(100),
    country: crmText(100),
    postalCode: crmText(20),
    language: crmText(5),
  },
  { error: unknownKeys(MSG.notValid) },
);

export const CrmBatchSchema = z.object(
  {
    records: z
      .array(CrmContactSchema, { error: MSG.crmBatchSize })
      .min(1, { error: MSG.crmBatchSize })
      .max(100, { error: MSG.crmBatchSize }),
  },
  { error: MSG.crmBatchSize },
);

export const CrmSyncUserSchema = z.object({ _id: recordId(MSG.missingId) }, { error: MSG.missingId });

/** The CRM panel's sync of one user: someone picked. */
export const CrmSyncUserFormSchema = z.object(
  { user: z.string({ error: MSG.required }).min(1, { error: MSG.required }) },
  { error: MSG.required },
);
/** Add User to Class: a user, a course and one of its classes, each picked (or given by the page). */
export const AddToClassFormSchema = z.object({
  user: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
  course: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
  classid: z.string({ error: MSG.required }).min(1, { error: MSG.required }),
});
/** The CRM panel's sync of recent users: empty (the server's default), or a day as typed. */
export const CrmSyncRecentFormSchema = z.object(
  { since: z.string({ error: MSG.dateFormat }).refine((v) => v === '' || !dayOnlyError(v), { error: MSG.dateFormat }) },
  { error: MSG.dateFormat },
);

/** syncRecentUsers: accounts changed since `since` (default: the last sync, or seven days), at most `limit`. */
export const CrmSyncRecentSchema = z.object(
  {
    since: dayOrTimeSchema()
      .refine((v) => v !== '', { error: MSG.dateFormat })
      .optional(),
    limit: z
      .number({ error: MSG.notValid })
      .int({ error: MSG.notValid })
      .min(1, { error: MSG.notValid })
      .max(10_000, { error: MSG.notValid })
      .optional(),
  },
  { error: MSG.notValid },
);

/** A list call's paging: rows to skip, and how many to answer (at most `max`). */
const listSkip = z
  .number({ error: MSG.notValid })
  .int({ error: MSG.notValid })
  .min(0, { error: MSG.notValid })
  .max(1_000_000, { error: MSG.notValid })
  .optional();
const listLimit = (max: number) =>
  z
    .number({ error: MSG.notValid })
    .int({ error: MSG.notValid })
    .min(1, { error: MSG.notValid })
    .max(max, { error: MSG.notValid })
    .optional();

export const AuditListSchema = z.object(
  {
    /** A user id or an e-mail address. */
    actor: z.string({ error: MSG.notValid }).trim().min(1, { error: MSG.notValid }).max(254, { error: MSG.notValid }).optional(),
    action: z.string({ error: MSG.notValid }).trim().min(1, { error: MSG.notValid }).max(100, { error: MSG.notValid }).optional(),
    target: z.string({ error: MSG.notValid }).trim().min(1, { error: MSG.notValid }).max(254, { error: MSG.notValid }).optional(),
    skip: listSkip,
    limit: listLimit(500),
  },
  { error: MSG.notValid },
);

// ---------------------------------------------------------------------------------------------------
// Discussions and surveys (spec sections 5 and 7). Limits are here so the web app's forms
// refuse what the server would refuse, with the same message.

/** Longest post or reply, in characters of HTML (before the server's allow-list cleans it). */
export const POST_MAX_LENGTH = 20_000;
/** Most addresses on a private post's share list. */
export const SHARE_LIST_MAX = 100;
/** Longest survey answer, in characters; most questions in a survey. */
export const SURVEY_ANSWER_MAX_LENGTH = 5_000;
export const SURVEY_MAX_QUESTIONS = 100;
/** A post's `access`: private, or public (the spec's "none"; '' and null mean the same). */
export const POST_ACCESS = ['private', 'public', 'none', ''] as const;

/**
 * A private post's share list (spec section 5): emails separated by commas, each checked as an email.
 * Answers the addresses, lower-cased and without repeats, or null when one of them is not an email.
 */
export function parseShareList(v: string | readonly string[]): string[] | null {
  // Folded like account addresses (NFKC, lower case), so a full-width look-alike matches the account it imitates.
  const parts = (typeof v === 'string' ? v.split(',') : v).map(normalizeEmail).filter(Boolean);
  if (parts.length > SHARE_LIST_MAX || parts.some((p) => p.length > 254 || !isEmail(p))) return null;
  return [...new Set(parts)];
}

/** The first address of a share list that is no e-mail address, to name it in the message. */
export function firstBadShareAddress(v: string): string | undefined {
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .find((p) => p.length > 254 || !isEmail(p.toLowerCase()));
}

const isPublicAccess = (access: string | null | undefined) => access !== undefined && access !== 'private';
/** The share list a save carries (`sharedStr`, or failing it `shared`): undefined when none, null when an address is bad. */
const shareListOf = (r: { sharedStr?: string | null; shared?: string[] | null }) => {
  const sent = r.sharedStr ?? r.shared;
  return sent === undefined || sent === null ? undefined : parseShareList(sent);
};
/** Most replies one comments/save may carry (the spec's form: replies inside the saved comment). */
export const REPLIES_PER_SAVE_MAX = 200;
const postBody = z
  .string({ error: MSG.postEmpty })
  .max(POST_MAX_LENGTH, { error: MSG.postTooLong })
  .refine((v) => v.trim() !== '', { error: MSG.postEmpty });
const postContext = z
  .string({ error: MSG.notValid })
  .trim()
  .max(200, { error: MSG.notValid })
  .nullable()
  .optional()
  // The lesson route's classid may be the word none.
  .transform((v) => (!v || v === 'none' ? null : v));
const postId = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(200, { error: MSG.notValid });
const optionalPostId = z
  .string({ error: MSG.notValid })
  .trim()
  .max(200, { error: MSG.notValid })
  .optional()
  .transform((v) => (v === '' || v === NEW_ID ? undefined : v));

/** The id a device gives a new post or reply it sends later: a resend with the same id is recorded once. */
export const clientId = z
  .string({ error: MSG.notValid })
  .regex(/^[A-Za-z0-9-]{8,64}$/, { error: MSG.notValid })
  .optional();

/**
 * comments/save: no `_id` (or 'new') creates a post in the discussion `parent` (course-lesson form) of the
 * class `context`; an `_id` edits that post. `sharedStr` (or, failing it, `shared`) is the share list of a
 * private post. `replies` (the spec's form) adds, edits or removes (`removed: true`) replies inside the
 * save, under the same author rules as comments/saveReply and comments/removeReply; replies it leaves
 * out are kept. Other fields of the record sent back are ignored.
 */
export const CommentSaveSchema = z
  .object(
    {
      _id: optionalPostId,
      clientid: clientId,
      parent: postId(MSG.missingValues).optional(),
      context: postContext,
      body: postBody,
      subject: z.string({ error: MSG.notValid }).trim().max(300, { error: MSG.notValid }).nullable().optional(),
      access: z.enum(POST_ACCESS, { error: MSG.notValid }).nullable().optional(),
      sharedStr: z.string({ error: MSG.sharedEmails }).max(30_000, { error: MSG.sharedEmails }).nullable().optional(),
      shared: z
        .array(z.string({ error: MSG.sharedEmails }), { error: MSG.sharedEmails })
        .max(SHARE_LIST_MAX, { error: MSG.sharedEmails })
        .nullable()
        .optional(),
      replies: z
        .array(
          z.object(
            {
              _id: optionalPostId,
              body: postBody,
              lang: z.string({ error: MSG.invalidLanguage }).refine(isLangKey, { error: MSG.invalidLanguage }).optional(),
              removed: z.boolean({ error: MSG.notValid }).optional(),
            },
            { error: MSG.notValid },
          ),
          { error: MSG.notValid },
        )
        .max(REPLIES_PER_SAVE_MAX, { error: MSG.notValid })
        .nullable()
        .optional(),
    },
    { error: MSG.missingValues },
  )
  .refine((r) => r._id !== undefined || r.parent !== undefined, { path: ['parent'], error: MSG.missingValues })
  .refine((r) => isPublicAccess(r.access) || shareListOf(r) !== null, { path: ['sharedStr'], error: MSG.sharedEmails })
  // `private` and `shareList` stay undefined when the save does not mention them, so an edit keeps them.
  .transform((r) => ({
    ...r,
    private: r.access === undefined ? undefined : r.access === 'private',
    shareList: shareListOf(r) ?? undefined,
  }));
export type CommentSave = z.infer<typeof CommentSaveSchema>;

/**
 * comments/list: `parent` (and the class `context`) gives that discussion; `author` alone gives that
 * author's posts; neither gives the caller's own posts.
 */
export const CommentListSchema = z.object(
  {
    parent: z
      .string({ error: MSG.notValid })
      .trim()
      .max(200, { error: MSG.notValid })
      .optional()
      .transform((v) => v || undefined),
    author: z
      .string({ error: MSG.notValid })
      .trim()
      .max(254, { error: MSG.notValid })
      .optional()
      .transform((v) => v || undefined),
    context: postContext,
  },
  { error: MSG.notValid },
);
export const CommentParentSchema = z.object({ parent: postId(MSG.missingValues) }, { error: MSG.missingValues });
export const CommentGetSchema = z.object({ context: postContext }, { error: MSG.notValid });
export const CommentRemoveSchema = z.object({ _id: postId(MSG.missingId), author: postId(MSG.missingValues) }, { error: MSG.missingId });

/** comments/saveReply: no `_id` (or 'new') adds a reply to the post `parent`; an `_id` edits that reply. */
export const ReplySaveSchema = z.object(
  {
    _id: optionalPostId,
    clientid: clientId,
    parent: postId(MSG.missingValues),
    body: postBody,
    lang: z.string({ error: MSG.invalidLanguage }).refine(isLangKey, { error: MSG.invalidLanguage }).optional(),
  },
  { error: MSG.missingValues },
);
export const ReplyRemoveSchema = z.object({ _id: postId(MSG.missingId) }, { error: MSG.missingId });

/** Survey questions of type select and choice: the first line is the prompt, the other lines the choices. */
export const isChoiceQuestion = (type: string) => type === 'select' || type === 'choice';
export const surveyPrompt = (question: string) => question.split('\n')[0]!.trim();
export const surveyChoices = (question: string) =>
  question
    .split('\n')
    .slice(1)
    .map((l) => l.trim())
    .filter(Boolean);

const surveyBad = MSG.invalidSurvey;
export const SurveyQuestionSchema = z
  .object(
    {
      type: z.enum(SURVEY_QUESTION_TYPES, { error: surveyBad }),
      question: z
        .string({ error: surveyBad })
        .trim()
        .min(1, { error: surveyBad })
        .max(5000, { error: surveyBad })
        .transform((v) => v.replace(/\r\n?/g, '\n')),
    },
    { error: surveyBad },
  )
  .refine((q) => surveyPrompt(q.question) !== '' && (!isChoiceQuestion(q.type) || surveyChoices(q.question).length >= 2), {
    error: surveyBad,
  });

/** surveys/saveSurvey: `_id` 'new' creates a survey (title needed); another `_id` edits that survey. */
export const SurveySaveSchema = z
  .object(
    {
      _id: z.string({ error: surveyBad }).trim().min(1, { error: surveyBad }).max(200, { error: surveyBad }),
      title: z.string({ error: surveyBad }).trim().min(1, { error: surveyBad }).max(300, { error: surveyBad }).optional(),
      description: z.string({ error: surveyBad }).max(50_000, { error: surveyBad }).nullable().optional(),
      description2: z.string({ error: surveyBad }).max(50_000, { error: surveyBad }).nullable().optional(),
      status: z.string({ error: surveyBad }).trim().max(50, { error: surveyBad }).nullable().optional(),
      lang: z
        .string({ error: MSG.invalidLanguage })
        .refine((v) => v === '' || isLangKey(v), { error: MSG.invalidLanguage })
        .nullable()
        .optional(),
      questions: z.array(SurveyQuestionSchema, { error: surveyBad }).max(SURVEY_MAX_QUESTIONS, { error: surveyBad }).optional(),
    },
    { error: surveyBad },
  )
  .refine((r) => r._id !== NEW_ID || r.title !== undefined, { path: ['title'], error: surveyBad });
export type SurveySave = z.infer<typeof SurveySaveSchema>;

export const SurveyIdSchema = z.object({ _id: postId(MSG.missingId) }, { error: MSG.missingId });
export const SurveyListSchema = z.object(
  {
    lang: z
      .string({ error: MSG.invalidLanguage })
      .refine((v) => v === '' || isLangKey(v), { error: MSG.invalidLanguage })
      .optional(),
    status: z.string({ error: MSG.notValid }).trim().max(50, { error: MSG.notValid }).optional(),
  },
  { error: MSG.notValid },
);

/** surveys/answer: `answers` holds one answer per question, in order (null or '' for one left open). */
export const SurveyAnswerSchema = z.object(
  {
    surveyId: postId(MSG.missingId),
    answers: z.array(z.unknown(), { error: MSG.surveyNoAnswers }).max(SURVEY_MAX_QUESTIONS, { error: MSG.tooManyAnswers }),
    lang: z
      .string({ error: MSG.invalidLanguage })
      .refine((v) => v === '' || isLangKey(v), { error: MSG.invalidLanguage })
      .nullable()
      .optional(),
    context: z.string({ error: MSG.notValid }).trim().max(200, { error: MSG.notValid }).nullable().optional(),
    contextid: z.string({ error: MSG.notValid }).trim().max(200, { error: MSG.notValid }).nullable().optional(),
    /** The bot-check token, verified by the server when the bot check is configured. */
    grtoken: z.string({ error: MSG.botCheckFailed }).max(10_000, { error: MSG.botCheckFailed }).nullable().optional(),
  },
  { error: MSG.missingId },
);

export type SurveyAnswer = string | number | null;
/**
 * One answer checked against its question: numbers at or above zero for numeric ('Please enter a positive
 * number.'), one of the choices for select and choice, text up to the size limit. Left open is null.
 */
export function checkSurveyAnswer(type: string, question: string, value: unknown): { value: SurveyAnswer } | { error: string } {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return { value: null };
  if (type === 'numeric') {
    const n =
      typeof value === 'number' ? value : typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(value) ? Number(value) : NaN;
    return Number.isFinite(n) && n >= 0 && n <= 1e12 ? { value: n } : { error: MSG.positiveNumber };
  }
  if (typeof value !== 'string' && typeof value !== 'number') return { error: MSG.notValid };
  const text = String(value).trim();
  if (text.length > SURVEY_ANSWER_MAX_LENGTH) return { error: MSG.answerTooLong };
  if (isChoiceQuestion(type)) return surveyChoices(question).includes(text) ? { value: text } : { error: MSG.answerNotAChoice };
  return { value: text };
}

/** surveys/listResponses: newest first, of one survey or of all, a page at a time (100 unless told). */
export const ResponseListSchema = z.object(
  {
    surveyId: z
      .string({ error: MSG.notValid })
      .trim()
      .max(200, { error: MSG.notValid })
      .optional()
      .transform((v) => v || undefined),
    skip: listSkip,
    limit: listLimit(1000),
  },
  { error: MSG.notValid },
);
/** surveys/listResponsesBySurvey and the CSV download: one survey's responses. */
export const SurveyResponsesSchema = z.object({ surveyId: postId(MSG.missingId) }, { error: MSG.missingId });

// A learner's own data: export and account deletion both ask for the current password.
export const PrivacyPasswordSchema = z.object(
  {
    password: z.string({ error: MSG.privacyPassword }).min(1, { error: MSG.privacyPassword }).max(1000, { error: MSG.privacyPassword }),
  },
  { error: MSG.privacyPassword },
);
export const ExportTokenSchema = z.object(
  {
    token: z.string({ error: MSG.exportLinkInvalid }).regex(/^[A-Za-z0-9_-]{20,100}$/, { error: MSG.exportLinkInvalid }),
  },
  { error: MSG.exportLinkInvalid },
);

// ---------------------------------------------------------------------------------------------------
// Sessions and two-factor sign-in: a session is named by its id (a hash); codes are 6 digits or a
// recovery code (letters and digits, dashes and spaces ignored).
/**
 * Ending sessions asks for the password again (ASVS 7.5.2), so whoever holds a stolen session cannot
 * throw the owner out of every other browser.
 */
const reauthPassword = z
  .string({ error: MSG.currentPasswordRequired })
  .min(1, { error: MSG.currentPasswordRequired })
  .max(200, { error: MSG.currentPasswordWrong });
export const SessionIdSchema = z.object(
  {
    _id: z
      .string({ error: MSG.sessionNotFound })
      .trim()
      .regex(/^[0-9a-f]{64}$/, { error: MSG.sessionNotFound }),
    password: reauthPassword,
  },
  { error: MSG.sessionNotFound },
);
export const SessionEndOthersSchema = z.object({ password: reauthPassword }, { error: MSG.currentPasswordRequired });
export const SessionUserSchema = z.object(
  { user: z.string({ error: MSG.missingId }).min(1, { error: MSG.missingId }).max(100) },
  { error: MSG.missingId },
);
export const TwoFactorCodeSchema = z.object(
  {
    code: z
      .string({ error: MSG.twoFactorCodeRequired })
      .transform((c) => c.replace(/[\s-]/g, '').toUpperCase())
      .pipe(z.string().regex(/^(\d{6}|[A-Z0-9]{24})$/, { error: MSG.twoFactorCodeRequired })),
  },
  { error: MSG.twoFactorCodeRequired },
);
/** Setting up from the account area asks for the password again; during sign-in it was just given. */
export const TwoFactorBeginSchema = z.object(
  {
    password: z.string({ error: MSG.twoFactorPasswordWrong }).min(1, { error: MSG.twoFactorPasswordWrong }).max(200).optional(),
  },
  { error: MSG.twoFactorPasswordWrong },
);
export const TwoFactorDisableSchema = z.object(
  {
    password: z.string({ error: MSG.twoFactorPasswordWrong }).min(1, { error: MSG.twoFactorPasswordWrong }).max(200),
    code: TwoFactorCodeSchema.shape.code,
  },
  { error: MSG.twoFactorCodeRequired },
);
const hours = z
  .number({ error: MSG.sessionHours })
  .int({ error: MSG.sessionHours })
  .min(1, { error: MSG.sessionHours })
  .max(8760, { error: MSG.sessionHours });
const days = z
  .number({ error: MSG.sessionDays })
  .int({ error: MSG.sessionDays })
  .min(1, { error: MSG.sessionDays })
  .max(365, { error: MSG.sessionDays });
export const SecuritySettingsSchema = z.strictObject(
  {
    sessionIdleHours: hours.optional(),
    sessionMaxDays: days.optional(),
    adminSessionIdleHours: hours.optional(),
    adminSessionMaxDays: days.optional(),
    requireAdminTwoFactor: z.boolean({ error: MSG.yesOrNo }).optional(),
    requireTwoFactorForAll: z.boolean({ error: MSG.yesOrNo }).optional(),
  },
  { error: unknownKeys(MSG.notValid) },
);

// ---------------------------------------------------------------------------------------------------
/**
 * The rich-text editor's image dialog: an address the allow-list keeps for an image, a description
 * unless the image is marked decorative (then alt="" on purpose), and a width the allow-list keeps.
 * The server only drops what it does not allow, so the two texts the dialog shows are passed in as the
 * editor's own labels.
 */
export const imageDialogSchema = (messages: { altRequired: string; width: string }) =>
  z
    .object({
      src: z
        .string({ error: MSG.unsafeUrl })
        .trim()
        .refine((v) => v !== '' && isAllowedUrl(v, 'img') && !/^(javascript|data):/i.test(v), { error: MSG.unsafeUrl }),
      alt: z.string(),
      decorative: z.boolean(),
      width: z
        .string({ error: messages.width })
        .trim()
        .refine((v) => v === '' || (RICH_TEXT_STYLES.img?.width ?? []).some((re) => re.test(v)), { error: messages.width }),
    })
    .refine((r) => r.decorative || r.alt.trim() !== '', { path: ['alt'], error: messages.altRequired });
