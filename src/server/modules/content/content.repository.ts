/** Content table access. Functions take the database (or a transaction) first. */
import type { Db } from '../../db/database.ts';
import type { ContentTable } from '../../db/schema.ts';
import { json, now } from '../../db/dialect.ts';
import { newId } from '../users/users.repository.ts';
import { sanitizeRichText } from '../../adapters/sanitize.ts';
import type { ContentSave } from '../../../domain/validation.ts';

export type ContentRow = ContentTable;

export function findContent(db: Db, id: string) {
  return db.selectFrom('content').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listContent(db: Db, f: { context?: string; type?: string; subtype?: string; lang?: string }) {
  let q = db.selectFrom('content').selectAll();
  if (f.context !== undefined) q = q.where('context', '=', f.context);
  if (f.type !== undefined) q = q.where('type', '=', f.type);
  if (f.subtype !== undefined) q = q.where('subtype', '=', f.subtype);
  if (f.lang !== undefined) q = q.where('lang', '=', f.lang);
  return q.orderBy('context').orderBy('order').orderBy('id').execute();
}

/** The blocks of a page in a language, plus those meant for every language. */
export function pageBlocks(db: Db, context: string, lang: string) {
  return db
    .selectFrom('content')
    .selectAll()
    .where('context', '=', context)
    .where((eb) => eb.or([eb('lang', '=', lang), eb('lang', 'is', null)]))
    .orderBy('order')
    .orderBy('id')
    .execute();
}

const blank = <T>(v: T | null | undefined) => (v === '' || v === undefined ? null : v);

/** The columns a save sets: only the fields it carries, every HTML body through the allow-list. */
function columnsOf(body: ContentSave): Partial<ContentRow> {
  const out: Partial<ContentRow> = {};
  const set = <K extends keyof ContentRow>(key: K, value: ContentRow[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  const has = (k: keyof ContentSave) => body[k] !== undefined;
  set('type', body.type);
  if (has('subtype')) set('subtype', blank(body.subtype));
  set('context', body.context);
  if (has('lang')) set('lang', blank(body.lang));
  set('order', body.order);
  for (const k of ['title', 'video', 'videoplacement', 'condition', 'after', 'scripthead', 'scriptfoot', 'style', 'meta'] as const) {
    if (has(k)) set(k, blank(body[k]));
  }
  for (const k of ['body', 'body2', 'description'] as const) {
    if (has(k)) set(k, blank(sanitizeRichText(body[k])));
  }
  if (has('cards')) {
    set('cards', body.cards ? json(body.cards.map((c) => ({ ...c, description: sanitizeRichText(c.description) ?? undefined }))) : null);
  }
  return out;
}

export function insertContent(db: Db, body: ContentSave): Promise<ContentRow> {
  return insertContentRow(db, columnsOf(body));
}

/** Inserts a content record: the given columns over an empty block's (a new id, now as its time). */
export async function insertContentRow(db: Db, columns: Partial<ContentRow>): Promise<ContentRow> {
  const row: ContentRow = {
    id: newId(),
    type: 'block',
    subtype: null,
    context: '',
    lang: null,
    order: 0,
    title: null,
    body: null,
    body2: null,
    description: null,
    video: null,
    videoplacement: null,
    condition: null,
    after: null,
    cards: null,
    scripthead: null,
    scriptfoot: null,
    style: null,
    meta: null,
    timestamp: now(),
    ...columns,
  };
  await db.insertInto('content').values(row).execute();
  return row;
}

export async function updateContent(db: Db, id: string, body: ContentSave): Promise<void> {
  await db
    .updateTable('content')
    .set({ ...columnsOf(body), timestamp: now() })
    .where('id', '=', id)
    .execute();
}

export async function removeContent(db: Db, id: string): Promise<void> {
  await db.deleteFrom('content').where('id', '=', id).execute();
}
