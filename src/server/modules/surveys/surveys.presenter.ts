import type { Survey, SurveyQuestion } from '../../../domain/types.ts';
import type { SurveyAnswer } from '../../../domain/validation.ts';
import type { SurveyResponseRecord } from '../../../domain/replies-admin.ts';
import type { ResponseRow, SurveyRow } from './surveys.repository.ts';
import { fromJson } from '../../db/dialect.ts';

const opt = <T>(v: T | null) => (v === null ? undefined : v);

export function presentSurvey(r: SurveyRow): Survey & { timestamp: string } {
  return {
    _id: r.id,
    title: r.title,
    description: opt(r.description),
    description2: opt(r.description2),
    status: opt(r.status),
    lang: opt(r.lang),
    questions: fromJson<SurveyQuestion[]>(r.questions, []),
    timestamp: r.timestamp,
  };
}

export type { SurveyResponseRecord };

export function presentResponse(r: ResponseRow): SurveyResponseRecord {
  return {
    _id: r.id,
    surveyId: r.surveyId,
    answers: fromJson<SurveyAnswer[]>(r.answers, []),
    lang: r.lang,
    context: r.context,
    contextid: r.contextid,
    created: r.created,
  };
}
