import { describe, expect, it } from 'vitest';
import { cleanQuestions, quizProblems } from './QuizEditor.tsx';
import { cardErrors, newCardKey } from '../../components/editor/CardsEditor.tsx';

describe('quizProblems', () => {
  it('names what is missing in each question', () => {
    expect(
      quizProblems([
        { question: ' ', answers: ['a', 'b'], iscorrect: 1 },
        { question: 'Q', answers: ['a'], iscorrect: 1 },
        { question: 'Q', answers: ['a', ' '], iscorrect: 1 },
        { question: 'Q', answers: ['a', 'b'] },
        { question: 'Q', answers: ['a', 'b'], iscorrect: 3 },
        { question: 'Q', answers: ['a', 'b'], iscorrect: 2 },
      ]),
    ).toEqual({
      0: 'Please write the question.',
      1: 'Please give at least two answers.',
      2: 'Each answer needs a text.',
      3: 'Please choose the correct answer.',
      4: 'Please choose the correct answer.',
    });
  });
  it("stores questions trimmed and without a learner's answer", () => {
    expect(cleanQuestions([{ question: ' Q ', answers: [' a', 'b '], iscorrect: 2, youranswer: 'A' }])).toEqual([
      { question: 'Q', answers: ['a', 'b'], iscorrect: 2 },
    ]);
  });
});

describe('cards', () => {
  it('gives a new card the time as its key, unique in the block', () => {
    expect(newCardKey([], 1700000000000)).toBe('1700000000000');
    expect(newCardKey([{ key: '1700000000000' }], 1700000000000)).toBe('1700000000001');
  });
  it('checks each card by the shared rules', () => {
    expect(
      cardErrors([
        { key: 'a', url: 'javascript:alert(1)' },
        { key: 'b', url: '/Courses' },
      ]),
    ).toEqual({
      a: { url: 'Please enter a web address that starts with https://, http:// or /.' },
    });
  });
});
