/** Picks what of a file's record leaves the server: its metadata and where it is served, never the bytes. */
import type { FileMeta } from './files.repository.ts';
import type { FileRecord } from '../../../domain/replies-admin.ts';

export type { FileRecord };

export const fileUrl = (filename: string) => `/files/${encodeURIComponent(filename)}`;

export const presentFile = (f: FileMeta): FileRecord => ({
  filename: f.filename,
  title: f.title ?? undefined,
  context: f.context,
  mtime: f.mtime,
  ctime: f.ctime,
  mime: f.mime,
  size: f.size,
  url: fileUrl(f.filename),
});
