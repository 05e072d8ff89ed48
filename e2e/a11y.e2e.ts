/**
 * axe-core on every screen of the route table, in English and Arabic, at 1280 and 375 px, signed out
 * and as each role: no violation of any impact. One browser, one context per role and language, a
 * few pages per context visited in turn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, DEMO, DEMO_PASSWORD, launchBrowser, navigate, newPage, ready, screenshot, uniqueEmail } from './helpers.ts';

interface Screen {
  path: string;
  screen: string;
}

const VISITOR: Screen[] = [
  { path: '/', screen: 'content' },
  { path: '/HowItWorks', screen: 'content' },
  { path: '/Courses', screen: 'content' },
  { path: '/Resources', screen: 'content' },
  { path: '/About', screen: 'content' },
  { path: '/Terms_of_Use', screen: 'content' },
  { path: '/login', screen: 'login' },
  { path: '/register', screen: 'register' },
  { path: '/passwordreset', screen: 'passwordreset' },
  { path: '/admin', screen: 'admin' },
  { path: '/Course/intro-online-learning', screen: 'course' },
  { path: '/users/enroll/intro-online-learning/', screen: 'user' },
  { path: '/German', screen: 'content' },
  { path: '/OptOutPreferences', screen: 'optout' },
  { path: '/no-such-page-here', screen: 'content' },
];
const LEARNER: Screen[] = [
  { path: '/', screen: 'content' },
  { path: '/Course/intro-online-learning', screen: 'course' },
  { path: '/lessons/intro-online-learning/iol-en-l1/iol-en-selfpaced', screen: 'lesson' },
  // A lesson whose discussion has several posts with replies, and a quiz.
  { path: '/lessons/intro-online-learning/iol-en-l2/iol-en-selfpaced', screen: 'lesson' },
  { path: '/comments', screen: 'comments' },
  { path: '/comments/intro-online-learning-l1', screen: 'comments' },
  { path: '/user/profile', screen: 'user' },
  { path: '/user/enrollment', screen: 'user' },
  { path: '/users/comments', screen: 'user' },
  { path: '/user/changepassword', screen: 'user' },
  { path: '/users/enroll', screen: 'user' },
  { path: '/app_users/certificate/intro-online-learning', screen: 'certificate' },
];
const INSTRUCTOR: Screen[] = [
  { path: '/user/enrollment', screen: 'user' },
  { path: '/class/enrollment/iol-en-selfpaced', screen: 'class' },
  { path: '/class/enrollment/iol-en-group-spring', screen: 'class' },
];
const EDITOR: Screen[] = [
  { path: '/', screen: 'content' },
  { path: '/admin/content', screen: 'admin' },
  { path: '/admin/courses', screen: 'admin' },
  { path: '/admin/courses/intro-online-learning', screen: 'admin' },
];
const ADMIN: Screen[] = [
  { path: '/admin/index', screen: 'admin' },
  { path: '/admin/users', screen: 'admin' },
  { path: '/admin/dashboard', screen: 'admin' },
  { path: '/admin/reports', screen: 'admin' },
  { path: '/admin/settings', screen: 'admin' },
  { path: '/admin/translations', screen: 'admin' },
  { path: '/admin/navigation', screen: 'admin' },
  { path: '/admin/audit', screen: 'admin' },
  { path: '/util/store', screen: 'util' },
  { path: '/admin/import', screen: 'admin' },
  { path: '/admin/classes/intro-online-learning/iol-en-group-spring', screen: 'admin' },
  // Staff tables: enrolments, files, classes (under courses) and a class's participants.
  { path: '/admin/enrollments', screen: 'admin' },
  { path: '/admin/files', screen: 'admin' },
  { path: '/admin/courses', screen: 'admin' },
  { path: '/admin/classes/intro-online-learning/iol-en-selfpaced', screen: 'admin' },
];

const ROLES = [
  { role: 'visitor', screens: VISITOR, account: null },
  // A learner of its own: visiting a lesson records views, which other journeys count for the demo learner.
  { role: 'learner', screens: LEARNER, account: 'fresh-learner' },
  { role: 'instructor', screens: INSTRUCTOR, account: DEMO.instructor },
  { role: 'editor', screens: EDITOR, account: DEMO.editor },
  { role: 'admin', screens: ADMIN, account: DEMO.admin },
] as const;
const LANGS = ['en', 'ar'] as const;
const WIDTHS = [1280, 375] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A context signed in as `account` with its language set to `lang`. Demo accounts are shared with
 * other journeys: an Arabic run signs in a copy (a fresh account given the same roles by an admin).
 */
