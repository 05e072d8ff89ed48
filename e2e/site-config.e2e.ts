/**
 * Behaviour that follows the site config: the redirect address of / and /app, and a language
 * redirect to another site. Each test restores what it changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, BrowserContext } from 'playwright-core';
import { DEMO, goto, launchBrowser, newPage, ready, signedInPage } from './helpers.ts';

let browser: Browser;
let admin: BrowserContext;
let api: APIRequestContext;

async function setConfig(config: Record<string, unknown>) {
  const r = await api.post('/app_admin/setConfig', { data: { config } });
  expect(r.status(), await r.text()).toBe(200);
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = (await signedInPage(browser, DEMO.admin)).context;
  api = admin.request;
});
afterAll(async () => {
  await admin?.close();
  await browser?.close();
});

describe('the configured redirect address', () => {
  it('sends / and /app there; other pages stay', async () => {
    await setConfig({ redirect: '/About' });
    try {
      const { context, page } = await newPage(browser, { consent: 'optout' });
      for (const start of ['/', '/app']) {
        await page.goto(start);
        await expect.poll(() => new URL(page.url()).pathname).toBe('/About');
        await ready(page, 'content');
      }
      await goto(page, '/HowItWorks', 'content');
      expect(new URL(page.url()).pathname).toBe('/HowItWorks');
      await context.close();
    } finally {
      await setConfig({ redirect: '' });
    }
  });
});

describe('a language redirect to another site', () => {
  it('leaves the site', async () => {
    const before = (await (await api.post('/app_admin/getConfig', { data: {} })).json()).config.langredirects;
    await setConfig({ langredirects: { ...before, pt: 'https://portuguese.example.org/' } });
    try {
      const { context, page } = await newPage(browser, { consent: 'optout' });
      await page.route('https://portuguese.example.org/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Elsewhere</title>' }),
      );
      await goto(page, '/', 'content');
      await page.getByTestId('language-menu').click();
      await page.getByTestId('language-pt').click();
      await expect.poll(() => page.url()).toBe('https://portuguese.example.org/');
      await context.close();
    } finally {
      await setConfig({ langredirects: before });
    }
  });
});
