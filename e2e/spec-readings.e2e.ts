/**
 * The last statements of the spec, in the browser against the seeded demo: visitors-only blocks the
 * right way round (and editable in place), editors on other users' profile and enrolment panels,
 * ?setlanguage with the language redirects, /comments/ with nothing after it, the quiz's and the
 * exam's Retake button, the left menu agreeing with /Courses on Inactive courses, and pages that wait for the
 * session before deciding where to go.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO, goto, launchBrowser, newPage, ready, screenshot, seriousViolations, signedInPage, uniqueEmail } from './helpers.ts';
import { pickAnswer } from './exam-fixtures.ts';

let browser: Browser;
const open: BrowserContext[] = [];
let current: Page | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && current)
    await screenshot(current, `failed-spec-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
  for (const c of open.splice(0)) await c.close().catch(() => {});
});

async function visitor() {
  const p = await newPage(browser, { consent: 'optout' });
  open.push(p.context);
  current = p.page;
  return p;
}
async function as(email: string) {
  const p = await signedInPage(browser, email);
  open.push(p.context);
  current = p.page;
  return p;
}
const path = (page: Page) => () => new URL(page.url()).pathname;
const WELCOME = '[data-block="home-en-welcome"]';

describe('visitors-only blocks (spec 2: they show an alternate body to visitors)', () => {
  it('shows visitors the alternate body and signed-in readers the body', async () => {
    const { page } = await visitor();
    await goto(page, '/', 'content');
    await expect.poll(() => page.locator(WELCOME).textContent()).toContain('New here?');
    expect(await page.locator(WELCOME).textContent()).not.toContain('Welcome back!');

    const { page: learner } = await as(DEMO.learner);
    await goto(learner, '/', 'content');
    await expect.poll(() => learner.locator(WELCOME).textContent()).toContain('Welcome back!');
    expect(await learner.locator(WELCOME).textContent()).not.toContain('New here?');
  });

  it('lets an editor see and edit both bodies in place', async () => {
    const { page } = await as(DEMO.editor);
    await goto(page, '/', 'content');
    const block = page.locator(WELCOME);
    await expect.poll(() => block.textContent()).toContain('Welcome back!');
    await expect.poll(() => block.getByTestId('visitors-text').textContent()).toContain('New here?');
    await block.getByTestId('edit-block').click();
    const body2 = page.getByTestId('block-body2');
    await body2.waitFor();
    expect(await body2.textContent()).toContain('New here?');
    expect(await page.locator('[data-block="home-en-welcome"]').textContent()).toContain('Welcome back!');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('cancel-block').click();
  });
});

describe("editors on other users' screens (spec 6)", () => {
  it("opens another user's profile with Edit Profile, the e-mail left to admins", async () => {
    const { page } = await as(DEMO.editor);
    await goto(page, '/users/profile/demo-learner', 'user');
    expect(path(page)()).toBe('/users/profile/demo-learner');
    expect(await page.locator('h1').textContent()).toBe('User Profile');
    await page.getByTestId('profile-edit').click();
    const email = page.getByTestId('profile-email');
    await email.waitFor();
    expect(await email.inputValue()).toBe(DEMO.learner);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByText('Only an admin can change this address.').count()).toBe(1);
    // Roles are for admins only.
    expect(await page.getByRole('group', { name: 'Roles' }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("opens another user's enrolments with Edit/Remove and Add User to Class", async () => {
    const { page } = await as(DEMO.editor);
    await goto(page, '/users/enrollment/demo-learner', 'user');
    expect(path(page)()).toBe('/users/enrollment/demo-learner');
    await page.getByTestId('enrollment-panel').waitFor();
    await expect.poll(() => page.getByTestId('enrollment-edit').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('enrollment-remove').count()).toBeGreaterThan(0);
    await page.getByTestId('add-user-to-class').waitFor();
    // Other users' comments and password stay the admins' and the user's.
    await goto(page, '/users/comments/demo-learner', 'user');
    await expect.poll(path(page)).toBe('/user/comments');
  });

  it("sends learners and instructors viewing another user's id back to their own panel", async () => {
    for (const who of [DEMO.learner, DEMO.instructor]) {
      const { page } = await as(who);
      await goto(page, '/users/profile/demo-editor', 'user');
      await expect.poll(path(page)).toBe('/user/profile');
      await goto(page, '/users/enrollment/demo-editor', 'user');
      await expect.poll(path(page)).toBe('/user/enrollment');
    }
  });
});

describe('addresses', () => {
  it('?setlanguage=de switches to German and follows the language redirect to /German', async () => {
    const { page } = await visitor();
    await goto(page, '/?setlanguage=de');
    await expect.poll(path(page)).toBe('/German');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
    expect(new URL(page.url()).searchParams.get('setlanguage')).toBeNull();
  });

  it('/comments/ with nothing after it goes to /Courses; /comments shows the own comments', async () => {
    const { page } = await as(DEMO.learner);
    await goto(page, '/comments/');
    await expect.poll(path(page)).toBe('/Courses');
    await goto(page, '/comments');
    await expect.poll(path(page)).toBe('/comments');
    await page.locator('[data-screen="comments"][data-parent=""]').waitFor();
  });
});

describe('removed posts', () => {
  it('shows "This post was removed." where the thread needs it, with the replies under it', async () => {
    // A self-paced class of this test's own, so the demo discussions stay as they are.
    const { context: adminContext } = await as(DEMO.admin);
    const cls = (await (
      await adminContext.request.post('/app_classes/save', {
        data: { _id: 'new', name: 'Removed markers', course: 'intro-online-learning', selfpaced: true },
      })
    ).json()) as { _id: string };
    const learner = async (first: string) => {
      const p = await visitor();
      const email = uniqueEmail(`removed-${first.toLowerCase()}`);
      expect(
        (
          await p.context.request.post('/app_users/register', {
            data: {
              firstname: first,
              lastname: 'Thread',
              email,
              confirmemail: email,
              city: 'Porto',
              country: 'Portugal',
              password: 'Thread-pass1!',
              confirmpassword: 'Thread-pass1!',
              terms: true,
            },
          })
        ).status(),
      ).toBe(200);
      expect(
        (await p.context.request.post(`/app_enrollment/enroll/${cls._id}`, { data: { courseid: 'intro-online-learning' } })).status(),
      ).toBe(200);
      return p;
    };
    const ana = await learner('Ana');
    const ben = await learner('Ben');
    const parent = 'intro-online-learning-iol-en-l2';
    const post = (await (
      await ana.context.request.post('/app_comments/save', { data: { parent, context: cls._id, body: '<p>Words that go away</p>' } })
    ).json()) as { _id: string };
    expect(
      (
        await ben.context.request.post('/app_comments/saveReply', { data: { parent: post._id, body: '<p>A reply that stays</p>' } })
      ).status(),
    ).toBe(200);
    expect((await ana.context.request.post('/app_comments/remove', { data: { _id: post._id, author: 'x' } })).status()).toBe(404);
    const me = (await (await ana.context.request.get('/app_users/whoami')).json()) as { user: { _id: string } };
    expect((await ana.context.request.post('/app_comments/remove', { data: { _id: post._id, author: me.user._id } })).status()).toBe(200);

    const { page } = ben;
    await goto(page, `/comments/${parent}/${cls._id}`, 'comments');
    const marker = page.locator(`[data-post-id="${post._id}"]`);
    await expect.poll(() => marker.getByTestId('post-removed-note').textContent()).toBe('This post was removed.');
    expect(await marker.getByTestId('reply').textContent()).toContain('A reply that stays');
    expect(await marker.textContent()).not.toContain('Words that go away');
    expect(await marker.getByTestId('post-reply').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('the quiz result', () => {
  it('offers Retake (spec 2: "Results offer Show Answers and Retake")', async () => {
    const { context, page } = await visitor();
    const email = uniqueEmail('retake');
    const reg = await context.request.post('/app_users/register', {
      data: {
        firstname: 'Rita',
        lastname: 'Retake',
        email,
        confirmemail: email,
        city: 'Porto',
        country: 'Portugal',
        password: 'Retake-pass1!',
        confirmpassword: 'Retake-pass1!',
        terms: true,
      },
    });
    expect(reg.status()).toBe(200);
    expect(
      (await context.request.post('/app_enrollment/enroll/iol-en-selfpaced', { data: { courseid: 'intro-online-learning' } })).status(),
    ).toBe(200);
    const lesson = (await (await context.request.post('/app_lessons/get', { data: { _id: 'iol-en-l2' } })).json()) as {
      materials: Record<string, { _id: string; section: string }>;
    };
    const material = Object.values(lesson.materials).find((m) => m.section === 'Quiz')!._id;
    await goto(page, `/lessons/intro-online-learning/iol-en-l2/iol-en-selfpaced/${material}`, 'lesson');
    const quiz = page.getByTestId(`quiz-${material}`);
    await quiz.getByTestId('quiz-start').click();
    const questions = await quiz.locator('[data-question]').count();
    for (let i = 0; i < questions; i++) await quiz.locator(`[data-question="${i}"] input[value="A"]`).check();
    await quiz.getByTestId('quiz-submit').click();
    await quiz.getByTestId('quiz-result').waitFor();
    expect((await quiz.getByTestId('quiz-retake').textContent())?.trim()).toBe('Retake');
  });

  it('offers Retake on a failed exam whose rules let the next attempt start at once', async () => {
    // A course of this test's own whose exam has no wait between attempts, so the demo exams keep theirs.
    const { context: adminContext } = await as(DEMO.admin);
    const post = async <T>(url: string, data: Record<string, unknown>) => {
      const r = await adminContext.request.post(url, { data });
      expect(r.status(), url).toBe(200);
      return (await r.json()) as T;
    };
    const course = await post<{ _id: string }>('/app_courses/save', {
      _id: 'new',
      title: `Retake exam ${Date.now().toString(36)}`,
      lang: 'en',
      order: 99,
    });
    const lesson = await post<{ _id: string }>('/app_lessons/save', { _id: 'new', course: course._id, title: 'Final lesson' });
    const question = 'Which answer is right?';
    const exam = await post<{ _id: string }>('/app_materials/save', {
      _id: 'new',
      lesson: lesson._id,
      section: 'Exam',
      title: 'Final exam',
      waithours: 0,
      maxattempts: 0,
      quiz: [{ question, answers: ['Right', 'Wrong'], iscorrect: 1 }],
    });
    const cls = await post<{ _id: string }>('/app_classes/save', { _id: 'new', name: 'Retake group', course: course._id, selfpaced: true });

    const { context, page } = await visitor();
    const email = uniqueEmail('retake-exam');
    expect(
      (
        await context.request.post('/app_users/register', {
          data: {
            firstname: 'Enzo',
            lastname: 'Retake',
            email,
            confirmemail: email,
            city: 'Porto',
            country: 'Portugal',
            password: 'Retake-pass1!',
            confirmpassword: 'Retake-pass1!',
            terms: true,
          },
        })
      ).status(),
    ).toBe(200);
    expect((await context.request.post(`/app_enrollment/enroll/${cls._id}`, { data: { courseid: course._id } })).status()).toBe(200);

    await goto(page, `/lessons/${course._id}/${lesson._id}/${cls._id}`, 'lesson');
    const box = page.getByTestId(`quiz-${exam._id}`);
    await box.getByTestId('quiz-start').click();
    await expect.poll(() => box.getAttribute('data-quiz-state')).toBe('quiz');
    await pickAnswer(box, 0, new Map([[question, 'Right']]), false);
    await box.getByTestId('quiz-submit').click();
    await box.getByTestId('quiz-result').waitFor();
    expect(await box.getByTestId('quiz-result').getAttribute('data-passed')).toBe('false');
    const retake = box.getByTestId('quiz-retake');
    await retake.waitFor();
    expect((await retake.textContent())?.trim()).toBe('Retake');
    expect(await box.getByRole('button', { name: 'Retake', exact: true }).count()).toBe(1);
  });
});

describe('Inactive courses: the left menu agrees with /Courses', () => {
  it('lists an Inactive course the learner is enrolled in, in both places, and hides it from others', async () => {
    const { context: adminContext } = await as(DEMO.admin);
    const title = `Spec archive ${Date.now().toString(36)}`;
    const course = (await (
      await adminContext.request.post('/app_courses/save', { data: { _id: 'new', title, lang: 'en', order: 99 } })
    ).json()) as { _id: string };
    const cls = (await (
      await adminContext.request.post('/app_classes/save', {
        data: { _id: 'new', name: 'Archive group', course: course._id, selfpaced: true },
      })
    ).json()) as { _id: string };
    const { context, page } = await visitor();
    const email = uniqueEmail('inactive');
    expect(
      (
        await context.request.post('/app_users/register', {
          data: {
            firstname: 'Ivo',
            lastname: 'Inactive',
            email,
            confirmemail: email,
            city: 'Porto',
            country: 'Portugal',
            password: 'Inactive-pass1!',
            confirmpassword: 'Inactive-pass1!',
            terms: true,
          },
        })
      ).status(),
    ).toBe(200);
    expect((await context.request.post(`/app_enrollment/enroll/${cls._id}`, { data: { courseid: course._id } })).status()).toBe(200);
    expect((await adminContext.request.post('/app_courses/save', { data: { _id: course._id, status: 'Inactive' } })).status()).toBe(200);

    await goto(page, '/Courses', 'content');
    await expect.poll(() => page.locator(`[data-testid="course-list"] [data-course="${course._id}"]`).count()).toBe(1);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => page.getByTestId('nav-drawer').getByRole('link', { name: title }).count()).toBe(1);

    const { page: other } = await as(DEMO.learner);
    await goto(other, '/Courses', 'content');
    await other.locator('[data-testid="course-list"] [data-course]').first().waitFor();
    expect(await other.locator(`[data-course="${course._id}"]`).count()).toBe(0);
    expect(await other.getByTestId('nav-drawer').getByRole('link', { name: title }).count()).toBe(0);
  });
});

describe('pages wait for the session before deciding where to go', () => {
  /** Holds every whoami for `ms` before letting it through, as a slow network would. */
  async function slowSession(page: Page, ms: number) {
    await page.route('**/app_users/whoami**', async (route) => {
      await new Promise((r) => setTimeout(r, ms));
      await route.continue();
    });
  }

  it('keeps a signed-in user on a sign-in-only page while the session is slow to answer', async () => {
    const { page } = await as(DEMO.learner);
    await slowSession(page, 1500);
    await page.goto('/users/profile');
    await ready(page, 'user');
    expect(path(page)()).toBe('/users/profile');
    expect(await page.locator('h1').textContent()).toBe('User Profile');
  });

  it('sends a visitor to /login with the redirect once the slow session says signed out', async () => {
    const { page } = await visitor();
    await slowSession(page, 1500);
    await page.goto('/users/profile');
    await expect.poll(path(page), { timeout: 10_000 }).toBe('/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/users/profile');
  });

  it('sends a signed-in user away from /login only after the slow session answers', async () => {
    const { page } = await as(DEMO.learner);
    await slowSession(page, 1500);
    await page.goto('/login');
    await expect.poll(path(page), { timeout: 10_000 }).toBe('/');
  });
});
