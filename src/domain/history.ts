/**
 * Content history and course language copies: the calls' bodies and answers, shared by server and web.
 */
import { z } from 'zod';
import './zod-config.ts';
import { MSG } from './messages.ts';
import { isLangKey } from './validation.ts';

/** The records whose every save is kept. */
export const HISTORY_KINDS = ['content', 'course', 'lesson', 'material'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

const id = z.string({ error: MSG.missingId }).trim().min(1, { error: MSG.missingId }).max(200, { error: MSG.notValid });
const kind = z.enum(HISTORY_KINDS, { error: MSG.historyKindInvalid });
const version = z.coerce
  .number({ error: MSG.versionNotFound })
  .int({ error: MSG.versionNotFound })
  .min(1, { error: MSG.versionNotFound })
  .max(1_000_000, { error: MSG.versionNotFound });

export const HistoryListSchema = z.object({ kind, _id: id }, { error: MSG.missingId });
export const HistoryVersionSchema = z.object({ kind, _id: id, version }, { error: MSG.missingId });

export interface RecordVersion {
  version: number;
  created: string;
  /** Who saved it; null for the state found before history began (or an erased account). */
  author: string | null;
  authoremail: string | null;
  /** 'restored:{n}' for a restore, 'before' for the state found before history began. */
  note: string | null;
}
export interface RecordVersionData extends RecordVersion {
  /** The record's fields as stored, with `_id`. */
  data: Record<string, unknown>;
}

export const CourseCopySchema = z.object(
  {
    _id: id,
    lang: z.string({ error: MSG.copyLanguageRequired }).refine(isLangKey, { error: MSG.copyLanguageRequired }),
  },
  { error: MSG.missingId },
);
