import type { NavItem } from '../../../domain/types.ts';

/** Items of one navigation group for the current language (items without a language show always). */
export function navItemsIn(items: NavItem[], group: string, lang: string): NavItem[] {
  return items
    .filter((n) => n.groups?.includes(group) && (!n.lang || n.lang === lang))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}
