/**
 * Shared setup of the learning screen journeys (English and Arabic): one browser per file, pages
 * closed after each test (with a screenshot when it failed), and fresh learners enrolled through the API.
 */
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, screenshot, signedInPage, uniqueEmail } from './helpers.ts';

/** Registers the hooks in the calling test file and gives its page helpers. */
export function learningScreens() {
  let browser: Browser;
  const open: { context: BrowserContext; page: Page }[] = [];
  let current: Page | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && current)
      await screenshot(current, `failed-screens-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
    for (const p of open.splice(0)) await p.context.close().catch(() => {});
  });

  /** A demo account, signed in, at the given width. */
  async function as(email: string, width: number) {
    const p = await signedInPage(browser, email, { width, height: width < 500 ? 800 : 900 });
    open.push(p);
    current = p.page;
    return p;
  }

  /** A new account (in `lang`), signed in, enrolled in the given classes. */
  async function freshLearner(lang: string, classes: [string, string, string?][], width = 1280) {
    const p = await newPage(browser, { consent: 'optout', width, height: width < 500 ? 800 : 900 });
    open.push(p);
    current = p.page;
    const email = uniqueEmail(`screens-${lang}`);
    const reg = await p.context.request.post('/app_users/register', {
      data: {
        firstname: lang === 'ar' ? 'ليلى' : 'Sam',
        lastname: lang === 'ar' ? 'حداد' : 'Screens',
        email,
        confirmemail: email,
        city: 'Amman',
        country: 'Jordan',
        password: 'Screens-pass1!',
        confirmpassword: 'Screens-pass1!',
        terms: true,
        lang,
      },
    });
    expect(reg.status()).toBe(200);
    if (lang !== 'en') expect((await p.context.request.post('/app_users/setlang/', { data: { lang } })).status()).toBe(200);
    for (const [classid, courseid, regcode] of classes) {
      const r = await p.context.request.post(`/app_enrollment/enroll/${classid}`, { data: { courseid, regcode } });
      expect(r.status(), classid).toBe(200);
    }
    return p;
  }

  return { as, freshLearner, browser: () => browser };
}
