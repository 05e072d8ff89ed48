/** Files table access: the bytes live in the database (`thefile`), so every app process can serve them. */
import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { FilesTable } from '../../db/schema.ts';
import { now } from '../../db/dialect.ts';
import { numbered } from './files.safety.ts';

export type FileMeta = Omit<FilesTable, 'thefile'>;
const META = ['filename', 'title', 'context', 'mtime', 'ctime', 'mime', 'size', 'etag'] as const;

export function findFileMeta(db: Db, filename: string): Promise<FileMeta | undefined> {
  return db.selectFrom('files').select(META).where('filename', '=', filename).executeTakeFirst();
}

export async function findFileBytes(db: Db, filename: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('files').select('thefile').where('filename', '=', filename).executeTakeFirst();
  return row ? Buffer.from(row.thefile) : undefined;
}

export function listFiles(db: Db, context?: string): Promise<FileMeta[]> {
  let q = db.selectFrom('files').select(META);
  if (context) q = q.where('context', '=', context);
  return q.orderBy('context').orderBy('filename').execute();
}

/**
 * Stores a new file under `filename`, or under the first free numbered variant of it (photo-2.png...).
 * The insert itself decides, so two uploads of the same name at once both succeed.
 */
export async function insertFile(
  db: Db,
  f: { filename: string; title: string | null; context: string; mime: string; bytes: Buffer },
): Promise<FileMeta> {
  const ts = now();
  const etag = crypto.createHash('sha256').update(f.bytes).digest('base64url').slice(0, 32);
  for (let n = 1; n < 1000; n++) {
    const row: FilesTable = {
      filename: numbered(f.filename, n),
      title: f.title,
      context: f.context,
      mtime: ts,
      ctime: ts,
      mime: f.mime,
      size: f.bytes.length,
      etag,
      thefile: f.bytes,
    };
    const r = await db
      .insertInto('files')
      .values(row)
      .onConflict((oc) => oc.column('filename').doNothing())
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) === 1) {
      const { thefile: _bytes, ...meta } = row;
      return meta;
    }
  }
  throw new Error(`no free file name for ${f.filename}`);
}

export async function updateFile(db: Db, filename: string, fields: { title?: string | null; context: string }): Promise<void> {
  await db
    .updateTable('files')
    .set({ ...fields, mtime: now() })
    .where('filename', '=', filename)
    .execute();
}

export async function removeFile(db: Db, filename: string): Promise<void> {
  await db.deleteFrom('files').where('filename', '=', filename).execute();
}
