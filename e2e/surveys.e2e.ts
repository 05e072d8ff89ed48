/**
 * Surveys: a visitor answers the Resources page's survey with each question type, a negative
 * number refused on change and on submit; a failed submit says so and scrolls up; the thank-you text
 * follows a good one. Admins see the responses and download the CSV; editors choose the block's survey
 * and write a new one.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG } from '../src/domain/messages.ts';
import { DEMO, goto, launchBrowser, newPage, pageErrors, screenshot, seriousViolations, signedInPage } from './helpers.ts';

const BLOCK = 'Resources-en-survey';
const SURVEY = 'feedback-en';
const useful = `Short lessons ${Date.now().toString(36)}`;

let browser: Browser;
let visitor: { context: BrowserContext; page: Page };

const survey = (page: Page) => page.locator(`[data-survey-form="${SURVEY}"]`);
const q = (page: Page, i: number) => survey(page).locator(`[name="answer-${i}"]`);
/** The message shown under question i. */
const errorOf = (page: Page, i: number) =>
  page.evaluate((n) => {
    const input = document.querySelector(`[name="answer-${n}"]`);
    const root = input?.closest('[class*="InputWrapper-root"], fieldset');
    return root?.querySelector('[class*="-error"]')?.textContent ?? null;
  }, i);

