/**
 * A learner's first journey: register through the form (each validation message once), sign in,
 * edit the profile, change the password, sign out, sign in again; and the forgotten-password mail.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG } from '../src/domain/messages.ts';
import {
  DEMO,
  DEMO_PASSWORD,
  goto,
  latestMailTo,
  screenshot,
  launchBrowser,
  logoutViaMenu,
  newPage,
  pageErrors,
  ready,
  seriousViolations,
  uniqueEmail,
} from './helpers.ts';

/** The message shown under a form field (Mantine renders it beside the input). */
async function fieldError(page: Page, name: string): Promise<string | null> {
  return page.evaluate((n) => {
    const input = document.querySelector(`form [name="${n}"]`);
    const root = input?.closest('[class*="InputWrapper-root"], [class*="Checkbox-root"]');
    return root?.querySelector('[class*="-error"]')?.textContent ?? null;
  }, name);
}

async function chooseCountry(page: Page, country: string) {
  await page.getByRole('combobox', { name: 'Country' }).selectOption(country);
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = uniqueEmail('journey');
const firstPassword = 'First-pass1!';
const secondPassword = 'Second-pass2?';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, { consent: 'optout' }));
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshot(page, `failed-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
});

describe('a new learner', () => {
  it('sees every registration message, on submit and on change', async () => {
    await goto(page, '/register', 'register');
    const form = page.getByTestId('registration-form');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => page.getByTestId('registration-error').textContent()).toBe(MSG.correctFields);
    expect(await fieldError(page, 'firstname')).toBe(MSG.requiredName);
    expect(await fieldError(page, 'email')).toBe(MSG.emailRequired);
    expect(await fieldError(page, 'city')).toBe(MSG.required);
    expect(await fieldError(page, 'password')).toBe(MSG.passwordRule);
    expect(await fieldError(page, 'terms')).toBe(MSG.agreeTerms);
    // The password hint is always there.
    await expect.poll(() => form.textContent()).toContain(MSG.passwordHint);

    // On change: each message appears as the field is edited, and goes once it is right.
    await form.locator('[name=firstname]').fill('Nina');
    expect(await fieldError(page, 'firstname')).toBeNull();
    await form.locator('[name=lastname]').fill('Tester*');
    expect(await fieldError(page, 'lastname')).toBe(MSG.requiredName);
    await form.locator('[name=lastname]').fill('Tester');
    await form.locator('[name=email]').fill('nina@');
    // Typed but malformed: the message says it is not valid (empty said "required" above).
    expect(await fieldError(page, 'email')).toBe(MSG.emailInvalid);
    await form.locator('[name=email]').fill(email);
    await form.locator('[name=confirmemail]').fill('other@example.net');
    expect(await fieldError(page, 'confirmemail')).toBe(MSG.emailsMustMatch);
    await form.locator('[name=confirmemail]').fill(email.toUpperCase());
    expect(await fieldError(page, 'confirmemail')).toBeNull();
    await form.locator('[name=phone]').fill('call me');
    expect(await fieldError(page, 'phone')).toBe(MSG.phone);
    await form.locator('[name=phone]').fill('+351 (21) 555-0100');
    expect(await fieldError(page, 'phone')).toBeNull();
    await form.locator('[name=city]').fill('Porto');
    await form.locator('[name=state]').fill('Norte$');
    expect(await fieldError(page, 'state')).toBe(MSG.stateHint);
    await form.locator('[name=state]').fill('Norte');
    expect(await fieldError(page, 'state')).toBeNull();
    await chooseCountry(page, 'Portugal');
    await form.locator('[name=password]').fill('short');
    expect(await fieldError(page, 'password')).toBe(MSG.passwordRule);
    await form.locator('[name=password]').fill(firstPassword);
    await form.locator('[name=confirmpassword]').fill(`${firstPassword}x`);
    expect(await fieldError(page, 'confirmpassword')).toBe(MSG.passwordsMustMatch);
    await form.locator('[name=confirmpassword]').fill(firstPassword);
    expect(await fieldError(page, 'confirmpassword')).toBeNull();

    // Show/hide the password.
    await expect.poll(() => form.locator('[name=password]').getAttribute('type')).toBe('password');
    await form.getByRole('button', { name: 'Show or hide password' }).first().click();
    await expect.poll(() => form.locator('[name=password]').getAttribute('type')).toBe('text');

    // Still missing the terms.
    await page.getByTestId('register-submit').click();
    await expect.poll(() => fieldError(page, 'terms')).toBe(MSG.agreeTerms);
    await form.locator('[name=terms]').check();
    expect(await fieldError(page, 'terms')).toBeNull();
  });

  it('registers and lands signed in on the configured destination', async () => {
    await page.getByTestId('register-submit').click();
    await page.getByTestId('user-menu').waitFor();
    const dest =
      ((await (await context.request.get('/app_users/whoami')).json()) as { config: { registrationdestination?: string } }).config
        .registrationdestination ?? '/';
    await expect.poll(() => new URL(page.url()).pathname).toBe(dest);
    await expect.poll(() => page.getByTestId('status-area').textContent()).toContain(MSG.registered);
    expect(await page.getByTestId('user-menu').textContent()).toContain('Nina Tester');
  });

  it('signs out and back in (a wrong password is refused)', async () => {
    await logoutViaMenu(page);
    await goto(page, '/login', 'login');
    await page.locator('input[name=login]').fill(email);
    await page.locator('input[name=password]').fill('Wrong-pass9!');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe(MSG.loginFailed);
    await page.locator('input[name=password]').fill(firstPassword);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('edits the profile from the user menu', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-profile').click();
    await ready(page, 'user');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('User Profile');
    const fields = page.getByTestId('profile-fields');
    await expect.poll(() => fields.textContent()).toContain('Porto');
    await page.getByTestId('profile-edit').click();
    const form = page.getByTestId('profile-form');
    await form.locator('[name=city]').fill('Braga');
    await form.locator('[name=postal]').fill('4700-001');
    await form.locator('[name=phone]').fill('letters');
    await expect.poll(() => fieldError(page, 'phone')).toBe(MSG.phone);
    await form.locator('[name=phone]').fill('+351 253 000 000');
    await form.getByRole('combobox', { name: 'How did you hear about us?' }).selectOption('a newsletter');
    await form.getByRole('combobox', { name: 'Vocation' }).selectOption('Education');
    await form.locator('[name=bio]').fill('I teach adults to read.');
    await page.getByTestId('profile-save').click();
    await expect.poll(() => fields.textContent()).toContain('Braga');
    const text = await fields.textContent();
    expect(text).toContain('4700-001');
    expect(text).toContain('a newsletter');
    expect(text).toContain('Education');
    await page.reload();
    await ready(page, 'user');
    await expect.poll(() => page.getByTestId('profile-fields').textContent()).toContain('Braga');
    await expect.poll(() => page.locator('[data-screen="user"]').textContent()).toContain('I teach adults to read.');
  });

  it('cancels an edit without saving', async () => {
    await page.getByTestId('profile-edit').click();
    await page.getByTestId('profile-form').locator('[name=city]').fill('Nowhere');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByTestId('profile-fields').textContent()).toContain('Braga');
    expect(await page.getByTestId('profile-fields').textContent()).not.toContain('Nowhere');
  });

  it('changes the password', async () => {
    await page.getByRole('link', { name: 'Change Password' }).click();
    await ready(page, 'user');
    await expect.poll(() => page.locator('[data-screen="user"]').getAttribute('data-panel')).toBe('changepassword');
    const form = page.getByTestId('changepassword-form');
    // A change needs the current password.
    await form.locator('[name=password]').fill(secondPassword);
    await form.locator('[name=confirmpassword]').fill(secondPassword);
    await page.getByTestId('changepassword-submit').click();
    await expect.poll(() => fieldError(page, 'currentpassword')).toBe(MSG.currentPasswordRequired);
    await form.locator('[name=currentpassword]').fill(firstPassword);
    await form.locator('[name=password]').fill('short');
    await form.locator('[name=confirmpassword]').fill('short');
    await page.getByTestId('changepassword-submit').click();
    await expect.poll(() => fieldError(page, 'password')).toBe(MSG.passwordTooShort);
    await form.locator('[name=password]').fill(secondPassword);
    await form.locator('[name=confirmpassword]').fill(`${secondPassword}!`);
    expect(await fieldError(page, 'confirmpassword')).toBe(MSG.passwordsMustMatch);
    // Each field has its own show/hide toggle.
    expect(await form.getByRole('button', { name: 'Show or hide password' }).count()).toBe(3);
    await form.locator('[name=confirmpassword]').fill(secondPassword);
    await page.getByTestId('changepassword-submit').click();
    await expect.poll(() => page.getByTestId('status-area').textContent()).toContain(MSG.passwordChanged);
    await page.getByTestId('user-menu').waitFor();
  });

  it('signs out and in again with the new password only', async () => {
    await logoutViaMenu(page);
    const old = await context.request.post('/users/login', { data: { login: email, password: firstPassword } });
    expect(old.status()).toBe(401);
    await goto(page, '/login', 'login');
    await page.locator('input[name=login]').fill(email);
    await page.locator('input[name=password]').fill(secondPassword);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it('Leave on the password screen goes home', async () => {
    await goto(page, '/user/changepassword', 'user');
    await page.getByRole('link', { name: 'Leave' }).click();
    await ready(page, 'content');
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('signing in from a protected page', () => {
  it('returns to the page that asked for it', async () => {
    const { context: ctx, page: p } = await newPage(browser, { consent: 'optout' });
    await p.goto('/users/profile/enrollment');
    await ready(p, 'login');
    expect(new URL(p.url()).searchParams.get('redirect')).toBe('/users/profile/enrollment');
    await p.locator('input[name=login]').fill(DEMO.learner);
    await p.locator('input[name=password]').fill(DEMO_PASSWORD);
    await p.getByTestId('login-submit').click();
    await expect.poll(() => new URL(p.url()).pathname).toBe('/users/profile/enrollment');
    await ready(p, 'user');
    await ctx.close();
  });
});

describe('a forgotten password', () => {
  it('sends a temporary password by e-mail and returns to login with the message', async () => {
    const { context: ctx, page: p } = await newPage(browser, { consent: 'optout' });
    await goto(p, '/login', 'login');
    await p.getByRole('link', { name: 'Forgot your password?' }).click();
    await ready(p, 'passwordreset');
    await p.locator('input[name=email]').fill(email);
    await p.getByTestId('reset-submit').click();
    await ready(p, 'login');
    await expect.poll(() => p.getByTestId('status-area').textContent()).toContain(MSG.resetSent);
    // The newest mail to the address that carries a temporary password (a password-change notice came before).
    const tempIn = () => /temporary password is:\s*(\S+)/i.exec((latestMailTo(email) ?? '').replace(/=\r?\n/g, ''))?.[1];
    await expect.poll(tempIn, { timeout: 10_000 }).toBeTruthy();
    const temp = tempIn();
    expect(temp, 'temporary password in the mail').toBeTruthy();
    await p.locator('input[name=login]').fill(email);
    await p.locator('input[name=password]').fill(temp!);
    await p.getByTestId('login-submit').click();
    await p.getByTestId('user-menu').waitFor();
    // Signed in with the temporary password: kept on the change screen until a new password is set,
    // which needs no current password (the mailed one stood in for it).
    await expect.poll(() => new URL(p.url()).pathname).toBe('/user/changepassword');
    await p.getByTestId('forced-password-notice').waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await p.goto('/users/profile');
    await expect.poll(() => new URL(p.url()).pathname).toBe('/user/changepassword');
    const form = p.getByTestId('changepassword-form');
    expect(await form.locator('[name=currentpassword]').count()).toBe(0);
    await form.locator('[name=password]').fill('Third-pass3#');
    await form.locator('[name=confirmpassword]').fill('Third-pass3#');
    await p.getByTestId('changepassword-submit').click();
    await expect.poll(() => p.getByTestId('status-area').textContent()).toContain(MSG.passwordChanged);
    await expect.poll(() => new URL(p.url()).pathname).toBe('/users/profile');
    expect(await p.getByTestId('forced-password-notice').count()).toBe(0);
    // The old password and the temporary one are both spent now.
    expect((await ctx.request.post('/users/login', { data: { login: email, password: temp } })).status()).toBe(401);
    expect((await ctx.request.post('/users/login', { data: { login: email, password: 'Third-pass3#' } })).status()).toBe(200);
    await ctx.close();
  });

  it('answers the same for an unknown address', async () => {
    const { context: ctx, page: p } = await newPage(browser, { consent: 'optout' });
    await goto(p, '/passwordreset', 'passwordreset');
    await p.locator('input[name=email]').fill(uniqueEmail('nobody'));
    await p.getByTestId('reset-submit').click();
    await ready(p, 'login');
    await expect.poll(() => p.getByTestId('status-area').textContent()).toContain(MSG.resetSent);
    await ctx.close();
  });
});
