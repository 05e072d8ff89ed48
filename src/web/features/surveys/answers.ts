/**
 * Survey answers as typed, checked with the server's own rules (src/domain/validation.ts): numbers at
 * or above zero ('Please enter a positive number.'), one of the offered choices, text within the limit.
 */
import type { SurveyQuestion } from '../../../domain/types.ts';
import { MSG } from '../../../domain/messages.ts';
import { checkSurveyAnswer, isChoiceQuestion, surveyChoices, surveyPrompt, type SurveyAnswer } from '../../../domain/validation.ts';

export { isChoiceQuestion, surveyChoices, surveyPrompt };

/** The label of a question: the first line for select and choice (the rest are the choices), else the whole text. */
export const questionLabel = (q: SurveyQuestion) => (isChoiceQuestion(q.type) ? surveyPrompt(q.question) : q.question.trim());

/** The message for one typed answer, or undefined when it is fine (left open is fine). */
export function answerError(q: SurveyQuestion, value: string): string | undefined {
  const r = checkSurveyAnswer(q.type, q.question, value);
  return 'error' in r ? r.error : undefined;
}

/**
 * Every answer checked: the values to send (numbers as numbers, open ones null), or the messages by
 * question index; at least one answer is needed.
 */
export function checkAnswers(
  questions: SurveyQuestion[],
  typed: string[],
): { ok: true; answers: SurveyAnswer[] } | { ok: false; errors: Record<number, string>; form?: string } {
  const errors: Record<number, string> = {};
  const answers = questions.map((q, i) => {
    const r = checkSurveyAnswer(q.type, q.question, typed[i] ?? '');
    if ('error' in r) {
      errors[i] = r.error;
      return null;
    }
    return r.value;
  });
  if (Object.keys(errors).length) return { ok: false, errors };
  if (answers.every((a) => a === null)) return { ok: false, errors: {}, form: MSG.surveyNoAnswers };
  return { ok: true, answers };
}

/**
 * The form's errors for these answers: `answers.<i>` for a wrong answer (the path the server names too), or
 * `answers` itself when every answer is fine but none was given; none when the answers can be sent.
 */
export function answerErrors(questions: SurveyQuestion[], typed: string[]): Record<string, string> {
  const checked = checkAnswers(questions, typed);
  if (checked.ok) return {};
  if (checked.form) return { answers: checked.form };
  return Object.fromEntries(Object.entries(checked.errors).map(([i, e]) => [`answers.${i}`, e]));
}

/** The field errors of a server refusal that belong to a question: `fields['answers.<i>']`. */
export function answerFieldErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([k]) => /^answers\.\d+$/.test(k)));
}
