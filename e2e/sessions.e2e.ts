/**
 * The account's Sessions panel in the browser: a learner signed in on two browsers sees both (this one
 * marked), gives the password again, ends the other one by keyboard, and that browser is signed out.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG } from '../src/domain/messages.ts';
import { goto, launchBrowser, newPage, pageErrors, screenshot, seriousViolations, uniqueEmail } from './helpers.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let other: { context: BrowserContext; page: Page };
const email = uniqueEmail('sessions');
const password = 'Sessions-pass1!';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, { consent: 'optout' }));
  const reg = await context.request.post('/app_users/register', {
    data: {
      firstname: 'Sid',
      lastname: 'Sessions',
      email,
      confirmemail: email,
      city: 'Porto',
      country: 'Portugal',
      password,
      confirmpassword: password,
      terms: true,
    },
  });
  expect(reg.status()).toBe(200);
  other = await newPage(browser, { consent: 'optout' });
  expect((await other.context.request.post('/users/login', { data: { login: email, password } })).status()).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshot(page, `failed-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
});

describe('the Sessions panel', () => {
  it('lists both browsers, marks this one, and ends the other', async () => {
    await goto(other.page, '/user/profile', 'user');
    await other.page.getByTestId('user-menu').waitFor();

    await goto(page, '/user/sessions', 'user');
    const rows = page.getByTestId('session-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.getByTestId('this-device').count()).toBe(1);
    expect(await page.locator('[data-testid=session-row][data-current=true]').textContent()).toContain('Chrome');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sessions-panel');

    // The password is asked again; without it nothing ends.
    await page.getByTestId('session-end').first().click();
    await expect.poll(() => page.getByTestId('sessions-error').textContent()).toBe(MSG.currentPasswordRequired);
    expect(await rows.count()).toBe(2);
    // By keyboard: type the password, focus the other session's button and press Enter.
    await page.getByTestId('sessions-password').fill(password);
    await page.getByTestId('session-end').first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByTestId('this-device').count()).toBe(1);

    // The other browser is signed out.
    expect((await (await other.context.request.get('/app_users/whoami')).json()).user).toBeNull();
    await goto(other.page, '/', undefined);
    await other.page.getByTestId('login-button').waitFor();
    expect(pageErrors(page)).toEqual([]);
  });
});
