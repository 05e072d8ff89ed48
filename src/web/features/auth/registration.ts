/** Registration form rules (spec 5), from the shared schema, field by field for on-change messages. */
import { RegistrationFields, RegistrationSchema, fieldErrors } from '../../../domain/validation.ts';
import { MSG } from '../../../domain/messages.ts';

export interface RegistrationValues {
  firstname: string;
  lastname: string;
  email: string;
  confirmemail: string;
  phone: string;
  city: string;
  state: string;
  country: string;
  password: string;
  confirmpassword: string;
  terms: boolean;
}
export type RegistrationField = keyof RegistrationValues;

export const EMPTY_REGISTRATION: RegistrationValues = {
  firstname: '',
  lastname: '',
  email: '',
  confirmemail: '',
  phone: '',
  city: '',
  state: '',
  country: '',
  password: '',
  confirmpassword: '',
  terms: false,
};

export const REGISTRATION_ORDER: RegistrationField[] = [
  'firstname',
  'lastname',
  'email',
  'confirmemail',
  'phone',
  'city',
  'state',
  'country',
  'password',
  'confirmpassword',
  'terms',
];

const norm = (v: string) => v.trim().toLowerCase();

export function validateField(name: RegistrationField, v: RegistrationValues): string | undefined {
  if (name === 'confirmemail') return norm(v.confirmemail) === norm(v.email) ? undefined : MSG.emailsMustMatch;
  if (name === 'confirmpassword') return v.confirmpassword === v.password ? undefined : MSG.passwordsMustMatch;
  if (name === 'terms') return v.terms ? undefined : MSG.agreeTerms;
  const rule = RegistrationFields[name];
  const r = rule.safeParse(v[name]);
  return r.success ? undefined : r.error.issues[0]?.message;
}

/** Every field's first message; cross-field rules of the schema included. */
export function validateAll(v: RegistrationValues): Partial<Record<RegistrationField, string>> {
  const out: Partial<Record<RegistrationField, string>> = {};
  for (const name of REGISTRATION_ORDER) {
    const m = validateField(name, v);
    if (m) out[name] = m;
  }
  const r = RegistrationSchema.safeParse({ ...v });
  if (!r.success) {
    for (const [k, m] of Object.entries(fieldErrors(r.error))) {
      if (k in v && !out[k as RegistrationField]) out[k as RegistrationField] = m;
    }
  }
  return out;
}
