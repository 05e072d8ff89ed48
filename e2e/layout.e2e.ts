/**
 * The global layout: top bar, resizable drawer (360 px, 3 px border, closed under 960 px) with its
 * course tree, footer, status messages that go after 4500 ms, the Menu button after 120 px of
 * scrolling, keyboard use, and the 20 s session re-check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { COPYRIGHT_YEAR, DRAWER_BORDER_PX, DRAWER_WIDTH_PX, SESSION_RECHECK_MS } from '../src/domain/constants.ts';
import { DEMO, goto, launchBrowser, newPage, ready, signedInPage } from './helpers.ts';

const drawerBox = (page: Page) => page.getByTestId('nav-drawer').boundingBox();
const drawerShown = async (page: Page) => {
  const box = await drawerBox(page);
  const vw = page.viewportSize()!.width;
  return !!box && box.x + box.width > 1 && box.x < vw - 1;
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('on a wide screen', () => {
  it('shows the top bar, top navigation and a 360 px drawer with a 3 px border', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    await goto(page, '/', 'content');
    const top = page.locator('header nav');
    await expect.poll(() => top.getByRole('link').allTextContents()).toEqual(['Home', 'How It Works', 'Courses', 'Resources', 'About']);
    await page.getByTestId('login-button').waitFor();
    const box = (await drawerBox(page))!;
    expect(box.x).toBe(0);
    expect(box.width).toBe(DRAWER_WIDTH_PX);
    expect(await page.getByTestId('nav-drawer').evaluate((el) => getComputedStyle(el).borderInlineEndWidth)).toBe(`${DRAWER_BORDER_PX}px`);
    // The burger hides and shows it.
    await page.getByTestId('drawer-toggle').click();
    await expect.poll(() => drawerShown(page)).toBe(false);
    await page.getByTestId('drawer-toggle').click();
    await expect.poll(() => drawerShown(page)).toBe(true);
    await context.close();
  });

  it('resizes the drawer by dragging, and keeps the width', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    await goto(page, '/', 'content');
    const handle = page.getByRole('separator', { name: 'Resize menu' });
    const h = (await handle.boundingBox())!;
    await page.mouse.move(h.x + h.width / 2, h.y + 200);
    await page.mouse.down();
    await page.mouse.move(h.x + h.width / 2 + 60, h.y + 200, { steps: 4 });
    await page.mouse.move(h.x + h.width / 2 + 120, h.y + 200, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => Math.round((await drawerBox(page))!.width)).toBe(DRAWER_WIDTH_PX + 120);
    // The page content moves along.
    expect(Math.round((await page.locator('#main').boundingBox())!.x)).toBeGreaterThanOrEqual(DRAWER_WIDTH_PX + 120);
    await page.reload();
    await ready(page, 'content');
    await expect.poll(async () => Math.round((await drawerBox(page))!.width)).toBe(DRAWER_WIDTH_PX + 120);
    // Keyboard too: the handle is a focusable separator.
    await handle.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => Math.round((await drawerBox(page))!.width)).toBeLessThan(DRAWER_WIDTH_PX + 120);
    await context.close();
  });

  it('holds Home, How It Works, Courses with lessons and ticked materials, Languages and Logout', async () => {
    const { context, page } = await signedInPage(browser, DEMO.learner);
    await goto(page, '/lessons/intro-online-learning/iol-en-l1/iol-en-selfpaced', 'lesson');
    const drawer = page.getByTestId('nav-drawer');
    for (const name of ['Home', 'How It Works', 'Courses', 'Languages', 'Logout']) {
      expect(await drawer.getByText(name, { exact: true }).count(), name).toBeGreaterThan(0);
    }
    expect(await page.getByTestId('drawer-admin').count()).toBe(0);
    // The current course is open with its lessons; the current lesson shows its materials.
    const current = drawer.locator('[data-lesson-state="current"]');
    await expect.poll(() => current.textContent()).toBe('Getting started');
    await expect.poll(() => drawer.locator('[data-lesson-state="visited"]').allTextContents()).toContain('Studying effectively');
    // Collapsed lessons keep their materials mounted but hidden.
    const viewed = drawer.locator('[data-viewed="true"]:visible');
    await expect.poll(() => viewed.count()).toBe(3);
    expect(await drawer.locator('.material-required[data-viewed="true"]:visible').count()).toBe(2);
    expect(await drawer.locator('.material-optional[data-viewed="true"]:visible').count()).toBe(1);
    // Another lesson's materials open on request: one viewed, two not.
    await drawer.getByRole('button', { name: 'Expand: Studying effectively' }).click();
    await expect.poll(() => drawer.locator('[data-viewed]:visible').count()).toBe(6);
    await expect.poll(() => viewed.count()).toBe(4);
    // Languages list.
    await page.getByTestId('drawer-languages').click();
    await expect.poll(() => drawer.locator('[data-lang]').count()).toBe(6);
    await context.close();
  });

  it('shows Admin to admins', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin);
    await goto(page, '/', 'content');
    await page.getByTestId('drawer-admin').waitFor();
    await page.getByTestId('nav-drawer').getByRole('button', { name: 'Expand: Admin' }).click();
    await expect.poll(() => page.getByTestId('nav-drawer').getByRole('link', { name: 'Reports' }).count()).toBe(1);
    await context.close();
  });

  it('has a footer with link columns, social icons, copyright 2021 and powered-by', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    await goto(page, '/', 'content');
    const footer = page.getByTestId('site-footer');
    await expect.poll(() => footer.locator('nav[aria-label^="Footer links"]').count()).toBe(4);
    expect(await footer.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).toBe('/Terms_of_Use');
    const social = footer.locator('nav[aria-label="Social media"] a');
    expect(await social.count()).toBe(4);
    expect(await social.first().getAttribute('target')).toBe('_blank');
    expect(await footer.textContent()).toContain(`© ${COPYRIGHT_YEAR}`);
    expect(await footer.getByRole('link', { name: 'Open Learning Commons' }).last().getAttribute('href')).toMatch(/^https?:/);
    // A footer link with a hash scrolls to that part of the page.
    await footer.getByRole('link', { name: 'Contact' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/About');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await context.close();
  });

  it('the user menu has the name, Profile, My Classes and Logout', async () => {
    const { context, page } = await signedInPage(browser, DEMO.learner);
    await goto(page, '/', 'content');
    await page.getByTestId('user-menu').click();
    const menu = page.getByRole('menu');
    expect(await menu.textContent()).toContain('Lena Learner');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Profile', 'My Classes', 'Logout']);
    await menu.getByRole('menuitem', { name: 'My Classes' }).click();
    await ready(page, 'user');
    expect(new URL(page.url()).pathname).toBe('/users/profile/enrollment');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('My Classes');
    await context.close();
  });
});

describe('on a narrow screen (375 px)', () => {
  it('keeps the drawer closed, opens it with the burger and closes it after navigating', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 740, consent: 'optout' });
    await goto(page, '/', 'content');
    expect(await drawerShown(page)).toBe(false);
    expect(await page.locator('header nav').isVisible()).toBe(false);
    await page.getByTestId('drawer-toggle').click();
    await expect.poll(() => drawerShown(page)).toBe(true);
    await page.getByTestId('nav-drawer').getByRole('link', { name: 'About' }).click();
    await ready(page, 'content');
    await expect.poll(() => drawerShown(page)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });

  it('shows the Menu button after 120 px of scrolling, and it opens the drawer', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 740, consent: 'optout' });
    await goto(page, '/', 'content');
    const button = page.getByTestId('floating-menu');
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 100));
    await page.waitForTimeout(200);
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await button.waitFor();
    await button.click();
    await expect.poll(() => drawerShown(page)).toBe(true);
    await context.close();
  });
});

describe('scrolling after navigation', () => {
  it('starts a new page at the top and restores the position on Back', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    await goto(page, '/', 'content');
    // Well inside the page's height, so neither the first scroll nor the restore is clamped by a
    // page that is a few pixels shorter while its images are still loading.
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForTimeout(200);
    const scrolled = await page.evaluate(() => Math.round(window.scrollY));
    expect(scrolled).toBeGreaterThan(300);
    // The top bar stays in view, so clicking does not scroll first.
    await page.locator('header nav').getByRole('link', { name: 'Resources' }).click();
    await expect.poll(() => page.locator('[data-screen="content"]').getAttribute('data-page')).toBe('Resources');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.locator('[data-screen="content"]').getAttribute('data-page')).toBe('home');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(scrolled);
    await context.close();
  });
});

describe('status messages', () => {
  it('show translated and go after 4500 ms', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    await goto(page, '/OptOutPreferences', 'optout');
    await page.locator('[data-screen="optout"]').getByRole('button', { name: 'Opt In' }).click();
    const alert = page.locator('[data-status-type="success"]');
    await alert.waitFor();
    const shownAt = Date.now();
    await alert.waitFor({ state: 'detached', timeout: 8000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3500);
    await context.close();
  });
});

describe('keyboard', () => {
  it('reaches the skip link, the menus and the drawer', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    await goto(page, '/', 'content');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    // The language menu opens from the keyboard and closes with Escape.
    await page.getByTestId('language-menu').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menuitem');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('language-menu');
    // Every drawer entry is a link or a button.
    const untabbable = await page
      .getByTestId('nav-drawer')
      .evaluate((nav) => [...nav.querySelectorAll('li')].filter((li) => !li.querySelector('a[href], button')).length);
    expect(untabbable).toBe(0);
    await context.close();
  });
});

describe('the session', () => {
  it(`is re-checked every ${SESSION_RECHECK_MS / 1000} s: a sign-out elsewhere shows within one poll`, async () => {
    const { context, page } = await signedInPage(browser, DEMO.editor);
    await page.clock.install();
    await goto(page, '/About', 'content');
    await page.getByTestId('user-menu').waitFor();
    // Another tab of the same browser signs out.
    const other = await context.newPage();
    await other.request.post('/app_users/logout', { data: {} });
    await page.waitForTimeout(300);
    expect(await page.getByTestId('user-menu').count()).toBe(1);
    await page.clock.fastForward(SESSION_RECHECK_MS + 500);
    await page.getByTestId('login-button').waitFor({ timeout: 5000 });
    await context.close();
  });
});
