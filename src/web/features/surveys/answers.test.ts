import { describe, expect, it } from 'vitest';
import type { SurveyQuestion } from '../../../domain/types.ts';
import { MSG } from '../../../domain/messages.ts';
import { answerError, answerErrors, answerFieldErrors, checkAnswers, questionLabel } from './answers.ts';

const questions: SurveyQuestion[] = [
  { type: 'textfield', question: 'Your name?' },
  { type: 'text', question: 'What could be better?' },
  { type: 'numeric', question: 'How many lessons?' },
  { type: 'select', question: 'How did you find us?\nA friend\nOur website' },
  { type: 'choice', question: 'How satisfied are you?\nVery\nNot at all' },
];

describe('survey answers', () => {
  it('labels select and choice questions by their first line', () => {
    expect(questions.map(questionLabel)).toEqual([
      'Your name?',
      'What could be better?',
      'How many lessons?',
      'How did you find us?',
      'How satisfied are you?',
    ]);
  });

  it('wants numeric answers at or above zero', () => {
    expect(answerError(questions[2]!, '-1')).toBe(MSG.positiveNumber);
    expect(answerError(questions[2]!, 'three')).toBe(MSG.positiveNumber);
    expect(answerError(questions[2]!, '3.5')).toBeUndefined();
    expect(answerError(questions[2]!, '0')).toBeUndefined();
    expect(answerError(questions[2]!, '')).toBeUndefined();
  });

  it('wants one of the offered choices', () => {
    expect(answerError(questions[3]!, 'Radio')).toBe(MSG.answerNotAChoice);
    expect(answerError(questions[4]!, 'Very')).toBeUndefined();
  });

  it('sends numbers as numbers and open answers as null', () => {
    expect(checkAnswers(questions, ['Ana', '', '4', 'A friend', 'Very'])).toEqual({
      ok: true,
      answers: ['Ana', null, 4, 'A friend', 'Very'],
    });
  });

  it('answers the messages by question, and needs at least one answer', () => {
    expect(checkAnswers(questions, ['', '', '-2'])).toEqual({ ok: false, errors: { 2: MSG.positiveNumber } });
    expect(checkAnswers(questions, [])).toEqual({ ok: false, errors: {}, form: MSG.surveyNoAnswers });
  });

  it('gives the form its errors by answer path, or one for the whole list when nothing was answered', () => {
    expect(answerErrors(questions, ['', '', '-2', 'Radio'])).toEqual({
      'answers.2': MSG.positiveNumber,
      'answers.3': MSG.answerNotAChoice,
    });
    expect(answerErrors(questions, [])).toEqual({ answers: MSG.surveyNoAnswers });
    expect(answerErrors(questions, ['Ana'])).toEqual({});
  });

  it("reads the server's answers.<i> field errors", () => {
    expect(answerFieldErrors({ 'answers.2': MSG.positiveNumber, answers: 'x', grtoken: 'y' })).toEqual({ 'answers.2': MSG.positiveNumber });
  });
});
