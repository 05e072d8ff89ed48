/**
 * Quality bar: no serious or critical axe-core violation on home, login, register and profile, and
 * screenshots of those screens at 1280 and 375 px, in English and Arabic (test-results/screenshots).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO, goto, launchBrowser, newPage, pageErrors, screenshot, seriousViolations, signedInPage } from './helpers.ts';

const SCREENS = [
  { name: 'home', path: '/', screen: 'content', signedIn: false },
  { name: 'login', path: '/login', screen: 'login', signedIn: false },
  { name: 'register', path: '/register', screen: 'register', signedIn: false },
  { name: 'profile', path: '/users/profile', screen: 'user', signedIn: true },
] as const;
const VARIANTS = [
  { tag: '1280', width: 1280, height: 900, lang: 'en' },
  { tag: '375', width: 375, height: 812, lang: 'en' },
  { tag: 'ar-1280', width: 1280, height: 900, lang: 'ar' },
  { tag: 'ar-375', width: 375, height: 812, lang: 'ar' },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(VARIANTS)('at $tag', (variant) => {
  const pages: Record<'visitor' | 'member', { context: BrowserContext; page: Page }> = {} as never;
  beforeAll(async () => {
    pages.visitor = await newPage(browser, { width: variant.width, height: variant.height });
    pages.member = await signedInPage(browser, DEMO.learner, { width: variant.width, height: variant.height, consent: 'optin' });
    for (const p of Object.values(pages)) {
      await p.context.request.post('/app_users/setlang/', { data: { lang: variant.lang } });
    }
  });
  afterAll(async () => {
    await pages.member.context.request.post('/app_users/setlang/', { data: { lang: 'en' } });
    for (const p of Object.values(pages)) await p.context.close();
  });

  it.each(SCREENS)('$name has no serious accessibility violation and no horizontal scroll', async (s) => {
    const { page } = s.signedIn ? pages.member : pages.visitor;
    await goto(page, s.path, s.screen);
    // Parts further down load as they come into view (the registration form on the home page).
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 0));
    if (s.name === 'home') await page.getByTestId('registration-form').waitFor();
    // The floating Menu button leaves once back at the top.
    await page.getByTestId('floating-menu').waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(variant.lang);
    expect(await page.locator('[aria-busy="true"]').count()).toBe(0);
    await screenshot(page, `${s.name}-${variant.tag}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
    if (variant.tag === '1280' || variant.tag === 'ar-375') {
      const violations = await seriousViolations(page);
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    }
    expect(pageErrors(page)).toEqual([]);
  });
});
