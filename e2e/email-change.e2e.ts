/**
 * Changing one's own e-mail address: the profile form asks for the current password, says a link was
 * sent, keeps the old address until the link from the outbox mail is opened and confirmed.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitForMail } from '../src/server/modules/accounts/mail-outbox.testing.ts';
import { MSG } from '../src/domain/messages.ts';
import { dataDir, goto, launchBrowser, newPage, pageErrors, ready, screenshot, seriousViolations, uniqueEmail } from './helpers.ts';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = uniqueEmail('mover');
const password = 'Mover-pass1!';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, { consent: 'optout' }));
  const r = await context.request.post('/app_users/register', {
    data: {
      firstname: 'Mira',
      lastname: 'Mover',
      email,
      confirmemail: email,
      password,
      confirmpassword: password,
      city: 'Porto',
      country: 'Portugal',
      terms: true,
    },
  });
  expect(r.status(), await r.text()).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshot(page, `failed-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
});

it('changes the e-mail address once the new address confirms from the mailed link', async () => {
  const next = uniqueEmail('moved');
  await goto(page, '/users/profile', 'user');
  await page.getByTestId('profile-edit').click();
  const form = page.getByTestId('profile-form');
  await form.locator('[name=email]').fill(next);
  // The current password is asked for as soon as the address differs.
  await form.locator('[name=currentpassword]').waitFor();
  await page.getByTestId('profile-save').click();
  await expect.poll(() => form.textContent()).toContain(MSG.currentPasswordRequired);
  await form.locator('[name=currentpassword]').fill(password);
  await page.getByTestId('profile-save').click();
  await expect.poll(() => page.getByTestId('status-area').textContent()).toContain(MSG.emailConfirmSent);
  // Until the link is used the account keeps its address.
  await expect.poll(() => page.getByTestId('profile-fields').textContent()).toContain(email);

  const CONFIRM_LINK = /https?:\/\/\S+\/confirmemail\/[A-Za-z0-9_-]+/;
  const mail = await waitForMail(dataDir(), next, (m) => CONFIRM_LINK.test(m.text));
  const link = CONFIRM_LINK.exec(mail.text)?.[0];
  expect(link, 'confirmation link in the mail').toBeTruthy();
  // The old address is told too, and gets no link.
  const notice = await waitForMail(dataDir(), email, (m) => m.text.includes(next));
  expect(notice.text).not.toMatch(CONFIRM_LINK);

  await goto(page, new URL(link!).pathname, 'confirmemail');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('confirmemail-submit').click();
  await expect.poll(() => page.getByTestId('status-area').textContent()).toContain(MSG.emailConfirmed);
  await ready(page, 'user');
  await expect.poll(() => page.getByTestId('profile-fields').textContent()).toContain(next);
  // The new address signs in; the link works once only.
  expect((await context.request.post('/users/login', { data: { login: next, password } })).status()).toBe(200);
  const again = await context.request.post('/app_users/confirmemail', { data: { token: new URL(link!).pathname.split('/').pop() } });
  expect(again.status()).toBe(400);
  expect(pageErrors(page)).toEqual([]);
});

it('shows a clear message for a link that is not valid', async () => {
  await goto(page, `/confirmemail/${'x'.repeat(43)}`, 'confirmemail');
  await page.getByTestId('confirmemail-submit').click();
  await expect.poll(() => page.locator('[data-screen="confirmemail"] [role="alert"]').textContent()).toBe(MSG.confirmLinkInvalid);
});

it('is right-to-left in Arabic', async () => {
  await context.request.post('/app_users/setlang/', { data: { lang: 'ar' } });
  await goto(page, `/confirmemail/${'y'.repeat(43)}`, 'confirmemail');
  await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await expect.poll(() => page.locator('[data-screen="confirmemail"] h1').textContent()).toBe('أكّد عنوان بريدك الإلكتروني الجديد');
  await context.request.post('/app_users/setlang/', { data: { lang: 'en' } });
});
