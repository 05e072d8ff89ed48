/**
 * Session state: whoami on load and every 20 s (spec 4). It carries the user, site config,
 * navigation items, the language and its labels; `asof` lets the server skip unchanged labels.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { SESSION_RECHECK_MS } from '../../domain/constants.ts';
import type { NavItem, SiteConfig, User, WhoAmI, CookieOptin } from '../../domain/types.ts';
import { api } from './api.ts';
import { applyLanguage } from './i18n.ts';
import { queryClient } from './query.ts';
import { beforeSignOut, clearDevice } from './offline/device.ts';

/** `asof` of the labels we hold, per language; sent back so the server can answer `loc: null`. */
const labelsAsof = new Map<string, string>();
/** Set while a language switch is in flight so a poll answer cannot switch back. */
let pendingLang: string | null = null;

export const WHOAMI_KEY = ['whoami'] as const;

async function fetchWhoami(signal?: AbortSignal): Promise<WhoAmI> {
  const current = queryClient.getQueryData<WhoAmI>(WHOAMI_KEY);
  const asof = current ? labelsAsof.get(current.lang) : undefined;
  const r = await api.get<WhoAmI>(`/app_users/whoami${asof ? `?asof=${encodeURIComponent(asof)}` : ''}`, signal);
  if (r.loc) labelsAsof.set(r.lang, r.asof);
  else if (!labelsAsof.has(r.lang) && r.lang !== current?.lang) {
    // Language changed elsewhere (another tab) and we lack its labels: ask again without asof.
    const full = await api.get<WhoAmI>('/app_users/whoami', signal);
    if (full.loc) labelsAsof.set(full.lang, full.asof);
    if (!pendingLang) applyLanguage(full.lang, full.loc);
    return full;
  }
  if (!pendingLang) applyLanguage(r.lang, r.loc);
  return r;
}

export const whoamiQuery = queryOptions({
  queryKey: WHOAMI_KEY,
  queryFn: ({ signal }) => fetchWhoami(signal),
  refetchInterval: SESSION_RECHECK_MS,
  refetchIntervalInBackground: true,
  refetchOnWindowFocus: true,
  staleTime: 2_000,
  retry: 3,
});

export interface Session {
  /** False until the first whoami answered: the route guard waits for it. */
  ready: boolean;
  user: User | null;
  config: SiteConfig | null;
  lang: string;
  navitems: NavItem[];
  cookieoptin: CookieOptin | null;
  /** Signed in with a temporary password: the app shows nothing but the change-password screen. */
  mustChangePassword: boolean;
  error: Error | null;
}

export function useSession(): Session {
  const q = useQuery(whoamiQuery);
  const d = q.data;
  return {
    ready: d !== undefined,
    user: d?.user ?? null,
    config: d?.config ?? null,
    lang: d?.lang ?? 'en',
    navitems: d?.navitems ?? [],
    cookieoptin: d?.cookieoptin ?? null,
    mustChangePassword: !!d?.user && !!d?.mustChangePassword,
    error: q.error,
  };
}

/** Re-asks the server who we are (after login, logout, registration). */
export function refreshSession(): Promise<unknown> {
  return queryClient.invalidateQueries({ queryKey: WHOAMI_KEY });
}

/** Replaces the signed-in user in the cached session without a round trip. */
export function setSessionUser(user: User | null): void {
  queryClient.setQueryData<WhoAmI>(WHOAMI_KEY, (d) => (d ? { ...d, user } : d));
}

interface SetLangReply {
  lang: string;
  config: SiteConfig;
  loc: Record<string, string> | null;
  user: User | null;
  asof?: string;
}

/** users/switchLanguage: remembered by the server (cookie, and the user record when signed in). */
export async function switchLanguage(lang: string): Promise<void> {
  pendingLang = lang;
  try {
    const r = await api.post<SetLangReply>('/app_users/setlang/', { lang });
    if (r.loc && r.asof) labelsAsof.set(r.lang, r.asof);
    applyLanguage(r.lang, r.loc);
    queryClient.setQueryData<WhoAmI>(WHOAMI_KEY, (d) =>
      d ? { ...d, lang: r.lang, config: r.config ?? d.config, user: r.user ?? d.user } : d,
    );
  } finally {
    pendingLang = null;
  }
  // Content and course lists depend on the language.
  await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== WHOAMI_KEY[0] });
}

export async function logout(): Promise<void> {
  // Shared phones: the changes waiting get one try to reach the server, then the device forgets the user.
  await beforeSignOut();
  try {
    await api.post('/app_users/logout', {});
  } finally {
    await clearDevice();
  }
  setSessionUser(null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== WHOAMI_KEY[0] });
  await refreshSession();
}

/** users/setAfter: where to go after signing in or registering, kept for this browser tab. */
export function setAfter(path: string | null): void {
  try {
    if (path) sessionStorage.setItem('after', path);
    else sessionStorage.removeItem('after');
  } catch {
    /* storage unavailable */
  }
}
export function peekAfter(): string | null {
  try {
    return sessionStorage.getItem('after');
  } catch {
    return null;
  }
}
