/**
 * The answer sheet of a quiz or an exam: the chosen letters (one per question, '' for an open one) in a
 * @mantine/form checked by the shared AnswerSheetSchema, so the letters meet the rule the server applies
 * to both submissions, and a learner's submit asks for the questions still open.
 */
import { useForm, type FormErrors } from '@mantine/form';
import { MSG } from '../../../domain/messages.ts';
import { AnswerSheetSchema } from '../../../domain/validation.ts';
import { zodErrors } from '../../lib/forms.ts';

export interface Sheet {
  answers: string[];
}

export const useAnswerSheet = () => useForm<Sheet>({ initialValues: { answers: [] }, validate: (v) => zodErrors(AnswerSheetSchema, v) });

/** The form path of one question's answer (its error is keyed the same way). */
export const answerPath = (i: number) => `answers.${i}` as const;

/** What a refused sheet shows: the schema's message above the questions, and the first question it marks. */
export function sheetProblem(errors: FormErrors): { message: string; question: number | undefined } {
  const marked = Object.keys(errors)
    .map((k) => /^answers\.(\d+)$/.exec(k))
    .filter((m) => m !== null)
    .map((m) => Number(m[1]));
  const first = Object.values(errors)[0];
  return { message: typeof first === 'string' && first ? first : MSG.formError, question: marked.length ? Math.min(...marked) : undefined };
}
