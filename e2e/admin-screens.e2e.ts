/**
 * The admin area's screens at 1280 and 375 px, in English and in Arabic (right to left): each panel
 * shows without page errors, without serious accessibility violations, and without the page itself
 * scrolling sideways (wide tables scroll inside their own box). Screenshots go to
 * test-results/screenshots/admin-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO, goto, launchBrowser, newPage, pageErrors, screenshot, seriousViolations, signedInPage, uniqueEmail } from './helpers.ts';

let browser: Browser;
let admin: BrowserContext;
/** An admin of this test's own whose language is Arabic (the demo admin's language stays as it is). */
let arabicAdmin: BrowserContext;
let arabicAdminId = '';

const PANELS = [
  '/admin',
  '/admin/users',
  '/admin/users/demo-learner',
  '/admin/enrollments/intro-online-learning',
  '/admin/courses',
  '/admin/classes/intro-online-learning/iol-en-selfpaced',
  '/admin/content',
  '/admin/files',
  '/admin/surveys',
  '/admin/navitems',
  '/admin/settings',
  '/admin/translations?lang=pt',
  '/admin/reports',
  '/admin/dashboard',
  '/admin/audit',
  '/admin/crm',
  '/util/store',
];
/** The ones also shot at 375 px and in Arabic. */
const SMALL = ['/admin', '/admin/users/demo-learner', '/admin/translations?lang=ar', '/admin/dashboard', '/admin/settings', '/util/store'];

const nameOf = (path: string) =>
  path
    .replace(/^\//, '')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/-+$/, '');

/** Waits for the panel's data (no skeletons or loaders left), so screenshots show the real screen. */
async function settled(page: Page) {
  await page.locator('[data-screen="admin"], [data-screen="util"]').first().waitFor();
  await expect.poll(() => page.locator('.mantine-Skeleton-root, [data-testid="page-loader"]').count(), { timeout: 15_000 }).toBe(0);
  await page.waitForTimeout(150);
}

/** True when the page itself is wider than the window (something does not fit). */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

beforeAll(async () => {
  browser = await launchBrowser();
  admin = (await signedInPage(browser, DEMO.admin)).context;
  // Register a user, make them an admin, and switch them to Arabic.
  const { context } = await newPage(browser, { consent: 'optout' });
  const email = uniqueEmail('arabic-admin');
  const password = 'Cairo-desk-1!';
  const reg = await context.request.post('/app_users/register', {
    data: {
      firstname: 'Laila',
      lastname: 'Haddad',
      email,
      confirmemail: email,
      password,
      confirmpassword: password,
      city: 'Cairo',
      country: 'Egypt',
      terms: true,
      lang: 'ar',
    },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  const { user } = (await reg.json()) as { user: { _id: string } };
  expect((await admin.request.post('/app_users/save', { data: { _id: user._id, roles: ['admin'] } })).status()).toBe(200);
  arabicAdmin = context;
  arabicAdminId = user._id;
});
afterAll(async () => {
  // The extra admin goes again, so journeys that run later on the same server see the usual accounts.
  if (arabicAdminId) await admin?.request.get(`/app_users/remove/${arabicAdminId}`).catch(() => {});
  await arabicAdmin?.close();
  await admin?.close();
  await browser?.close();
});

describe('admin screens', () => {
  it('in English at 1280 px: every panel, no page errors, no serious accessibility violations', async () => {
    const page = await admin.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    for (const path of PANELS) {
      await goto(page, path);
      await settled(page);
      await screenshot(page, `admin-${nameOf(path)}-1280-en`);
      expect(await overflows(page), path).toBe(false);
      expect(await seriousViolations(page), path).toEqual([]);
    }
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('at 375 px in English and in Arabic, right to left', async () => {
    for (const [context, lang] of [
      [admin, 'en'],
      [arabicAdmin, 'ar'],
    ] as const) {
      const page = await context.newPage();
      for (const width of lang === 'ar' ? [375, 1280] : [375]) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of SMALL) {
          await goto(page, path);
          await settled(page);
          if (lang === 'ar') expect(await page.evaluate(() => document.documentElement.dir), path).toBe('rtl');
          await screenshot(page, `admin-${nameOf(path)}-${width}-${lang}`);
          expect(await overflows(page), `${path} ${width} ${lang}`).toBe(false);
        }
      }
      if (lang === 'ar') {
        // Labels are translated: the index shows the Arabic title of the users panel.
        await goto(page, '/admin');
        await settled(page);
        expect(await page.getByTestId('admin-link-users').textContent()).not.toBe('Users');
      }
      expect(pageErrors(page)).toEqual([]);
      await page.close();
    }
  });
});
