/**
 * Two-factor sign-in in the browser: a new learner sets it up from the account area (the code is
 * computed here with the same TOTP library the server uses), keeps the recovery codes, signs out and
 * signs in again with password and code. The screens are axe-clean in English and in right-to-left Arabic.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { MSG } from '../src/domain/messages.ts';
import { goto, launchBrowser, logoutViaMenu, newPage, pageErrors, screenshot, seriousViolations, uniqueEmail } from './helpers.ts';

const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });

let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = uniqueEmail('twofactor');
const password = 'Twofactor-pass1!';
let secret = '';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, { consent: 'optout' }));
  const reg = await context.request.post('/app_users/register', {
    data: {
      firstname: 'Tess',
      lastname: 'Factor',
      email,
      confirmemail: email,
      city: 'Lisbon',
      country: 'Portugal',
      password,
      confirmpassword: password,
      terms: true,
    },
  });
  expect(reg.status()).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshot(page, `failed-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
});

describe('two-factor sign-in', () => {
  it('is set up from the account area: scan, confirm with a code, keep the recovery codes', async () => {
    await goto(page, '/user/security', 'user');
    await page.getByTestId('twofactor-panel').waitFor();
    expect(await page.getByTestId('twofactor-state').textContent()).toBe('Off');
    expect(await seriousViolations(page)).toEqual([]);
    // The password is asked first; a wrong one is refused.
    await page.getByTestId('twofactor-password').fill('not-my-password');
    await page.getByTestId('twofactor-start').click();
    await expect.poll(() => page.getByTestId('twofactor-start-error').textContent()).toBe(MSG.twoFactorPasswordWrong);
    // Keyboard: typed and submitted without a mouse.
    await page.getByTestId('twofactor-password').fill(password);
    await page.getByTestId('twofactor-password').press('Enter');
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    secret = (await page.getByTestId('twofactor-secret').textContent())!.trim();
    await screenshot(page, 'twofactor-setup');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await seriousViolations(page)).toEqual([]);
    // A wrong code is refused with the message.
    await page.getByTestId('twofactor-code').fill(codeAt(secret, Date.now() - 3600_000));
    await page.getByTestId('twofactor-confirm').click();
    await expect.poll(() => page.getByTestId('twofactor-error').textContent()).toBe(MSG.twoFactorCodeWrong);
    await page.getByTestId('twofactor-code').fill(codeAt(secret, Date.now()));
    await page.getByTestId('twofactor-code').press('Enter');
    await page.getByTestId('recovery-codes').waitFor();
    expect(await page.getByTestId('recovery-code').count()).toBe(10);
    await screenshot(page, 'twofactor-recovery-codes');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('recovery-done').click();
    await expect.poll(() => page.getByTestId('twofactor-state').textContent()).toBe('On');
    await expect.poll(() => page.getByTestId('recovery-left').textContent()).toContain('10');
  });

  it('asks for the code after the password, and signs in with it', async () => {
    await logoutViaMenu(page);
    await goto(page, '/login', 'login');
    await page.locator('input[name=login]').fill(email);
    await page.locator('input[name=password]').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('twofactor-step').waitFor();
    // No session yet.
    expect((await (await context.request.get('/app_users/whoami')).json()).user).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    // The code of the next 30-second step (the server accepts one step either side; the setup used this one).
    await page.getByTestId('login-code').fill(codeAt(secret, Date.now() + 30_000));
    await page.getByTestId('login-code').press('Enter');
    await page.getByTestId('user-menu').waitFor();
    expect((await (await context.request.get('/app_users/whoami')).json()).user.email).toBe(email);
    expect(pageErrors(page)).toEqual([]);
  });

  it('shows the second step right-to-left in Arabic, axe-clean', async () => {
    const ar = await newPage(browser, { consent: 'optout' });
    try {
      expect((await ar.context.request.post('/app_users/setlang/', { data: { lang: 'ar' } })).status()).toBe(200);
      await goto(ar.page, '/login', 'login');
      expect(await ar.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await ar.page.locator('input[name=login]').fill(email);
      await ar.page.locator('input[name=password]').fill(password);
      await ar.page.getByTestId('login-submit').click();
      await ar.page.getByTestId('twofactor-step').waitFor();
      await expect.poll(() => ar.page.getByTestId('twofactor-step').textContent()).toContain('أدخل الرمز');
      // Codes are typed left to right inside the right-to-left page.
      expect(await ar.page.getByTestId('login-code').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      expect(await seriousViolations(ar.page)).toEqual([]);
      await screenshot(ar.page, 'twofactor-code-step-ar');
      await ar.page.getByTestId('login-code').fill('000000' === codeAt(secret, Date.now()) ? '111111' : '000000');
      await ar.page.getByTestId('login-code-submit').click();
      await expect
        .poll(() => ar.page.getByTestId('login-error').textContent())
        .toBe('هذا الرمز غير صحيح. يرجى المحاولة مرة أخرى برمز جديد.');
    } finally {
      await ar.context.close();
    }
  });
});
