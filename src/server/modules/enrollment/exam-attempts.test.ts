/** Draws, shuffles and grading against what was shown; the rules' defaults. */
import { describe, expect, it } from 'vitest';
import { drawQuestions, gradeShown, keyShown, rulesOf } from './exam-attempts.repository.ts';

const POOL = Array.from({ length: 8 }, (_, i) => ({ question: `Q${i + 1}`, answers: ['w1', 'right', 'w2', 'w3'], iscorrect: 2 }));

describe('exam draws', () => {
  it('asks drawcount distinct questions of the pool, each with all its answers, the right letter following its answer', () => {
    for (let run = 0; run < 20; run++) {
      const shown = drawQuestions(POOL, 5);
      expect(shown).toHaveLength(5);
      expect(new Set(shown.map((s) => s.q)).size).toBe(5);
      for (const s of shown) {
        expect(s.question).toBe(POOL[s.q]!.question);
        expect([...s.answers].sort()).toEqual(['right', 'w1', 'w2', 'w3']);
        expect(s.answers['ABCD'.indexOf(s.correct)]).toBe('right');
      }
    }
  });

  it('keeps the stored order without shuffling, and asks every question when drawcount is empty or too large', () => {
    const plain = drawQuestions(POOL, null, false);
    expect(plain.map((s) => s.q)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(plain.every((s) => s.correct === 'B' && s.answers[1] === 'right')).toBe(true);
    expect(drawQuestions(POOL, 50)).toHaveLength(8);
  });

  it('shuffles with the random source it is given, and grades by the letters shown', () => {
    const reversed = () => 0; // always swap with the first: a fixed order that is not the stored one
    const shown = drawQuestions(POOL.slice(0, 2), null, true, reversed);
    const right = shown.map((s) => s.correct);
    expect(right.some((l) => l !== 'B')).toBe(true);
    expect(gradeShown(shown, right, 80)).toMatchObject({ score: 2, possible: 2, percent: 100, passed: true });
    expect(gradeShown(shown, ['B', 'B'], 80).score).toBeLessThan(2);
  });
});

describe('exam rules', () => {
  it('defaults to 3 attempts, 24 hours apart, answers never shown; the exam overrides the site', () => {
    const none = { drawcount: null, timelimit: null, maxattempts: null, waithours: null, showanswers: null };
    expect(rulesOf(none, {})).toEqual({ maxattempts: 3, waithours: 24, showanswers: 'never', drawcount: null, timelimit: null });
    expect(rulesOf(none, { examattempts: 5, examwaithours: 0, examshowanswers: 'afterpassing' })).toMatchObject({
      maxattempts: 5,
      waithours: 0,
      showanswers: 'afterpassing',
    });
    expect(rulesOf({ ...none, maxattempts: 0, waithours: 2, timelimit: 30 }, { examattempts: 5 })).toMatchObject({
      maxattempts: 0,
      waithours: 2,
      timelimit: 30,
    });
    expect(keyShown(rulesOf(none, {}), true)).toBe(false);
    expect(keyShown(rulesOf({ ...none, showanswers: 'afterpassing' }, {}), false)).toBe(false);
    expect(keyShown(rulesOf({ ...none, showanswers: 'afterpassing' }, {}), true)).toBe(true);
  });
});
