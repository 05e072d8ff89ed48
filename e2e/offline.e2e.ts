/**
 * Learning offline: the install manifest and service worker; after one online visit the home page and
 * a kept course's lessons open with the network switched off (Chromium's DevTools protocol, through
 * the context's offline switch, which also covers the service worker); a page never seen says so; the
 * exam refuses; lessons read, a quiz taken and a post written offline (with a reload in between) reach
 * the server once each when the connection returns, even when the first send's reply is lost; signing
 * out clears the device; a visitor's device keeps nothing personal; a new version is offered and applied.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG } from '../src/domain/messages.ts';
import { axeViolations, goto, launchBrowser, newPage, screenshot, uniqueEmail } from './helpers.ts';
import { startServer } from './global-setup.ts';

const COURSE = 'intro-online-learning';
const CLASS = 'iol-en-selfpaced';
const LESSON1 = `/lessons/${COURSE}/iol-en-l1/${CLASS}`;
const LESSON2 = `/lessons/${COURSE}/iol-en-l2/${CLASS}`;
const LESSON3 = `/lessons/${COURSE}/iol-en-l3/${CLASS}`;
const PARENT = `${COURSE}-iol-en-l2`;
const DISCUSSION = `/comments/${PARENT}/${CLASS}`;
const QUIZ_RIGHT = ['B', 'A', 'C', 'C'];

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, { consent: 'optout' }));
  const email = uniqueEmail('offline');
  const r = await context.request.post('/app_users/register', {
    data: {
      firstname: 'Olu',
      lastname: 'Offline',
      email,
      confirmemail: email,
      city: 'Kisumu',
      country: 'KE',
      password: 'Offline-pass1!',
      confirmpassword: 'Offline-pass1!',
      terms: true,
    },
  });
  expect(r.status()).toBe(200);
  expect((await context.request.post(`/app_enrollment/enroll/${CLASS}`, { data: { courseid: COURSE } })).status()).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshot(page, `failed-offline-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
});

/** Waits until the service worker controls the page (it claims open pages when it activates). */
async function controlled(p: Page) {
  await p.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 30_000 });
}
const offline = (on: boolean) => context.setOffline(on);
const body = (p: Page) => p.locator('body').textContent();
interface Row {
  classid: string;
  progress: Record<string, { materials?: Record<string, string>; quizdate?: string; score?: number }>;
}
const myRow = async (): Promise<Row> =>
  ((await (await context.request.post('/app_enrollment/list', { data: {} })).json()) as Row[]).find((r) => r.classid === CLASS)!;
const postsWith = async (text: string) => {
  const list = (await (await context.request.post('/app_comments/list', { data: { parent: PARENT, context: CLASS } })).json()) as {
    body: string;
  }[];
  return list.filter((p) => p.body.includes(text)).length;
};
/** What the device keeps, read straight from IndexedDB and Cache Storage. */
const deviceData = (p: Page) =>
  p.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((res, rej) => {
      const r = indexedDB.open('lp-offline');
      r.onsuccess = () => res(r.result);
      r.onerror = () => rej(r.error);
    });
    const all = (store: string) =>
      new Promise<unknown[]>((res) => {
        const r = db.transaction(store).objectStore(store).getAll();
        r.onsuccess = () => res(r.result);
      });
    const out = {
      reads: (await all('reads')) as { key: string; data: { user?: unknown } }[],
      queue: (await all('queue')).length,
      kept: (await all('kept')).length,
      files: 0,
    };
    db.close();
    if (await caches.has('lp-files')) out.files = (await (await caches.open('lp-files')).keys()).length;
    return out;
  });

