/**
 * Forms: @mantine/form fed by the shared Zod schemas (src/domain/validation.ts) through its Standard Schema
 * resolver, so the browser checks exactly what the server will. Error texts are MSG keys, translated where shown.
 */
import { schemaResolver, type FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { ApiError } from './api.ts';

/** The schema's errors for these values, keyed by field path ('' when the value passes). */
export const zodErrors = (schema: Parameters<typeof schemaResolver>[0], values: unknown): FormErrors =>
  schemaResolver(schema, { sync: true })(values);

/** The translated error of one field for an input's `error` prop. */
export const fieldError = (t: TFunction, errors: FormErrors, field: string) => {
  const e = errors[field];
  return typeof e === 'string' && e ? t(e) : undefined;
};

/**
 * The message to show above a form its own check refused: the first field's, as the server's refusal of the
 * same values would have said there.
 */
export const firstError = (errors: FormErrors) => String(Object.values(errors)[0]);

/** The server's field messages of a refused call, beside the fields, keeping the form's own. */
export function keepServerErrors(form: { errors: FormErrors; setErrors(errors: FormErrors): void }, err: unknown): void {
  if (err instanceof ApiError) form.setErrors({ ...form.errors, ...err.fields });
}

/** The message to show above a form after a refused call: the server's own for a 4xx, the generic one otherwise. */
export const submitError = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : fallback;
