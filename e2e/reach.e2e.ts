/**
 * Six languages and small screens: country names in the reader's language, numbers that read right
 * in Arabic, plural forms, YYYY-MM-DD date fields, and the keyboard and layout defects a learner met
 * (skip link, password toggle, Escape on the phone menu, footer links, headings, login messages).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO, goto, launchBrowser, newPage, screenshot, signedInPage, uniqueEmail } from './helpers.ts';
import { MSG } from '../src/domain/messages.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh account in `lang` (the demo accounts are shared with other journeys). */
async function accountIn(lang: string, extra: Record<string, unknown> = {}) {
  const { context, page } = await newPage(browser, { consent: 'optout' });
  const email = uniqueEmail(`reach-${lang}`);
  const password = 'Reach-pass1!';
  const r = await context.request.post('/app_users/register', {
    data: {
      firstname: 'Rana',
      lastname: 'Reach',
      email,
      confirmemail: email,
      password,
      confirmpassword: password,
      city: 'Amman',
      country: 'JO',
      terms: true,
      lang,
      ...extra,
    },
  });
  expect(r.status(), await r.text()).toBe(200);
  return { context, page, email, id: ((await r.json()) as { user: { _id: string } }).user._id };
}

describe("countries in the reader's language", () => {
  it.each([
    ['es', 'España', 'Alemania'],
    ['de', 'Spanien', 'Deutschland'],
    ['ar', 'إسبانيا', 'ألمانيا'],
    ['fr', 'Espagne', 'Allemagne'],
    ['pt', 'Espanha', 'Alemanha'],
    ['en', 'Spain', 'Germany'],
  ])('the %s registration form names and sorts countries in that language', async (lang, spain, germany) => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    try {
      await context.request.post('/app_users/setlang/', { data: { lang } });
      await goto(page, '/register', 'register');
      const select = page.locator('select[name="country"]');
      const labels = await select.locator('option').allTextContents();
      expect(labels).toContain(spain);
      expect(labels).toContain(germany);
      const names = labels.slice(1);
      expect(names).toEqual([...names].sort(new Intl.Collator(lang).compare));
      expect(await select.locator('option', { hasText: spain }).getAttribute('value')).toBe('ES');
    } finally {
      await context.close();
    }
  });
});

describe('Arabic: numbers, phones and counts', () => {
  it('the profile shows a phone number and the country as they read in Arabic', async () => {
    const { context, page } = await accountIn('ar', { phone: '+234 (1) 555-0101', country: 'NG' });
    try {
      await page.setViewportSize({ width: 375, height: 800 });
      await goto(page, '/user/profile', 'user');
      const fields = page.getByTestId('profile-fields');
      await expect.poll(() => fields.textContent()).toContain('نيجيريا');
      const phone = fields.locator('bdi[dir="ltr"]', { hasText: '555-0101' });
      expect(await phone.textContent()).toBe('+234 (1) 555-0101');
      // Rendered left to right: the plus sign is at the left edge of the number.
      const box = await phone.boundingBox();
      const plusLeft = await phone.evaluate((el) => {
        const range = document.createRange();
        range.setStart(el.firstChild!, 0);
        range.setEnd(el.firstChild!, 1);
        return range.getBoundingClientRect().left;
      });
      expect(plusLeft - box!.x).toBeLessThan(2);
      await screenshot(page, 'reach-profile-ar-375');
    } finally {
      await context.close();
    }
  });
});