describe('installable', () => {
  it('has a valid manifest with its icons, and a service worker', async () => {
    const m = await (await context.request.get('/manifest.webmanifest')).json();
    expect(m).toMatchObject({ name: 'Learning Platform', start_url: '/', scope: '/', display: 'standalone', theme_color: '#1c5d99' });
    expect(m.dir ?? 'auto').toBe('auto');
    for (const size of ['192x192', '512x512']) {
      const icon = m.icons.find((i: { sizes: string; purpose?: string }) => i.sizes === size && !i.purpose);
      const r = await context.request.get(icon.src);
      expect(r.status()).toBe(200);
      expect(r.headers()['content-type']).toBe('image/png');
    }
    await goto(page, '/', 'content');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(new URL(script!).pathname).toBe('/sw.js');
    await controlled(page);
  });
});

describe('offline', () => {
  it('keeps a course after showing its size, and lists it in the account with Remove', async () => {
    await goto(page, `/Course/${COURSE}/${CLASS}`, 'course');
    await page.getByTestId('keep-start').click();
    const size = page.getByTestId('keep-size');
    await size.waitFor();
    expect(Number(await size.getAttribute('data-bytes'))).toBeGreaterThan(1000);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('keep-confirm').click();
    await page.locator('[data-testid="keep-course"][data-kept="true"]').waitFor();
    // The discussion is opened once online, so it opens offline too.
    await goto(page, DISCUSSION, 'comments');
    // Its posts loaded (not only the discussion's frame) and kept, before the page is left.
    await page.getByTestId('post-count').waitFor();
    await expect
      .poll(async () => (await deviceData(page)).reads.some((r) => r.key.startsWith('POST /app_comments/list')), { timeout: 10_000 })
      .toBe(true);
    await goto(page, '/user/enrollment', 'user');
    const row = page.getByTestId('kept-row');
    await row.waitFor();
    expect(await row.getAttribute('data-course')).toBe(COURSE);
    expect(await row.textContent()).toMatch(/(kB|MB)/);
    expect(await axeViolations(page)).toEqual([]);
    const data = await deviceData(page);
    expect(data.kept).toBe(1);
  });

  it('opens the home page and the kept lessons with the network off, says so, and refuses the exam', async () => {
    await goto(page, '/', 'content');
    await offline(true);
    await page.reload();
    await page.locator('[data-screen="content"]').waitFor();
    await page.getByTestId('offline-notice').waitFor();
    expect(await page.getByTestId('offline-notice').textContent()).toContain('You are offline');
    expect(await axeViolations(page)).toEqual([]);

    // Lesson 1 read offline: its views wait on the device.
    const t0 = Date.now();
    await goto(page, LESSON1, 'lesson');
    console.log(`[offline] kept lesson opened offline in ${Date.now() - t0} ms`);
    expect(await page.locator('[data-screen="lesson"]').textContent()).not.toContain(MSG.notAvailableOffline);
    await expect
      .poll(async () => Number(await page.getByTestId('offline-queue').getAttribute('data-waiting')), { timeout: 15_000 })
      .toBeGreaterThan(0);

    // The exam needs the server.
    await goto(page, LESSON3, 'lesson');
    await page.getByTestId('exam-offline').waitFor();
    expect(await page.getByTestId('exam-offline').textContent()).toBe(MSG.examNeedsConnection);

    // A page never seen says so.
    await goto(page, '/Course/community-health-basics', 'course').catch(() => {});
    await expect.poll(() => body(page)).toContain(MSG.notAvailableOffline);
  });

  it('takes a quiz and writes a post offline; after a reload offline they still wait', async () => {
    await goto(page, LESSON2, 'lesson');
    const quiz = page.locator('[data-testid^="quiz-"][data-kind="quiz"]').first();
    await quiz.getByTestId('quiz-start').click();
    for (const [i, letter] of QUIZ_RIGHT.entries()) await quiz.locator(`[data-question="${i}"] input[value="${letter}"]`).check();
    await quiz.getByTestId('quiz-submit').click();
    await page.getByTestId('quiz-saved-offline').waitFor();
    expect(await page.getByTestId('quiz-saved-offline').textContent()).toBe(MSG.quizSavedOnDevice);

    await goto(page, DISCUSSION, 'comments');
    const field = page.locator('[data-testid="post-form-body"]').first();
    await field.click();
    await page.keyboard.type('Written on the bus, offline');
    await page.getByTestId('post-form-submit').click();
    await expect.poll(() => page.getByTestId('status-area').textContent()).toContain(MSG.postSavedOnDevice);

    const waiting = Number(await page.getByTestId('offline-queue').getAttribute('data-waiting'));
    expect(waiting).toBeGreaterThanOrEqual(3);
    await page.reload();
    await page.locator('[data-screen="comments"]').waitFor();
    await expect.poll(async () => Number(await page.getByTestId('offline-queue').getAttribute('data-waiting'))).toBe(waiting);
    // Nothing reached the server yet.
    expect(await postsWith('Written on the bus')).toBe(0);
  });

  it('sends everything once when the connection returns, even when the first reply is lost', async () => {
    // The first send of the post reaches the server but its reply never comes back: it is sent again.
    let lost = 0;
    await page.route('**/app_comments/save', async (route) => {
      if (lost++ === 0) {
        await route.fetch();
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await offline(false);
    // The first pass sent the views and the quiz, then stopped at the post whose reply was lost.
    await expect.poll(() => lost, { timeout: 20_000 }).toBe(1);
    const queue = page.getByTestId('offline-queue');
    await expect
      .poll(async () => [await queue.getAttribute('data-waiting'), await queue.getAttribute('data-sending')], { timeout: 20_000 })
      .toEqual(['1', 'false']);
    // The next try (the connection "returns" again) sends the rest.
    await offline(true);
    await offline(false);
    await expect
      .poll(async () => Number(await page.getByTestId('offline-queue').getAttribute('data-waiting')), { timeout: 40_000 })
      .toBe(0);
    await page.unroute('**/app_comments/save');
    expect(lost).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('offline-queue').textContent()).toContain('Every change made offline has been sent.');

    expect(await postsWith('Written on the bus')).toBe(1);
    const row = await myRow();
    expect(Object.keys(row.progress['iol-en-l1']?.materials ?? {}).length).toBeGreaterThan(0);
    expect(row.progress['iol-en-l2']?.quizdate).toBeTruthy();
    expect(row.progress['iol-en-l2']?.score).toBe(QUIZ_RIGHT.length);
  });

  it('removes a kept course from the account list', async () => {
    await goto(page, '/user/enrollment', 'user');
    const row = page.getByTestId('kept-row');
    await row.waitFor();
    await row.getByRole('button').click();
    await row.waitFor({ state: 'detached' });
    expect((await deviceData(page)).kept).toBe(0);
    await goto(page, `/Course/${COURSE}/${CLASS}`, 'course');
    expect(await page.getByTestId('keep-course').getAttribute('data-kept')).toBe('false');
    // Kept again, so signing out has a course to clear.
    await page.getByTestId('keep-start').click();
    await page.getByTestId('keep-confirm').click();
    await page.locator('[data-testid="keep-course"][data-kept="true"]').waitFor();
  });

  it('signing out clears the kept course, the queue and the saved answers', async () => {
    expect((await deviceData(page)).kept).toBe(1);
    await goto(page, '/', 'content');
    expect((await deviceData(page)).reads.length).toBeGreaterThan(0);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-button').waitFor();
    await expect
      .poll(async () => {
        const d = await deviceData(page);
        return { kept: d.kept, queue: d.queue, files: d.files, personal: d.reads.filter((r) => r.data?.user).length };
      })
      .toEqual({ kept: 0, queue: 0, files: 0, personal: 0 });
    expect(
      (await deviceData(page)).reads.map((r) => r.key).filter((k) => k.includes('/app_enrollment/') || k.includes('/app_comments/')),
    ).toEqual([]);
  });

  it('keeps nothing personal for a signed-out visitor', async () => {
    const v = await newPage(browser, { consent: 'optout' });
    try {
      await goto(v.page, '/', 'content');
      await goto(v.page, `/Course/${COURSE}`, 'course');
      await controlled(v.page);
      const d = await deviceData(v.page);
      expect(d.reads.length).toBeGreaterThan(0);
      expect(d.reads.filter((r) => r.data?.user)).toEqual([]);
      expect(d.reads.map((r) => r.key).filter((k) => k.includes('/app_enrollment/'))).toEqual([]);
      expect([d.queue, d.kept]).toEqual([0, 0]);
    } finally {
      await v.context.close();
    }
  });
});

describe('updates', () => {
  it('offers Install where the browser allows it, and asks the browser when chosen', async () => {
    // Headless Chromium never decides the site is installable by itself, so the test sends the event the
    // browser sends then; what the app does with it is real: hold it, offer Install, prompt when chosen.
    const { context: b, page: p } = await newPage(browser, { consent: 'optout' });
    try {
      await goto(p, '/', 'content');
      expect(await p.getByTestId('install-app').count()).toBe(0);
      await p.evaluate(() => {
        const w = window as unknown as { prompted: number; installEvent: Event };
        w.prompted = 0;
        const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void> };
        e.prompt = async () => {
          w.prompted += 1;
        };
        w.installEvent = e;
        window.dispatchEvent(e);
      });
      await p.getByTestId('install-app').waitFor();
      // The browser's own mini-infobar is held back: the app offers it where the learner can see why.
      expect(await p.evaluate(() => (window as unknown as { installEvent: Event }).installEvent.defaultPrevented)).toBe(true);
      expect(await p.getByTestId('install-app').textContent()).toBe('Install the app');
      expect(await axeViolations(p)).toEqual([]);
      await p.getByTestId('install-app').click();
      await expect.poll(() => p.evaluate(() => (window as unknown as { prompted: number }).prompted)).toBe(1);
      // Asked once: the button goes, as the event can be used only once.
      await p.getByTestId('install-app').waitFor({ state: 'detached' });
    } finally {
      await b.close();
    }
  });

  it('offers a new version and applies it on Reload', async () => {
    // A server of its own over a copy of the build, so the worker can change under it.
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-web-'));
    fs.cpSync(path.resolve(import.meta.dirname, '../dist/web'), dist, { recursive: true });
    const server = await startServer({ WEB_DIST: dist }, 'offline-update-server.log');
    const b = await browser.newContext({ baseURL: server.url });
    try {
      await b.addInitScript(() => localStorage.setItem('cookieoptin', 'optout'));
      const p = await b.newPage();
      await p.goto('/');
      await p.locator('[data-screen="content"]').waitFor();
      await controlled(p);
      const first = await p.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
      // Publish a "new version": a changed worker (the precompressed copies removed so the change is served).
      const sw = path.join(dist, 'sw.js');
      fs.writeFileSync(sw, `${fs.readFileSync(sw, 'utf8')}\n// next version\n`);
      for (const ext of ['.br', '.gz']) fs.rmSync(sw + ext, { force: true });
      await p.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      await p.getByTestId('update-available').waitFor({ timeout: 30_000 });
      expect(await p.getByTestId('update-available').textContent()).toContain('A new version is available');
      expect(await axeViolations(p)).toEqual([]);
      // Until Reload the page keeps running the old worker: old and new code never mix.
      expect(await p.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);
      await p.evaluate(() => {
        (window as unknown as { oldPage: boolean }).oldPage = true;
      });
      await p.getByTestId('update-reload').click();
      // The page loaded again (the marker is gone) under the new worker.
      await expect
        .poll(() => p.evaluate(() => !(window as unknown as { oldPage?: boolean }).oldPage).catch(() => false), { timeout: 30_000 })
        .toBe(true);
      await p.locator('[data-screen="content"]').waitFor();
      await controlled(p);
      const after = await p.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return { waiting: !!r?.waiting, active: r?.active?.scriptURL };
      });
      expect(after).toEqual({ waiting: false, active: first });
      expect(await p.getByTestId('update-available').count()).toBe(0);
    } finally {
      await b.close();
      await server.stop();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
