/**
 * The byte budget of a first visit (empty cache), everything the page transfers: the home page at
 * most 400 KB, a course page and a lesson page at most 450 KB each; scripts, styles and JSON go out
 * compressed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO, launchBrowser, newPage, ready, signedInPage } from './helpers.ts';
import { instrument, kb, recordVisit, SLOW_4G } from './transfer.ts';

const PAGES = [
  { name: 'home', path: '/', screen: 'content', budgetKB: 400, as: null },
  { name: 'course', path: '/Course/intro-online-learning', screen: 'course', budgetKB: 450, as: null },
  { name: 'lesson', path: '/lessons/intro-online-learning/iol-en-l1/iol-en-selfpaced', screen: 'lesson', budgetKB: 450, as: DEMO.learner },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('first-visit byte budget', () => {
  it.each(PAGES)('$name page ($path) transfers at most $budgetKB KB', async ({ path, screen, budgetKB, as }) => {
    const { context, page } = as ? await signedInPage(browser, as) : await newPage(browser, { consent: 'optout' });
    try {
      await instrument(context);
      const visit = await recordVisit(page);
      await page.goto(path);
      await ready(page, screen);
      const v = await visit.finish();
      const types = Object.entries(v.byType)
        .map(([t, b]) => `${t} ${kb(b)}`)
        .join(', ');
      console.log(`[budget] ${path}: ${kb(v.bytes)} KB of ${budgetKB} KB in ${v.requests.length} requests (${types})`);
      const detail = v.requests
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 8)
        .map((r) => `${new URL(r.url).pathname} ${kb(r.bytes)} KB ${r.encoding}`)
        .join('\n');
      expect(v.bytes / 1024, `${path}: ${kb(v.bytes)} KB\n${detail}`).toBeLessThanOrEqual(budgetKB);
      // Every script, style and JSON body of 1 KB or more arrived compressed.
      const raw = v.requests.filter(
        (r) => ['Script', 'Stylesheet', 'Fetch', 'XHR', 'Document'].includes(r.type) && r.size >= 1024 && !r.encoding,
      );
      expect(raw.map((r) => r.url)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('requests of a first visit', () => {
  it('the home page loads its code as one script and finds who is signed in and its content inside the page', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    try {
      await instrument(context);
      // On the slow line the script takes most of a second, so what finishes first is telling.
      const visit = await recordVisit(page, { network: SLOW_4G });
      await page.goto('/');
      await ready(page, 'content');
      const v = await visit.finish();
      // In the order they finished.
      const paths = v.requests.map((r) => new URL(r.url).pathname);
      // The app's own code. The service worker's files (sw.js, and workbox-window, which registers it once
      // the page has started) load beside it and are not the first screen's.
      const scripts = v.requests
        .filter((r) => r.type === 'Script')
        .map((r) => new URL(r.url).pathname)
        .filter((p) => p.startsWith('/assets/') && !p.includes('workbox'));
      expect(scripts).toHaveLength(1);
      // whoami and the home page come inside the page (src/server/first-page.ts): no call waits for the script.
      expect(paths.filter((p) => p.startsWith('/app_users/whoami'))).toEqual([]);
      expect(paths.filter((p) => p.startsWith('/app_content/getpage/home'))).toEqual([]);
      await expect.poll(() => page.locator('[data-screen="content"] p').count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
