/** Small path helpers shared by screens. */

/** Only same-site paths are followed after sign-in (no open redirects). */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export const isExternalUrl = (url: string) => /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');

export const loginPath = (redirect?: string) => (redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
