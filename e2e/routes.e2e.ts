/**
 * Every route pattern and alias of the spec's route table resolves to its screen (history mode),
 * with the sign-in guard, the signed-out-only screens and the generic content fallback.
 */
import { afterAll, beforeAll, describe, expect as globalExpect, it, type ExpectStatic } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO, launchBrowser, navigate, newPage, pageErrors, PagePool, ready, signedInPage, uniqueEmail } from './helpers.ts';

/** `url`: where the screen settles when it is not `path` itself (a lesson without a class gets the learner's class). */
interface Row {
  path: string;
  screen: string;
  attrs?: Record<string, string>;
  url?: RegExp;
}

/** Visitors. */
const PUBLIC: Row[] = [
  { path: '/', screen: 'content', attrs: { 'data-page': 'home' } },
  { path: '/app', screen: 'content', attrs: { 'data-page': 'home' } },
  { path: '/HowItWorks', screen: 'content', attrs: { 'data-page': 'HowItWorks' } },
  { path: '/Courses', screen: 'content', attrs: { 'data-page': 'Courses' } },
  { path: '/Resources', screen: 'content', attrs: { 'data-page': 'Resources' } },
  { path: '/About', screen: 'content', attrs: { 'data-page': 'About' } },
  { path: '/Terms_of_Use', screen: 'content', attrs: { 'data-page': 'Terms_of_Use' } },
  { path: '/login', screen: 'login' },
  { path: '/Login', screen: 'login' },
  { path: '/user/login', screen: 'login' },
  { path: '/register', screen: 'register' },
  { path: '/signup', screen: 'register' },
  { path: '/user/register', screen: 'register' },
  { path: '/passwordreset', screen: 'passwordreset' },
  { path: '/user/passwordreset', screen: 'passwordreset' },
  { path: '/admin', screen: 'admin', attrs: { 'data-panel': 'index' } },
  { path: '/admin/index', screen: 'admin', attrs: { 'data-panel': 'index' } },
  { path: '/admin/content/home-en-page', screen: 'admin', attrs: { 'data-panel': 'content' } },
  { path: '/admin/courses/intro-online-learning', screen: 'admin', attrs: { 'data-panel': 'courses' } },
  { path: '/admin/classes/intro-online-learning/c1', screen: 'admin', attrs: { 'data-panel': 'classes' } },
  { path: '/admin/lessons/intro-online-learning/new', screen: 'admin', attrs: { 'data-panel': 'lessons' } },
  { path: '/admin/lessonmaterials/intro-online-learning/l1/new', screen: 'admin', attrs: { 'data-panel': 'lessonmaterials' } },
  { path: '/Course', screen: 'course', attrs: { 'data-course': 'intro-online-learning' } },
  { path: '/Course/community-health-basics', screen: 'course', attrs: { 'data-course': 'community-health-basics' } },
  { path: '/Course/intro-online-learning/none', screen: 'course', attrs: { 'data-course': 'intro-online-learning', 'data-class': '' } },
  { path: '/Course/intro-online-learning/class-x', screen: 'course', attrs: { 'data-class': 'class-x' } },
  { path: '/Course/intro-online-learning/class-x/welcome', screen: 'course', attrs: { 'data-class': 'class-x' } },
  { path: '/Courses/intro-online-learning', screen: 'course', attrs: { 'data-course': 'intro-online-learning' } },
  { path: '/lessons/intro-online-learning', screen: 'course', attrs: { 'data-course': 'intro-online-learning' } },
  { path: '/users/enroll/intro-online-learning/', screen: 'user', attrs: { 'data-panel': 'enroll', 'data-signed-out': 'true' } },
  { path: '/German', screen: 'content', attrs: { 'data-page': 'German' } },
  { path: '/OptOutPreferences', screen: 'optout' },
  { path: '/some-page', screen: 'content', attrs: { 'data-page': 'some-page' } },
  { path: '/some-page/sub', screen: 'content', attrs: { 'data-page': 'some-page' } },
  { path: '/a/b/c/d', screen: 'content', attrs: { 'data-page': 'a' } },
];