async function openSurvey(page: Page) {
  await goto(page, '/Resources', 'content');
  await survey(page).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  visitor = await newPage(browser, { consent: 'optout' });
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await screenshot(visitor.page, `failed-surveys-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
});

describe('a visitor answers the survey', () => {
  it('shows the five question types with the prompts of select and choice', async () => {
    const { page } = visitor;
    await openSurvey(page);
    const types = await survey(page)
      .locator('[data-type]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
    expect(types).toEqual(['textfield', 'text', 'numeric', 'select', 'choice']);
    expect(await q(page, 1).evaluate((e) => e.tagName)).toBe('TEXTAREA');
    expect(await q(page, 3).evaluate((e) => e.tagName)).toBe('SELECT');
    expect(await survey(page).getByRole('combobox', { name: 'How did you hear about Open Learning Commons?' }).count()).toBe(1);
    expect(await survey(page).getByRole('radio').count()).toBe(4);
    expect(await survey(page).getByRole('radiogroup', { name: 'Overall, how satisfied are you with our courses?' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('refuses a negative number on change and on submit', async () => {
    const { page } = visitor;
    await q(page, 2).fill('-3');
    await expect.poll(() => errorOf(page, 2)).toBe(MSG.positiveNumber);
    await q(page, 0).fill(useful);
    await page.getByTestId('survey-submit').click();
    await expect.poll(() => errorOf(page, 2)).toBe(MSG.positiveNumber);
    // The numeric field has the focus, to be corrected.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('answer-2');
    await q(page, 2).fill('abc');
    await expect.poll(() => errorOf(page, 2)).toBe(MSG.positiveNumber);
    await q(page, 2).fill('4.5');
    await expect.poll(() => errorOf(page, 2)).toBeNull();
  });

  it('says when submitting failed, and scrolls back up to say it', async () => {
    const { page } = visitor;
    await q(page, 1).fill('More video transcripts, please.');
    await q(page, 3).selectOption('Our website');
    await survey(page).getByRole('radio', { name: 'Satisfied', exact: true }).check();
    await page.route('**/app_surveys/answer', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"message":"boom"}}' }),
    );
    await page.getByTestId('survey-submit').click();
    await expect.poll(() => page.getByTestId('survey-error').textContent()).toContain(MSG.formError);
    expect(await survey(page).getAttribute('data-state')).toBe('error');
    // The alert is scrolled into view (above the submit button, which is at the bottom of the form).
    await expect.poll(() => page.getByTestId('survey-error').evaluate((e) => e.getBoundingClientRect().top)).toBeLessThan(300);
    await page.unroute('**/app_surveys/answer');
  });

  it('submits every type of answer and shows the thank-you text', async () => {
    const { page, context } = visitor;
    await screenshot(page, 'survey-filled-en-1280');
    await page.getByTestId('survey-submit').click();
    await page.getByTestId('survey-done').waitFor();
    expect(await page.getByTestId('survey-done').textContent()).toContain('Thank you! Your answers have been received.');
    expect(await survey(page).getAttribute('data-state')).toBe('done');
    // The server refuses a negative number too (fields['answers.2']).
    const r = await context.request.post('/app_surveys/answer', { data: { surveyId: SURVEY, answers: ['x', null, -1] } });
    expect(r.status()).toBe(400);
    expect((await r.json()).error.fields['answers.2']).toBe(MSG.positiveNumber);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('an admin reads the responses', () => {
  it('from the block settings, with the CSV download', async () => {
    const { context, page } = await signedInPage(browser, DEMO.admin);
    await openSurvey(page);
    await page.getByTestId('survey-settings-open').click();
    await page.getByTestId('survey-view-responses').click();
    const view = page.getByTestId('survey-responses');
    await view.waitFor();
    await expect.poll(() => view.textContent()).toContain(useful);
    const row = view.locator('tr', { hasText: useful });
    expect(await row.textContent()).toContain('4.5');
    expect(await row.textContent()).toContain('Our website');
    const all = await (await context.request.post('/app_surveys/listResponsesBySurvey', { data: { surveyId: SURVEY } })).json();
    expect(all.responses.length).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId('survey-response-count').textContent()).toBe(`Responses: ${all.responses.length}`);
    await screenshot(page, 'survey-responses-en-1280');
    const href = await page.getByTestId('survey-csv').getAttribute('href');
    expect(href).toBe(`/app_surveys/responses/${SURVEY}.csv`);
    const csv = await context.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-type']).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain('How did you hear about Open Learning Commons?');
    expect(text).toContain(useful);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe('an editor configures the block', () => {
  it('writes a new survey, chooses it for the block, then chooses the old one again', async () => {
    const { context, page } = await signedInPage(browser, DEMO.editor);
    await openSurvey(page);
    // Editors do not see the responses (admins only).
    await page.getByTestId('survey-settings-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('survey-choice').waitFor();
    expect(await dialog.getByTestId('survey-view-responses').count()).toBe(0);
    await dialog.getByRole('button', { name: 'New Survey' }).click();
    const form = dialog.getByTestId('survey-editor');
    await form.locator('[name=title]').fill('Quick check');
    // A choice question needs at least two choices.
    await form.getByRole('combobox', { name: 'Question 1: Type' }).selectOption('choice');
    await form.getByRole('textbox', { name: 'Question text' }).fill('Was this page useful?\nYes');
    await dialog.getByTestId('survey-editor-save').click();
    await expect.poll(() => form.textContent()).toContain('at least two choices');
    await form.getByRole('textbox', { name: 'Question text' }).fill('Was this page useful?\nYes\nNo');
    await dialog.getByTestId('survey-editor-save').click();
    await dialog.getByTestId('survey-choice').waitFor();
    const chosen = await dialog.getByTestId('survey-choice').inputValue();
    expect(chosen).toMatch(/^[0-9a-f]{24}$/);
    await dialog.getByTestId('survey-settings-save').click();
    await page.locator(`[data-survey-form="${chosen}"]`).waitFor();
    await expect.poll(() => page.locator(`[data-survey-form="${chosen}"]`).getByRole('radio').count()).toBe(2);

    // Back to the demo survey.
    await page.getByTestId('survey-settings-open').click();
    await dialog.getByTestId('survey-choice').selectOption(SURVEY);
    await dialog.getByTestId('survey-settings-save').click();
    await survey(page).waitFor();
    const block = await (await context.request.post('/app_content/get', { data: { _id: BLOCK } })).json();
    expect(block.after).toBe(SURVEY);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});

describe('looks', () => {
  it('screenshots at 1280 and 375 px, in English and Arabic', async () => {
    const { context, page } = await newPage(browser, { consent: 'optout' });
    for (const lang of ['en', 'ar']) {
      await context.request.post('/app_users/setlang/', { data: { lang } });
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await goto(page, '/Resources', 'content');
        const form = page.locator('[data-survey-form]');
        await form.waitFor();
        await form.locator('[name="answer-2"]').fill('-1');
        await form.locator('[name="answer-2"]').blur();
        await form.scrollIntoViewIfNeeded();
        await screenshot(page, `survey-${lang}-${width}`);
      }
    }
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });
});
