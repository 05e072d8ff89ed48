/**
 * Surveys (spec section 7, "surveys"): Active surveys are public and open to answers from
 * visitors; editors write them; admins read the responses and download them as CSV. Answers are checked
 * against their questions, limited per address and, when configured, vouched for by the bot check.
 * Each handler: validate, load, authorize, act, present.
 */
import type { FastifyInstance } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden, HttpError, notFound, parse } from '../../errors.ts';
import { authorize, can, type Actor, type Resource } from '../../policy/policy.ts';
import { caller } from '../../auth.ts';
import { sanitizeRichText } from '../../adapters/sanitize.ts';
import { createBotCheck } from '../../adapters/bot-check.ts';
import { fromJson } from '../../db/dialect.ts';
import { MSG } from '../../../domain/messages.ts';
import type { SurveyQuestion } from '../../../domain/types.ts';
import {
  NEW_ID,
  ResponseListSchema,
  SurveyAnswerSchema,
  SurveyIdSchema,
  SurveyListSchema,
  SurveyResponsesSchema,
  SurveySaveSchema,
  checkSurveyAnswer,
  surveyPrompt,
  type SurveyAnswer,
} from '../../../domain/validation.ts';
import {
  countResponses,
  findSurvey,
  insertResponse,
  insertSurvey,
  listResponses,
  listSurveys,
  removeSurvey,
  updateSurvey,
  type SurveyRow,
} from './surveys.repository.ts';
import { presentResponse, presentSurvey } from './surveys.presenter.ts';
import type { SurveyResponses } from '../../../domain/replies-admin.ts';

const MINUTE = 60_000;
/** Answers one address may send per minute: three times the sign-in limit (30 by default). */
export const answersPerMinute = (ctx: AppContext) => ctx.config.rateLimitMax * 3;

const surveyOf = (r: SurveyRow): Resource => ({ survey: { active: (r.status ?? '').toLowerCase() === 'active' } });
const questionsOf = (r: SurveyRow) => fromJson<SurveyQuestion[]>(r.questions, []);

/** Checks every answer against its question; the first bad one is a 400 naming it (`fields['answers.<i>']`). */
function checkAnswers(questions: SurveyQuestion[], answers: unknown[]): SurveyAnswer[] {
  if (answers.length > questions.length) throw badRequest(MSG.tooManyAnswers, { answers: MSG.tooManyAnswers });
  const out = questions.map((q, i) => {
    const checked = checkSurveyAnswer(q.type, q.question, answers[i]);
    if ('error' in checked) throw badRequest(checked.error, { [`answers.${i}`]: checked.error });
    return checked.value;
  });
  if (out.every((a) => a === null)) throw badRequest(MSG.surveyNoAnswers, { answers: MSG.surveyNoAnswers });
  return out;
}

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
const safeCell = (v: unknown) => (typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : (v ?? ''));

