/** Content requests with their query options (one place per request). */
import type { FileRecord } from '../../../domain/replies-admin.ts';
import { queryOptions } from '@tanstack/react-query';
import type { Content } from '../../../domain/types.ts';
import { api, ApiError, APP_HEADERS } from '../api.ts';
import { queryClient } from '../query.ts';

export interface PageData { page: Content | null; blocks: Content[] }

export const isPageRecord = (c: Content) => c.type === 'page' || c.type === 'Page';

/** Blocks sorted by order then id, in the user's language (blocks without one show in any). */
export function toPageData(map: Record<string, Content>, lang: string): PageData {
  const records = Object.values(map ?? {});
  const pages = records.filter(isPageRecord);
  const page = pages.find((p) => p.lang === lang) ?? pages.find((p) => !p.lang) ?? pages[0] ?? null;
  const all = records.filter((c) => c.type === 'block');
  const inLang = all.filter((b) => !b.lang || b.lang === lang);
  const blocks = (inLang.length ? inLang : all).sort(byOrder);
  return { page, blocks };
}

export const byOrder = (a: Content, b: Content) => (a.order ?? 0) - (b.order ?? 0) || a._id.localeCompare(b._id);

export const pageQuery = (context: string, subid: string | undefined, lang: string) => queryOptions({
  queryKey: ['page', context, subid ?? '', lang],
  queryFn: async ({ signal }) => {
    const path = `/app_content/getpage/${encodeURIComponent(context)}${subid ? `/${encodeURIComponent(subid)}` : ''}?lang=${encodeURIComponent(lang)}`;
    return toPageData(await api.get<Record<string, Content>>(path, signal), lang);
  },
  staleTime: 60_000,
});

/** One record as stored (editors need the body a signed-in reader does not get from getpage). */
export const contentQuery = (id: string) => queryOptions({
  queryKey: ['content', id],
  queryFn: ({ signal }) => api.post<Content>('/app_content/get', { _id: id }, signal),
  staleTime: 0,
});

export type ContentPatch = Partial<Omit<Content, '_id'>> & { _id: string };

export async function saveContent(patch: ContentPatch): Promise<Content> {
  const saved = await api.post<Content>('/app_content/save', patch);
  await contentChanged();
  return saved;
}

export async function removeContent(id: string): Promise<void> {
  await api.post('/app_content/remove', { _id: id });
  await contentChanged();
}

/** Pages and lists show a save at once (the server dropped its cache too). */
export function contentChanged(): Promise<void> {
  queryClient.removeQueries({ queryKey: ['content'] });
  return queryClient.invalidateQueries({ predicate: (q) => ['page', 'contentList'].includes(String(q.queryKey[0])) });
}

export interface Embed { provider: 'youtube' | 'vimeo'; embedUrl: string; thumbnail?: string; title?: string }

/** The server's video look-up (cached there; derived from the link when the video site is unreachable). */
export const embedQuery = (url: string) => queryOptions({
  queryKey: ['embed', url],
  queryFn: ({ signal }) => api.post<Embed>('/app_content/embed', { url }, signal),
  staleTime: Infinity,
  gcTime: 30 * 60_000,
  retry: false,
});


/** POST /app_files/upload: multipart with `thefile` and `context` (and an optional title). */
export async function uploadFile(file: File, context: string, title?: string): Promise<FileRecord> {
  const form = new FormData();
  form.append('context', context);
  if (title) form.append('title', title);
  form.append('thefile', file);
  const res = await fetch('/app_files/upload', { method: 'POST', body: form, credentials: 'same-origin', headers: APP_HEADERS });
  const data = await res.json().catch(() => null) as (FileRecord & { error?: { message: string } }) | null;
  if (!res.ok) throw new ApiError(res.status, data?.error?.message ?? res.statusText);
  await queryClient.invalidateQueries({ queryKey: ['files'] });
  return data!;
}

export const filesQuery = (context: string | undefined) => queryOptions({
  queryKey: ['files', context ?? ''],
  queryFn: ({ signal }) => api.post<FileRecord[]>('/app_files/list', context ? { context } : {}, signal),
  staleTime: 10_000,
});

export async function removeFile(filename: string): Promise<void> {
  await api.post('/app_files/remove', { filename });
  await queryClient.invalidateQueries({ queryKey: ['files'] });
}
