/**
 * Exam attempts in the browser: a learner of the private group fails the exam and sees no key but when
 * the next attempt opens; a reload mid-exam finds the saved answers; the instructor's gradebook shows
 * the learner, grants an extra attempt (which cuts the wait short) and exports CSV; the learner then
 * passes on that attempt. A timed exam drawn from a pool counts down; its editor shows the pool size.
 */
import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DEMO,
  goto,
  launchBrowser,
  newPage,
  pageErrors,
  ready,
  screenshot,
  seriousViolations,
  signedInPage,
  uniqueEmail,
} from './helpers.ts';
import { answerExam, examKey, pickAnswer } from './exam-fixtures.ts';

const COURSE = 'intro-online-learning';
const GROUP = 'iol-en-group-spring';
const EXAM = 'iol-en-l3-m3';
const LESSON_URL = `/lessons/${COURSE}/iol-en-l3/${GROUP}`;

let browser: Browser;
let learner: { context: BrowserContext; page: Page };
let key: Map<string, string>;
let userId = '';
const email = uniqueEmail('exam');

beforeAll(async () => {
  browser = await launchBrowser();
  key = await examKey(browser, COURSE);
  learner = await newPage(browser, { consent: 'optout' });
  const r = await learner.context.request.post('/app_users/register', {
    data: {
      firstname: 'Edda',
      lastname: 'Examina',
      email,
      confirmemail: email,
      city: 'Nairobi',
      country: 'Kenya',
      password: 'Exam-pass1!',
      confirmpassword: 'Exam-pass1!',
      terms: true,
    },
  });
  expect(r.status()).toBe(200);
  const enrolled = await learner.context.request.post(`/app_enrollment/enroll/${GROUP}`, {
    data: { courseid: COURSE, regcode: 'SPRING26' },
  });
  expect(enrolled.status()).toBe(200);
  userId = ((await enrolled.json()) as { user: string }).user;
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail')
    await screenshot(learner.page, `failed-exam-${ctx.task.name.replace(/\W+/g, '-')}`).catch(() => {});
});

const exam = () => learner.page.getByTestId(`quiz-${EXAM}`);

describe('exam attempts', () => {
  it('keeps the answers through a reload mid-exam, then fails without seeing the key and learns when the next attempt opens', async () => {
    const { page } = learner;
    await goto(page, LESSON_URL, 'lesson');
    await exam().getByTestId('quiz-start').click();
    await expect.poll(() => exam().getAttribute('data-quiz-state')).toBe('quiz');
    const first = await pickAnswer(exam(), 0, key, false);
    const second = await pickAnswer(exam(), 1, key, false);
    await expect.poll(() => exam().getByTestId('exam-saved').getAttribute('data-saving')).toBe('saved');

    // A reload resumes the same attempt with its answers.
    await page.reload();
    await ready(page, 'lesson');
    await expect.poll(() => exam().getAttribute('data-quiz-state')).toBe('quiz');
    expect(await exam().locator(`[data-question="0"] input[value="${first}"]`).isChecked()).toBe(true);
    expect(await exam().locator(`[data-question="1"] input[value="${second}"]`).isChecked()).toBe(true);
    await screenshot(page, 'exam-resumed-1280', false);

    await answerExam(exam(), key, false);
    const [reply] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/app_enrollment/attempt/submit')),
      exam().getByTestId('quiz-submit').click(),
    ]);
    const body = await reply.text();
    expect(body).not.toContain('correctanswers');
    await exam().getByTestId('quiz-result').waitFor();
    expect(await exam().getByTestId('quiz-result').getAttribute('data-passed')).toBe('false');
    // No key: no Show Answers, no retake before the wait is over, and the time of the next attempt.
    expect(await exam().getByTestId('quiz-show-answers').count()).toBe(0);
    expect(await exam().getByTestId('quiz-retake').count()).toBe(0);
    await expect
      .poll(() => exam().getByTestId('exam-next-attempt').textContent())
      .toMatch(/Your next attempt at this exam opens on \u2066?\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'exam-failed-next-attempt-1280', false);
    await exam().getByTestId('quiz-close').click();
    expect(await exam().getByTestId('quiz-start').isDisabled()).toBe(true);
    // The learner's own attempts: date, score and result.
    const history = exam().getByTestId('exam-history');
    await history.waitFor();
    const rows = history.locator('tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-state')).toBe('submitted');
    expect(await rows.first().textContent()).toMatch(/^1\u2066?\d{4}-\d{2}-\d{2} \d{2}:\d{2}.*\d+%Not passed$/);
  });

  it("shows the learner in the instructor's gradebook, which grants an extra attempt and exports CSV", async () => {
    const teacher = await signedInPage(browser, DEMO.instructor);
    try {
      const { page } = teacher;
      await goto(page, `/class/enrollment/${GROUP}`, 'class');
      await page.getByTestId('class-gradebook-link').click();
      await ready(page, 'gradebook');
      const row = page.locator(`[data-testid="gradebook-row"][data-user="${userId}"]`);
      await row.waitFor();
      expect(await row.textContent()).toContain('Edda Examina');
      expect(await row.getByTestId('gradebook-result').textContent()).toBe('Not passed');
      expect(await row.getByTestId('gradebook-attempts').textContent()).toBe('1/3');
      // Filtering by name keeps the row; another name hides it.
      await page.getByTestId('gradebook-search').fill('Examina');
      await expect.poll(() => page.locator('[data-testid="gradebook-row"]').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'exam-gradebook-1280');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('gradebook-csv').click()]);
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      const [header, ...lines] = csv.slice(1).trim().split('\r\n');
      expect(header).toContain('Learner');
      expect(header).toContain('Exam result');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('Edda Examina');
      expect(lines[0]).toContain('Not passed');

      // The learner's attempt with its questions and answers.
      await row.getByTestId('gradebook-attempts-open').click();
      await page.getByTestId('learner-attempt').first().waitFor();
      expect(await page.getByTestId('learner-attempt').count()).toBe(1);
      await page.keyboard.press('Escape');

      await row.getByTestId('gradebook-grant').click();
      await page.getByTestId('grant-reason').fill('Power cut during the exam');
      await page.getByTestId('grant-confirm').click();
      await expect.poll(() => row.getByTestId('gradebook-attempts').textContent()).toBe('1/4');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await teacher.context.close();
    }
  });

  it('passes on the granted attempt, before the wait would have ended', async () => {
    const { page } = learner;
    await goto(page, LESSON_URL, 'lesson');
    await exam().getByTestId('exam-granted').waitFor();
    await exam().getByTestId('quiz-start').click();
    await expect.poll(() => exam().getAttribute('data-quiz-state')).toBe('quiz');
    await answerExam(exam(), key, true);
    await exam().getByTestId('quiz-submit').click();
    await exam().getByTestId('quiz-result').waitFor();
    expect(await exam().getByTestId('quiz-result').getAttribute('data-passed')).toBe('true');
    expect(await exam().getByTestId('quiz-result').textContent()).toContain('100%');
    const rows = (await (await learner.context.request.post('/app_enrollment/list', { data: {} })).json()) as { exampassed: boolean }[];
    expect(rows[0]!.exampassed).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });
});