/** Routes that need sign-in: visitors land on /login?redirect=<path>. */
const SIGNED_IN: Row[] = [
  // The learner's lessons and class: the viewer resolves real records (an unknown lesson goes to the course page).
  {
    path: '/lessons/intro-online-learning/iol-en-l1',
    screen: 'lesson',
    attrs: { 'data-lesson': 'iol-en-l1' },
    url: /^\/lessons\/intro-online-learning\/iol-en-l1\/iol-en-selfpaced$/,
  },
  {
    path: '/lessons/intro-online-learning/iol-en-l1/none',
    screen: 'lesson',
    attrs: { 'data-lesson': 'iol-en-l1' },
    url: /^\/lessons\/intro-online-learning\/iol-en-l1\/iol-en-selfpaced$/,
  },
  {
    path: '/lessons/intro-online-learning/iol-en-l1/iol-en-selfpaced/iol-en-l1-m1/k1',
    screen: 'lesson',
    attrs: { 'data-material': 'iol-en-l1-m1' },
  },
  {
    path: '/lessons/intro-online-learning/next/iol-en-selfpaced',
    screen: 'lesson',
    attrs: { 'data-course': 'intro-online-learning', 'data-class': 'iol-en-selfpaced' },
    url: /^\/lessons\/intro-online-learning\/iol-en-l\d\/iol-en-selfpaced$/,
  },
  { path: '/comments', screen: 'comments' },
  { path: '/Comments', screen: 'comments' },
  { path: '/comment', screen: 'comments' },
  { path: '/comments/intro-online-learning-l1', screen: 'comments', attrs: { 'data-parent': 'intro-online-learning-l1' } },
  { path: '/comments/intro-online-learning-l1/c1/k1', screen: 'comments', attrs: { 'data-parent': 'intro-online-learning-l1' } },
  { path: '/comments/a/b/c/d', screen: 'comments' },
  { path: '/discussion/d1', screen: 'comments', attrs: { 'data-parent': 'd1' } },
  { path: '/class/enrollment/c1', screen: 'class', attrs: { 'data-panel': 'enrollment', 'data-class': 'c1' } },
  { path: '/class/c1', screen: 'class', attrs: { 'data-panel': 'enrollment', 'data-class': 'c1' } },
  { path: '/classes/edit/c1', screen: 'class', attrs: { 'data-panel': 'edit' } },
  { path: '/classes/confirmation/c1', screen: 'class', attrs: { 'data-panel': 'confirmation' } },
  { path: '/user/profile', screen: 'user', attrs: { 'data-panel': 'profile' } },
  { path: '/user', screen: 'user', attrs: { 'data-panel': 'profile' } },
  { path: '/users/profile', screen: 'user', attrs: { 'data-panel': 'profile' } },
  { path: '/users/profile/enrollment', screen: 'user', attrs: { 'data-panel': 'enrollment' } },
  { path: '/user/enrollment', screen: 'user', attrs: { 'data-panel': 'enrollment' } },
  { path: '/users/comments', screen: 'user', attrs: { 'data-panel': 'comments' } },
  { path: '/user/changepassword', screen: 'user', attrs: { 'data-panel': 'changepassword' } },
  { path: '/users/enroll', screen: 'user', attrs: { 'data-panel': 'enroll' } },
];

async function expectScreen(page: Page, row: Row, expect: ExpectStatic = globalExpect) {
  await ready(page, row.screen);
  const el = page.locator(`[data-screen="${row.screen}"]`).first();
  for (const [k, v] of Object.entries(row.attrs ?? {}))
    await expect.poll(() => el.getAttribute(k), { message: `${row.path} ${k}` }).toBe(v);
}

const pathOf = (page: Page) => {
  const u = new URL(page.url());
  return { pathname: u.pathname, redirect: u.searchParams.get('redirect') };
};

/** Deep links loaded from the server (history mode); the rest of the table navigates in the app. */
const FULL_LOADS = new Set([
  '/',
  '/login',
  '/Course/intro-online-learning/none',
  '/users/enroll/intro-online-learning/',
  '/a/b/c/d',
  '/lessons/intro-online-learning/next/iol-en-selfpaced',
  '/user/profile',
  '/comments/intro-online-learning-l1/c1/k1',
  '/admin/index',
]);
const open = (page: Page, path: string) => (FULL_LOADS.has(path) ? page.goto(path).then(() => undefined) : navigate(page, path));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const POOL_SIZE = 4;

const expect = globalExpect;

