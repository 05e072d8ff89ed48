/**
 * Cards blocks: with 1, 2, 4, 5 and 7 cards the columns are 12, 6, 3, 4 and 6
 * of 12 wide (measured in the browser), one card per row on a phone; an editor adds a card in place,
 * saves the whole block, and removes one card; the accordion opens its panels.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO, goto, launchBrowser, newPage, pageErrors, screenshot, signedInPage } from './helpers.ts';

const PAGE = `e2e-cards-${Date.now().toString(36)}`;
const COUNTS = [1, 2, 4, 5, 7] as const;
const SPAN: Record<number, number> = { 1: 12, 2: 6, 4: 3, 5: 4, 7: 6 };

let browser: Browser;
let editor: { context: BrowserContext; page: Page };
const blockOf: Record<number, string> = {};
let accordion = '';

async function save(request: APIRequestContext, data: Record<string, unknown>): Promise<string> {
  const r = await request.post('/app_content/save', { data });
  expect(r.status(), await r.text()).toBe(200);
  return (await r.json())._id as string;
}

beforeAll(async () => {
  browser = await launchBrowser();
  editor = await signedInPage(browser, DEMO.editor);
  for (const [i, n] of COUNTS.entries()) {
    blockOf[n] = await save(editor.context.request, {
      _id: 'new',
      type: 'block',
      subtype: 'cards',
      context: PAGE,
      lang: 'en',
      order: (i + 1) * 10,
      title: `${n} cards`,
      cards: Array.from({ length: n }, (_, k) => ({
        key: String(1700000000000 + k),
        title: `Card ${k + 1}`,
        description: `<p>Text of card ${k + 1}</p>`,
      })),
    });
  }
  accordion = await save(editor.context.request, {
    _id: 'new',
    type: 'block',
    subtype: 'accordian',
    context: PAGE,
    lang: 'en',
    order: 90,
    title: 'Questions',
    cards: [
      { key: '1', title: 'First question', description: '<p>First answer</p>' },
      { key: '2', title: 'Second question', description: '<p>Second answer</p>' },
    ],
  });
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await screenshot(editor.page, `failed-content-cards-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
});

/** Width of each card's column, and of the whole row (the grid), in CSS pixels. */
async function columns(page: Page, blockId: string) {
  return page.evaluate((id) => {
    const cards = [...document.querySelectorAll(`section[data-block="${id}"] [data-card-key]`)];
    const cols = cards.map((c) => c.closest('.mantine-Grid-col') as HTMLElement);
    const grid = cols[0]!.parentElement as HTMLElement;
    const gap = parseFloat(getComputedStyle(grid).columnGap || getComputedStyle(grid).gap || '0') || 0;
    return {
      grid: grid.getBoundingClientRect().width,
      gap,
      cols: cols.map((c) => ({ w: c.getBoundingClientRect().width, top: Math.round(c.getBoundingClientRect().top) })),
    };
  }, blockId);
}

describe('cards layout by count', () => {
  it('uses 12, 6, 3, 4 and 6 columns of 12 for 1, 2, 4, 5 and 7 cards on a wide screen', async () => {
    const { page } = await newPage(browser, { consent: 'optout', width: 1280 });
    await goto(page, `/${PAGE}`, 'content');
    for (const n of COUNTS) {
      await page
        .locator(`section[data-block="${blockOf[n]}"] [data-card-key]`)
        .nth(n - 1)
        .waitFor();
      const { grid, gap, cols } = await columns(page, blockOf[n]!);
      expect(cols).toHaveLength(n);
      const span = SPAN[n]!;
      // A column of `span` is span/12 of the row plus its share of the gaps.
      const expected = ((grid + gap) * span) / 12 - gap;
      for (const c of cols) expect(Math.abs(c.w - expected), `${n} cards: ${c.w} vs ${expected}`).toBeLessThan(3);
      const perRow = 12 / span;
      const firstRow = cols.filter((c) => c.top === cols[0]!.top).length;
      expect(firstRow, `${n} cards in the first row`).toBe(Math.min(n, perRow));
    }
    await screenshot(page, 'content-cards-en-1280');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('shows one card per row on a phone', async () => {
    const { page } = await newPage(browser, { consent: 'optout', width: 375, height: 800 });
    await goto(page, `/${PAGE}`, 'content');
    await page.locator(`section[data-block="${blockOf[7]}"] [data-card-key]`).nth(6).waitFor();
    for (const n of COUNTS) {
      const { grid, cols } = await columns(page, blockOf[n]!);
      for (const c of cols) expect(Math.abs(c.w - grid)).toBeLessThan(2);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'content-cards-en-375');
    await page.context().close();
  });

  it('opens the accordion panels', async () => {
    const { page } = await newPage(browser, { consent: 'optout' });
    await goto(page, `/${PAGE}`, 'content');
    const block = page.locator(`section[data-block="${accordion}"]`);
    await block.getByRole('button', { name: 'Second question' }).click();
    await block.getByText('Second answer').waitFor({ state: 'visible' });
    await page.context().close();
  });
});

describe('an editor changes cards in place', () => {
  it('adds a card and saves the block, then removes one card', async () => {
    const { page } = editor;
    await goto(page, `/${PAGE}`, 'content');
    const section = page.locator(`section[data-block="${blockOf[2]}"]`);
    await section.getByTestId('edit-block').click();
    const form = section.getByTestId('block-editor');
    await form.waitFor();
    await expect.poll(() => form.locator('[data-card-editor]').count()).toBe(2);
    await form.getByTestId('add-card').click();
    await expect.poll(() => form.locator('[data-card-editor]').count()).toBe(3);
    const added = form.locator('[data-card-editor]').nth(2);
    const key = Number(await added.getAttribute('data-card-editor'));
    // A new card's key is the time it was made.
    expect(Math.abs(key - Date.now())).toBeLessThan(120_000);
    await added.getByTestId('card-title').fill('Card 3');
    const text = page.getByTestId('card-body-2-content');
    await text.click();
    await expect.poll(() => text.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.type('A third card');
    await expect.poll(() => text.textContent()).toBe('A third card');
    await screenshot(page, 'content-cards-editor-en-1280', false);
    await form.getByTestId('save-block').click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => section.locator('[data-card-key]').count()).toBe(3);
    await section.getByText('A third card').waitFor();
    // Three cards: four columns each.
    const three = await columns(page, blockOf[2]!);
    const expected = ((three.grid + three.gap) * 4) / 12 - three.gap;
    expect(Math.abs(three.cols[0]!.w - expected)).toBeLessThan(3);

    // Remove one card: saved at once.
    await section.getByTestId('edit-block').click();
    await form.waitFor();
    await form.locator('[data-card-editor]').first().getByTestId('remove-card').click();
    await page.getByTestId('confirm-remove-card').click();
    await expect.poll(() => form.locator('[data-card-editor]').count()).toBe(2);
    const stored = await (await editor.context.request.post('/app_content/get', { data: { _id: blockOf[2] } })).json();
    expect(stored.cards.map((c: { title: string }) => c.title)).toEqual(['Card 2', 'Card 3']);
    await form.getByTestId('cancel-block').click();
    await expect.poll(() => section.locator('[data-card-key]').count()).toBe(2);
    expect(pageErrors(page)).toEqual([]);
  });
});