describe('a timed exam drawn from a pool', () => {
  it("counts down on the server's clock and asks the drawn questions; the admin sees the course gradebook and the pool size in the editor", async () => {
    const p = await newPage(browser, { consent: 'optout' });
    try {
      const mail = uniqueEmail('timed');
      const reg = await p.context.request.post('/app_users/register', {
        data: {
          firstname: 'Tim',
          lastname: 'Limit',
          email: mail,
          confirmemail: mail,
          city: 'Accra',
          country: 'Ghana',
          password: 'Timed-pass1!',
          confirmpassword: 'Timed-pass1!',
          terms: true,
          classId: 'chb-en-selfpaced',
          courseId: 'community-health-basics',
        },
      });
      expect(reg.status()).toBe(200);
      await goto(p.page, '/lessons/community-health-basics/chb-en-l3/chb-en-selfpaced', 'lesson');
      const timed = p.page.getByTestId('quiz-chb-en-l3-m3');
      await expect.poll(() => timed.getByTestId('exam-rules').textContent()).toContain('Time limit (minutes): 20.');
      await timed.getByTestId('quiz-start').click();
      await expect.poll(() => timed.getAttribute('data-quiz-state')).toBe('quiz');
      expect(await timed.locator('[data-question]').count()).toBe(4);
      const shown = await timed.getByTestId('exam-countdown').textContent();
      expect(shown).toMatch(/^(20:00|19:[0-5]\d)$/);
      await expect.poll(() => timed.getByTestId('exam-countdown').textContent(), { timeout: 5000 }).not.toBe(shown);
      expect(await timed.getByTestId('exam-countdown').getAttribute('role')).toBe('timer');
      expect(await seriousViolations(p.page)).toEqual([]);
      await screenshot(p.page, 'exam-timed-countdown-1280', false);
    } finally {
      await p.context.close();
    }

    const admin = await signedInPage(browser, DEMO.admin);
    try {
      await goto(admin.page, `/gradebook/course/${COURSE}`, 'gradebook');
      const row = admin.page.locator(`[data-testid="gradebook-row"][data-user="${userId}"]`);
      await row.waitFor();
      expect(await row.textContent()).toContain('Spring cohort 2026');
      expect(await row.getByTestId('gradebook-result').textContent()).toBe('Passed');
      await row.getByTestId('gradebook-attempts-open').click();
      await expect.poll(() => admin.page.getByTestId('learner-attempt').count()).toBe(2);
      expect(await admin.page.getByTestId('learner-attempt').first().textContent()).toContain('Correct answer');
      await admin.page.keyboard.press('Escape');

      // The lesson editor holds the pool size setting and says how many of the pool each attempt asks.
      await goto(admin.page, '/admin/lessonmaterials/community-health-basics/chb-en-l3/chb-en-l3-m3', 'admin');
      const pool = admin.page.getByTestId('exam-pool-size');
      await pool.waitFor();
      const [, size, asked] = /Questions in the pool: (\d+)\. Each attempt asks (\d+)\./.exec((await pool.textContent()) ?? '') ?? [];
      expect([Number(size) > 4, asked]).toEqual([true, '4']);
      expect(await admin.page.getByTestId('exam-drawcount').inputValue()).toBe('4');
      await admin.page.getByTestId('exam-drawcount').fill('');
      await expect.poll(() => pool.textContent()).toBe(`Questions in the pool: ${size}. Each attempt asks ${size}.`);
      expect(pageErrors(admin.page)).toEqual([]);
    } finally {
      await admin.context.close();
    }
  });
});
