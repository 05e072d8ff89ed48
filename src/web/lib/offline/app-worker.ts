/**
 * The service worker's side in the page: the scripts this first visit already loaded (before the
 * worker controlled the page) are copied into the worker's script cache from the browser's HTTP cache,
 * so the page seen opens offline without moving those bytes again.
 */
export const ASSET_CACHE = 'lp-assets';

export async function keepLoadedScripts(): Promise<void> {
  if (typeof caches === 'undefined' || typeof performance === 'undefined') return;
  const urls = new Set<string>();
  for (const e of performance.getEntriesByType('resource')) {
    const u = new URL(e.name, location.href);
    if (u.origin === location.origin && u.pathname.startsWith('/assets/')) urls.add(u.pathname);
  }
  document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="stylesheet"]').forEach((l) => {
    const u = new URL(l.href, location.href);
    if (u.origin === location.origin && u.pathname.startsWith('/assets/')) urls.add(u.pathname);
  });
  const cache = await caches.open(ASSET_CACHE);
  await Promise.all(
    [...urls].map(async (u) => {
      if (!(await cache.match(u))) await cache.add(u).catch(() => {});
    }),
  );
}
