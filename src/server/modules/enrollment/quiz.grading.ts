/**
 * Grades quiz and exam answers on the server against the stored correct answers (`iscorrect`, the
 * 1-based index of the right answer), which never leave the server before the learner submits.
 */
import { ANSWER_LETTERS } from '../../../domain/constants.ts';
import type { QuizQuestion } from '../../../domain/types.ts';
import type { Graded } from './enrollment.repository.ts';

/** The letter of a question's right answer, or '' when the stored question has none. */
export function correctLetter(q: QuizQuestion): string {
  const i = Number(q.iscorrect);
  return Number.isInteger(i) && i >= 1 && i <= Math.min(q.answers?.length ?? 0, ANSWER_LETTERS.length) ? ANSWER_LETTERS[i - 1]! : '';
}

/**
 * Score = answers equal to the right letter; percent with one decimal; passed at or above `passPercent`
 * (compared exactly, so 4 of 5 passes at 80). Questions left open count as wrong.
 */
export function grade(questions: QuizQuestion[], answers: string[], passPercent: number): Graded {
  const correctanswers = questions.map(correctLetter);
  const given = questions.map((_, i) => answers[i] ?? '');
  const score = given.filter((a, i) => a !== '' && a === correctanswers[i]).length;
  const possible = questions.length;
  const percent = possible ? Math.round((score / possible) * 1000) / 10 : 0;
  return { score, possible, percent, passed: possible > 0 && score * 100 >= passPercent * possible, answers: given, correctanswers };
}
