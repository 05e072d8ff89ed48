/** Picks what of a file's record leaves the server: its metadata and where it is served, never the bytes. */
import type { FileMeta } from './files.repository.ts';

export interface FileRecord { filename: string; title?: string; context: string; mtime: string; ctime: string; mime: string; size: number; url: string }

export const fileUrl = (filename: string) => `/files/${encodeURIComponent(filename)}`;

export const presentFile = (f: FileMeta): FileRecord => ({
  filename: f.filename, title: f.title ?? undefined, context: f.context, mtime: f.mtime, ctime: f.ctime, mime: f.mime,
  size: f.size, url: fileUrl(f.filename),
});
