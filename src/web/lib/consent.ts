/**
 * Cookie consent (spec 4): prompt (default), optin, optout or manage. Kept in the browser, and on the
 * server when signed in. Third-party page scripts run only under optin.
 */
import { useSyncExternalStore } from 'react';
import type { CookieOptin, WhoAmI } from '../../domain/types.ts';
import { api } from './api.ts';
import { queryClient } from './query.ts';
import { WHOAMI_KEY } from './session.ts';

export type ConsentSetting = CookieOptin['setting'];
const KEY = 'cookieoptin';
const VALUES: ConsentSetting[] = ['optin', 'optout', 'prompt', 'manage'];

const listeners = new Set<() => void>();
function readLocal(): ConsentSetting | null {
  try {
    const v = localStorage.getItem(KEY) as ConsentSetting | null;
    return v && VALUES.includes(v) ? v : null;
  } catch {
    return null;
  }
}
let local = typeof window === 'undefined' ? null : readLocal();

if (typeof window !== 'undefined') {
  // Another tab changed it.
  window.addEventListener('storage', (e) => {
    if (e.key === KEY) {
      local = readLocal();
      for (const l of listeners) l();
    }
  });
}

/** The browser's own copy (null when never chosen here). */
export function useLocalConsent(): ConsentSetting | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => local,
    () => null,
  );
}

/** The setting in force: the signed-in user's server copy wins, else the browser's, else prompt. */
export function effectiveConsent(whoami: WhoAmI | undefined, localValue: ConsentSetting | null): ConsentSetting {
  if (whoami?.user) {
    const server = whoami.cookieoptin?.setting ?? whoami.user.cookieoptin?.setting;
    if (server && server !== 'prompt') return server;
    return localValue ?? server ?? 'prompt';
  }
  return localValue ?? whoami?.cookieoptin?.setting ?? 'prompt';
}

/** users/setCookieOptin: stores the choice in the browser and, when signed in, on the server. */
export async function setConsent(setting: Exclude<ConsentSetting, 'manage'>): Promise<void> {
  try {
    localStorage.setItem(KEY, setting);
  } catch {
    /* storage unavailable */
  }
  local = setting;
  for (const l of listeners) l();
  const who = queryClient.getQueryData<WhoAmI>(WHOAMI_KEY);
  if (!who?.user) return;
  queryClient.setQueryData<WhoAmI>(WHOAMI_KEY, (d) =>
    d
      ? {
          ...d,
          cookieoptin: { setting },
          user: d.user ? { ...d.user, cookieoptin: { setting } } : d.user,
        }
      : d,
  );
  try {
    await api.post('/app_users/cookieoptin', { cookieoptin: setting });
  } catch (err) {
    console.warn('cookieoptin not saved on the server', err);
  }
}

/** Hash links that set consent (spec 2, content page): #optOut, #optIn, #resetCookieOpt. */
export const CONSENT_HASHES: Record<string, Exclude<ConsentSetting, 'manage'>> = {
  '#optOut': 'optout',
  '#optIn': 'optin',
  '#resetCookieOpt': 'prompt',
};
