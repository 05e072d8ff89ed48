/**
 * A learner's own data, as a person does it: a new learner downloads everything (and the test opens
 * the ZIP), then deletes the account in Arabic with the keyboard only, and finds the confirmation
 * e-mail in the outbox. Screens are checked with axe in English and in right-to-left Arabic.
 */
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { unzipSync, strFromU8 } from 'fflate';
import { MSG } from '../src/domain/messages.ts';
import { readOutbox } from '../src/server/testing/outbox.ts';
import {
  DEMO,
  dataDir,
  goto,
  launchBrowser,
  newPage,
  pageErrors,
  screenshot,
  seriousViolations,
  signedInPage,
  uniqueEmail,
} from './helpers.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = uniqueEmail('privacy');
const password = 'Privacy-pass1!';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, { consent: 'optout' }));
  const r = await context.request.post('/app_users/register', {
    data: {
      firstname: 'Petra',
      lastname: 'Privacy',
      email,
      confirmemail: email,
      phone: '+351 21 555 0199',
      city: 'Porto',
      state: 'Norte',
      country: 'Portugal',
      password,
      confirmpassword: password,
      terms: true,
    },
  });
  expect(r.status()).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshot(page, `failed-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
});

describe('a learner and their data', () => {
  it('finds the privacy notice from the footer and registration stored the version accepted', async () => {
    await goto(page, '/');
    await page.getByTestId('site-footer').getByRole('link', { name: 'Privacy notice' }).click();
    await page.getByRole('heading', { name: 'Privacy notice' }).first().waitFor();
    // A visitor reaches it from the cookie banner and from the registration form too.
    const visitor = await newPage(browser, { consent: null });
    try {
      await goto(visitor.page, '/register', 'register');
      expect(await visitor.page.getByTestId('register-privacy-link').getAttribute('href')).toBe('/Privacy');
      await visitor.page.getByTestId('cookie-privacy-link').click();
      await visitor.page.getByRole('heading', { name: 'Privacy notice' }).first().waitFor();
    } finally {
      await visitor.context.close();
    }
    const state = await context.request.post('/app_privacy/status', { data: {} });
    const body = await state.json();
    expect(body.privacyversion).toBeTruthy();
    expect(body.privacyaccepted).toBe(body.privacyversion);
  });

  it('downloads everything after the current password, and the ZIP holds the profile and a summary page', async () => {
    await goto(page, '/user/mydata', 'user');
    await page.getByTestId('mydata-panel').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('mydata-submit').click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain(MSG.privacyPassword);
    await page.getByTestId('mydata-password').fill('Not-mine-1!');
    await page.getByTestId('mydata-submit').click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain(MSG.privacyWrongPassword);
    await page.getByTestId('mydata-password').fill(password);
    await page.getByTestId('mydata-submit').click();
    await page.getByTestId('mydata-ready').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('mydata-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['index.html', 'data.json', 'profile.json', 'profile.csv', 'emails.json', 'cookie-choice.json']),
    );
    expect(JSON.parse(strFromU8(files['profile.json']!))).toMatchObject({
      email,
      firstname: 'Petra',
      lastname: 'Privacy',
      phone: '+351 21 555 0199',
    });
    expect(strFromU8(files['index.html']!)).toContain('Your data from');
  });

  it('deletes the account in Arabic with the keyboard, is signed out, and gets the confirmation e-mail', async () => {
    expect((await context.request.post('/app_users/setlang/', { data: { lang: 'ar' } })).status()).toBe(200);
    await goto(page, '/user/deleteaccount', 'user');
    await page.getByTestId('deleteaccount-panel').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('deleteaccount-stays').textContent()).toContain('متعلم سابق');
    expect(await page.getByTestId('deleteaccount-date').getAttribute('dir')).toBe('ltr');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'privacy-delete-ar');

    // Keyboard only: focus the checkbox, tick it with Space, type the password, submit with Enter.
    await page.getByTestId('deleteaccount-understood').focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('login-button').waitFor();
    const whoami = await (await context.request.get('/app_users/whoami')).json();
    expect(whoami.user).toBeNull();

    await expect
      .poll(() =>
        readOutbox(dataDir())
          .filter((m) => m.to.includes(email))
          .map((m) => m.subject)
          .join('\n'),
      )
      .toContain('سيُحذف حسابك');
    const mail = readOutbox(dataDir()).find((m) => m.to.includes(email) && m.subject.includes('سيُحذف حسابك'))!;
    expect(mail.text).toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(pageErrors(page)).toEqual([]);
  });

  it('lets an admin see the privacy settings in Admin > Settings, each checked before saving', async () => {
    const admin = await signedInPage(browser, DEMO.admin);
    try {
      await goto(admin.page, '/admin/settings', 'admin');
      const form = admin.page.getByTestId('settings-form');
      await form.locator('input[name="privacygracedays"]').fill('120');
      await form.locator('input[name="privacyretentiondays"]').fill('30');
      await admin.page.getByTestId('settings-save').click();
      await expect.poll(() => admin.page.getByTestId('settings-error').textContent()).toBe(MSG.correctFields);
      await expect.poll(() => form.textContent()).toContain(MSG.privacyGraceDays);
      expect(await form.textContent()).toContain(MSG.privacyRetentionDays);
      expect(await seriousViolations(admin.page)).toEqual([]);
      // Nothing was saved: the site still has the defaults other journeys rely on.
      const config = (await (await admin.context.request.get('/app_users/whoami')).json()).config;
      expect(config).toMatchObject({ privacygracedays: 14, privacyretentiondays: 0 });
    } finally {
      await admin.context.close();
    }
  });
});
