/** Shared pieces of the browser journeys: browser, pages, sign-in per role, axe, screenshots. */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { APP_REQUEST_HEADER, APP_REQUEST_VALUE } from '../src/domain/constants.ts';

export const baseURL = () => inject('baseURL');
export const dataDir = () => inject('dataDir');
export const DEMO_PASSWORD = 'Demo-pass1!';
export const DEMO = {
  admin: 'admin@example.org',
  editor: 'editor@example.org',
  instructor: 'instructor@example.org',
  learner: 'learner@example.org',
} as const;

const root = path.resolve(import.meta.dirname, '..');
export const SCREENSHOTS = path.join(root, 'test-results', 'screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PageOptions {
  width?: number;
  height?: number;
  consent?: 'optin' | 'optout' | 'prompt' | null;
  locale?: string;
  /** 'block' for a journey that intercepts scripts or files: requests the service worker makes bypass page.route. */
  serviceWorkers?: 'allow' | 'block';
}

/** A fresh context (own cookies and storage) and page. `consent` pre-answers the cookie banner. */
export async function newPage(browser: Browser, opts: PageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 900 },
    locale: opts.locale ?? 'en-US',
    reducedMotion: 'reduce',
    serviceWorkers: opts.serviceWorkers ?? 'allow',
    // context.request calls model the web app, which sends this header with every call.
    extraHTTPHeaders: { [APP_REQUEST_HEADER]: APP_REQUEST_VALUE },
  });
  context.setDefaultTimeout(15_000);
  if (opts.consent) {
    await context.addInitScript((v) => {
      if (!localStorage.getItem('cookieoptin')) localStorage.setItem('cookieoptin', v);
    }, opts.consent);
  }
  const page = await context.newPage();
  recordErrors(page);
  return { context, page };
}

/** Uncaught errors of each page, for tests that expect none. */
const errorsOf = new WeakMap<Page, string[]>();
function recordErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  errorsOf.set(page, errors);
}
export const pageErrors = (page: Page): string[] => errorsOf.get(page) ?? [];

/** Waits until the app finished its first whoami and shows a screen. */
export async function ready(page: Page, screen?: string): Promise<void> {
  const sel = screen ? `[data-screen="${screen}"]` : '[data-screen]';
  await page.locator(sel).first().waitFor({ state: 'visible' });
  await page
    .locator('[data-screen][data-loading="true"]')
    .waitFor({ state: 'detached' })
    .catch(() => {});
}

export async function goto(page: Page, url: string, screen?: string): Promise<void> {
  await page.goto(url);
  await ready(page, screen);
}

/**
 * Client-side navigation as the app's own links do it (history.pushState and the router's popstate
 * listener); loads the app first when the page is blank. Faster than a full load per route.
 */
export async function navigate(page: Page, path: string): Promise<void> {
  if (!page.url().startsWith('http')) await goto(page, '/');
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

/** A page already signed in (cookie session via the API, then a load). */
export async function signedInPage(browser: Browser, email: string, opts: PageOptions = {}) {
  const p = await newPage(browser, { consent: 'optout', ...opts });
  const r = await p.context.request.post('/users/login', { data: { login: email, password: DEMO_PASSWORD } });
  expect(r.status(), `login ${email}`).toBe(200);
  return p;
}

export async function logoutViaMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.getByTestId('login-button').waitFor();
}

let axeSource: string | null = null;
/** Runs axe-core in the page; returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<{ id: string; impact: string; help: string; nodes: string[] }[]> {
  return (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Runs axe-core in the page; returns every violation, of any impact. */
export async function axeViolations(page: Page): Promise<{ id: string; impact: string; help: string; nodes: string[] }[]> {
  if (!axeSource) {
    const require = createRequire(import.meta.url);
    axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  }
  // Evaluated through the DevTools protocol, so the page's CSP (script-src 'self') does not apply.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
  return result;
}

/**
 * Opens a select or multi-select and picks one of its options. A click on the field sometimes focuses it
 * without opening its list (seen once in about three CI runs, inside a just-opened form); the keyboard's
 * ArrowDown, which opens the list of a focused field, is then tried, and then a second click.
 */
export async function pickOption(page: Page, field: Locator, option: string | RegExp): Promise<void> {
  const item = page.getByRole('option', { name: option }).first();
  const shown = (timeout: number) =>
    item.waitFor({ state: 'visible', timeout }).then(
      () => true,
      () => false,
    );
  for (let tries = 0; tries < 3; tries++) {
    await field.click({ force: true });
    if (await shown(3000)) return item.click();
    await page.keyboard.press('ArrowDown');
    if (await shown(2000)) return item.click();
  }
  await item.click();
}

export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}

/** The newest e-mail written to <DATA_DIR>/outbox for `to`, as text. */
export function latestMailTo(to: string): string | null {
  const dir = path.join(dataDir(), 'outbox');
  if (!fs.existsSync(dir)) return null;
  const mails = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => ({ f, t: fs.statSync(path.join(dir, f)).mtimeMs, text: fs.readFileSync(path.join(dir, f), 'utf8') }))
    .filter((m) => m.text.toLowerCase().includes(to.toLowerCase()))
    .sort((a, b) => b.t - a.t);
  return mails[0]?.text ?? null;
}

/** A unique address for accounts created by a test. */
export const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.net`;

/** A few pages of one context, lent to concurrent tests (they share the context's cookies). */
export class PagePool {
  private free: Page[] = [];
  private waiting: ((p: Page) => void)[] = [];
  private readonly context: BrowserContext;
  private readonly size: number;
  constructor(context: BrowserContext, size: number) {
    this.context = context;
    this.size = size;
  }
  async init(): Promise<this> {
    for (let i = 0; i < this.size; i++) {
      const page = await this.context.newPage();
      recordErrors(page);
      this.free.push(page);
    }
    return this;
  }
  async use<T>(fn: (page: Page) => Promise<T>): Promise<T> {
    const page = this.free.pop() ?? (await new Promise<Page>((r) => this.waiting.push(r)));
    try {
      return await fn(page);
    } finally {
      const next = this.waiting.shift();
      if (next) next(page);
      else this.free.push(page);
    }
  }
}