export function surveysRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const botCheck = createBotCheck({ verifyUrl: ctx.config.botcheckVerifyUrl, secret: ctx.config.botcheckSecret });

  /** The survey if this actor may see it; an inactive one is as missing as an unknown one to the public. */
  async function visibleSurvey(actor: Actor | null, id: string): Promise<SurveyRow> {
    const row = await findSurvey(db, id);
    if (!row || !can(actor, 'survey.read', surveyOf(row))) throw notFound(MSG.surveyNotFound);
    return row;
  }

  app.post('/app_surveys/getSurvey', { config: { schema: { body: SurveyIdSchema }, action: 'survey.read' } }, async (req) => {
    const { _id } = parse(SurveyIdSchema, req.body);
    const { actor } = await caller(ctx, req);
    return presentSurvey(await visibleSurvey(actor, _id));
  });

  // Everyone may list: the public gets the Active surveys (of a language, with `lang`), editors every survey.
  app.post('/app_surveys/listSurveys', { config: { schema: { body: SurveyListSchema }, action: 'survey.list' } }, async (req) => {
    const filters = parse(SurveyListSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'survey.list');
    const rows = await listSurveys(db, filters);
    return rows.filter((r) => can(actor, 'survey.read', surveyOf(r))).map(presentSurvey);
  });

  app.post('/app_surveys/saveSurvey', { config: { schema: { body: SurveySaveSchema }, action: 'survey.write' } }, async (req) => {
    const body = parse(SurveySaveSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'survey.write');
    const clean = { ...body, description: sanitizeRichText(body.description), description2: sanitizeRichText(body.description2) };
    if (body._id === NEW_ID) return presentSurvey(await insertSurvey(db, clean));
    if (!(await findSurvey(db, body._id))) throw notFound(MSG.surveyNotFound);
    await updateSurvey(db, body._id, clean);
    return presentSurvey((await findSurvey(db, body._id))!);
  });

  app.post('/app_surveys/removeSurvey', { config: { schema: { body: SurveyIdSchema }, action: 'survey.write' } }, async (req) => {
    const { _id } = parse(SurveyIdSchema, req.body);
    const { actor } = await caller(ctx, req);
    authorize(actor, 'survey.write');
    if (!(await findSurvey(db, _id))) throw notFound(MSG.surveyNotFound);
    // Responses are kept: a survey that has them is closed (status Inactive), not removed.
    if ((await countResponses(db, _id)) > 0) throw badRequest(MSG.surveyHasResponses);
    await removeSurvey(db, _id);
    return { ok: true };
  });

  app.post('/app_surveys/answer', { config: { schema: { body: SurveyAnswerSchema }, action: 'survey.answer' } }, async (req) => {
    const body = parse(SurveyAnswerSchema, req.body);
    if (!(await ctx.limiter.hit(`survey:ip:${req.ip}`, answersPerMinute(ctx), MINUTE))) throw new HttpError(429, MSG.tooManyRequests);
    const { actor } = await caller(ctx, req);
    const survey = await visibleSurvey(actor, body.surveyId);
    if (!can(actor, 'survey.answer', surveyOf(survey))) throw forbidden(MSG.surveyClosed);
    const answers = checkAnswers(questionsOf(survey), body.answers);
    // The bot check comes last: its tokens are single-use, and a form with a mistake is sent again.
    const verdict = await botCheck.verify(body.grtoken, req.ip);
    if (verdict === 'failed') throw badRequest(MSG.botCheckFailed, { grtoken: MSG.botCheckFailed });
    if (verdict === 'unavailable') throw new HttpError(503, MSG.botCheckUnavailable);
    const row = await insertResponse(db, {
      surveyId: survey.id,
      answers,
      lang: body.lang || null,
      context: body.context || null,
      contextid: body.contextid || null,
      // Kept so the learner's data export holds the answers given while signed in; removed with the account.
      user: actor?.id ?? null,
    });
    return { ok: true, _id: row.id };
  });

  app.post(
    '/app_surveys/listResponses',
    {
      config: { schema: { body: ResponseListSchema }, action: 'survey.readResponses' },
    },
    async (req) => {
      const { surveyId, skip, limit } = parse(ResponseListSchema, req.body);
      const { actor } = await caller(ctx, req);
      authorize(actor, 'survey.readResponses');
      return (await listResponses(db, { surveyId, skip, limit: limit ?? 100 })).map(presentResponse);
    },
  );

  app.post(
    '/app_surveys/listResponsesBySurvey',
    {
      config: { schema: { body: SurveyResponsesSchema }, action: 'survey.readResponses' },
    },
    async (req) => {
      const { surveyId } = parse(SurveyResponsesSchema, req.body);
      const { actor } = await caller(ctx, req);
      authorize(actor, 'survey.readResponses');
      const survey = await findSurvey(db, surveyId);
      if (!survey) throw notFound(MSG.surveyNotFound);
      return {
        survey: presentSurvey(survey),
        responses: (await listResponses(db, { surveyId })).map(presentResponse),
      } satisfies SurveyResponses;
    },
  );

  /** A survey's responses as CSV: a header row of the question texts, then one row per response, newest first. */
  app.get(
    '/app_surveys/responses/:surveyId.csv',
    {
      config: { schema: { params: SurveyResponsesSchema }, action: 'survey.readResponses' },
    },
    async (req, reply) => {
      const { surveyId } = parse(SurveyResponsesSchema, req.params);
      const { actor } = await caller(ctx, req);
      authorize(actor, 'survey.readResponses');
      const survey = await findSurvey(db, surveyId);
      if (!survey) throw notFound(MSG.surveyNotFound);
      const questions = questionsOf(survey);
      const header = [...questions.map((q) => surveyPrompt(q.question)), 'Submitted', 'Language', 'Context', 'Context ID'].map(safeCell);
      const rows = (await listResponses(db, { surveyId })).map((r) => {
        const answers = fromJson<SurveyAnswer[]>(r.answers, []);
        return [...questions.map((_q, i) => answers[i] ?? ''), r.created, r.lang ?? '', r.context ?? '', r.contextid ?? ''].map(safeCell);
      });
      const filename = `${survey.id.replace(/[^\w.-]+/g, '_')}-responses.csv`;
      return (
        reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .header('Cache-Control', 'no-store')
          // The byte-order mark lets spreadsheets read the UTF-8 (Arabic, accents) as such.
          .send(`\uFEFF${stringify([header, ...rows])}`)
      );
    },
  );
}
