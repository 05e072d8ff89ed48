import { describe, expect, it } from 'vitest';
import { correctLetter, grade } from './quiz.grading.ts';

const q = (iscorrect: number, n = 3) => ({ question: 'Q?', answers: Array.from({ length: n }, (_, i) => `A${i}`), iscorrect });

describe('quiz grading', () => {
  it('maps the 1-based iscorrect to a letter', () => {
    expect(correctLetter(q(1))).toBe('A');
    expect(correctLetter(q(3))).toBe('C');
    expect(correctLetter(q(4))).toBe(''); // beyond the answers: no right answer stored
    expect(correctLetter({ question: 'Q?', answers: ['x', 'y'] })).toBe('');
  });

  it('passes at or above the threshold, exactly', () => {
    const questions = [q(1), q(2), q(3), q(1), q(2)];
    expect(grade(questions, ['A', 'B', 'C', 'A', 'C'], 80)).toMatchObject({ score: 4, possible: 5, percent: 80, passed: true });
    expect(grade(questions, ['A', 'B', 'C', 'C', 'C'], 80)).toMatchObject({ score: 3, percent: 60, passed: false });
    expect(grade(questions, ['A', 'B', 'C', 'C', 'C'], 60).passed).toBe(true);
  });

  it('counts open questions as wrong and gives the right letters back', () => {
    const r = grade([q(2), q(3), q(1)], ['B'], 80);
    expect(r).toMatchObject({
      score: 1,
      possible: 3,
      percent: 33.3,
      passed: false,
      answers: ['B', '', ''],
      correctanswers: ['B', 'C', 'A'],
    });
  });
});
