import { queryOptions } from '@tanstack/react-query';
import type { Content } from '../../../domain/types.ts';
import { api } from '../../lib/api.ts';

export interface PageData { page: Content | null; blocks: Content[] }

const isPage = (c: Content) => c.type === 'page' || c.type === 'Page';

/** Blocks sorted by order then id, in the user's language (blocks without one show in any). */
export function toPageData(map: Record<string, Content>, lang: string): PageData {
  const records = Object.values(map ?? {});
  const pages = records.filter(isPage);
  const page = pages.find((p) => p.lang === lang) ?? pages.find((p) => !p.lang) ?? pages[0] ?? null;
  const all = records.filter((c) => c.type === 'block');
  const inLang = all.filter((b) => !b.lang || b.lang === lang);
  const blocks = (inLang.length ? inLang : all).sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || a._id.localeCompare(b._id));
  return { page, blocks };
}

export const pageQuery = (context: string, subid: string | undefined, lang: string) => queryOptions({
  queryKey: ['page', context, subid ?? '', lang],
  queryFn: async ({ signal }) => {
    const path = `/app_content/getpage/${encodeURIComponent(context)}${subid ? `/${encodeURIComponent(subid)}` : ''}?lang=${encodeURIComponent(lang)}`;
    return toPageData(await api.get<Record<string, Content>>(path, signal), lang);
  },
  staleTime: 60_000,
});
