/**
 * The learning screens in Arabic (right to left) at 1280 and 375 px, checked with axe: lesson viewer
 * with a quiz, My Classes, enroll panel, certificate check, class members.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, goto, pageErrors, ready, screenshot, seriousViolations } from './helpers.ts';
import { learningScreens } from './learning-fixtures.ts';

const { as, freshLearner } = learningScreens();

/** axe once per screen (at 1280 px: the narrow layout has the same elements). */
async function noSeriousViolations(page: Page, what: string) {
  if ((page.viewportSize()?.width ?? 0) < 500) return;
  const v = await seriousViolations(page);
  expect(v, `${what}: ${JSON.stringify(v, null, 1)}`).toEqual([]);
}

describe('learning screens in Arabic (right to left)', () => {
  it.each([1280, 375])('lesson, quiz, My Classes, enroll and certificate check at %i px', async (width) => {
    const { page } = await freshLearner('ar', [['iol-ar-selfpaced', 'intro-online-learning-ar']], width);
    await goto(page, '/lessons/intro-online-learning-ar/iol-ar-l2');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/lessons/intro-online-learning-ar/iol-ar-l2/iol-ar-selfpaced');
    await ready(page, 'lesson');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('class-block').waitFor();
    await screenshot(page, `learning-lesson-ar-${width}`);
    const quiz = page.locator('[data-testid^="quiz-"][data-kind="quiz"]');
    await quiz.getByTestId('quiz-start').click();
    await quiz.getByTestId('quiz-submit').click();
    await quiz.getByTestId('quiz-error').waitFor();
    await quiz.scrollIntoViewIfNeeded();
    await screenshot(page, `learning-quiz-ar-${width}`, false);
    await noSeriousViolations(page, 'lesson ar');

    await goto(page, '/users/profile/enrollment', 'user');
    await page.getByTestId('enrollment-row').first().waitFor();
    await screenshot(page, `learning-my-classes-ar-${width}`);
    await goto(page, '/users/enroll/community-health-basics-ar', 'user');
    await page.getByTestId('method-group').check();
    await page.getByTestId('enroll-regcode').fill('NOSUCH99');
    await page.getByTestId('enroll-verify').click();
    await page.locator('[data-testid="enroll-panel"] [class*="-error"]').first().waitFor();
    await screenshot(page, `learning-enroll-ar-${width}`);
    await noSeriousViolations(page, 'enroll ar');
    await goto(page, '/certificate/verify/ABCD-EFGH-JKLM-NPQR', 'certificate-verify');
    await page.getByTestId('certificate-invalid').waitFor();
    await screenshot(page, `learning-verify-ar-${width}`);
    expect(pageErrors(page)).toEqual([]);
  });

  it('reads an English quiz left to right inside the Arabic interface, and an Arabic one right to left', async () => {
    const { page } = await freshLearner(
      'ar',
      [
        ['iol-en-selfpaced', 'intro-online-learning'],
        ['iol-ar-selfpaced', 'intro-online-learning-ar'],
      ],
      1280,
    );
    const questionDirection = async (path: string) => {
      await goto(page, path, 'lesson');
      const quiz = page.locator('[data-testid^="quiz-"][data-kind="quiz"]');
      await quiz.getByTestId('quiz-start').click();
      const question = quiz.locator('[data-question="0"] [dir="auto"]').first();
      await question.waitFor();
      // The question's language, for screen readers, and its direction.
      return question.evaluate((el) => [el.closest('[lang]')?.getAttribute('lang'), getComputedStyle(el).direction]);
    };
    expect(await questionDirection('/lessons/intro-online-learning/iol-en-l2/iol-en-selfpaced')).toEqual(['en', 'ltr']);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await questionDirection('/lessons/intro-online-learning-ar/iol-ar-l2/iol-ar-selfpaced')).toEqual(['ar', 'rtl']);
  });

  it("shows a course's own text in the course's language and direction, the interface around it in the interface's", async () => {
    const { page, context } = await freshLearner('ar', [['iol-en-selfpaced', 'intro-online-learning']], 1280);
    /** lang and computed direction of the title, the lesson's description, a material's title and body, and the Mark Unread button. */
    const directions = () =>
      page.evaluate(() => {
        const of = (el: Element | null) => (el ? [el.closest('[lang]')?.getAttribute('lang'), getComputedStyle(el).direction] : null);
        return {
          title: of(document.querySelector('h1')),
          description: of(document.querySelector('h1 + .mantine-Typography-root')),
          material: of(document.querySelector('.lesson-material h2')),
          body: of(document.querySelector('.lesson-material .mantine-Typography-root')),
          button: of(document.querySelector('[data-testid="mark-unread"]')),
        };
      });
    await goto(page, '/lessons/intro-online-learning/iol-en-l1/iol-en-selfpaced', 'lesson');
    await page.locator('.lesson-material').first().waitFor();
    expect(await directions()).toEqual({
      title: ['en', 'ltr'],
      description: ['en', 'ltr'],
      material: ['en', 'ltr'],
      body: ['en', 'ltr'],
      button: ['ar', 'rtl'],
    });

    // The other way round: an Arabic course in the English interface reads right to left.
    expect((await context.request.post('/app_users/setlang/', { data: { lang: 'en' } })).status()).toBe(200);
    await goto(page, '/lessons/intro-online-learning-ar/iol-ar-l1/iol-ar-selfpaced', 'lesson');
    await page.locator('.lesson-material').first().waitFor();
    const back = await directions();
    expect([back.title, back.material, back.body]).toEqual([
      ['ar', 'rtl'],
      ['ar', 'rtl'],
      ['ar', 'rtl'],
    ]);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
  });

  it('class members for the instructor in Arabic', async () => {
    const { page, context } = await as(DEMO.instructor, 375);
    expect((await context.request.post('/app_users/setlang/', { data: { lang: 'ar' } })).status()).toBe(200);
    try {
      await goto(page, '/class/enrollment/iol-en-group-spring', 'class');
      await page.getByTestId('participants-panel').waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await screenshot(page, 'learning-participants-ar-375');
      await goto(page, '/users/profile/enrollment', 'user');
      await page.getByTestId('hosted-class').first().waitFor();
      await screenshot(page, 'learning-hosted-ar-375');
    } finally {
      await context.request.post('/app_users/setlang/', { data: { lang: 'en' } });
    }
  });
});
