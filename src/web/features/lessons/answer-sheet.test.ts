import { describe, expect, it } from 'vitest';
import { MSG } from '../../../domain/messages.ts';
import { AnswerSheetSchema } from '../../../domain/validation.ts';
import { zodErrors } from '../../lib/forms.ts';
import { answerPath, sheetProblem } from './answer-sheet.ts';

describe('answer sheet', () => {
  it('passes a sheet with every question answered', () => {
    expect(zodErrors(AnswerSheetSchema, { answers: ['A', 'c', 'B'] })).toEqual({});
  });

  it('marks each open question, and the message and focus go to the first', () => {
    const errors = zodErrors(AnswerSheetSchema, { answers: ['A', '', 'C', ''] });
    expect(errors).toEqual({ [answerPath(1)]: MSG.answersRequired, [answerPath(3)]: MSG.answersRequired });
    expect(sheetProblem(errors)).toEqual({ message: MSG.answersRequired, question: 1 });
  });

  it('keeps the letter rule of the submissions', () => {
    const errors = zodErrors(AnswerSheetSchema, { answers: ['A', '7'] });
    expect(errors[answerPath(1)]).toBe(MSG.answerLetters);
    expect(sheetProblem(errors)).toEqual({ message: MSG.answerLetters, question: 1 });
  });
});
