/**
 * The learning screens at 1280 and 375 px, in English, checked with axe (Arabic: learning-rtl.e2e.ts):
 * lesson viewer with a quiz, class picker (with a removed class), My Classes, enroll panel, class
 * pages, certificate check. Also the admin's Fill Answers helper on the exam.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '../src/domain/messages.ts';
import { DEMO, goto, pageErrors, ready, screenshot, seriousViolations } from './helpers.ts';
import { learningScreens } from './learning-fixtures.ts';

const { as, freshLearner } = learningScreens();

/** axe once per screen (at 1280 px: the narrow layout has the same elements). */
async function noSeriousViolations(page: Page, what: string) {
  if ((page.viewportSize()?.width ?? 0) < 500) return;
  const v = await seriousViolations(page);
  expect(v, `${what}: ${JSON.stringify(v, null, 1)}`).toEqual([]);
}

describe('learning screens in English', () => {
  it.each([1280, 375])('lesson viewer and quiz at %i px', async (width) => {
    // A new learner: the demo learner's progress stays as seeded for other journeys.
    const { page } = await freshLearner('en', [['iol-en-selfpaced', 'intro-online-learning']], width);
    await goto(page, '/lessons/intro-online-learning/iol-en-l2');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/lessons/intro-online-learning/iol-en-l2/iol-en-selfpaced');
    await ready(page, 'lesson');
    await page.getByTestId('class-block').waitFor();
    await screenshot(page, `learning-lesson-en-${width}`);
    const quiz = page.locator('[data-testid^="quiz-"][data-kind="quiz"]');
    await quiz.getByTestId('quiz-start').click();
    await quiz.locator('[data-question="0"] input[value="B"]').check();
    await quiz.scrollIntoViewIfNeeded();
    await screenshot(page, `learning-quiz-en-${width}`, false);
    await noSeriousViolations(page, 'lesson');
    expect(pageErrors(page)).toEqual([]);
  });

  it.each([1280, 375])('My Classes and the enroll panel at %i px', async (width) => {
    const { page } = await as(DEMO.learner, width);
    await goto(page, '/users/profile/enrollment', 'user');
    await page.getByTestId('enrollment-row').first().waitFor();
    await screenshot(page, `learning-my-classes-en-${width}`);
    await noSeriousViolations(page, 'my classes');
    await goto(page, '/users/enroll/community-health-basics', 'user');
    await page.getByTestId('method-selfpaced').check();
    await page.getByTestId('enroll-class').waitFor();
    await screenshot(page, `learning-enroll-en-${width}`);
    await noSeriousViolations(page, 'enroll');
    // Already enrolled in the self-paced intro class.
    await goto(page, '/users/enroll/intro-online-learning', 'user');
    await page.getByTestId('method-selfpaced').check();
    await page.getByTestId('enroll-already').waitFor();
    // An Inactive course says so.
    await goto(page, '/users/enroll/archived-facilitation', 'user');
    await expect.poll(() => page.getByTestId('enroll-inactive').textContent()).toBe(MSG.enrollCourseInactive);
  });

  it.each([1280, 375])('class pages for the instructor at %i px', async (width) => {
    const { page } = await as(DEMO.instructor, width);
    await goto(page, '/class/enrollment/iol-en-group-spring', 'class');
    await page.getByTestId('participants-panel').waitFor();
    await screenshot(page, `learning-participants-en-${width}`);
    await noSeriousViolations(page, 'participants');
    await goto(page, '/class/confirmation/iol-en-group-spring', 'class');
    await page.getByTestId('class-confirmation').waitFor();
    await screenshot(page, `learning-confirmation-en-${width}`);
    await goto(page, '/class/create', 'class');
    await page.getByTestId('class-form').waitFor();
    await screenshot(page, `learning-create-en-${width}`);
    await noSeriousViolations(page, 'create');
  });

  it('class picker with a removed class, and the admin Fill Answers helper', async () => {
    // An instructor's class that is removed after the learner joined it.
    const teacher = await as(DEMO.instructor, 1280);
    const saved = (await (
      await teacher.context.request.post('/app_classes/save', {
        data: { _id: 'new', name: 'Short-lived group', course: 'intro-online-learning', selfpaced: false },
      })
    ).json()) as { _id: string; regcode: string };
    const learner = await freshLearner('en', [
      ['iol-en-selfpaced', 'intro-online-learning'],
      [saved._id, 'intro-online-learning', saved.regcode],
    ]);
    expect((await teacher.context.request.post('/app_classes/remove', { data: { _id: saved._id } })).status()).toBe(200);
    const { page } = learner;
    await goto(page, '/lessons/intro-online-learning/iol-en-l1');
    await expect.poll(() => page.locator('[data-panel="classpicker"]').textContent()).toContain('Please select a class');
    expect(await page.locator(`li[data-class="${saved._id}"]`).textContent()).toContain(MSG.classGone);
    await screenshot(page, 'learning-classpicker-en-1280');
    await page.locator('li[data-class="iol-en-selfpaced"] a').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/lessons/intro-online-learning/iol-en-l1/iol-en-selfpaced');

    const admin = await as(DEMO.admin, 1280);
    await goto(admin.page, '/lessons/intro-online-learning/iol-en-l3');
    await ready(admin.page, 'lesson');
    const exam = admin.page.locator('[data-testid^="quiz-"][data-kind="exam"]');
    await exam.getByTestId('quiz-start').click();
    await exam.getByTestId('quiz-fill').click();
    // The right answers of the demo exam: A B C B A.
    for (const [i, letter] of ['A', 'B', 'C', 'B', 'A'].entries()) {
      await expect.poll(() => exam.locator(`[data-question="${i}"] input[value="${letter}"]`).isChecked()).toBe(true);
    }
    expect(await admin.page.getByRole('link', { name: 'Exam Settings' }).count()).toBe(0); // shown in the intro only
    await exam.getByRole('button', { name: 'Cancel' }).click();
    expect(await admin.page.getByRole('link', { name: 'Exam Settings' }).getAttribute('href')).toBe(
      '/admin/lessonmaterials/intro-online-learning/iol-en-l3/iol-en-l3-m3',
    );
    expect(await admin.page.getByRole('link', { name: 'Manage Lesson' }).getAttribute('href')).toBe(
      '/admin/lessons/intro-online-learning/iol-en-l3',
    );
    expect(await admin.page.getByRole('link', { name: 'Add Material' }).getAttribute('href')).toBe(
      '/admin/lessonmaterials/intro-online-learning/iol-en-l3/new',
    );
  });

  it('an admin adds a user to a class, edits the enrolment and removes it (with confirmation)', async () => {
    const learner = await freshLearner('en', []);
    const me = (await (await learner.context.request.get('/app_users/whoami')).json()) as { user: { _id: string } };
    const { page } = await as(DEMO.admin, 1280);
    await goto(page, `/user/enrollment/${me.user._id}`, 'user');
    await page.getByTestId('add-user-to-class').waitFor();
    const add = page.getByTestId('add-user-to-class');
    await add.getByLabel('Course').click();
    await page.getByRole('option', { name: 'Community Health Basics (English)' }).click();
    await add.getByLabel('Class').click();
    await page.getByRole('option', { name: /Self-paced \(English\)/ }).click();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const row = page.locator('[data-testid="enrollment-row"][data-class="chb-en-selfpaced"]');
    await row.waitFor();
    // Another user's page: no Continue Class or certificate, but Edit and Remove.
    expect(await row.getByTestId('continue-class').count()).toBe(0);
    await row.getByTestId('enrollment-edit').click();
    const form = row.getByTestId('enrollment-form');
    await form.getByLabel('Completed').fill('2026-13-45');
    await row.getByTestId('enrollment-save').click();
    await expect.poll(() => form.textContent()).toContain(MSG.dateFormat);
    await form.getByLabel('Completed').fill('2026-10-20');
    await screenshot(page, 'learning-enrollment-edit-en-1280');
    await row.getByTestId('enrollment-save').click();
    await expect.poll(() => row.getByTestId('enrollment-completed').textContent()).toContain('2026-10-20');
    await row.getByTestId('enrollment-remove').click();
    await row.getByTestId('enrollment-confirm-remove').waitFor();
    await row.getByTestId('enrollment-remove-confirm').click();
    await row.waitFor({ state: 'detached' });
    const rows = (await (await learner.context.request.post('/app_enrollment/list', { data: {} })).json()) as unknown[];
    expect(rows).toEqual([]);
  });
});