describe('keyboard and small screens', () => {
  it('the skip link is the first Tab stop and reaches the login form; the password toggle is reachable by Tab', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    try {
      await goto(page, '/login', 'login');
      // The skip link is the first focusable element, so the first Tab of a page lands on it.
      const first = await page.evaluate(
        () => document.querySelector<HTMLElement>('a[href], button, input, select, textarea, [tabindex="0"]')?.className ?? '',
      );
      expect(first).toContain('skip-link');
      await page.locator('.skip-link').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
      // From there the form is a few Tabs away (it took 24 without the skip link).
      let reached = '';
      for (let i = 0; i < 6 && reached !== 'password'; i++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');
      }
      expect(reached).toBe('password');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Show or hide password');
    } finally {
      await context.close();
    }
  });

  it('an empty login form marks its fields and drops an earlier error', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    try {
      await goto(page, '/login', 'login');
      await page.locator('input[name=login]').fill('nobody@example.org');
      await page.locator('input[name=password]').fill('wrong-password');
      await page.getByTestId('login-submit').click();
      await page.getByTestId('login-error').waitFor();
      await page.locator('input[name=login]').fill('');
      await page.locator('input[name=password]').fill('');
      await page.getByTestId('login-submit').click();
      await expect.poll(() => page.getByTestId('login-error').count()).toBe(0);
      expect(await page.locator('form').textContent()).toContain(MSG.emailRequired);
      expect(await page.locator('form').textContent()).toContain(MSG.required);
    } finally {
      await context.close();
    }
  });

  it('a malformed address on the registration form gets "not valid", not "required"', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    try {
      await goto(page, '/register', 'register');
      await page.locator('input[name=email]').fill('nina@bad');
      await page.locator('input[name=email]').blur();
      await page.locator('input[name=confirmemail]').focus();
      await page.getByTestId('registration-form').locator('button[type=submit]').click();
      await expect.poll(() => page.getByTestId('registration-form').textContent()).toContain(MSG.emailInvalid);
    } finally {
      await context.close();
    }
  });

  it('Escape closes the phone menu; the footer offers no Sign Up to a signed-in user', async () => {
    const { context, page } = await signedInPage(browser, DEMO.learner, { width: 375, height: 800 });
    try {
      await goto(page, '/', 'content');
      await page.getByTestId('drawer-toggle').click();
      const drawer = page.locator('[data-drawer]');
      await expect.poll(() => drawer.getAttribute('data-drawer')).toBe('open');
      await page.keyboard.press('Escape');
      await expect.poll(() => drawer.getAttribute('data-drawer')).toBe('closed');
      const footer = page.getByTestId('site-footer');
      expect(await footer.getByRole('link', { name: 'Sign Up' }).count()).toBe(0);
      expect(await footer.getByRole('link', { name: 'About' }).count()).toBe(1);
    } finally {
      await context.close();
    }
    const visitor = await newPage(browser, { consent: 'optout' });
    try {
      await goto(visitor.page, '/', 'content');
      expect(await visitor.page.getByTestId('site-footer').getByRole('link', { name: 'Sign Up' }).count()).toBe(1);
    } finally {
      await visitor.context.close();
    }
  });

  it('Courses, Resources and the not-found page carry their heading once; one main landmark', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    try {
      for (const path of ['/Courses', '/Resources', '/no-such-page-here']) {
        await goto(page, path, 'content');
        const headings = await page.locator('h1, h2').allTextContents();
        expect(new Set(headings).size, `${path}: ${headings.join(' | ')}`).toBe(headings.length);
        expect(await page.locator('main').count()).toBe(1);
      }
    } finally {
      await context.close();
    }
  });

  it("admin date filters are typed YYYY-MM-DD, not in the browser's locale format", async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin);
    try {
      await goto(page, '/admin/dashboard', 'admin');
      const from = page.getByTestId('stats-filters').getByLabel('From');
      expect(await from.evaluate((el) => (el as HTMLInputElement).type)).toBe('text');
      expect(await from.getAttribute('placeholder')).toBe('YYYY-MM-DD');
      expect(await from.evaluate((el) => el.closest('[dir]')?.getAttribute('dir'))).toBe('ltr');
    } finally {
      await context.close();
    }
  });
});

describe('a learner at 0%', () => {
  it('is offered Start, not Continue Course', async () => {
    const { context, page } = await accountIn('en');
    try {
      const r = await context.request.post('/app_enrollment/enroll/iol-en-selfpaced', { data: { courseid: 'intro-online-learning' } });
      expect(r.status(), await r.text()).toBe(200);
      await goto(page, '/Course/intro-online-learning/iol-en-selfpaced', 'course');
      const button = page.getByTestId('continue-course');
      await button.waitFor();
      expect(await button.getAttribute('data-started')).toBe('false');
      expect((await button.textContent())?.trim()).toBe('Start');
    } finally {
      await context.close();
    }
  });
});

describe('a quiz on a phone', () => {
  it('brings the result into view after submitting; a failed quiz shows no trophy', async () => {
    const { context, page } = await accountIn('en');
    try {
      await page.setViewportSize({ width: 375, height: 700 });
      expect(
        (await context.request.post('/app_enrollment/enroll/iol-en-selfpaced', { data: { courseid: 'intro-online-learning' } })).status(),
      ).toBe(200);
      await goto(page, '/lessons/intro-online-learning/iol-en-l2/iol-en-selfpaced/iol-en-l2-m3', 'lesson');
      const quiz = page.getByTestId('quiz-iol-en-l2-m3');
      await quiz.getByTestId('quiz-start').click();
      for (const [i, letter] of ['A', 'B', 'A', 'A'].entries())
        await quiz.locator(`[data-question="${i}"] input[value="${letter}"]`).check();
      await quiz.getByTestId('quiz-submit').click();
      const result = quiz.getByTestId('quiz-result');
      await result.waitFor();
      expect(await result.getAttribute('data-passed')).toBe('false');
      await expect
        .poll(async () => {
          const box = await result.boundingBox();
          return !!box && box.y >= 0 && box.y < 700;
        })
        .toBe(true);
      await goto(page, '/Course/intro-online-learning/iol-en-selfpaced', 'course');
      const row = page.locator('[data-lesson="iol-en-l2"]');
      await row.locator('[data-quiz]').waitFor();
      expect(await row.locator('[data-quiz]').getAttribute('data-quiz')).toBe('failed');
      expect(await row.textContent()).toContain('Quiz not passed');
    } finally {
      await context.close();
    }
  });
});