async function contextFor(account: string | null, lang: string, width: number): Promise<{ context: BrowserContext; page: Page }> {
  const p = await newPage(browser, { consent: 'optout', width, height: width < 600 ? 800 : 900 });
  if (account === 'fresh-learner') {
    const email = uniqueEmail('axe');
    const password = 'Axe-pass1!';
    const r = await p.context.request.post('/app_users/register', {
      data: {
        firstname: 'Axe',
        lastname: 'Check',
        email,
        confirmemail: email,
        password,
        confirmpassword: password,
        city: 'Amman',
        country: 'JO',
        terms: true,
      },
    });
    expect(r.status()).toBe(200);
    expect(
      (await p.context.request.post('/app_enrollment/enroll/iol-en-selfpaced', { data: { courseid: 'intro-online-learning' } })).status(),
    ).toBe(200);
  } else if (account) {
    const r = await p.context.request.post('/users/login', { data: { login: account, password: DEMO_PASSWORD } });
    expect(r.status(), `login ${account}`).toBe(200);
  }
  // Visitors get the language cookie; accounts get their language for this session only (restored after).
  await p.context.request.post('/app_users/setlang/', { data: { lang } });
  return p;
}

for (const { role, screens, account } of ROLES) {
  describe(`axe: ${role}`, () => {
    for (const lang of LANGS) {
      it(`${lang} at ${WIDTHS.join(' and ')} px: no violation on ${screens.length} screens`, async () => {
        const { context, page } = await contextFor(account, lang, WIDTHS[0]);
        const found: string[] = [];
        try {
          for (const s of screens) {
            await page.setViewportSize({ width: WIDTHS[0], height: 900 });
            if (page.url().startsWith('http')) await navigate(page, s.path);
            else await page.goto(s.path);
            await ready(page, s.screen);
            // One content page follows another in the same screen element: wait for the new page's own,
            // or axe may check the one being left while it is replaced.
            if (s.screen === 'content') {
              const context = decodeURIComponent(s.path.split('/').filter(Boolean)[0] ?? 'home');
              await page.locator(`[data-screen="content"][data-page="${context}"]`).waitFor();
            }
            await page.locator(`html[lang="${lang}"]`).waitFor();
            // Lazy panels and lists settle before the check.
            await page
              .locator('[data-testid="page-loader"], .mantine-Skeleton-root')
              .first()
              .waitFor({ state: 'detached', timeout: 10_000 })
              .catch(() => {});
            // Each width on the same screen: the phone layout (drawer closed, floating menu) differs.
            for (const width of WIDTHS) {
              if (width !== WIDTHS[0]) {
                await page.setViewportSize({ width, height: 800 });
                await page.waitForFunction((w) => window.innerWidth === w, width);
              }
              for (const v of await axeViolations(page))
                found.push(`${s.path} at ${width}: ${v.id} (${v.impact}) ${v.help} -> ${v.nodes.join(' | ')}`);
              // Wide content (tables, code) scrolls in its own box: the page itself never scrolls sideways.
              const overflow = await page.evaluate(() => {
                const w = window.innerWidth;
                const rtl = document.documentElement.dir === 'rtl';
                // Sideways scrolling comes from visible content past the reading start's far edge (left in
                // Arabic, right otherwise) that no box of its own clips: a table in its scroll box, the
                // closed drawer parked off-screen or a hidden measuring element do not count.
                const clipped = (el: Element) => {
                  for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
                    if (getComputedStyle(a).overflowX !== 'visible') return true;
                  }
                  return false;
                };
                const culprits = Array.from(document.querySelectorAll('body *'))
                  .filter((el) => {
                    const b = el.getBoundingClientRect();
                    const out = rtl ? b.left < -1 : b.right > w + 1;
                    return out && b.width > 0 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && !clipped(el);
                  })
                  .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(-2).join('.')}`);
                return { by: culprits.length ? document.documentElement.scrollWidth - w : 0, culprits: culprits.slice(0, 5) };
              });
              if (overflow.culprits.length)
                found.push(`${s.path} at ${width}: the page is ${overflow.by} px wider than the screen (${overflow.culprits.join(', ')})`);
              // SCREENSHOTS_DIR=dir keeps what was checked, to be looked at (every screen, each role, language and width).
              if (process.env.SCREENSHOTS_DIR) {
                const name = `${role}-${lang}-${width}${s.path.replace(/[^A-Za-z0-9]+/g, '_')}.png`;
                await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/${name}`, fullPage: false });
              }
            }
          }
        } finally {
          if (account && lang !== 'en') await context.request.post('/app_users/setlang/', { data: { lang: 'en' } });
          await context.close();
        }
        expect(found).toEqual([]);
      }, 240_000);
    }
  });
}

