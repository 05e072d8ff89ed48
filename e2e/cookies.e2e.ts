/**
 * Cookie consent: the banner while the setting is prompt, Opt In / Opt Out kept in the browser and,
 * signed in, on the server; the #optOut, #optIn and #resetCookieOpt hashes; /OptOutPreferences; page
 * head/foot scripts only under optin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO, DEMO_PASSWORD, goto, launchBrowser, newPage, ready, signedInPage } from './helpers.ts';

const stored = (page: Page) => page.evaluate(() => localStorage.getItem('cookieoptin'));
const banner = (page: Page) => page.getByTestId('cookie-banner');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the cookie banner', () => {
  it('shows on a first visit and Opt Out hides it for good', async () => {
    const { context, page } = await newPage(browser);
    await goto(page, '/', 'content');
    await banner(page).waitFor();
    await page.getByTestId('cookie-optout').click();
    await banner(page).waitFor({ state: 'detached' });
    expect(await stored(page)).toBe('optout');
    await page.reload();
    await ready(page, 'content');
    expect(await banner(page).count()).toBe(0);
    await context.close();
  });

  it('Opt In hides it and is remembered', async () => {
    const { context, page } = await newPage(browser);
    await goto(page, '/About', 'content');
    await page.getByTestId('cookie-optin').click();
    await banner(page).waitFor({ state: 'detached' });
    expect(await stored(page)).toBe('optin');
    await context.close();
  });

  it('the three hashes set optout, optin and prompt, then leave the address', async () => {
    const { context, page } = await newPage(browser);
    await goto(page, '/About#optIn', 'content');
    await expect.poll(() => stored(page)).toBe('optin');
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    expect(new URL(page.url()).pathname).toBe('/About');
    expect(await banner(page).count()).toBe(0);

    await goto(page, '/#resetCookieOpt', 'content');
    await expect.poll(() => stored(page)).toBe('prompt');
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    await banner(page).waitFor();

    // A link inside the app works the same way.
    await page.evaluate(() => {
      history.pushState(null, '', '/HowItWorks#optOut');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => stored(page)).toBe('optout');
    await expect.poll(() => page.url()).toMatch(/\/HowItWorks$/);
    await banner(page).waitFor({ state: 'detached' });
    await context.close();
  });

  it('signed in, the choice is also stored on the server', async () => {
    const { context, page } = await signedInPage(browser, DEMO.instructor, { consent: null });
    await context.request.post('/app_users/cookieoptin', { data: { cookieoptin: 'prompt' } });
    await goto(page, '/', 'content');
    await banner(page).waitFor();
    await page.getByTestId('cookie-optin').click();
    await banner(page).waitFor({ state: 'detached' });
    await expect.poll(async () => (await (await context.request.get('/app_users/whoami')).json()).cookieoptin?.setting).toBe('optin');
    // A new browser signing in finds the choice without being asked again.
    const other = await newPage(browser);
    await other.context.request.post('/users/login', { data: { login: DEMO.instructor, password: DEMO_PASSWORD } });
    await goto(other.page, '/', 'content');
    await other.page.getByTestId('user-menu').waitFor();
    expect(await banner(other.page).count()).toBe(0);
    await other.context.close();
    await goto(page, '/#resetCookieOpt', 'content');
    await expect.poll(async () => (await (await context.request.get('/app_users/whoami')).json()).cookieoptin?.setting).toBe('prompt');
    await context.close();
  });
});

describe('/OptOutPreferences', () => {
  it('explains the choice and offers it', async () => {
    const { context, page } = await newPage(browser);
    await goto(page, '/OptOutPreferences', 'optout');
    const setting = page.getByTestId('consent-setting');
    await expect.poll(() => setting.getAttribute('data-setting')).toBe('prompt');
    expect(await setting.textContent()).toBe('Not Set');
    await page.locator('[data-screen="optout"]').getByRole('button', { name: 'Opt Out' }).click();
    await expect.poll(() => setting.getAttribute('data-setting')).toBe('optout');
    expect(await setting.textContent()).toBe('Opt Out');
    await expect.poll(() => page.getByTestId('status-area').textContent()).toContain('Your cookie preference has been saved.');
    await page.locator('[data-screen="optout"]').getByRole('button', { name: 'Opt In' }).click();
    await expect.poll(() => stored(page)).toBe('optin');
    await context.close();
  });
});

describe('page head and foot scripts', () => {
  it('run only when consent is optin', async () => {
    const admin = await signedInPage(browser, DEMO.admin);
    const context = `e2e-scripts-${Date.now().toString(36)}`;
    const saved = await admin.context.request.post('/app_content/save', {
      data: {
        _id: 'new',
        type: 'page',
        context,
        lang: 'en',
        title: 'Script test',
        scripthead: '<meta name="e2e-scripthead" content="1">',
        scriptfoot: '<div id="e2e-scriptfoot" hidden></div>',
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await admin.context.close();

    const { context: ctx, page } = await newPage(browser, { consent: 'optout' });
    await goto(page, `/${context}`, 'content');
    await expect.poll(() => page.locator('[data-screen="content"]').getAttribute('data-page')).toBe(context);
    expect(await page.locator('[data-page-script]').count()).toBe(0);
    await goto(page, `/${context}#optIn`, 'content');
    await expect.poll(() => page.locator('meta[name="e2e-scripthead"][data-page-script="head"]').count()).toBe(1);
    expect(await page.locator('#e2e-scriptfoot[data-page-script="foot"]').count()).toBe(1);
    // Leaving the page removes them; so does opting out.
    await page.evaluate(() => {
      history.pushState(null, '', '/About');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => page.locator('[data-page-script]').count()).toBe(0);
    await ctx.close();
  });
});
