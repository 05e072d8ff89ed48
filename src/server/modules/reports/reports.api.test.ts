/**
 * Reports through the real server, on SQLite and on PostgreSQL: the streamed users.csv (header, rows,
 * formula injection neutralised, every page read) and the tables of /app_reports/{reportid} as JSON and CSV.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import {
  asRoles,
  buildClass,
  buildCourse,
  buildEnrollmentRow,
  buildQuizAttempt,
  buildSurvey,
  buildUser,
  roleClients,
  TEST_PASSWORD,
} from '../../testing/factories.ts';
import { shippedTranslations, syncLabels } from '../../seed/labels.ts';
import { USER_COLUMNS, userPages } from './users.csv.ts';
import { MSG } from '../../../domain/messages.ts';

type Clients = Awaited<ReturnType<typeof roleClients>>;

/** A small RFC 4180 reader: enough to check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (ch !== '\r') cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** fetch's text() drops a byte-order mark: read the first bytes themselves. */
async function startsWithBom(client: { baseUrl: string; cookies: Map<string, string> }, url: string) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const bytes = new Uint8Array(await (await fetch(client.baseUrl + url, { headers: { cookie } })).arrayBuffer());
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** The CSV as objects keyed by header. */
function records(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

describeEachEngine('reports API', (server) => {
  let c: Clients;
  beforeAll(async () => {
    c = await roleClients(server());
  });

  async function adminOnly(method: 'GET' | 'POST', url: string, body?: unknown) {
    expect((await c.visitor.request(method, url, body)).status, `visitor ${url}`).toBe(401);
    for (const who of [c.learner, c.editor]) {
      const r = await who.request(method, url, body);
      expect(r.status, url).toBe(403);
      expect(r.body.error.message).toBe(MSG.forbidden);
    }
  }

  describe('users.csv', () => {
    it('is for admins only, answering JSON errors to others', async () => {
      await adminOnly('GET', '/app_reports/users/users.csv');
    });

    it('streams every user with profile fields, roles, created and last seen', async () => {
      const u = await buildUser(server().ctx, {
        firstname: 'Layla',
        lastname: 'حداد',
        roles: asRoles('admin', 'cms'),
        city: 'Lisboa, "Centro"',
        country: 'Portugal',
        lang: 'ar',
        vocation: 'Education',
        lastseen: '2026-02-03T04:05:06.000Z',
        bio: 'Line one\nline two',
      });
      const r = await c.admin.get('/app_reports/users/users.csv?header=keys');
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(r.headers.get('content-disposition')).toBe('attachment; filename="users.csv"');
      const text = r.body as string;
      expect(await startsWithBom(c.admin, '/app_reports/users/users.csv')).toBe(true);
      expect(parseCsv(text)[0]).toEqual(USER_COLUMNS.map((col) => col.key));
      expect(parseCsv(text)[0]).toEqual(expect.arrayContaining(['_id', 'email', 'roles', 'created', 'lastseen', 'country', 'vocation']));
      const row = records(text).find((x) => x._id === u.id);
      expect(row).toMatchObject({
        email: u.email,
        firstname: 'Layla',
        lastname: 'حداد',
        roles: 'admin cms',
        city: 'Lisboa, "Centro"',
        country: 'Portugal',
        lang: 'ar',
        vocation: 'Education',
        created: u.created,
        lastseen: '2026-02-03T04:05:06.000Z',
        bio: 'Line one\nline two',
      });
      const count = Number(
        (
          await server()
            .ctx.db.selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(records(text)).toHaveLength(count);
    });

    it('neutralises formula injection: cells starting with = + - @ are prefixed with a quote', async () => {
      const u = await buildUser(server().ctx, {
        firstname: '=HYPERLINK("http://evil.example","Click")',
        lastname: '+1+1',
        city: '-2+3',
        state: '@SUM(A1)',
        phone: '+351 21 000',
        bio: '\t=cmd',
        address1: 'Rua = 1',
      });
      const r = await c.admin.get('/app_reports/users/users.csv?header=keys');
      const row = records(r.body).find((x) => x._id === u.id)!;
      expect(row.firstname).toBe(`'=HYPERLINK("http://evil.example","Click")`);
      expect(row.lastname).toBe(`'+1+1`);
      expect(row.city).toBe(`'-2+3`);
      expect(row.state).toBe(`'@SUM(A1)`);
      expect(row.phone).toBe(`'+351 21 000`);
      expect(row.bio).toBe(`'\t=cmd`);
      expect(row.address1).toBe('Rua = 1'); // only the first character matters
    });

    it("names its columns in the admin's language by default", async () => {
      const arabic = await buildUser(server().ctx, { roles: asRoles('admin'), lang: 'ar' });
      const client = server().client();
      await client.login(arabic.email, TEST_PASSWORD);
      await syncLabels(server().ctx);
      const header = parseCsv((await client.get('/app_reports/users/users.csv')).body.replace(/^\uFEFF/, ''))[0]!;
      expect(header).toHaveLength(USER_COLUMNS.length);
      expect(header).not.toContain('firstname');
      expect(header[1]).toBe(shippedTranslations().ar!.Email);
      const english = parseCsv((await c.admin.get('/app_reports/users/users.csv')).body.replace(/^\uFEFF/, ''))[0]!;
      expect(english.slice(0, 4)).toEqual(['User ID', 'Email', 'First Name', 'Last Name']);
    });

    it('reads the users page by page (keyset), each exactly once, in id order', async () => {
      const { db } = server().ctx;
      const ids = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((u) => u.id);
      const seen: string[] = [];
      const sizes: number[] = [];
      for await (const page of userPages(db, 2)) {
        sizes.push(page.length);
        seen.push(...page.map((row) => String(row._id)));
      }
      expect(seen).toEqual(ids);
      expect(Math.max(...sizes)).toBe(2);
    });
  });

  describe('report tables', () => {
    /** A course with two classes, four learners, exam and quiz attempts: the numbers each report must show. */
    let course: string;
    let classA: string;
    let classB: string;
    let survey: string;
    beforeAll(async () => {
      const { ctx } = server();
      course = await buildCourse(ctx, { title: '=Course for reports' });
      classA = await buildClass(ctx, course);
      classB = await buildClass(ctx, course, { selfpaced: 0 });
      const learners = await Promise.all([0, 1, 2, 3].map(() => buildUser(ctx)));
      await buildEnrollmentRow(ctx, {
        user: learners[0].id,
        course,
        classid: classA,
        regdate: '2025-03-10T10:00:00.000Z',
        completed: '2025-04-01T10:00:00.000Z',
        percentcomplete: 100,
        exampassed: 1,
      });
      await buildEnrollmentRow(ctx, {
        user: learners[1].id,
        course,
        classid: classA,
        regdate: '2025-03-16T10:00:00.000Z',
        percentcomplete: 50,
      });
      await buildEnrollmentRow(ctx, { user: learners[2].id, course, classid: classA, regdate: '2025-04-02T10:00:00.000Z' });
      await buildEnrollmentRow(ctx, { user: learners[3].id, course, classid: classB, regdate: '2025-05-05T10:00:00.000Z' });
      /** An attempt in class A, on 2025-04-{day}: material 'exam' is the exam, any other a quiz. */
      const attempt = (learner: number, material: string, percent: number, day: string) =>
        buildQuizAttempt(ctx, {
          user: learners[learner].id,
          course,
          classid: classA,
          material,
          kind: material === 'exam' ? 'exam' : 'quiz',
          percent,
          created: `2025-04-${day}T10:00:00.000Z`,
        });
      // Exams: learner 0 fails then passes, learner 1 fails.
      await attempt(0, 'exam', 60, '01');
      await attempt(0, 'exam', 100, '02');
      await attempt(1, 'exam', 40, '03');
      // Quizzes: learner 0 scores 35 then 85 on quiz 1; learner 1 scores 100; learner 2 scores 0.
      await attempt(0, 'quiz1', 35, '01');
      await attempt(0, 'quiz1', 85, '02');
      await attempt(1, 'quiz1', 100, '03');
      await attempt(2, 'quiz1', 0, '04');
      survey = (await buildSurvey(ctx, { title: 'Report survey' })).id;
      for (const created of ['2025-04-01T00:00:00.000Z', '2025-04-02T00:00:00.000Z', '2025-06-01T00:00:00.000Z']) {
        await ctx.db
          .insertInto('survey_responses')
          .values({
            id: crypto.randomUUID(),
            surveyId: survey,
            answers: '[]',
            lang: 'en',
            context: null,
            contextid: null,
            user: null,
            created,
          })
          .execute();
      }
    });

    const report = (id: string, body: Record<string, unknown> = {}) => c.admin.post(`/app_reports/${id}`, { course, ...body });

    it('are for admins only', async () => {
      for (const id of ['enrollments', 'completions', 'exams', 'quizscores', 'surveys']) {
        await adminOnly('POST', `/app_reports/${id}`, {});
        await adminOnly('GET', `/app_reports/${id}.csv`);
      }
    });

    it('answers 404 for an unknown report and 400 for bad filters', async () => {
      for (const id of ['nothing', 'toString', '__proto__', 'constructor']) {
        const r = await c.admin.post(`/app_reports/${id}`, {});
        expect(r.status, id).toBe(404);
        expect(r.body.error.message).toBe(MSG.unknownReport);
      }
      expect((await c.admin.get('/app_reports/nothing.csv')).status).toBe(404);
      expect((await c.admin.get('/app_reports/enrollments.xlsx')).status).toBe(404);
      const cases: [Record<string, unknown>, string][] = [
        [{ from: 'yesterday' }, MSG.dateFormat],
        [{ from: '2025-02-30' }, MSG.dateFormat],
        [{ from: '2025-05-01', to: '2025-04-01' }, MSG.dateRange],
        [{ course: 5 }, MSG.notValid],
        [{ format: 'xlsx' }, MSG.notValid],
      ];
      for (const [body, message] of cases) {
        const r = await c.admin.post('/app_reports/enrollments', body);
        expect(r.status, JSON.stringify(body)).toBe(400);
        expect(r.body.error.message).toBe(message);
      }
      expect((await c.admin.post('/app_reports/enrollments', [])).status).toBe(400);
      expect((await c.admin.post('/app_reports/enrollments?format=pdf', {})).status).toBe(400);
    });

    it('enrollments: per course and class, classes without learners included, filtered by registration date', async () => {
      const r = await report('enrollments');
      expect(r.status).toBe(200);
      expect(r.body.columns.map((col: { key: string }) => col.key)).toEqual([
        'course',
        'coursetitle',
        'classid',
        'classname',
        'instructor',
        'selfpaced',
        'enrolled',
        'completed',
        'lastregistration',
      ]);
      const byClass = Object.fromEntries(r.body.rows.map((row: { classid: string }) => [row.classid, row]));
      expect(byClass[classA]).toMatchObject({
        course,
        coursetitle: '=Course for reports',
        enrolled: 3,
        completed: 1,
        selfpaced: 'yes',
        lastregistration: '2025-04-02',
      });
      expect(byClass[classB]).toMatchObject({ enrolled: 1, completed: 0, selfpaced: 'no' });
      const march = await report('enrollments', { from: '2025-03-01', to: '2025-03-31' });
      const marchByClass = Object.fromEntries(
        march.body.rows.map((row: { classid: string; enrolled: number }) => [row.classid, row.enrolled]),
      );
      expect(marchByClass).toEqual({ [classA]: 2, [classB]: 0 });
    });

    it('completions: per course with the rate', async () => {
      const r = await report('completions');
      expect(r.body.rows).toEqual([
        { course, title: '=Course for reports', lang: 'en', enrolled: 4, completed: 1, rate: 25, averageprogress: 37.5 },
      ]);
    });

    it('exams: learners who took and passed the exam, and attempt pass rates', async () => {
      const r = await report('exams');
      expect(r.body.rows).toEqual([
        {
          course,
          title: '=Course for reports',
          learners: 2,
          passedlearners: 1,
          passrate: 50,
          attempts: 3,
          attemptpassrate: 33.3,
          averagescore: 66.7,
        },
      ]);
    });

    it('quizscores: ten buckets, the latest score per learner and quiz beside every attempt', async () => {
      const r = await report('quizscores');
      expect(r.body.rows.map((row: { bucket: string }) => row.bucket)).toEqual([
        '0-9',
        '10-19',
        '20-29',
        '30-39',
        '40-49',
        '50-59',
        '60-69',
        '70-79',
        '80-89',
        '90-100',
      ]);
      const get = (bucket: string) => r.body.rows.find((row: { bucket: string }) => row.bucket === bucket);
      expect(get('0-9')).toEqual({ bucket: '0-9', learners: 1, attempts: 1 });
      expect(get('30-39')).toEqual({ bucket: '30-39', learners: 0, attempts: 1 });
      expect(get('80-89')).toEqual({ bucket: '80-89', learners: 1, attempts: 1 });
      expect(get('90-100')).toEqual({ bucket: '90-100', learners: 1, attempts: 1 });
      expect(r.body.rows.reduce((n: number, row: { attempts: number }) => n + row.attempts, 0)).toBe(4);
    });

    it('surveys: responses per survey, filtered by answer date', async () => {
      const all = await report('surveys');
      expect(all.body.rows.find((row: { survey: string }) => row.survey === survey)).toMatchObject({
        title: 'Report survey',
        responses: 3,
        lastresponse: '2025-06-01',
      });
      const april = await report('surveys', { from: '2025-04-01', to: '2025-04-30' });
      expect(april.body.rows.find((row: { survey: string }) => row.survey === survey).responses).toBe(2);
    });

    it("page by page for the staff table: sorted by any column, filtered by text, with the report's filters", async () => {
      const page = (id: string, body: Record<string, unknown>) => c.admin.post(`/app_reports/${id}/page`, body);
      await adminOnly('POST', '/app_reports/quizscores/page', {});
      const first = await page('quizscores', { sort: 'attempts', dir: 'desc', limit: 3, course });
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toContain('no-store');
      expect(first.body.total).toBe(10);
      expect(first.body.rows).toHaveLength(3);
      expect(first.body.rows.map((r: { attempts: number }) => r.attempts)).toEqual([1, 1, 1]);
      expect(first.body.next).toBe('3');
      // Every band once across the pages, in the chosen order (numbers as numbers).
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const p: { body: { rows: { bucket: string; learners: number }[]; next: string | null } } = await page('quizscores', {
          sort: 'learners',
          limit: 4,
          course,
          ...(after ? { after } : {}),
        });
        seen.push(...p.body.rows.map((r) => r.bucket));
        after = p.body.next;
      } while (after);
      expect([...seen].sort()).toEqual(['0-9', '10-19', '20-29', '30-39', '40-49', '50-59', '60-69', '70-79', '80-89', '90-100']);
      expect(seen.slice(-3).sort()).toEqual(['0-9', '80-89', '90-100']);
      // Text filter and the report's own date filter.
      const b = await page('enrollments', { q: classB.toUpperCase(), course });
      expect(b.body.rows.map((r: { classid: string }) => r.classid)).toEqual([classB]);
      const march = await page('enrollments', { from: '2025-03-01', to: '2025-03-31', course, sort: 'enrolled', dir: 'desc' });
      expect(march.body.rows[0]).toMatchObject({ classid: classA, enrolled: 2 });
      // A sort that is not one of the report's columns, a bad date, an unknown or non-table report.
      expect((await page('enrollments', { sort: 'passwordHash' })).body.error.message).toBe(MSG.invalidSort);
      expect((await page('enrollments', { from: '2025-02-30' })).body.error.message).toBe(MSG.dateFormat);
      expect((await page('timeline', {})).status).toBe(404);
      expect((await page('__proto__', {})).status).toBe(404);
    });

    it('each report downloads as CSV, by ?format=csv or as GET {reportid}.csv, formulas neutralised', async () => {
      const posted = await c.admin.post(`/app_reports/completions?format=csv`, { course });
      expect(posted.status).toBe(200);
      expect(posted.headers.get('content-disposition')).toBe('attachment; filename="completions.csv"');
      expect(records(posted.body)).toEqual([
        {
          'Course ID': course,
          Course: "'=Course for reports",
          Language: 'en',
          Enrolled: '4',
          Completed: '1',
          'Completion rate (%)': '25',
          'Average progress (%)': '37.5',
        },
      ]);
      const linked = await c.admin.get(`/app_reports/enrollments.csv?course=${course}&from=2025-03-01&to=2025-03-31`);
      expect(linked.status).toBe(200);
      expect(linked.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(
        records(linked.body)
          .map((row) => row.Enrolled)
          .sort(),
      ).toEqual(['0', '2']);
      for (const id of ['exams', 'quizscores', 'surveys', 'timeline', 'languages', 'countries']) {
        const r = await c.admin.get(`/app_reports/${id}.csv`);
        expect(r.status, id).toBe(200);
        expect(await startsWithBom(c.admin, `/app_reports/${id}.csv`)).toBe(true);
      }
      expect((await c.admin.get('/app_reports/enrollments.csv?from=nonsense')).status).toBe(400);
    });
  });
});
