/**
 * Everything the platform holds about one account, gathered for the learner: a ZIP with a summary page
 * in the learner's language (index.html), each kind of record as JSON and CSV, and all of it in one
 * data.json. Records of tables this module does not know by name but that are keyed to the user are
 * included too (other-records.json), so a table added later is not left out.
 */
import { sql } from 'kysely';
import { zipSync, strToU8 } from 'fflate';
import { stringify } from 'csv-stringify/sync';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { fromBool, fromJson } from '../../db/dialect.ts';
import { answersOf, keyShown, rulesOf, shownOf } from '../enrollment/exam-attempts.repository.ts';
import { ACCOUNT_TABLES, USER_ID_COLUMNS, liveSchema } from './catalogue.ts';

/** Tables gathered by name; other tables keyed to the user go to other-records.json. */
const KNOWN = new Set(ACCOUNT_TABLES);
/** Columns that hold secrets (hashes, tokens, keys) stay out of the export even for their owner. */
const SECRET_COLUMN = /(hash|secret|token|password|key)$/i;

export interface UserData {
  profile: Record<string, unknown>;
  cookieChoice: { setting: string };
  enrollments: Record<string, unknown>[];
  progress: Record<string, unknown>[];
  materialViews: Record<string, unknown>[];
  quizAttempts: Record<string, unknown>[];
  examAttempts: Record<string, unknown>[];
  certificates: Record<string, unknown>[];
  posts: Record<string, unknown>[];
  replies: Record<string, unknown>[];
  surveyAnswers: Record<string, unknown>[];
  sessions: Record<string, unknown>[];
  signIns: Record<string, unknown>[];
  emails: Record<string, unknown>[];
  pendingDeletion: Record<string, unknown> | null;
  otherRecords: Record<string, Record<string, unknown>[]>;
}

/** How many records an export would hold, to decide whether to build it at once or in the background. */
export async function countRecords(db: Db, userId: string, email: string): Promise<number> {
  const n = async (q: Promise<{ n: unknown } | undefined>) => Number((await q)?.n ?? 0);
  const counts = await Promise.all([
    n(
      db
        .selectFrom('enrollments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user', '=', userId)
        .executeTakeFirst(),
    ),
    n(
      db
        .selectFrom('lesson_progress')
        .innerJoin('enrollments', 'enrollments.id', 'lesson_progress.enrollmentId')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('enrollments.user', '=', userId)
        .executeTakeFirst(),
    ),
    n(
      db
        .selectFrom('material_views')
        .innerJoin('enrollments', 'enrollments.id', 'material_views.enrollmentId')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('enrollments.user', '=', userId)
        .executeTakeFirst(),
    ),
    n(
      db
        .selectFrom('quiz_attempts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user', '=', userId)
        .executeTakeFirst(),
    ),
    n(
      db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('author', 'in', [userId, email])
        .executeTakeFirst(),
    ),
    n(
      db
        .selectFrom('replies')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('author', 'in', [userId, email])
        .executeTakeFirst(),
    ),
    n(
      db
        .selectFrom('sent_mail')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('to', '=', email)
        .executeTakeFirst(),
    ),
  ]);
  return counts.reduce((a, b) => a + b, 1);
}

