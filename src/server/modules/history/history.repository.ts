/**
 * Content history: each save of a content block, course, lesson or material keeps the record as it
 * was saved, numbered per record. The first save history sees also keeps the state before it, so the
 * content that existed before history began can be restored too. Each save is written to the audit log
 * with the fields that changed.
 */
import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { fromJson, json, now } from '../../db/dialect.ts';
import type { HistoryKind, RecordVersion, RecordVersionData } from '../../../domain/history.ts';
import { diff, recordAudit } from '../admin/audit.repository.ts';

export const HISTORY_TABLES = { content: 'content', course: 'courses', lesson: 'lessons', material: 'materials' } as const;
type Row = Record<string, unknown> & { id: string };
/** Any record of the four tables (their row types have no index signature). */
type AnyRow = { id: string };
interface Who {
  id: string;
  email: string;
}

export async function loadRecord(db: Db, kind: HistoryKind, id: string): Promise<Row | undefined> {
  return (await db.selectFrom(HISTORY_TABLES[kind]).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
}

async function lastVersion(db: Db, kind: HistoryKind, id: string): Promise<number> {
  const r = await db
    .selectFrom('record_versions')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('kind', '=', kind)
    .where('recordid', '=', id)
    .executeTakeFirst();
  return Number(r?.v ?? 0);
}

async function insertVersion(db: Db, kind: HistoryKind, row: Row, version: number, who: Who | null, note: string | null) {
  await db
    .insertInto('record_versions')
    .values({
      id: crypto.randomUUID(),
      kind,
      recordid: row.id,
      version,
      data: json(row),
      author: who?.id ?? null,
      authoremail: who?.email ?? null,
      created: now(),
      note,
    })
    .execute();
}

/**
 * Keeps the record as it is now (after a save). `before` is the record as it was before this save, or
 * undefined for a new record. Writes the audit entry `{kind}.save` (or `{kind}.restore` with a note).
 */
export async function keepVersion(
  db: Db,
  kind: HistoryKind,
  id: string,
  who: Who,
  beforeRow: AnyRow | undefined,
  note: string | null = null,
): Promise<void> {
  const before = beforeRow as Row | undefined;
  const row = await loadRecord(db, kind, id);
  if (!row) return;
  let last = await lastVersion(db, kind, id);
  if (last === 0 && before) {
    await insertVersion(db, kind, before, 1, null, 'before');
    last = 1;
  }
  await insertVersion(db, kind, row, last + 1, who, note);
  const changes = before ? diff(before, row) : { created: true };
  delete (changes as Record<string, unknown>).timestamp;
  await recordAudit(db, {
    actor: who,
    action: note?.startsWith('restored') ? `${kind}.restore` : `${kind}.save`,
    targetType: kind,
    target: id,
    changes: { title: row.title ?? row.context ?? null, version: last + 1, ...changes },
  });
}

/** The audit entry of a removed record (its history stays, so it can be restored). */
export async function auditRemoval(db: Db, kind: HistoryKind, who: Who, record: AnyRow): Promise<void> {
  const row = record as Row;
  const last = await lastVersion(db, kind, row.id);
  if (last === 0) await insertVersion(db, kind, row, 1, null, 'before');
  await recordAudit(db, {
    actor: who,
    action: `${kind}.remove`,
    targetType: kind,
    target: row.id,
    changes: { title: row.title ?? row.context ?? null },
  });
}

const present = (r: {
  version: number;
  created: string;
  author: string | null;
  authoremail: string | null;
  note: string | null;
}): RecordVersion => ({ version: Number(r.version), created: r.created, author: r.author, authoremail: r.authoremail, note: r.note });

/** Newest first. */
export async function listVersions(db: Db, kind: HistoryKind, id: string): Promise<RecordVersion[]> {
  const rows = await db
    .selectFrom('record_versions')
    .select(['version', 'created', 'author', 'authoremail', 'note'])
    .where('kind', '=', kind)
    .where('recordid', '=', id)
    .orderBy('version', 'desc')
    .limit(500)
    .execute();
  return rows.map(present);
}

export async function getVersion(db: Db, kind: HistoryKind, id: string, version: number): Promise<RecordVersionData | undefined> {
  const r = await db
    .selectFrom('record_versions')
    .selectAll()
    .where('kind', '=', kind)
    .where('recordid', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!r) return undefined;
  const { id: _rowId, ...fields } = fromJson<Row>(r.data, { id });
  return { ...present(r), data: { _id: id, ...fields } };
}

/**
 * Puts a kept version back: the record gets the version's fields (or comes back, if it was removed),
 * and the result is one more version. Runs in one transaction.
 */
export async function restoreVersion(db: Db, kind: HistoryKind, id: string, version: number, who: Who): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const v = await trx
      .selectFrom('record_versions')
      .select('data')
      .where('kind', '=', kind)
      .where('recordid', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!v) return false;
    const data = fromJson<Row>(v.data, { id });
    const before = await loadRecord(trx, kind, id);
    const table = HISTORY_TABLES[kind];
    const { id: _ignored, ...fields } = data;
    if (kind === 'content') fields.timestamp = now();
    if (before)
      await trx
        .updateTable(table)
        .set(fields as never)
        .where('id', '=', id)
        .execute();
    else
      await trx
        .insertInto(table)
        .values({ ...fields, id } as never)
        .execute();
    await keepVersion(trx, kind, id, who, before, `restored:${version}`);
    return true;
  });
}
