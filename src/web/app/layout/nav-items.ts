import type { NavItem } from '../../../domain/types.ts';

/** Items of one navigation group for the current language (items without a language show always). */
export function navItemsIn(items: NavItem[], group: string, lang: string): NavItem[] {
  return items.filter((n) => n.groups?.includes(group) && (!n.lang || n.lang === lang)).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

/** Sign-up and login links: the router sends signed-in users away from them, so they are not offered. */
const SIGNED_OUT_ONLY = /^\/(login|Login|user\/login|register|signup|user\/register)\/?(\?.*)?$/;
export const forVisitorsOnly = (url: string) => SIGNED_OUT_ONLY.test(url);
