/**
 * Surveys through the real server, on SQLite and on PostgreSQL (spec sections 4, 5 and 7): the
 * public and editors' calls, answers of each question type, the limits on answering, the bot check on
 * (against a verify service on loopback) and off, and the admins' responses with their CSV download.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { buildSurvey, roleClients, SURVEY_QUESTIONS } from '../../testing/factories.ts';
import { startVerifyStandIn } from '../../adapters/bot-check.stand-in.ts';
import { MSG } from '../../../domain/messages.ts';
import { SURVEY_ANSWER_MAX_LENGTH } from '../../../domain/validation.ts';

/** One good answer for each of SURVEY_QUESTIONS: textfield, text, numeric, select, choice. */
const GOOD = ['  Lena ', 'More videos, please.', 4.5, 'Our website', 'Satisfied'];

const standIn = await startVerifyStandIn('test-secret');
afterAll(() => standIn.close());

describeEachEngine('surveys API', (server) => {
  let as: Awaited<ReturnType<typeof roleClients>>;
  beforeAll(async () => {
    as = await roleClients(server());
  });
  const db = () => server().ctx.db;
  const countSurveys = async () => (await db().selectFrom('surveys').select('id').execute()).length;
  const responsesOf = (surveyId: string) =>
    db().selectFrom('survey_responses').selectAll().where('surveyId', '=', surveyId).orderBy('created').execute();
  const countResponses = async () => (await db().selectFrom('survey_responses').select('id').execute()).length;

  describe('getSurvey and listSurveys', () => {
    it('gives everyone an Active survey with its questions', async () => {
      const s = await buildSurvey(server().ctx);
      const r = await as.visitor.post('/app_surveys/getSurvey', { _id: s.id });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        _id: s.id,
        title: s.title,
        description2: '<p>Thank you!</p>',
        status: 'Active',
        lang: 'en',
        questions: SURVEY_QUESTIONS,
      });
    });

    it('hides a survey that is not Active from all but editors, and answers an unknown one with 404', async () => {
      const s = await buildSurvey(server().ctx, { status: 'Inactive' });
      for (const c of [as.visitor, as.learner]) {
        const r = await c.post('/app_surveys/getSurvey', { _id: s.id });
        expect(r.status).toBe(404);
        expect(r.body.error.message).toBe(MSG.surveyNotFound);
      }
      for (const c of [as.editor, as.admin]) expect((await c.post('/app_surveys/getSurvey', { _id: s.id })).status).toBe(200);
      expect((await as.editor.post('/app_surveys/getSurvey', { _id: 'no-such-survey' })).status).toBe(404);
    });

    it('answers a missing id with 400', async () => {
      for (const body of [{}, { _id: '' }, { _id: 3 }, '[]']) {
        const r = await as.visitor.post('/app_surveys/getSurvey', body);
        expect(r.status).toBe(400);
        expect(r.body.error.message).toBe(MSG.missingId);
      }
    });

    it('lists the Active surveys of a language (and those for every language) to the public, every survey to editors', async () => {
      const fr = await buildSurvey(server().ctx, { lang: 'fr', title: 'Votre avis' });
      const all = await buildSurvey(server().ctx, { lang: null, title: 'Everyone' });
      const closed = await buildSurvey(server().ctx, { lang: 'fr', status: 'Inactive' });
      const r = await as.visitor.post('/app_surveys/listSurveys', { lang: 'fr' });
      expect(r.status).toBe(200);
      expect(r.body.map((s: any) => s._id).sort()).toEqual([fr.id, all.id].sort());
      const ed = await as.editor.post('/app_surveys/listSurveys', { lang: 'fr' });
      expect(ed.body.map((s: any) => s._id)).toContain(closed.id);
      const everything = await as.learner.post('/app_surveys/listSurveys', {});
      expect(everything.body.every((s: any) => s.status === 'Active')).toBe(true);
      for (const body of [{ lang: 'french' }, { status: 5 }, '[]'])
        expect((await as.visitor.post('/app_surveys/listSurveys', body)).status).toBe(400);
    });
  });

  describe('saveSurvey and removeSurvey', () => {
    const survey = {
      _id: 'new',
      title: 'Course feedback',
      description: '<p>Hi</p><script>x()</script>',
      status: 'Active',
      lang: 'es',
      questions: SURVEY_QUESTIONS,
    };

    it('lets editors create a survey with the five question types, and edit only the fields sent', async () => {
      const r = await as.editor.post('/app_surveys/saveSurvey', survey);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        title: 'Course feedback',
        description: '<p>Hi</p>',
        status: 'Active',
        lang: 'es',
        questions: SURVEY_QUESTIONS,
      });
      expect(r.body._id).toMatch(/^[0-9a-f]{24}$/);
      const edited = await as.admin.post('/app_surveys/saveSurvey', {
        _id: r.body._id,
        status: 'Inactive',
        description2: '<p>Gracias</p>',
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        title: 'Course feedback',
        status: 'Inactive',
        description2: '<p>Gracias</p>',
        questions: SURVEY_QUESTIONS,
      });
      // Windows line ends in a choice list are kept as plain new lines.
      const crlf = await as.editor.post('/app_surveys/saveSurvey', {
        _id: r.body._id,
        questions: [{ type: 'select', question: 'Pick\r\nOne\r\nTwo' }],
      });
      expect(crlf.body.questions).toEqual([{ type: 'select', question: 'Pick\nOne\nTwo' }]);
    });

    it('refuses visitors (401) and learners (403), and stores nothing', async () => {
      const before = await countSurveys();
      expect((await as.visitor.post('/app_surveys/saveSurvey', survey)).status).toBe(401);
      const r = await as.learner.post('/app_surveys/saveSurvey', survey);
      expect(r.status).toBe(403);
      expect(r.body.error.message).toBe(MSG.forbidden);
      expect(await countSurveys()).toBe(before);
    });

    it("answers a bad survey record with 400 'Invalid survey record' and stores nothing", async () => {
      const before = await countSurveys();
      const q = (type: string, question: string) => ({ ...survey, questions: [{ type, question }] });
      const cases: unknown[] = [
        {},
        { _id: '' },
        { _id: 'new' },
        { ...survey, title: '' },
        { ...survey, questions: 'none' },
        q('slider', 'How much?'),
        q('numeric', ''),
        q('select', 'Only a prompt'),
        q('choice', 'Prompt\nOne choice'),
        q('select', '\nNo prompt\nTwo'),
        { ...survey, questions: Array(101).fill(SURVEY_QUESTIONS[0]) },
        '[]',
      ];
      for (const body of cases) {
        const r = await as.editor.post('/app_surveys/saveSurvey', body);
        expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(r.body.error.message, JSON.stringify(body).slice(0, 80)).toBe(MSG.invalidSurvey);
      }
      expect((await as.editor.post('/app_surveys/saveSurvey', { ...survey, lang: 'spanish' })).body.error.message).toBe(
        MSG.invalidLanguage,
      );
      expect(await countSurveys()).toBe(before);
      expect((await as.editor.post('/app_surveys/saveSurvey', { _id: 'no-such-survey', title: 'x' })).status).toBe(404);
    });

    it('removes a survey without responses for editors; one with responses is kept', async () => {
      const s = await buildSurvey(server().ctx);
      expect((await as.visitor.post('/app_surveys/removeSurvey', { _id: s.id })).status).toBe(401);
      expect((await as.learner.post('/app_surveys/removeSurvey', { _id: s.id })).status).toBe(403);
      expect((await as.editor.post('/app_surveys/removeSurvey', {})).body.error.message).toBe(MSG.missingId);
      expect((await as.editor.post('/app_surveys/removeSurvey', { _id: 'no-such-survey' })).status).toBe(404);
      const r = await as.editor.post('/app_surveys/removeSurvey', { _id: s.id });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ ok: true });
      expect((await as.editor.post('/app_surveys/getSurvey', { _id: s.id })).status).toBe(404);

      const answered = await buildSurvey(server().ctx);
      expect((await as.visitor.post('/app_surveys/answer', { surveyId: answered.id, answers: GOOD })).status).toBe(200);
      const kept = await as.admin.post('/app_surveys/removeSurvey', { _id: answered.id });
      expect(kept.status).toBe(400);
      expect(kept.body.error.message).toBe(MSG.surveyHasResponses);
      expect((await as.admin.post('/app_surveys/getSurvey', { _id: answered.id })).status).toBe(200);
    });
  });

  describe('answer', () => {
    it("takes a visitor's answers of each question type, with the bot check off", async () => {
      const s = await buildSurvey(server().ctx);
      const asked = standIn.requests.length;
      const r = await as.visitor.post('/app_surveys/answer', {
        surveyId: s.id,
        answers: GOOD,
        lang: 'en',
        context: 'lesson',
        contextid: 'iol-en-l3',
      });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ ok: true, _id: expect.stringMatching(/^[0-9a-f]{24}$/) });
      const [row] = await responsesOf(s.id);
      expect(JSON.parse(row!.answers)).toEqual(['Lena', 'More videos, please.', 4.5, 'Our website', 'Satisfied']);
      expect(row).toMatchObject({ lang: 'en', context: 'lesson', contextid: 'iol-en-l3', user: null });
      expect(standIn.requests.length).toBe(asked);
    });

    it('takes numbers sent as text, zero, and questions left open', async () => {
      const s = await buildSurvey(server().ctx);
      for (const [answers, stored] of [
        [
          [null, '', ' 12 ', undefined, 'Very satisfied'],
          [null, null, 12, null, 'Very satisfied'],
        ],
        [
          ['Ana', null, 0],
          ['Ana', null, 0, null, null],
        ],
        [
          [null, null, '0.5'],
          [null, null, 0.5, null, null],
        ],
      ] as const) {
        const r = await as.learner.post('/app_surveys/answer', { surveyId: s.id, answers, grtoken: 'ignored-when-off' });
        expect(r.status, JSON.stringify(answers)).toBe(200);
        expect(
          JSON.parse(
            (await db().selectFrom('survey_responses').select('answers').where('id', '=', r.body._id).executeTakeFirstOrThrow()).answers,
          ),
        ).toEqual(stored);
      }
    });

    it("refuses a negative or non-numeric number with 'Please enter a positive number.', and other bad answers, storing nothing", async () => {
      const s = await buildSurvey(server().ctx);
      const before = await countResponses();
      const at = (i: number, v: unknown) => GOOD.map((g, j) => (j === i ? v : g));
      const cases: [unknown, string, string?][] = [
        [at(2, -3), MSG.positiveNumber, 'answers.2'],
        [at(2, '-1'), MSG.positiveNumber, 'answers.2'],
        [at(2, 'four'), MSG.positiveNumber, 'answers.2'],
        [at(2, '1e400'), MSG.positiveNumber, 'answers.2'],
        [at(3, 'Television'), MSG.answerNotAChoice, 'answers.3'],
        [at(3, 'How did you hear about us?'), MSG.answerNotAChoice, 'answers.3'],
        [at(4, 'Thrilled'), MSG.answerNotAChoice, 'answers.4'],
        [at(1, 'x'.repeat(SURVEY_ANSWER_MAX_LENGTH + 1)), MSG.answerTooLong, 'answers.1'],
        [at(0, { $gt: '' }), MSG.notValid, 'answers.0'],
        [at(4, ['Satisfied']), MSG.notValid, 'answers.4'],
        [[...GOOD, 'extra'], MSG.tooManyAnswers],
        [[null, '', '  '], MSG.surveyNoAnswers],
        [[], MSG.surveyNoAnswers],
        ['Lena', MSG.surveyNoAnswers],
      ];
      for (const [answers, message, field] of cases) {
        const r = await as.visitor.post('/app_surveys/answer', { surveyId: s.id, answers });
        expect(r.status, JSON.stringify(answers).slice(0, 80)).toBe(400);
        expect(r.body.error.message, JSON.stringify(answers).slice(0, 80)).toBe(message);
        if (field) expect(r.body.error.fields).toEqual({ [field]: message });
      }
      for (const body of [{}, { answers: GOOD }, { surveyId: s.id, answers: GOOD, lang: 'english' }, '[]']) {
        expect((await as.visitor.post('/app_surveys/answer', body)).status, JSON.stringify(body)).toBe(400);
      }
      expect(await countResponses()).toBe(before);
    });

    it('answers an unknown survey with 404, and one that is not Active with 404 (403 for editors)', async () => {
      const closed = await buildSurvey(server().ctx, { status: 'Inactive' });
      const r = await as.visitor.post('/app_surveys/answer', { surveyId: 'no-such-survey', answers: GOOD });
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe(MSG.surveyNotFound);
      expect((await as.learner.post('/app_surveys/answer', { surveyId: closed.id, answers: GOOD })).status).toBe(404);
      const ed = await as.editor.post('/app_surveys/answer', { surveyId: closed.id, answers: GOOD });
      expect(ed.status).toBe(403);
      expect(ed.body.error.message).toBe(MSG.surveyClosed);
      expect(await responsesOf(closed.id)).toEqual([]);
    });
  });

  describe('responses for admins', () => {
    it('lists responses newest first, of all surveys or one, to admins only', async () => {
      const s = await buildSurvey(server().ctx);
      const first = (await as.visitor.post('/app_surveys/answer', { surveyId: s.id, answers: GOOD, lang: 'en' })).body._id;
      await new Promise((r) => setTimeout(r, 5));
      const second = (await as.visitor.post('/app_surveys/answer', { surveyId: s.id, answers: [null, 'Only this'], grtoken: 'never-kept' }))
        .body._id;
      for (const [c, status] of [
        [as.visitor, 401],
        [as.learner, 403],
        [as.editor, 403],
      ] as const) {
        expect((await c.post('/app_surveys/listResponses', {})).status).toBe(status);
        expect((await c.post('/app_surveys/listResponsesBySurvey', { surveyId: s.id })).status).toBe(status);
      }
      const mine = await as.admin.post('/app_surveys/listResponses', { surveyId: s.id });
      expect(mine.status).toBe(200);
      expect(mine.body.map((r: any) => r._id)).toEqual([second, first]);
      expect(mine.body[1]).toEqual({
        _id: first,
        surveyId: s.id,
        answers: ['Lena', 'More videos, please.', 4.5, 'Our website', 'Satisfied'],
        lang: 'en',
        context: null,
        contextid: null,
        created: expect.any(String),
      });
      expect(JSON.stringify(mine.body)).not.toContain('never-kept');
      const page = await as.admin.post('/app_surveys/listResponses', { limit: 1 });
      expect(page.body).toHaveLength(1);
      const bySurvey = await as.admin.post('/app_surveys/listResponsesBySurvey', { surveyId: s.id });
      expect(bySurvey.status).toBe(200);
      expect(bySurvey.body.survey).toMatchObject({ _id: s.id, questions: SURVEY_QUESTIONS });
      expect(bySurvey.body.responses.map((r: any) => r._id)).toEqual([second, first]);
    });

    it('answers bad input with 400 and an unknown survey with 404', async () => {
      for (const body of [{ limit: 0 }, { limit: 'all' }, { skip: -1 }, { surveyId: 4 }, '[]']) {
        expect((await as.admin.post('/app_surveys/listResponses', body)).status, JSON.stringify(body)).toBe(400);
      }
      expect((await as.admin.post('/app_surveys/listResponsesBySurvey', {})).body.error.message).toBe(MSG.missingId);
      expect((await as.admin.post('/app_surveys/listResponsesBySurvey', { surveyId: 'no-such-survey' })).status).toBe(404);
    });

    it("downloads a survey's responses as CSV with a header row of the question texts", async () => {
      const s = await buildSurvey(server().ctx, { id: 'feedback-csv' });
      await as.visitor.post('/app_surveys/answer', {
        surveyId: s.id,
        answers: ['=HYPERLINK("http://evil")', 'Line one\nline "two", and more', 3, 'A friend', 'Dissatisfied'],
        lang: 'ar',
      });
      await new Promise((r) => setTimeout(r, 5));
      await as.visitor.post('/app_surveys/answer', {
        surveyId: s.id,
        answers: ['ليلى', null, 0],
        lang: 'ar',
        context: 'lesson',
        contextid: 'iol-ar-l3',
      });
      expect((await as.visitor.get(`/app_surveys/responses/${s.id}.csv`)).status).toBe(401);
      expect((await as.editor.get(`/app_surveys/responses/${s.id}.csv`)).status).toBe(403);
      expect((await as.admin.get('/app_surveys/responses/no-such-survey.csv')).status).toBe(404);

      const res = await fetch(`${server().baseUrl}/app_surveys/responses/${s.id}.csv`, {
        headers: { cookie: [...as.admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="feedback-csv-responses.csv"');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes.slice(3));
      const lines = text.split('\n');
      expect(lines[0]).toBe(
        'What is your first name?,What could we improve?,How many hours a week do you study?,How did you hear about us?,How satisfied are you?,Submitted,Language,Context,Context ID',
      );
      // Newest first; an empty answer is an empty cell.
      expect(lines[1]).toMatch(/^ليلى,,0,,,\d{4}-\d{2}-\d{2}T[\d:.]+Z,ar,lesson,iol-ar-l3$/);
      // Commas, quotes and line breaks are quoted; a formula is defused.
      expect(text).toContain(`"'=HYPERLINK(""http://evil"")","Line one\nline ""two"", and more",3,A friend,Dissatisfied,`);
      expect(text.trimEnd().split('\n')).toHaveLength(4);
    });
  });
});

// Three times RATE_LIMIT_MAX answers a minute per address: 6 here.
describeEachEngine(
  'surveys API: answers limited per address',
  (server) => {
    it('refuses the answer after the limit with 429, storing nothing', async () => {
      const s = await buildSurvey(server().ctx);
      const visitor = server().client();
      for (let i = 0; i < 6; i++) expect((await visitor.post('/app_surveys/answer', { surveyId: s.id, answers: GOOD })).status).toBe(200);
      const r = await visitor.post('/app_surveys/answer', { surveyId: s.id, answers: GOOD });
      expect(r.status).toBe(429);
      expect(r.body.error.message).toBe(MSG.tooManyRequests);
      expect(await server().ctx.db.selectFrom('survey_responses').select('id').execute()).toHaveLength(6);
    });
  },
  { RATE_LIMIT_MAX: '2' },
);

describeEachEngine(
  'surveys API: bot check on',
  (server) => {
    const stored = async () => (await server().ctx.db.selectFrom('survey_responses').select('id').execute()).length;

    it('takes an answer whose token the verify service vouches for, sending it the secret, token and address', async () => {
      const s = await buildSurvey(server().ctx);
      const r = await server().client().post('/app_surveys/answer', { surveyId: s.id, answers: GOOD, grtoken: 'good-survey-token' });
      expect(r.status).toBe(200);
      expect(standIn.requests.at(-1)?.form).toEqual({ secret: 'test-secret', response: 'good-survey-token', remoteip: '127.0.0.1' });
      expect(await stored()).toBe(1);
    });

    it('refuses a missing or refused token with 400, and stores nothing', async () => {
      const s = await buildSurvey(server().ctx);
      const before = await stored();
      for (const grtoken of [undefined, '', 'forged-token']) {
        const r = await server().client().post('/app_surveys/answer', { surveyId: s.id, answers: GOOD, grtoken });
        expect(r.status).toBe(400);
        expect(r.body.error.message).toBe(MSG.botCheckFailed);
      }
      expect(await stored()).toBe(before);
    });

    it('answers 503 when the verify service fails, and checks the answers first (a token is single-use)', async () => {
      const s = await buildSurvey(server().ctx);
      const before = await stored();
      const r = await server().client().post('/app_surveys/answer', { surveyId: s.id, answers: GOOD, grtoken: 'error-token' });
      expect(r.status).toBe(503);
      expect(r.body.error.message).toBe(MSG.botCheckUnavailable);
      const asked = standIn.requests.length;
      const bad = await server()
        .client()
        .post('/app_surveys/answer', { surveyId: s.id, answers: [null, null, -2], grtoken: 'good-unspent' });
      expect(bad.body.error.message).toBe(MSG.positiveNumber);
      expect(standIn.requests.length).toBe(asked);
      expect(await stored()).toBe(before);
    });
  },
  { BOTCHECK_VERIFY_URL: standIn.url, BOTCHECK_SECRET: 'test-secret' },
);
