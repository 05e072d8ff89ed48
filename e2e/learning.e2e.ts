/**
 * A learner's whole journey: register from the enrol page into the private
 * group with its code SPRING26, read every lesson with Next, fail the quiz, retake and pass it, pass
 * the exam, open the certificate PDF (the name and course title are in its text), check it on the
 * public verification page, and find the completed row in My Classes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MSG } from '../src/domain/messages.ts';
import { pdfTextRuns } from '../src/server/modules/certificates/pdf-text.ts';
import { goto, launchBrowser, newPage, pageErrors, ready, screenshot, seriousViolations, uniqueEmail } from './helpers.ts';
import { answerExam, examKey } from './exam-fixtures.ts';

const COURSE = 'intro-online-learning';
const COURSE_TITLE = 'Introduction to Online Learning';
const GROUP = 'iol-en-group-spring';
/** The demo quiz (lesson 2) answers; the exam's are shuffled per attempt and chosen by their text. */
const QUIZ_RIGHT = ['B', 'A', 'C', 'C'];
const QUIZ_WRONG = ['A', 'B', 'A', 'A'];

let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = uniqueEmail('learner');
const first = 'Greta';
const last = 'Journey';

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, { consent: 'optout' }));
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshot(page, `failed-learning-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
});

interface Row {
  classid: string;
  completed?: string;
  percentcomplete?: number;
  progress: Record<string, { materials?: Record<string, string> }>;
}
const myEnrollments = async (): Promise<Row[]> => (await context.request.post('/app_enrollment/list', { data: {} })).json();
const path = () => decodeURIComponent(new URL(page.url()).pathname);

/** Answers the open quiz or exam with the given letters and submits it. */
async function answer(quiz: ReturnType<Page['locator']>, letters: string[]) {
  for (const [i, letter] of letters.entries()) {
    await quiz.locator(`[data-question="${i}"] input[value="${letter}"]`).check();
  }
  await quiz.getByTestId('quiz-submit').click();
  await quiz.getByTestId('quiz-result').waitFor();
}

describe('a learner in the private group', () => {
  it('checks the registration code, then registers and is enrolled', async () => {
    await goto(page, `/users/enroll/${COURSE}`, 'user');
    const panel = page.getByTestId('enroll-panel');
    await panel.getByText('How would you like to study?').waitFor();
    await page.getByTestId('method-group').check();
    // An empty code is refused before any call; an unknown code finds nothing.
    await page.getByTestId('enroll-verify').click();
    await expect.poll(() => panel.textContent()).toContain(MSG.regcodeRequired);
    await page.getByTestId('enroll-regcode').fill('NOSUCH99');
    await page.getByTestId('enroll-verify').click();
    await expect.poll(() => panel.textContent()).toContain(MSG.classNotFound);
    await page.getByTestId('enroll-regcode').fill('spring26');
    await page.getByTestId('enroll-verify').click();
    await expect.poll(() => page.getByTestId('enroll-class-name').textContent()).toBe('Spring cohort 2026');
    expect(await page.getByTestId('enroll-class-start').textContent()).toBe('2026-03-02');
    await screenshot(page, 'learning-enroll-visitor-1280');

    const form = page.getByTestId('registration-form');
    await form.locator('[name=firstname]').fill(first);
    await form.locator('[name=lastname]').fill(last);
    await form.locator('[name=email]').fill(email);
    await form.locator('[name=confirmemail]').fill(email);
    await form.locator('[name=city]').fill('Lisbon');
    await form.getByRole('combobox', { name: 'Country' }).selectOption('Portugal');
    await form.locator('[name=password]').fill('Journey-pass1!');
    await form.locator('[name=confirmpassword]').fill('Journey-pass1!');
    await form.locator('[name=terms]').check();
    await page.getByTestId('register-submit').click();
    await page.getByTestId('user-menu').waitFor();
    await expect.poll(path).toBe(`/Course/${COURSE}`);
    const rows = await myEnrollments();
    expect(rows.map((r) => r.classid)).toEqual([GROUP]);
  });

  it('reads every lesson, fails the quiz, retakes and passes it, and passes the exam', async () => {
    await goto(page, `/lessons/${COURSE}/next`);
    // One enrolment: the class is chosen automatically; nothing viewed yet: the first lesson.
    await expect.poll(path).toBe(`/lessons/${COURSE}/iol-en-l1/${GROUP}`);
    await ready(page, 'lesson');
    expect(await page.title()).toContain(`${COURSE_TITLE}: `);
    await page.getByTestId('class-block').waitFor();

    const seenMaterials: string[] = [];
    let current = await page.locator('section[data-material]').first().getAttribute('data-material');
    for (let step = 0; step < 20 && current; step++) {
      seenMaterials.push(current);
      const section = await page.locator(`section[data-material="${current}"]`).getAttribute('data-section');
      if (section === 'Quiz') {
        const quiz = page.getByTestId(`quiz-${current}`);
        await quiz.getByTestId('quiz-start').click();
        // Submitting with questions open is refused with a message.
        await quiz.getByTestId('quiz-submit').click();
        await expect.poll(() => quiz.getByTestId('quiz-error').textContent()).toBe(MSG.answersRequired);
        await answer(quiz, QUIZ_WRONG);
        expect(await quiz.getByTestId('quiz-result').getAttribute('data-passed')).toBe('false');
        expect(await quiz.getByTestId('quiz-result').textContent()).toContain('Not passed');
        expect(await seriousViolations(page)).toEqual([]);
        await quiz.getByTestId('quiz-show-answers').click();
        await quiz.getByTestId('quiz-answers').waitFor();
        await screenshot(page, 'learning-quiz-answers-1280', false);
        expect(await seriousViolations(page)).toEqual([]);
        await quiz.getByTestId('quiz-retake').click();
        await answer(quiz, QUIZ_RIGHT);
        expect(await quiz.getByTestId('quiz-result').getAttribute('data-passed')).toBe('true');
        expect(await quiz.getByTestId('quiz-result').textContent()).toContain('100%');
        await quiz.getByTestId('quiz-close').click();
        await quiz.getByTestId('quiz-last-result').waitFor();
      }
      if (section === 'Exam') {
        const exam = page.getByTestId(`quiz-${current}`);
        await exam.getByTestId('quiz-start').click();
        await answerExam(exam, await examKey(browser, COURSE), true);
        await exam.getByTestId('quiz-submit').click();
        await exam.getByTestId('quiz-result').waitFor();
        expect(await exam.getByTestId('quiz-result').getAttribute('data-passed')).toBe('true');
        await screenshot(page, 'learning-exam-passed-1280', false);
        expect(await seriousViolations(page)).toEqual([]);
      }
      // Where Next leads, read at once (the page re-renders as the route changes).
      const { end, href } = await page
        .getByTestId('lesson-next')
        .evaluate((el) => ({ end: el.getAttribute('data-end'), href: el.getAttribute('href') }));
      if (end === 'true') break;
      await page.getByTestId('lesson-next').click();
      await expect.poll(path).toBe(decodeURIComponent(href!));
      current = href!.split('/')[5]!;
      await page.locator(`section[data-material="${current}"][data-current="true"]`).waitFor();
    }
    expect(seenMaterials).toContain('iol-en-l2-m3');
    expect(seenMaterials).toContain('iol-en-l3-m3');
    // Every required material viewed and the exam passed: completed.
    await expect.poll(async () => (await myEnrollments())[0]?.completed ?? '', { timeout: 10_000 }).toMatch(/^\d{4}-\d{2}-\d{2}/);
    await page.getByTestId('lesson-completed').waitFor();
    // The drawer ticks follow the views.
    await expect.poll(() => page.locator('[data-viewed="true"].material-required, a[data-viewed="true"]').count()).toBeGreaterThan(0);
  });

  it('opens the certificate PDF in a new tab; its text has the name and the course title', async () => {
    const link = page.getByTestId('certificate-link').first();
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    const href = (await link.getAttribute('href'))!;
    expect(href).toBe(`/app_users/certificate/${COURSE}`);
    const [popup] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect.poll(() => popup.url()).toContain(href);
    await popup.close();

    const res = await context.request.get(href);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    const pdf = Buffer.from(await res.body());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfTextRuns(pdf).join('\n');
    expect(text).toContain(`${first} ${last}`);
    expect(text).toContain(COURSE_TITLE);
    expect(pdfTextRuns(pdf).join('')).toContain('Course hours: 3 hours');

    // The code printed on it is confirmed by the public page, to anyone.
    const code = /Verification code: ([A-Z2-9-]{19})/.exec(pdfTextRuns(pdf).join(''))![1]!;
    const visitor = await newPage(browser, { consent: 'optout' });
    await goto(visitor.page, `/certificate/verify/${code}`, 'certificate-verify');
    await expect.poll(() => visitor.page.getByTestId('certificate-name').textContent()).toBe(`${first} ${last}`);
    expect(await visitor.page.getByTestId('certificate-course').textContent()).toBe(COURSE_TITLE);
    expect(await visitor.page.getByTestId('certificate-date').textContent()).toBe(new Date().toISOString().slice(0, 10));
    expect(await visitor.page.getByTestId('certificate-hours').textContent()).toBe('3 hours');
    await goto(visitor.page, '/certificate/verify/ABCD-EFGH-JKLM-NPQR', 'certificate-verify');
    await expect.poll(() => visitor.page.getByTestId('certificate-invalid').textContent()).toBe(MSG.certificateNotFound);
    await visitor.context.close();
  });

  it('sees the completed class in My Classes, and Mark Unread leaves the completion', async () => {
    await goto(page, '/users/profile/enrollment', 'user');
    const row = page.locator(`[data-testid="enrollment-row"][data-class="${GROUP}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-completed')).toBe('true');
    expect(await row.getByTestId('enrollment-completed').textContent()).toContain(new Date().toISOString().slice(0, 10));
    expect(await row.getByTestId('certificate-link').getAttribute('href')).toBe(`/app_users/certificate/${COURSE}`);
    expect(await row.textContent()).toContain(COURSE_TITLE);
    expect(await row.textContent()).toContain('Spring cohort 2026');
    await screenshot(page, 'learning-my-classes-1280');
    expect(await seriousViolations(page)).toEqual([]);

    // Mark Unread clears the lesson's views and goes back to the course page after 300 ms.
    await row.getByTestId('continue-class').click();
    await expect.poll(path).toMatch(new RegExp(`^/lessons/${COURSE}/iol-en-l\\d/${GROUP}$`));
    await ready(page, 'lesson');
    const lesson = (await page.locator('[data-screen="lesson"]').getAttribute('data-lesson'))!;
    await page.getByTestId('mark-unread').click();
    await expect.poll(path).toBe(`/Course/${COURSE}/${GROUP}`);
    const after = (await myEnrollments())[0]!;
    expect(Object.keys(after.progress[lesson]?.materials ?? {})).toEqual([]);
    expect(after.completed).toBeTruthy();
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('one material per link (site setting showeachmaterial)', () => {
  it('shows one material at a time; Previous and Next move through materials, then lessons', async () => {
    const admin = await newPage(browser, { consent: 'optout' });
    expect(
      (await admin.context.request.post('/users/login', { data: { login: 'admin@example.org', password: 'Demo-pass1!' } })).status(),
    ).toBe(200);
    const setEach = async (on: boolean) =>
      expect((await admin.context.request.post('/app_admin/setConfig', { data: { config: { showeachmaterial: on } } })).status()).toBe(200);
    const reader = await newPage(browser, { consent: 'optout' });
    try {
      await setEach(true);
      const mail = uniqueEmail('each');
      expect(
        (
          await reader.context.request.post('/app_users/register', {
            data: {
              firstname: 'Ena',
              lastname: 'Each',
              email: mail,
              confirmemail: mail,
              city: 'Porto',
              country: 'Portugal',
              password: 'Each-pass1!',
              confirmpassword: 'Each-pass1!',
              terms: true,
              classId: 'iol-en-selfpaced',
              courseId: COURSE,
            },
          })
        ).status(),
      ).toBe(200);
      const p = reader.page;
      await goto(p, `/lessons/${COURSE}/iol-en-l1`);
      await expect.poll(() => p.locator('[data-screen="lesson"]').getAttribute('data-mode')).toBe('each');
      expect(await p.locator('section[data-material]').count()).toBe(1);
      expect(await p.locator('section[data-material]').getAttribute('data-material')).toBe('iol-en-l1-m1');
      await p.getByTestId('lesson-next').click();
      await expect
        .poll(() => decodeURIComponent(new URL(p.url()).pathname))
        .toBe(`/lessons/${COURSE}/iol-en-l1/iol-en-selfpaced/iol-en-l1-m2`);
      await expect.poll(() => p.locator('section[data-material]').getAttribute('data-material')).toBe('iol-en-l1-m2');
      await p.getByTestId('lesson-next').click();
      // Each click moves from the material shown: the next one waits until it is (a slow machine drew
      // the second click before the first had moved, and both went to the third material).
      await expect.poll(() => p.locator('section[data-material]').getAttribute('data-material')).toBe('iol-en-l1-m3');
      await p.getByTestId('lesson-next').click();
      // Past the lesson's last material: the next lesson's first.
      await expect.poll(() => p.locator('section[data-material]').getAttribute('data-material')).toBe('iol-en-l2-m1');
      await p.getByTestId('lesson-prev').click();
      await expect.poll(() => p.locator('section[data-material]').getAttribute('data-material')).toBe('iol-en-l1-m3');
      // Each material shown was recorded for this class.
      await expect
        .poll(async () => {
          const rows = (await (await reader.context.request.post('/app_enrollment/list', { data: {} })).json()) as Row[];
          return Object.keys(rows[0]?.progress['iol-en-l1']?.materials ?? {}).sort();
        })
        .toEqual(['iol-en-l1-m1', 'iol-en-l1-m2', 'iol-en-l1-m3']);
      expect(pageErrors(p)).toEqual([]);
    } finally {
      await setEach(false);
      await admin.context.close();
      await reader.context.close();
    }
  });
});
