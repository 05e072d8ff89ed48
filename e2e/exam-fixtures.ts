/**
 * The exam shows its answers shuffled per attempt: journeys answer by the answers' text. The right
 * texts come from the admins' exam call (the Fill Answers helper's source).
 */
import { expect } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { DEMO, signedInPage } from './helpers.ts';

/** Question text -> the text of its right answer, for a course's exam. */
export async function examKey(browser: Browser, course: string): Promise<Map<string, string>> {
  const admin = await signedInPage(browser, DEMO.admin);
  try {
    const r = await admin.context.request.post('/app_materials/exam', { data: { course, isAdmin: true } });
    expect(r.status()).toBe(200);
    const questions = (await r.json()) as { question: string; answers: string[]; iscorrect: number }[];
    expect(questions.length).toBeGreaterThan(0);
    return new Map(questions.map((q) => [q.question, q.answers[q.iscorrect - 1]!]));
  } finally {
    await admin.context.close();
  }
}

/** Picks, for question i of the open exam, its right answer (or a wrong one) by text; gives the letter picked. */
export async function pickAnswer(exam: Locator, i: number, key: Map<string, string>, right: boolean): Promise<string> {
  const group = exam.locator(`[data-question="${i}"]`);
  const question = (await group.getAttribute('data-text')) ?? '';
  const text = key.get(question);
  expect(text, `right answer of "${question}"`).toBeTruthy();
  const radios = group.getByRole('radio');
  const n = await radios.count();
  for (let j = 0; j < n; j++) {
    const name = (await radios.nth(j).getAttribute('value'))!;
    const answer = await radios
      .nth(j)
      .evaluate((el) => el.getAttribute('data-answer') ?? el.closest('[data-answer]')?.getAttribute('data-answer') ?? '');
    const isRight = answer === text;
    if (isRight === right) {
      await radios.nth(j).check();
      return name;
    }
  }
  throw new Error(`no ${right ? 'right' : 'wrong'} answer found for "${question}"`);
}

/** Answers every question of the open exam (right or wrong) and gives the letters chosen. */
export async function answerExam(exam: Locator, key: Map<string, string>, right: boolean): Promise<string[]> {
  const n = await exam.locator('[data-question]').count();
  const letters: string[] = [];
  for (let i = 0; i < n; i++) letters.push(await pickAnswer(exam, i, key, right));
  return letters;
}
