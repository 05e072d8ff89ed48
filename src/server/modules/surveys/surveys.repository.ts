/** Surveys and their responses. Functions take the database (or a transaction) first. */
import type { Db } from '../../db/database.ts';
import { prepared } from '../../db/prepared.ts';
import type { SurveyResponsesTable, SurveysTable } from '../../db/schema.ts';
import { count, json, now } from '../../db/dialect.ts';
import { newId } from '../users/users.repository.ts';
import type { SurveySave, SurveyAnswer } from '../../../domain/validation.ts';

export type SurveyRow = SurveysTable;
export type ResponseRow = SurveyResponsesTable;

export async function findSurvey(db: Db, id: string) {
  return (await surveyById(db, { id })).rows[0];
}
/** A lesson's survey is read each time the lesson opens: compiled once. */
const surveyById = prepared((db: Db, v: { id: string }) => db.selectFrom('surveys').selectAll().where('id', '=', v.id));

/** Surveys in a language (plus those for every language), or all of them. */
export function listSurveys(db: Db, f: { lang?: string; status?: string }) {
  let q = db.selectFrom('surveys').selectAll();
  if (f.lang) q = q.where((eb) => eb.or([eb('lang', '=', f.lang!), eb('lang', 'is', null), eb('lang', '=', '')]));
  if (f.status) q = q.where('status', '=', f.status);
  return q.orderBy('lang').orderBy('title').orderBy('id').execute();
}

const blank = <T>(v: T | null | undefined) => (v === '' || v === undefined ? null : v);

/** The columns a save sets: only the fields it carries. HTML arrives already cleaned. */
function columnsOf(body: SurveySave): Partial<SurveyRow> {
  const out: Partial<SurveyRow> = {};
  if (body.title !== undefined) out.title = body.title;
  for (const k of ['description', 'description2', 'status', 'lang'] as const) if (body[k] !== undefined) out[k] = blank(body[k]);
  if (body.questions !== undefined) out.questions = json(body.questions);
  return out;
}

export async function insertSurvey(db: Db, body: SurveySave): Promise<SurveyRow> {
  const row: SurveyRow = {
    id: newId(),
    title: '',
    description: null,
    description2: null,
    status: null,
    lang: null,
    questions: '[]',
    ...columnsOf(body),
    timestamp: now(),
  };
  await db.insertInto('surveys').values(row).execute();
  return row;
}

export async function updateSurvey(db: Db, id: string, body: SurveySave) {
  await db
    .updateTable('surveys')
    .set({ ...columnsOf(body), timestamp: now() })
    .where('id', '=', id)
    .execute();
}

export async function removeSurvey(db: Db, id: string) {
  await db.deleteFrom('surveys').where('id', '=', id).execute();
}

export async function countResponses(db: Db, surveyId: string): Promise<number> {
  const r = await db
    .selectFrom('survey_responses')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('surveyId', '=', surveyId)
    .executeTakeFirst();
  return count(r?.n);
}

export async function insertResponse(
  db: Db,
  fields: {
    surveyId: string;
    answers: SurveyAnswer[];
    lang: string | null;
    context: string | null;
    contextid: string | null;
    user?: string | null;
  },
) {
  const row: ResponseRow = { ...fields, id: newId(), answers: json(fields.answers), user: fields.user ?? null, created: now() };
  await db.insertInto('survey_responses').values(row).execute();
  return row;
}

/** Responses newest first, of one survey or of all. */
export function listResponses(db: Db, f: { surveyId?: string; skip?: number; limit?: number }) {
  let q = db.selectFrom('survey_responses').selectAll();
  if (f.surveyId) q = q.where('surveyId', '=', f.surveyId);
  q = q.orderBy('created', 'desc').orderBy('id', 'desc');
  if (f.limit !== undefined) q = q.limit(f.limit).offset(f.skip ?? 0);
  return q.execute();
}