describe('routes for visitors', () => {
  let context: BrowserContext;
  let page: Page;
  let pool: PagePool;
  beforeAll(async () => {
    ({ context, page } = await newPage(browser, { consent: 'optout' }));
    pool = await new PagePool(context, POOL_SIZE).init();
  });
  afterAll(async () => {
    await context.close();
  });

  it.concurrent.for(PUBLIC)('$path shows $screen', (row, { expect }) =>
    pool.use(async (p) => {
      await open(p, row.path);
      await expect.poll(() => pathOf(p).pathname).toBe(row.path.split('?')[0]);
      await expectScreen(p, row, expect);
      expect(pageErrors(p)).toEqual([]);
    }),
  );

  it.concurrent.for(SIGNED_IN.filter((r) => r.path !== '/users/enroll'))('$path sends visitors to /login?redirect=', (row, { expect }) =>
    pool.use(async (p) => {
      await open(p, row.path);
      await expect.poll(() => pathOf(p), { timeout: 10_000 }).toEqual({ pathname: '/login', redirect: row.path });
      await ready(p, 'login');
    }),
  );

  it('the admin area offers a Please Login link to visitors', async () => {
    await page.goto('/admin/users');
    await expect.poll(() => page.getByTestId('please-login').getAttribute('href')).toBe('/login?redirect=%2Fadmin%2Fusers');
  });

  it("the certificate link is the server's (a client-side visit explains it)", async () => {
    await page.goto('/');
    await ready(page, 'content');
    await page.evaluate(() => {
      history.pushState({}, '', '/app_users/certificate/intro-online-learning');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expectScreen(page, { path: '', screen: 'certificate', attrs: { 'data-course': 'intro-online-learning' } });
  });

  it('a missing page shows the page-not-found content', async () => {
    await page.goto('/no-such-page-here');
    await ready(page, 'content');
    expect(await page.locator('[data-screen="content"]').getAttribute('data-page-id')).toMatch(/page-not-found/);
  });
});

describe('routes for a signed-in learner', () => {
  let context: BrowserContext;
  let page: Page;
  let pool: PagePool;
  beforeAll(async () => {
    // A learner of its own in the demo class: opening lessons records views, and the demo learner's
    // progress must stay as seeded for the journeys that count its ticks.
    ({ context, page } = await newPage(browser, { consent: 'optout' }));
    const email = uniqueEmail('routes');
    const reg = await context.request.post('/app_users/register', {
      data: {
        firstname: 'Route',
        lastname: 'Walker',
        email,
        confirmemail: email,
        password: 'Routes-pass1!',
        confirmpassword: 'Routes-pass1!',
        city: 'Lagos',
        country: 'NG',
        terms: true,
      },
    });
    globalExpect(reg.status()).toBe(200);
    globalExpect(
      (await context.request.post('/app_enrollment/enroll/iol-en-selfpaced', { data: { courseid: 'intro-online-learning' } })).status(),
    ).toBe(200);
    pool = await new PagePool(context, POOL_SIZE).init();
  });
  afterAll(async () => {
    await context.close();
  });

  it.concurrent.for(SIGNED_IN)('$path shows $screen', (row, { expect }) =>
    pool.use(async (p) => {
      await open(p, row.path);
      const settled = (path: string) => (row.url ? row.url.test(path) : path === row.path.split('?')[0]);
      await expect.poll(() => settled(pathOf(p).pathname), { message: `${row.path} -> ${pathOf(p).pathname}` }).toBe(true);
      await expectScreen(p, row, expect);
      // Still there once the guard has had its say.
      expect(settled(pathOf(p).pathname)).toBe(true);
    }),
  );

  it.concurrent.for(['/login', '/Login', '/user/login', '/register', '/signup', '/user/register'])(
    '%s sends signed-in users to /',
    (path, { expect }) =>
      pool.use(async (p) => {
        await open(p, path);
        await expect.poll(() => pathOf(p).pathname).toBe('/');
        await ready(p, 'content');
      }),
  );

  it('/login?redirect= goes to the redirect target when already signed in', async () => {
    await page.goto('/login?redirect=%2FAbout');
    await ready(page, 'content');
    expect(new URL(page.url()).pathname).toBe('/About');
  });

  it('/class without a panel goes to /Courses', async () => {
    await page.goto('/class');
    await ready(page, 'content');
    expect(new URL(page.url()).pathname).toBe('/Courses');
  });

  it('non-admins viewing another user go to their own panel', async () => {
    await page.goto('/user/profile/someone-else');
    await ready(page, 'user');
    expect(new URL(page.url()).pathname).toBe('/user/profile');
    await page.goto('/user/someone-else');
    await ready(page, 'user');
    expect(new URL(page.url()).pathname).toBe('/user/profile');
  });

  it('the data explorer is for admins only', async () => {
    await page.goto('/util/store');
    await ready(page, 'content');
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('routes for an admin', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => ({ context, page } = await signedInPage(browser, DEMO.admin)));
  afterAll(async () => {
    await context.close();
  });

  it('/util/store lists the modules', async () => {
    await page.goto('/util/store');
    await expectScreen(page, { path: '/util/store', screen: 'util', attrs: { 'data-panel': 'store' } });
    await expect.poll(() => page.locator('[data-screen="util"] li').count()).toBe(13);
  });

  it('/admin/{panel}/* opens the admin area', async () => {
    await page.goto('/admin/lessonmaterials/intro-online-learning/l1/new');
    await expectScreen(page, { path: '', screen: 'admin', attrs: { 'data-panel': 'lessonmaterials' } });
    expect(new URL(page.url()).pathname).toBe('/admin/lessonmaterials/intro-online-learning/l1/new');
  });

  it('/class/create?regcode=... opens the create panel (admins may create classes; learners without rights go to the course page)', async () => {
    await page.goto('/class/create?regcode=ABCDEFGH');
    await expectScreen(page, { path: '', screen: 'class', attrs: { 'data-panel': 'create', 'data-regcode': 'ABCDEFGH' } });
  });

  it("admins may view another user's panel", async () => {
    const r = await context.request.post('/app_users/list', { data: { search: 'learner' } });
    const { list } = (await r.json()) as { list: { _id: string; email: string }[] };
    const learner = list.find((u) => u.email === DEMO.learner)!;
    await page.goto(`/user/profile/${learner._id}`);
    await ready(page, 'user');
    expect(new URL(page.url()).pathname).toBe(`/user/profile/${learner._id}`);
    await expect.poll(() => page.getByTestId('profile-fields').textContent()).toContain(DEMO.learner);
  });
});
