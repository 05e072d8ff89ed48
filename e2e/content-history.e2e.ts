/**
 * Content history: an editor opens the versions of a block in place, compares two, restores the older
 * one (which becomes the newest version), and the page shows the restored text again.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, DEMO, goto, launchBrowser, pageErrors, screenshot, signedInPage } from './helpers.ts';

const PAGE = `e2e-history-${Date.now().toString(36)}`;

let browser: Browser;
let editor: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchBrowser();
  editor = await signedInPage(browser, DEMO.editor);
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await screenshot(editor.page, `failed-content-history-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
});

describe('an editor', () => {
  it('restores an older version of a block', async () => {
    const { page, context } = editor;
    const save = async (body: Record<string, unknown>) => {
      const res = await context.request.post('/app_content/save', { data: { type: 'block', context: PAGE, lang: '', ...body } });
      expect(res.status()).toBe(200);
      return (await res.json()) as { _id: string };
    };
    const block = await save({ _id: 'new', title: 'History block', body: '<p>The first wording</p>' });
    await save({ _id: block._id, title: 'History block', body: '<p>The second wording</p>' });

    await goto(page, `/${PAGE}`, 'content');
    const shown = page.locator(`[data-block="${block._id}"]`);
    await expect.poll(() => shown.textContent()).toContain('The second wording');
    await shown.getByTestId('edit-block').click();
    const form = page.locator(`[data-block-editor="${block._id}"]`);
    await form.getByTestId('history-open').click();
    const history = page.getByTestId('history');
    await history.waitFor();
    await expect.poll(() => history.locator('tbody tr').count()).toBe(2);
    expect(await history.locator('tr[data-version="2"]').textContent()).toContain(DEMO.editor);

    // Compare the two: the body differs.
    for (const v of ['1', '2']) await history.locator(`tr[data-version="${v}"]`).getByTestId('history-pick').check();
    const compare = page.getByTestId('history-compare');
    await compare.waitFor();
    const body = compare.locator('tr[data-field="body"]');
    await expect.poll(() => body.textContent()).toContain('The first wording');
    expect(await body.textContent()).toContain('The second wording');
    expect(await axeViolations(page)).toEqual([]);

    await history.locator('tr[data-version="1"]').getByTestId('history-restore').click();
    await expect.poll(() => page.getByTestId('status-area').textContent()).toContain('The version has been restored.');
    await expect.poll(() => page.locator(`[data-block="${block._id}"]`).textContent()).toContain('The first wording');

    // The restore is the newest version, and the older ones are still there.
    const versions = (await (await context.request.post('/app_history/list', { data: { kind: 'content', _id: block._id } })).json()) as {
      version: number;
      note: string | null;
    }[];
    expect(versions.map((v) => [v.version, v.note])).toEqual([
      [3, 'restored:1'],
      [2, null],
      [1, null],
    ]);
    expect(pageErrors(page)).toEqual([]);
  });
});
