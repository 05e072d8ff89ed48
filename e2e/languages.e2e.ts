/**
 * Six languages: switching calls setlang and re-renders without a reload; Arabic is right-to-left
 * with the drawer on the right; ?setlanguage=; language redirects (de to /German); server messages
 * shown translated.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MSG } from '../src/domain/messages.ts';
import { DEMO, goto, launchBrowser, newPage, ready, signedInPage } from './helpers.ts';

const labels = (lang: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../src/domain/i18n/${lang}.json`), 'utf8'));
const ar = labels('ar');
const es = labels('es');

async function chooseLanguage(page: Page, code: string) {
  await page.getByTestId('language-menu').click();
  await page.getByTestId(`language-${code}`).click();
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('switching to Arabic', () => {
  it('translates the labels and mirrors the layout, without a reload', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    await goto(page, '/', 'content');
    await page.evaluate(() => {
      (window as unknown as { stay: number }).stay = 1;
    });
    await chooseLanguage(page, 'ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay)).toBe(1);
    // Labels in Arabic.
    await expect.poll(() => page.getByTestId('login-button').textContent()).toBe(ar['Login']);
    expect(await page.locator('header nav').getByRole('link').first().textContent()).toBe(ar['Home']);
    expect(await page.getByTestId('drawer-languages').textContent()).toBe(ar['Languages']);
    expect(await page.getByTestId('site-footer').textContent()).toContain(ar['Powered by']);
    // Right to left: the drawer sits on the right, text starts on the right.
    const vw = page.viewportSize()!.width;
    const box = (await page.getByTestId('nav-drawer').boundingBox())!;
    expect(Math.round(box.x + box.width)).toBe(vw);
    expect(await page.locator('#main').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    const logo = (await page.locator('header a[href="/"]').first().boundingBox())!;
    expect(logo.x).toBeGreaterThan(vw / 2);
    // The content comes in Arabic too.
    await expect.poll(() => page.locator('[data-screen="content"]').getAttribute('data-page-id')).toMatch(/-ar-/);
    // And back.
    await chooseLanguage(page, 'en');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await expect.poll(() => page.getByTestId('login-button').textContent()).toBe('Login');
    expect(Math.round((await page.getByTestId('nav-drawer').boundingBox())!.x)).toBe(0);
    await context.close();
  });

  it('is kept after a reload and for a signed-in user', async () => {
    const { context, page } = await signedInPage(browser, DEMO.instructor);
    await goto(page, '/users/profile', 'user');
    await chooseLanguage(page, 'ar');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(ar['User Profile']);
    await page.reload();
    await ready(page, 'user');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(ar['User Profile']);
    expect((await (await context.request.get('/app_users/whoami')).json()).user.lang).toBe('ar');
    await chooseLanguage(page, 'en');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await context.close();
  });
});

describe('other ways in', () => {
  it('?setlanguage=es switches to Spanish and leaves the address', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    await goto(page, '/login?setlanguage=es&redirect=%2FAbout', 'login');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await expect.poll(() => page.getByTestId('login-submit').textContent()).toBe(es['Login']);
    const url = new URL(page.url());
    expect(url.searchParams.get('setlanguage')).toBeNull();
    expect(url.searchParams.get('redirect')).toBe('/About');
    // A server message arrives in English and is shown in Spanish.
    await page.locator('input[name=login]').fill('nobody@example.net');
    await page.locator('input[name=password]').fill('Wrong-pass1!');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe(es[MSG.loginFailed]);
    await context.close();
  });

  it('German follows the language redirect to /German', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    await goto(page, '/About', 'content');
    await chooseLanguage(page, 'de');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/German');
    await ready(page, 'content');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await expect.poll(() => page.locator('[data-screen="content"]').getAttribute('data-page')).toBe('German');
    await context.close();
  });

  it('the language list block (small screens) switches too', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 740, consent: 'optout' });
    await goto(page, '/', 'content');
    const block = page.locator('.languages-block');
    await block.getByRole('button', { name: 'Français' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await expect.poll(() => block.getByRole('button', { name: 'Français' }).getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });
});
