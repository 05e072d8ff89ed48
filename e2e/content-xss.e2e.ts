/**
 * Stored script attempts: an editor saves, through the API, a block, cards and a
 * course description carrying a <script>, an onerror= handler and a javascript: link. A visitor who
 * opens those pages and clicks the link runs none of it: no dialog opens and the page's global flag
 * stays unset; the markup that reaches the browser has none of the three.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO, goto, launchBrowser, newPage, signedInPage } from './helpers.ts';

const PAGE = `e2e-xss-${Date.now().toString(36)}`;
const COURSE = 'community-health-basics';
const ATTACK = [
  '<p id="safe">Safe text</p>',
  '<script>window.__xss = "script"; alert("script")</script>',
  '<img src="/no-such-image.png" onerror="window.__xss = \'onerror\'; alert(\'onerror\')" alt="x">',
  '<p><a id="jslink" href="javascript:window.__xss=\'link\';alert(\'link\')">Click me</a></p>',
  '<p><a href="JaVaScRiPt:alert(1)" id="jslink2">Mixed case</a> <a href="jav&#x09;ascript:alert(2)" id="jslink3">Tab</a></p>',
  '<svg><script>alert("svg")</script></svg><iframe src="javascript:alert(\'frame\')"></iframe>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(\'click\')">Styled</p>',
].join('');

let browser: Browser;
let editor: { context: BrowserContext; page: Page };
let blockId = '';
let courseBefore = '';

beforeAll(async () => {
  browser = await launchBrowser();
  editor = await signedInPage(browser, DEMO.editor);
  const r = await editor.context.request.post('/app_content/save', {
    data: {
      _id: 'new',
      type: 'block',
      context: PAGE,
      lang: 'en',
      order: 10,
      title: 'Attack',
      body: ATTACK,
      cards: [{ key: '1', title: 'Card', description: ATTACK }],
      subtype: 'cards',
    },
  });
  expect(r.status(), await r.text()).toBe(200);
  blockId = (await r.json())._id;
  const r2 = await editor.context.request.post('/app_content/save', {
    data: { _id: 'new', type: 'block', context: PAGE, lang: 'en', order: 20, title: 'Plain', body: ATTACK },
  });
  expect(r2.status()).toBe(200);
  const courses = await (await editor.context.request.post('/app_courses/list', { data: {} })).json();
  courseBefore = courses.find((c: { _id: string }) => c._id === COURSE).description2 ?? '';
  const r3 = await editor.context.request.post('/app_courses/save', { data: { _id: COURSE, description2: ATTACK } });
  expect(r3.status()).toBe(200);
});
afterAll(async () => {
  await editor?.context.request.post('/app_courses/save', { data: { _id: COURSE, description2: courseBefore } }).catch(() => {});
  await browser?.close();
});

/** A visitor's page that records dialogs and uncaught errors. */
async function visitor() {
  const { context, page } = await newPage(browser, { consent: 'optin' });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { context, page, dialogs };
}

async function expectNothingRan(page: Page, dialogs: string[], scope: string) {
  // Give handlers a moment to fire, had any survived.
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  const found = await page.evaluate((sel) => {
    const root = document.querySelector(sel)!;
    const all = [...root.querySelectorAll('*')];
    return {
      scripts: root.querySelectorAll('script').length,
      handlers: all.filter((el) => [...el.attributes].some((a) => a.name.startsWith('on'))).length,
      jsUrls: all.filter((el) =>
        // eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
        [...el.attributes].some((a) => /^\s*javascript:/i.test(a.value.replace(/[\s\u0000-\u001f]/g, '')) || /javascript:/i.test(a.value)),
      ).length,
      frames: root.querySelectorAll('iframe').length,
    };
  }, scope);
  expect(found).toEqual({ scripts: 0, handlers: 0, jsUrls: 0, frames: 0 });
}

describe('stored script attempts never run for a visitor', () => {
  it('are neutralised in blocks and cards', async () => {
    const { context, page, dialogs } = await visitor();
    await goto(page, `/${PAGE}`, 'content');
    await page.locator(`section[data-block="${blockId}"]`).getByText('Safe text').first().waitFor();
    await expectNothingRan(page, dialogs, '[data-screen="content"]');
    // Clicking the former javascript: links does nothing harmful either.
    for (const link of await page.getByText('Click me').all()) await link.click({ noWaitAfter: true }).catch(() => {});
    await expectNothingRan(page, dialogs, '[data-screen="content"]');
    await context.close();
  });

  it('are neutralised on the course page', async () => {
    const { context, page, dialogs } = await visitor();
    await goto(page, `/Course/${COURSE}`, 'course');
    await page.locator('.course-footer').getByText('Safe text').waitFor();
    await expectNothingRan(page, dialogs, '[data-screen="course"]');
    await context.close();
  });

  it('are dropped by the server before they are stored', async () => {
    const stored = await (await editor.context.request.post('/app_content/get', { data: { _id: blockId } })).json();
    for (const html of [stored.body as string, stored.cards[0].description as string]) {
      expect(html).toContain('Safe text');
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<svg/i);
    }
  });
});