/**
 * The offline screens, which need steps to reach: keeping a course (its size, then kept), the account's
 * list of kept courses, and with the network off the offline banner, the waiting count and the exam's refusal.
 */
describe('axe: offline screens', () => {
  for (const lang of LANGS) {
    it(`${lang} at ${WIDTHS.join(' and ')} px: no violation`, async () => {
      const { context, page } = await contextFor('fresh-learner', lang, WIDTHS[0]);
      const found: string[] = [];
      const check = async (name: string) => {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: width < 600 ? 800 : 900 });
          await page.waitForFunction((w) => window.innerWidth === w, width);
          for (const v of await axeViolations(page))
            found.push(`${name} at ${width}: ${v.id} (${v.impact}) ${v.help} -> ${v.nodes.join(' | ')}`);
        }
        await page.setViewportSize({ width: WIDTHS[0], height: 900 });
      };
      // Each language has its own copy of the course and its own self-paced class.
      const course = lang === 'en' ? 'intro-online-learning' : `intro-online-learning-${lang}`;
      const cls = `iol-${lang}-selfpaced`;
      try {
        if (lang !== 'en')
          expect((await context.request.post(`/app_enrollment/enroll/${cls}`, { data: { courseid: course } })).status()).toBe(200);
        await page.goto(`/Course/${course}/${cls}`);
        await ready(page, 'course');
        await page.locator(`html[lang="${lang}"]`).waitFor();
        await page.getByTestId('keep-start').click();
        await page.getByTestId('keep-size').waitFor();
        await check('keep: size shown');
        await page.getByTestId('keep-confirm').click();
        await page.locator('[data-testid="keep-course"][data-kept="true"]').waitFor();
        await check('keep: kept');
        await navigate(page, '/user/enrollment');
        await page.getByTestId('kept-row').waitFor();
        await check('account: kept courses');
        await context.setOffline(true);
        await page.goto(`/lessons/${course}/iol-${lang}-l3/${cls}`);
        await ready(page, 'lesson');
        await page.getByTestId('offline-notice').waitFor();
        await page.getByTestId('exam-offline').waitFor();
        await page.getByTestId('offline-queue').waitFor();
        await check('offline: lesson with the exam');
      } catch (err) {
        await screenshot(page, `failed-a11y-offline-${lang}`).catch(() => {});
        throw err;
      } finally {
        await context.setOffline(false);
        await context.request.post('/app_users/setlang/', { data: { lang: 'en' } }).catch(() => {});
        await context.close();
      }
      expect(found).toEqual([]);
    }, 240_000);
  }
});
