/**
 * An instructor's journey: create a class from My Classes, share its code
 * (the confirmation's link), a new learner enrols with it and reads a lesson, and the instructor sees
 * the learner among the participants with a lesson count. Fellow learners see names only; users
 * without rights are sent to the course page.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG } from '../src/domain/messages.ts';
import { DEMO, goto, launchBrowser, newPage, pageErrors, ready, screenshot, signedInPage, uniqueEmail } from './helpers.ts';

const COURSE = 'intro-online-learning';

let browser: Browser;
let teacher: { context: BrowserContext; page: Page };
let learner: { context: BrowserContext; page: Page };
const learnerEmail = uniqueEmail('cohort');
const className = `Evening group ${Date.now().toString(36)}`;
let classId = '';
let shareLink = '';
let regcode = '';

beforeAll(async () => {
  browser = await launchBrowser();
  teacher = await signedInPage(browser, DEMO.instructor);
  learner = await newPage(browser, { consent: 'optout' });
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    await screenshot(teacher.page, `failed-instructor-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
    await screenshot(learner.page, `failed-instructor-learner-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
  }
});

const path = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);

describe('an instructor and a private group', () => {
  it('creates a class from My Classes and gets its registration code to share', async () => {
    const { page } = teacher;
    await goto(page, '/users/profile/enrollment', 'user');
    // The demo instructor hosts the spring cohort, with its code.
    const hosted = page.locator('[data-testid="hosted-class"][data-class="iol-en-group-spring"]');
    await hosted.waitFor();
    expect(await hosted.getByTestId('hosted-regcode').textContent()).toBe('SPRING26');
    await page.getByTestId('create-class').click();
    await ready(page, 'class');
    expect(await page.locator('[data-screen="class"]').getAttribute('data-panel')).toBe('create');

    // A name is needed; nothing is saved without one.
    await page.getByTestId('class-save').click();
    await expect.poll(() => page.getByTestId('class-form-error').textContent()).toContain(MSG.correctFields);
    await expect.poll(() => page.getByTestId('class-form').textContent()).toContain(MSG.classNameRequired);
    // Certified for the English intro course only: it is chosen already.
    await expect.poll(() => page.getByTestId('class-course').inputValue()).toBe('Introduction to Online Learning');
    await page.getByTestId('class-name').fill(className);
    await page.getByTestId('class-startdate').fill('2026-12-01');
    await page.locator('textarea[name=description]').fill('Tuesday evenings, online.\n\nBring your questions.');
    await screenshot(page, 'learning-class-create-1280');
    await page.getByTestId('class-save').click();

    await expect.poll(() => path(page)).toMatch(/^\/class\/confirmation\/.+/);
    classId = path(page).split('/').pop()!;
    regcode = (await page.getByTestId('confirmation-regcode').textContent())!;
    expect(regcode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    shareLink = await page.getByTestId('confirmation-link').inputValue();
    expect(shareLink).toContain(`/users/enroll/${COURSE}?regcode=${regcode}`);
    expect(await page.getByTestId('confirmation-name').textContent()).toBe(className);
    await screenshot(page, 'learning-class-confirmation-1280');

    // The stored class: instructor is the current user, private group, description as paragraphs.
    const [stored] = await (await teacher.context.request.post('/app_classes/list', { data: { _id: classId } })).json();
    expect(stored).toMatchObject({
      name: className,
      course: COURSE,
      selfpaced: false,
      instructorname: 'Ines Instructor',
      startdate: '2026-12-01',
      regcode,
    });
    expect(stored.description).toBe('<p>Tuesday evenings, online.</p>\n<p>Bring your questions.</p>');
  });

  it('a new learner enrols with the shared link and reads a lesson', async () => {
    const { page, context } = learner;
    const reg = await context.request.post('/app_users/register', {
      data: {
        firstname: 'Omar',
        lastname: 'Cohort',
        email: learnerEmail,
        confirmemail: learnerEmail,
        city: 'Cairo',
        country: 'Egypt',
        password: 'Cohort-pass1!',
        confirmpassword: 'Cohort-pass1!',
        terms: true,
      },
    });
    expect(reg.status()).toBe(200);
    await goto(page, new URL(shareLink).pathname + new URL(shareLink).search, 'user');
    // The code from the link is checked at once.
    await expect.poll(() => page.getByTestId('enroll-class-name').textContent()).toBe(className);
    await page.getByTestId('enroll-submit').click();
    await expect.poll(() => path(page)).toBe(`/Course/${COURSE}`);

    // Back on the enrol page the class is recognised.
    await goto(page, `/users/enroll/${COURSE}?regcode=${regcode}`, 'user');
    await page.getByTestId('enroll-already').waitFor();
    expect(await page.getByTestId('enroll-already').textContent()).toContain('You are already enrolled in this class');

    await goto(page, `/lessons/${COURSE}/iol-en-l1`);
    await expect.poll(() => path(page)).toBe(`/lessons/${COURSE}/iol-en-l1/${classId}`);
    await ready(page, 'lesson');
    await expect
      .poll(async () => {
        const rows = (await (await context.request.post('/app_enrollment/list', { data: {} })).json()) as {
          progress: Record<string, { materials?: object }>;
        }[];
        return Object.keys(rows[0]?.progress['iol-en-l1']?.materials ?? {}).length;
      })
      .toBeGreaterThan(0);

    // A fellow learner sees the participants' names only.
    await goto(page, `/class/enrollment/${classId}`, 'class');
    await page.getByTestId('participants-table').waitFor();
    expect(await page.getByTestId('participants-table').textContent()).toContain('Cohort');
    expect(await page.getByTestId('participants-table').textContent()).not.toContain('@');
    // Editing someone else's class is not for learners: the course page instead.
    await goto(page, `/class/edit/${classId}`);
    await expect.poll(() => path(page)).toBe(`/Course/${COURSE}`);
    expect(pageErrors(page)).toEqual([]);
  });

  it('the instructor sees the learner among the participants with a lesson count', async () => {
    const { page } = teacher;
    await goto(page, '/users/profile/enrollment', 'user');
    await page.locator(`[data-testid="hosted-class"][data-class="${classId}"]`).getByTestId('hosted-participants').click();
    await ready(page, 'class');
    expect(path(page)).toBe(`/class/enrollment/${classId}`);
    const row = page.locator(`[data-testid="participant-row"][data-email="${learnerEmail}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Omar');
    expect(Number(await row.getByTestId('participant-lessons').textContent())).toBe(1);
    expect(await page.getByTestId('class-regcode').textContent()).toBe(regcode);
    expect(await page.getByTestId('class-course-link').getAttribute('href')).toBe(`/Course/${COURSE}/${classId}`);
    await screenshot(page, 'learning-participants-1280');

    // Editing the class goes to its course page.
    await goto(page, `/class/edit/${classId}`, 'class');
    await page.getByTestId('class-name').fill(`${className} (renamed)`);
    await page.getByTestId('class-save').click();
    await expect.poll(() => path(page)).toBe(`/Course/${COURSE}/${classId}`);
    const [stored] = await (await teacher.context.request.post('/app_classes/list', { data: { _id: classId } })).json();
    expect(stored.name).toBe(`${className} (renamed)`);
    // No panel: /Courses; a class id in the panel's place: its participants.
    await goto(page, '/class');
    await expect.poll(() => path(page)).toBe('/Courses');
    await goto(page, `/classes/${classId}`, 'class');
    await page.getByTestId('participants-table').waitFor();
    expect(pageErrors(page)).toEqual([]);
  });
});
