/**
 * Picks what of a material leaves the server. Which answer of a quiz or exam question is correct goes
 * only to those the policy lets see answers; `youranswer` is never stored or sent (spec: reset on load).
 */
import type { Material, QuizQuestion } from '../../../domain/types.ts';
import type { MaterialsTable } from '../../db/schema.ts';
import { fromBool, fromJson } from '../../db/dialect.ts';

const opt = <T>(v: T | null) => (v === null ? undefined : v);

export function presentQuestions(quiz: string | null, withAnswers: boolean): QuizQuestion[] {
  return fromJson<QuizQuestion[]>(quiz, []).map((q) => ({
    question: q.question,
    answers: q.answers,
    ...(withAnswers ? { iscorrect: q.iscorrect } : {}),
  }));
}

/** The short form (lists, the lesson drawer) or the whole record. */
export function presentMaterial(r: MaterialsTable, opts: { withAnswers: boolean; short?: boolean }): Material {
  const short: Material = {
    _id: r.id,
    lesson: r.lesson,
    order: r.order,
    section: r.section,
    title: opt(r.title),
    subid: opt(r.subid),
    required: fromBool(r.required),
    usebutton: opt(r.usebutton),
  };
  if (opts.short) return short;
  return {
    ...short,
    quiz: r.quiz === null ? undefined : presentQuestions(r.quiz, opts.withAnswers),
    description: opt(r.description),
    description1: opt(r.description1),
    description2: opt(r.description2),
    question: opt(r.question),
    ...(r.section === 'Exam'
      ? {
          drawcount: r.drawcount ?? null,
          timelimit: r.timelimit ?? null,
          maxattempts: r.maxattempts ?? null,
          waithours: r.waithours ?? null,
          showanswers: r.showanswers ?? null,
        }
      : {}),
  };
}