export async function collectUserData(ctx: AppContext, userId: string): Promise<UserData | null> {
  const { db } = ctx;
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const email = user.email.toLowerCase();
  const authors = [userId, email];
  const { passwordHash: _secret, ...profileRow } = user;
  const profile = {
    ...profileRow,
    roles: fromJson<string[]>(user.roles, []),
    certifications: fromJson<Record<string, unknown>>(user.certifications, {}),
  };

  const enrollments = await db
    .selectFrom('enrollments')
    .leftJoin('courses', 'courses.id', 'enrollments.course')
    .leftJoin('classes', 'classes.id', 'enrollments.classid')
    .select([
      'enrollments.id',
      'enrollments.course',
      'courses.title as courseTitle',
      'enrollments.classid',
      'classes.name as className',
      'enrollments.regdate',
      'enrollments.completed',
      'enrollments.percentcomplete',
      'enrollments.exampassed',
      'enrollments.examdate',
      'enrollments.certcode',
    ])
    .where('enrollments.user', '=', userId)
    .orderBy('enrollments.regdate')
    .execute();
  const enrollmentIds = enrollments.map((e) => e.id);
  const [progress, materialViews, grants] = enrollmentIds.length
    ? await Promise.all([
        db
          .selectFrom('lesson_progress')
          .selectAll()
          .where('enrollmentId', 'in', enrollmentIds)
          .orderBy('enrollmentId')
          .orderBy('lesson')
          .execute(),
        db
          .selectFrom('material_views')
          .selectAll()
          .where('enrollmentId', 'in', enrollmentIds)
          .orderBy('enrollmentId')
          .orderBy('firstview')
          .execute(),
        // Extra exam attempts granted by staff, with the reason they gave: a note about the learner.
        db
          .selectFrom('exam_grants')
          .select(['enrollmentId', 'material', 'reason', 'created', 'usedby'])
          .where('enrollmentId', 'in', enrollmentIds)
          .orderBy('created')
          .execute(),
      ])
    : [[], [], []];
  const quizAttempts = await db.selectFrom('quiz_attempts').selectAll().where('user', '=', userId).orderBy('created').execute();
  const examAttempts = await db.selectFrom('exam_attempts').selectAll().where('user', '=', userId).orderBy('started').execute();
  // An exam's right answers reach the learner only as its rules allow (never, or after passing), as on
  // screen: an attempt under way, or a failed one whose questions come back, must not show them here.
  const examIds = [
    ...new Set([...examAttempts.map((a) => a.material), ...quizAttempts.filter((a) => a.kind === 'exam').map((a) => a.material)]),
  ];
  const config = (await ctx.site.get()).config;
  const rules = new Map(
    (examIds.length
      ? await db
          .selectFrom('materials')
          .select(['id', 'drawcount', 'timelimit', 'maxattempts', 'waithours', 'showanswers'])
          .where('id', 'in', examIds)
          .execute()
      : []
    ).map((m) => [m.id, rulesOf(m, config)]),
  );
  const mayShowKey = (material: string, passed: boolean) => {
    const r = rules.get(material);
    return !!r && keyShown(r, passed);
  };
  const posts = await db.selectFrom('comments').selectAll().where('author', 'in', authors).orderBy('timestamp').execute();
  const replies = await db.selectFrom('replies').selectAll().where('author', 'in', authors).orderBy('timestamp').execute();
  const surveyAnswers = await db
    .selectFrom('survey_responses')
    .leftJoin('surveys', 'surveys.id', 'survey_responses.surveyId')
    .select([
      'survey_responses.id',
      'survey_responses.surveyId',
      'surveys.title as surveyTitle',
      'survey_responses.answers',
      'survey_responses.lang',
      'survey_responses.context',
      'survey_responses.contextid',
      'survey_responses.created',
    ])
    .where('survey_responses.user', '=', userId)
    .orderBy('survey_responses.created')
    .execute();
  // The session id is stored only as a hash: what a session was is its times, browser and address, not its secret.
  const sessions = await db
    .selectFrom('sessions')
    .select(['created', 'expires', 'lastseen', 'useragent', 'ip'])
    .where('userId', '=', userId)
    .orderBy('created')
    .execute();
  const emails = await db.selectFrom('sent_mail').select(['subject', 'created']).where('to', '=', email).orderBy('created').execute();
  const pending = await db.selectFrom('account_deletions').select(['requested', 'due']).where('userId', '=', userId).executeTakeFirst();

  const otherRecords: Record<string, Record<string, unknown>[]> = {};
  for (const { table, columns } of await liveSchema(db, ctx.store.engine)) {
    if (KNOWN.has(table)) continue;
    const keys = columns.filter((c) => USER_ID_COLUMNS.has(c));
    if (!keys.length) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${sql.join(
      keys.map((k) => sql`cast(${sql.ref(k)} as text) = ${userId}`),
      sql` or `,
    )}`.execute(db);
    if (rows.length)
      otherRecords[table] = rows.map((r) =>
        Object.fromEntries(Object.entries(r).filter(([k, v]) => !SECRET_COLUMN.test(k) && !(v instanceof Uint8Array))),
      );
  }

  return {
    profile,
    cookieChoice: { setting: user.cookieoptin },
    enrollments: enrollments.map((e) => {
      const extra = grants
        .filter((g) => g.enrollmentId === e.id)
        .map((g) => ({ exam: g.material, reason: g.reason, granted: g.created, usedByAttempt: g.usedby }));
      return extra.length ? { ...e, extraExamAttempts: extra } : e;
    }),
    progress: progress.map((p) => ({ ...p, answers: fromJson(p.answers, null), correctanswers: fromJson(p.correctanswers, null) })),
    materialViews,
    quizAttempts: quizAttempts.map(({ correctanswers, ...a }) => ({
      ...a,
      answers: fromJson(a.answers, null),
      ...(a.kind !== 'exam' || mayShowKey(a.material, fromBool(a.passed)) ? { correctanswers: fromJson(correctanswers, null) } : {}),
    })),
    examAttempts: examAttempts.map((a) => {
      const done = a.state !== 'inprogress';
      const passed = fromBool(a.passed);
      const shown = shownOf(a);
      return {
        id: a.id,
        number: a.number,
        state: a.state,
        course: a.course,
        classid: a.classid,
        lesson: a.lesson,
        material: a.material,
        started: a.started,
        deadline: a.deadline,
        finished: a.finished,
        saved: a.saved,
        questions: shown.map((q) => ({ question: q.question, answers: q.answers })),
        answers: answersOf(a),
        ...(done ? { score: a.score, possible: a.possible, percent: a.percent, passed } : {}),
        ...(done && mayShowKey(a.material, passed) ? { correctanswers: shown.map((q) => q.correct) } : {}),
      };
    }),
    certificates: enrollments
      .filter((e) => e.completed)
      .map((e) => ({ course: e.course, courseTitle: e.courseTitle, completed: e.completed, code: e.certcode })),
    posts: posts.map((p) => ({ ...p, shared: fromJson<string[]>(p.shared, []) })),
    replies,
    surveyAnswers: surveyAnswers.map((s) => ({ ...s, answers: fromJson(s.answers, null) })),
    sessions,
    signIns: [{ lastSignIn: user.lasttime, lastSeen: user.lastseen, passwordChanged: user.passwordChanged, accountCreated: user.created }],
    emails,
    pendingDeletion: pending ?? null,
    otherRecords,
  };
}

const SECTIONS: {
  key: Exclude<keyof UserData, 'otherRecords' | 'pendingDeletion'>;
  file: string;
  title: (labels: (s: string) => string) => string;
}[] = [
  { key: 'profile', file: 'profile', title: (labels) => labels('Profile') },
  { key: 'enrollments', file: 'enrollments', title: (labels) => labels('Enrolments') },
  { key: 'progress', file: 'progress', title: (labels) => labels('Lesson progress') },
  { key: 'materialViews', file: 'material-views', title: (labels) => labels('Materials viewed') },
  { key: 'quizAttempts', file: 'quiz-and-exam-attempts', title: (labels) => labels('Quiz and exam attempts') },
  { key: 'examAttempts', file: 'exam-attempts', title: (labels) => labels('Exam attempts with their questions') },
  { key: 'certificates', file: 'certificates', title: (labels) => labels('Certificates') },
  { key: 'posts', file: 'posts', title: (labels) => labels('Posts') },
  { key: 'replies', file: 'replies', title: (labels) => labels('Replies') },
  { key: 'surveyAnswers', file: 'survey-answers', title: (labels) => labels('Survey answers') },
  { key: 'sessions', file: 'sessions', title: (labels) => labels('Sessions') },
  { key: 'signIns', file: 'sign-ins', title: (labels) => labels('Sign-in history') },
  { key: 'cookieChoice', file: 'cookie-choice', title: (labels) => labels('Cookie choice') },
  { key: 'emails', file: 'emails', title: (labels) => labels('E-mails sent to you') },
];

const cell = (v: unknown) => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
function toCsv(rows: Record<string, unknown>[]): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return stringify(
    rows.map((r) => columns.map((c) => cell(r[c]))),
    { header: true, columns, bom: true },
  );
}
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The ZIP: a summary page in the learner's language, JSON and CSV per kind of record, data.json. */
export function buildZip(
  data: UserData,
  opts: { lang: string; site: string; created: string; labels: Record<string, string> },
): Uint8Array {
  const labels = (english: string) => opts.labels[english] || english;
  const files: Record<string, Uint8Array> = {};
  const rows: string[] = [];
  for (const s of SECTIONS) {
    const value = data[s.key];
    const list = Array.isArray(value) ? (value as Record<string, unknown>[]) : [value as Record<string, unknown>];
    files[`${s.file}.json`] = strToU8(JSON.stringify(value, null, 2));
    files[`${s.file}.csv`] = strToU8(toCsv(list));
    rows.push(
      `<tr><td>${esc(s.title(labels))}</td><td><bdi>${Array.isArray(value) ? value.length : 1}</bdi></td><td><a href="${s.file}.json" dir="ltr">${s.file}.json</a> · <a href="${s.file}.csv" dir="ltr">${s.file}.csv</a></td></tr>`,
    );
  }
  const others = Object.entries(data.otherRecords);
  if (others.length) {
    files['other-records.json'] = strToU8(JSON.stringify(data.otherRecords, null, 2));
    rows.push(
      `<tr><td>${esc(labels('Other records'))}</td><td><bdi>${others.reduce((n, [, r]) => n + r.length, 0)}</bdi></td><td><a href="other-records.json" dir="ltr">other-records.json</a></td></tr>`,
    );
  }
  files['data.json'] = strToU8(JSON.stringify(data, null, 2));
  const rtl = opts.lang === 'ar';
  const title = labels('Your data from {{site}}').replace('{{site}}', () => opts.site);
  const pending = data.pendingDeletion
    ? `<p><strong>${esc(labels('Your account is due to be deleted on {{date}}.').replace('{{date}}', String(data.pendingDeletion.due).slice(0, 10)))}</strong></p>`
    : '';
  files['index.html'] = strToU8(`<!doctype html>
<html lang="${esc(opts.lang)}" dir="${rtl ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font-family:sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.4rem;text-align:start}</style></head>
<body><h1>${esc(title)}</h1>
<p>${esc(labels('Created on {{date}}').replace('{{date}}', opts.created.slice(0, 10)))}</p>
<p>${esc(labels('This archive holds everything the platform keeps about you. Each part is also a JSON file and a CSV file, for use in other programs.'))}</p>
${pending}
<table><thead><tr><th>${esc(labels('Part'))}</th><th>${esc(labels('Records'))}</th><th>${esc(labels('Files'))}</th></tr></thead><tbody>
${rows.join('\n')}
</tbody></table>
<h2>${esc(labels('Profile'))}</h2>
<dl>${Object.entries(data.profile)
    .filter(([, v]) => v != null && v !== '')
    .map(([k, v]) => `<dt>${esc(k)}</dt><dd><bdi>${esc(cell(v))}</bdi></dd>`)
    .join('')}</dl>
</body></html>`);
  return zipSync(files, { level: 6 });
}
