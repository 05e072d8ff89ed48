/**
 * Validation rules of spec section 5, with their messages, as Zod schemas shared by the server
 * (request bodies) and the web app (forms shown on change and on submit).
 */
import { z } from 'zod';
import { MSG } from './messages.ts';
import { PASSWORD_MIN_LENGTH, COOKIE_OPTIN_VALUES, ROLES, HEARD_OPTIONS, VOCATION_OPTIONS } from './constants.ts';

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
