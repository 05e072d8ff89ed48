/**
 * Staff at scale: the shapes of the import, bulk-action, message and notice calls, shared by the
 * server (request bodies) and the web app (forms).
 */
import { z } from 'zod';
import './zod-config.ts';
import { MSG } from './messages.ts';
import { PUBLIC_LANGUAGES, ROLES } from './constants.ts';
import { RegistrationFields } from './validation.ts';

/** The largest file an import takes (10,000 rows of a spreadsheet are well under this). */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/** How many users one bulk action (or "all matching the filter") may touch. */
export const BULK_MAX = 50_000;

/** The columns an import file may have (first row), in the order of the template. */
export const IMPORT_COLUMNS = [
  'email',
  'firstname',
  'lastname',
  'lang',
  'roles',
  'classid',
  'regcode',
  'phone',
  'city',
  'country',
] as const;

/** The file, sent as base64 with its name (its extension says CSV or XLSX). */
export const ImportFileSchema = z.object({
  filename: z
    .string({ error: MSG.importFileType })
    .trim()
    .min(1, { error: MSG.importFileType })
    .max(200)
    .refine((n) => /\.(csv|xlsx)$/i.test(n), { error: MSG.importFileType }),
  data: z
    .string({ error: MSG.importEmpty })
    .min(1, { error: MSG.importEmpty })
    .max(Math.ceil((IMPORT_MAX_BYTES * 4) / 3) + 4, { error: MSG.importTooLarge }),
});

/** One row of an import, after its cells were read as text. */
export const ImportRowSchema = z.object({
  email: RegistrationFields.email,
  firstname: RegistrationFields.firstname,
  lastname: RegistrationFields.lastname,
  lang: z.string().trim().toLowerCase().max(5).optional(),
  roles: z.string().trim().max(100).optional(),
  classid: z.string().trim().max(100).optional(),
  regcode: z.string().trim().max(20).optional(),
  phone: RegistrationFields.phone,
  city: z.string().trim().max(100).optional(),
  country: z.string().trim().max(100).optional(),
});

export type ImportOutcome = 'created' | 'enrolled' | 'unchanged' | 'error';
export interface ImportRowResult {
  /** The row's number in the file (the header is row 1). */
  row: number;
  email: string;
  outcome: ImportOutcome;
  /** Translatable problems (MSG texts); empty for a good row. */
  problems: string[];
  classid?: string;
}
export interface ImportPreview {
  rows: ImportRowResult[];
  total: number;
  errors: number;
  created: number;
  enrolled: number;
  unchanged: number;
}

export const BULK_ACTIONS = ['enroll', 'unenroll', 'setRoles', 'suspend', 'reactivate', 'message'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** A message in the sender's words, with optional translations by language. */
const MessageFields = {
  subject: z.string({ error: MSG.messageSubject }).trim().min(1, { error: MSG.messageSubject }).max(200, { error: MSG.messageSubject }),
  text: z.string({ error: MSG.messageText }).trim().min(1, { error: MSG.messageText }).max(20_000, { error: MSG.messageText }),
  translations: z
    .partialRecord(
      z.enum(PUBLIC_LANGUAGES),
      z.object({
        subject: z.string().trim().max(200),
        text: z.string().trim().max(20_000),
      }),
    )
    .optional(),
};
export const MessageSchema = z.object(MessageFields);
export type Message = z.infer<typeof MessageSchema>;

/** Which users a bulk action is for: the ones ticked, or every one matching a filter. */
export const BulkSelectionSchema = z
  .object({
    ids: z.array(z.string().min(1).max(100)).max(BULK_MAX, { error: MSG.bulkTooMany }).optional(),
    filter: z
      .object({
        q: z.string().trim().max(200).optional(),
        role: z.enum(ROLES).optional(),
        classid: z.string().trim().max(100).optional(),
        suspended: z.boolean().optional(),
      })
      .optional(),
  })
  .refine((s) => (s.ids?.length ?? 0) > 0 || !!s.filter, { error: MSG.bulkNoneSelected });

export const BulkActionSchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: MSG.bulkAction }),
    selection: BulkSelectionSchema,
    classid: z.string().trim().min(1).max(100).optional(),
    roles: z.array(z.enum(ROLES)).max(2).optional(),
    message: MessageSchema.optional(),
  })
  .refine((b) => !(['enroll', 'unenroll'] as string[]).includes(b.action) || !!b.classid, {
    path: ['classid'],
    error: MSG.bulkClassRequired,
  })
  .refine((b) => b.action !== 'setRoles' || !!b.roles, { path: ['roles'], error: MSG.bulkRolesRequired })
  .refine((b) => b.action !== 'message' || !!b.message, { path: ['message'], error: MSG.messageText });
export type BulkActionInput = z.infer<typeof BulkActionSchema>;
export interface BulkResult {
  action: BulkAction;
  count: number;
  changed: number;
  unchanged: number;
}

/** A message to every learner of a class. */
export const ClassMessageSchema = z.object({
  classid: z.string({ error: MSG.missingId }).trim().min(1, { error: MSG.missingId }).max(100),
  ...MessageFields,
});

/** Notices a learner can turn off in their profile. */
export const NOTICE_KINDS = ['enrollment', 'certificate', 'reply'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const NoticesSchema = z.object({ off: z.array(z.enum(NOTICE_KINDS)).max(NOTICE_KINDS.length) });
