/**
 * The course catalogue and the course page: a course card's button changes as
 * a new learner enrols (View Course -> Get Started) and starts (-> Continue); the course page shows Join
 * This Course to visitors, Continue Course, progress and the visited lesson to the learner, the welcome
 * panel after signing up; an Inactive course sends visitors home; a reader of another language moves to
 * the course's sibling in that language.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { goto, launchBrowser, newPage, pageErrors, screenshot, uniqueEmail } from './helpers.ts';

const COURSE = 'intro-online-learning';
const CLASS = 'iol-en-selfpaced';
const LESSON = 'iol-en-l1';

let browser: Browser;
let learner: { context: BrowserContext; page: Page; id: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const { context, page } = await newPage(browser, { consent: 'optout' });
  const email = uniqueEmail('cards');
  const password = 'Learner-pass1!';
  const r = await context.request.post('/app_users/register', {
    data: {
      firstname: 'Carla',
      lastname: 'Cardtest',
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
  learner = { context, page, id: (await r.json()).user._id };
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await screenshot(learner.page, `failed-content-courses-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
});

/** The button of a course's card in the catalogue: its label and where it leads. */
async function cardButton(page: Page, course: string) {
  const button = page.locator(`[data-testid="course-list"] [data-course="${course}"] [data-testid="course-action"]`).first();
  await button.waitFor();
  return { action: await button.getAttribute('data-action'), href: await button.getAttribute('href') };
}

describe("a course card's button follows the learner's enrolment", () => {
  it('View Course, then Get Started once enrolled, then Continue once started', async () => {
    const { page, context } = learner;
    await goto(page, '/Courses', 'content');
    expect(await cardButton(page, COURSE)).toEqual({ action: 'View Course', href: `/Course/${COURSE}` });
    // Inactive courses are not listed.
    expect(await page.locator('[data-course="archived-facilitation"]').count()).toBe(0);
    await screenshot(page, 'content-courses-en-1280');

    const enrolled = await context.request.post(`/app_enrollment/enroll/${CLASS}`, { data: { courseid: COURSE, classid: CLASS } });
    expect(enrolled.status(), await enrolled.text()).toBe(200);
    await goto(page, '/Courses', 'content');
    expect(await cardButton(page, COURSE)).toEqual({ action: 'Get Started', href: `/Course/${COURSE}` });

    const viewed = await context.request.post('/app_enrollment/viewed', {
      data: { user: learner.id, classid: CLASS, lessonid: LESSON, course: COURSE, materialid: `${LESSON}-m1` },
    });
    expect(viewed.status(), await viewed.text()).toBe(200);
    await goto(page, '/Courses', 'content');
    expect(await cardButton(page, COURSE)).toEqual({ action: 'Continue', href: `/lessons/${COURSE}/next` });
    // The other course is untouched.
    expect((await cardButton(page, 'community-health-basics')).action).toBe('View Course');
    expect(pageErrors(page)).toEqual([]);
  });

  it("shows the learner's course page with progress, the visited lesson and Continue Course", async () => {
    const { page } = learner;
    await goto(page, `/Course/${COURSE}`, 'course');
    await page.getByTestId('continue-course').waitFor();
    expect(await page.getByTestId('continue-course').getAttribute('href')).toBe(`/lessons/${COURSE}/next/${CLASS}`);
    expect(await page.getByTestId('join-course').count()).toBe(0);
    await page.getByTestId('course-progress').waitFor();
    await page.locator(`[data-lesson="${LESSON}"][data-visited="true"]`).waitFor();
    expect(await page.locator('[data-lesson="iol-en-l2"][data-visited="true"]').count()).toBe(0);
    await page.getByTestId('class-block').waitFor();
    await screenshot(page, 'course-page-learner-en-1280');

    await goto(page, `/Course/${COURSE}/${CLASS}/welcome`, 'course');
    await page.getByTestId('course-welcome').waitFor();
  });
});

describe('the course page for visitors', () => {
  it('offers Join This Course, sends away from an Inactive course, and moves readers to their language', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    await goto(page, `/Course/${COURSE}`, 'course');
    const join = page.getByTestId('join-course');
    await join.waitFor();
    expect(await join.getAttribute('href')).toBe(`/users/enroll/${COURSE}`);
    expect(await page.getByTestId('continue-course').count()).toBe(0);
    expect(await page.locator('[data-testid="lesson-list"] [data-lesson]').count()).toBe(3);
    await screenshot(page, 'course-page-visitor-en-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'course-page-visitor-en-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    await goto(page, '/Course/archived-facilitation');
    await page.waitForURL((u) => u.pathname === '/');

    await context.request.post('/app_users/setlang/', { data: { lang: 'es' } });
    await goto(page, `/Course/${COURSE}`);
    await page.waitForURL((u) => u.pathname === `/Course/${COURSE}-es`);
    await page.locator(`[data-screen="course"][data-course="${COURSE}-es"]`).waitFor();
    await context.close();
  });

  it('fits a phone screen in Arabic, right to left', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout', width: 375, height: 800 });
    await context.request.post('/app_users/setlang/', { data: { lang: 'ar' } });
    await goto(page, `/Course/${COURSE}-ar`, 'course');
    await page.getByTestId('join-course').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'course-page-ar-375');
    await goto(page, '/Courses', 'content');
    await page.locator('[data-testid="course-list"] [data-course]').first().waitFor();
    await screenshot(page, 'content-courses-ar-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await goto(page, `/Course/${COURSE}-ar`, 'course');
    await page.getByTestId('join-course').waitFor();
    await screenshot(page, 'course-page-ar-1280');
    await context.close();
  });
});
