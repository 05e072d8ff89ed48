/** Survey requests (spec 7, "surveys"), one place per call with its query options. */
import { queryOptions } from '@tanstack/react-query';
import type { SurveyRecord, SurveyResponses } from '../../../domain/replies-admin.ts';
import type { SurveyAnswer, SurveySave } from '../../../domain/validation.ts';
import { api, ApiError } from '../../lib/api.ts';
import { queryClient } from '../../lib/query.ts';
import { SURVEY_URL } from '../../../domain/first-calls.ts';

const notClientError = (n: number, err: unknown) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && n < 1;

export const surveyQuery = (id: string) =>
  queryOptions({
    queryKey: ['surveys', 'one', id],
    queryFn: ({ signal }) => api.post<SurveyRecord>(SURVEY_URL, { _id: id }, signal),
    staleTime: 60_000,
    retry: notClientError,
  });

/** Editors get every survey; the public the Active ones. */
export const surveysQuery = () =>
  queryOptions({
    queryKey: ['surveys', 'list'],
    queryFn: ({ signal }) => api.post<SurveyRecord[]>('/app_surveys/listSurveys', {}, signal),
    staleTime: 10_000,
  });

export const responsesQuery = (surveyId: string) =>
  queryOptions({
    queryKey: ['surveys', 'responses', surveyId],
    queryFn: ({ signal }) => api.post<SurveyResponses>('/app_surveys/listResponsesBySurvey', { surveyId }, signal),
    staleTime: 5_000,
    retry: notClientError,
  });

export const responsesCsvUrl = (surveyId: string) => `/app_surveys/responses/${encodeURIComponent(surveyId)}.csv`;

export interface AnswerBody {
  surveyId: string;
  answers: SurveyAnswer[];
  lang?: string;
  context?: string;
  contextid?: string;
  grtoken?: string | null;
}
export const answerSurvey = (body: AnswerBody) => api.post<{ ok: true; _id: string }>('/app_surveys/answer', body);

export async function saveSurvey(body: SurveySave): Promise<SurveyRecord> {
  const r = await api.post<SurveyRecord>('/app_surveys/saveSurvey', body);
  queryClient.setQueryData(surveyQuery(r._id).queryKey, r);
  await queryClient.invalidateQueries({ queryKey: ['surveys', 'list'] });
  return r;
}

export async function removeSurvey(id: string): Promise<void> {
  await api.post('/app_surveys/removeSurvey', { _id: id });
  queryClient.removeQueries({ queryKey: ['surveys', 'one', id] });
  await queryClient.invalidateQueries({ queryKey: ['surveys', 'list'] });
}

/** The survey block's choice of survey is its content record's `after` field. */
export async function saveBlockSurvey(blockId: string, surveyId: string): Promise<void> {
  await api.post('/app_content/save', { _id: blockId, after: surveyId });
  await queryClient.invalidateQueries({ queryKey: ['page'] });
}
