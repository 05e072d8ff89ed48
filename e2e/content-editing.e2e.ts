/**
 * Editing content in place: an editor working in Spanish adds a block to a page,
 * writes its rich text with the toolbar and the HTML mode, saves, previews (no editing control left),
 * and a visitor reading Spanish sees it while one reading English does not. Then the editing panels:
 * a quiz material with its questions, and a course's properties.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG } from '../src/domain/messages.ts';
import { DEMO, goto, launchBrowser, newPage, pageErrors, screenshot, seriousViolations, signedInPage } from './helpers.ts';

const PAGE = `e2e-edit-${Date.now().toString(36)}`;
const COURSE = 'community-health-basics';
const LESSON = 'chb-en-l1';

let browser: Browser;
let editor: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchBrowser();
  editor = await signedInPage(browser, DEMO.editor);
});
afterAll(async () => {
  // The editor's language goes back to English for the other journeys.
  await editor?.context.request.post('/app_users/setlang/', { data: { lang: 'en' } }).catch(() => {});
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await screenshot(editor.page, `failed-content-editing-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
});

/** The rich-text area of a field (the editable element carries `<testId>-content`). */
const richText = (page: Page, testId: string) => page.getByTestId(`${testId}-content`).first();

describe('an editor adds a block in place', () => {
  it('writes, formats, saves and previews it; visitors see it in its language only', async () => {
    const { page, context } = editor;
    await context.request.post('/app_users/setlang/', { data: { lang: 'es' } });
    await goto(page, `/${PAGE}`, 'content');
    await page.getByTestId('editor-bar').waitFor();

    await page.getByTestId('add-block').click();
    const form = page.locator('[data-block-editor="new"]');
    await form.waitFor();
    await form.getByTestId('block-title').fill('Bloque de prueba');
    const body = richText(page, 'block-body');
    const focused = () => expect.poll(() => body.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await body.click();
    await focused();
    await page.keyboard.type('Hola mundo');
    await expect.poll(() => body.textContent()).toBe('Hola mundo');
    await page.keyboard.press('Shift+Home');
    await form.getByTestId('rte-bold').click();
    // The toolbar hands the focus back to the text; wait for it before typing on.
    await expect
      .poll(() =>
        body
          .locator('strong')
          .first()
          .textContent()
          .catch(() => null),
      )
      .toBe('Hola mundo');
    await focused();
    // Collapse the selection to the end of the line before Enter (a slow machine may still hold the
    // Shift+Home selection, and Enter would replace the text).
    // The editor's own selection, not the page's: ProseMirror takes the moved caret over a moment later,
    // and an Enter pressed before then replaces the text it still holds selected.
    await page.keyboard.press('End');
    await expect
      .poll(() =>
        body.evaluate((el) => {
          const state = (el as HTMLElement & { editor?: { state: { selection: { empty: boolean } } } }).editor?.state;
          return !!state && state.selection.empty && (window.getSelection()?.isCollapsed ?? false);
        }),
      )
      .toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Segunda línea');
    await expect.poll(() => body.locator('p').count()).toBe(2);
    await expect.poll(() => body.locator('p').first().textContent()).toBe('Hola mundo');
    await form.getByTestId('rte-h2').click();
    await expect.poll(() => body.locator('h2').count()).toBe(1);
    await focused();
    await form.locator('[data-testid="font-size"] select, select[data-testid="font-size"]').first().selectOption('1.5em');
    await focused();
    await page.keyboard.type(' grande');
    await expect
      .poll(() =>
        body
          .locator('span[style*="font-size"]')
          .first()
          .textContent()
          .catch(() => null),
      )
      .toBe(' grande');

    // The HTML mode shows the markup; Format pretty-prints it.
    await form.getByTestId('html-mode').click();
    const html = form.getByTestId('block-body-html');
    await expect.poll(() => html.inputValue()).toContain('<strong>Hola mundo</strong>');
    await expect.poll(() => html.inputValue()).toContain('<h2>');
    await expect.poll(() => html.inputValue()).toContain('font-size: 1.5em');
    await screenshot(page, 'content-block-editor-html-es-1280', false);
    await form.getByTestId('html-mode').click();
    await richText(page, 'block-body').waitFor();
    await screenshot(page, 'content-block-editor-es-1280');

    await form.getByTestId('save-block').click();
    await form.waitFor({ state: 'detached' });
    const saved = page.locator('section[data-block]:not([data-block="new"])').filter({ hasText: 'Hola mundo' });
    await saved.waitFor();
    expect(await saved.locator('strong').first().textContent()).toBe('Hola mundo');
    expect(await saved.locator('h2').count()).toBeGreaterThan(0);
    const blockId = await saved.getAttribute('data-block');
    expect(blockId).toMatch(/\S/);

    // Preview hides every editing control.
    await page.getByTestId('preview-toggle').check();
    await expect.poll(() => page.getByTestId('edit-block').count()).toBe(0);
    expect(await page.getByTestId('add-block').count()).toBe(0);
    expect(await page.getByTestId('edit-page').count()).toBe(0);
    await screenshot(page, 'content-preview-es-1280');
    await page.getByTestId('preview-toggle').uncheck();
    await expect.poll(() => page.getByTestId('edit-block').count()).toBeGreaterThan(0);

    // Visitors: Spanish readers see it, English readers get the page-not-found text.
    const es = await newPage(browser, { consent: 'optout' });
    await es.context.request.post('/app_users/setlang/', { data: { lang: 'es' } });
    await goto(es.page, `/${PAGE}`, 'content');
    await es.page.locator(`section[data-block="${blockId}"]`).waitFor();
    expect(await es.page.locator(`section[data-block="${blockId}"] strong`).first().textContent()).toBe('Hola mundo');
    expect(await es.page.getByTestId('edit-block').count()).toBe(0);
    const en = await newPage(browser, { consent: 'optout' });
    await goto(en.page, `/${PAGE}`, 'content');
    expect(await en.page.locator(`section[data-block="${blockId}"]`).count()).toBe(0);
    expect(pageErrors(es.page)).toEqual([]);
    await es.context.close();
    await en.context.close();
    expect(pageErrors(page)).toEqual([]);
  });

  it('edits and removes the block in place', async () => {
    const { page } = editor;
    const block = page.locator('section[data-block]').filter({ hasText: 'Hola mundo' });
    await block.getByTestId('edit-block').click();
    const form = page.locator('[data-testid="block-editor"]');
    await form.waitFor();
    await form.getByTestId('block-title').fill('Bloque cambiado');
    await form.getByTestId('save-block').click();
    await form.waitFor({ state: 'detached' });
    await page.locator('section[data-block] h2').filter({ hasText: 'Bloque cambiado' }).waitFor();

    await page.locator('section[data-block]').filter({ hasText: 'Bloque cambiado' }).getByTestId('edit-block').click();
    await page.getByTestId('remove-block').click();
    await page.getByTestId('confirm-remove').click();
    await expect.poll(() => page.locator('section[data-block]').filter({ hasText: 'Bloque cambiado' }).count()).toBe(0);
  });
});

describe('the editing panels', () => {
  it('creates a quiz material with its questions and the correct answers', async () => {
    const { page, context } = editor;
    await context.request.post('/app_users/setlang/', { data: { lang: 'en' } });
    await goto(page, `/admin/lessonmaterials/${COURSE}/${LESSON}/new`, 'admin');
    const panel = page.getByTestId('material-panel');
    await panel.waitFor();
    await panel.locator('[data-testid="material-section"] select, select[data-testid="material-section"]').first().selectOption('Quiz');
    await panel.getByTestId('material-title').fill('E2E quiz');
    await panel.getByTestId('add-question').click();
    const q = panel.locator('[data-question="0"]');
    await q.getByTestId('question-text').fill('Which colour is the sky?');
    await q.getByTestId('answer-text').nth(0).fill('Green');
    await q.getByTestId('answer-text').nth(1).fill('Blue');
    await q.getByTestId('add-answer').click();
    await q.getByTestId('answer-text').nth(2).fill('Red');
    // Saving without the correct answer is refused with a message beside the question.
    await page.getByTestId('panel-save').click();
    await q.getByText('Please choose the correct answer.').waitFor();
    await q.getByRole('radio', { name: 'Correct answer: B' }).check();
    await screenshot(page, 'admin-material-quiz-en-1280');
    await page.getByTestId('panel-save').click();
    await page.waitForURL(/\/admin\/lessonmaterials\/community-health-basics\/chb-en-l1\/(?!new)[^/]+$/);
    const id = page.url().split('/').pop()!;
    const lesson = await (await context.request.post('/app_lessons/get', { data: { _id: LESSON } })).json();
    const saved = lesson.materials[id];
    expect(saved.section).toBe('Quiz');
    expect(saved.quiz).toEqual([{ question: 'Which colour is the sky?', answers: ['Green', 'Blue', 'Red'], iscorrect: 2 }]);
    await context.request.post('/app_materials/remove', { data: { _id: id } });
  });

  it('edits a course and returns to the course page (after=course)', async () => {
    const { page } = editor;
    await goto(page, `/Course/${COURSE}`, 'course');
    await page.getByTestId('edit-course').click();
    const panel = page.getByTestId('course-panel');
    await panel.waitFor();
    const title = panel.getByTestId('course-title');
    const before = await title.inputValue();
    await title.fill(`${before} (edited)`);
    await page.getByTestId('panel-save').click();
    await page.waitForURL(new RegExp(`/Course/${COURSE}$`));
    await page.getByRole('heading', { level: 1, name: `${before} (edited)` }).waitFor();
    // Put it back.
    await editor.context.request.post('/app_courses/save', { data: { _id: COURSE, title: before } });
  });
});

describe('when the editor cannot start', () => {
  it("says 'Unable to initialize editor' after 5 tries and keeps the text editable", async () => {
    const { context, page } = await signedInPage(browser, DEMO.editor, { serviceWorkers: 'block' });
    let tries = 0;
    await page.route(/\/assets\/RichTextEditor-[^/]+\.js$/, (route) => {
      tries += 1;
      return route.abort();
    });
    await goto(page, '/About', 'content');
    await page.getByTestId('edit-block').first().click();
    const form = page.getByTestId('block-editor');
    await form.getByText(MSG.editorInitFailed).waitFor();
    expect(tries).toBeGreaterThanOrEqual(1);
    // The HTML stays editable as plain text.
    const fallback = form.getByTestId('block-body').locator('textarea');
    expect(await fallback.inputValue()).toMatch(/<p>/);
    await context.close();
  });
});

describe('files', () => {
  it('uploads a file to a course and removes it', async () => {
    const { page } = editor;
    await goto(page, `/admin/courses/${COURSE}`, 'admin');
    const files = page.getByTestId('files-section');
    await files.waitFor();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    await files.locator('input[type=file]').setInputFiles({ name: 'e2e-dot.png', mimeType: 'image/png', buffer: png });
    const link = files.getByRole('link', { name: /e2e-dot/ });
    await link.waitFor();
    const href = await link.getAttribute('href');
    const served = await editor.context.request.get(href!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toContain('image/png');
    await files
      .getByRole('button', { name: /e2e-dot/ })
      .last()
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => files.getByRole('link', { name: /e2e-dot/ }).count()).toBe(0);
  });
});

describe('the editing screens on a phone, in Arabic', () => {
  it('fit 375 px right to left, with no serious accessibility problem', async () => {
    const { context, page } = await signedInPage(browser, DEMO.editor, { width: 375, height: 800 });
    await context.request.post('/app_users/setlang/', { data: { lang: 'ar' } });
    const noOverflow = async (name: string) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await screenshot(page, `${name}-ar-375`);
    };
    await goto(page, '/HowItWorks', 'content');
    await page.locator('section[data-subtype="cards"]').getByTestId('edit-block').click();
    await page.getByTestId('block-editor').waitFor();
    await page.getByTestId('cards-editor').waitFor();
    await noOverflow('content-block-editor');
    const problems = await seriousViolations(page);
    expect(problems, JSON.stringify(problems, null, 1)).toEqual([]);

    await goto(page, '/admin/content/home-ar-page', 'admin');
    await page.getByTestId('page-blocks').waitFor();
    await noOverflow('admin-content-page');
    await goto(page, `/admin/courses/${COURSE}-ar`, 'admin');
    await page.getByTestId('course-panel-lessons').waitFor();
    await noOverflow('admin-course');
    await goto(page, `/admin/lessons/${COURSE}-ar/chb-ar-l3`, 'admin');
    await page.getByTestId('lesson-panel-materials').waitFor();
    await noOverflow('admin-lesson');
    await goto(page, `/admin/lessonmaterials/${COURSE}-ar/chb-ar-l3/chb-ar-l3-m3`, 'admin');
    await page.getByTestId('quiz-editor').waitFor();
    await noOverflow('admin-material-exam');
    const panelProblems = await seriousViolations(page);
    expect(panelProblems, JSON.stringify(panelProblems, null, 1)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await context.request.post('/app_users/setlang/', { data: { lang: 'en' } });
    await context.close();
  });
});
