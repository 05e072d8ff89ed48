/** Test data built in the test that needs it: `buildUser(ctx, overrides)` and friends. */
import crypto from 'node:crypto';
import type { AppContext } from '../context.ts';
import { hashPassword } from '../adapters/passwords.ts';
import { insertUser, type UserRow } from '../modules/users/users.repository.ts';
import { insertContentRow } from '../modules/content/content.repository.ts';
import { json, now } from '../db/dialect.ts';
import type { ContentTable, LessonsTable, MaterialsTable } from '../db/schema.ts';
import type { TestServer } from './harness.ts';

export const TEST_PASSWORD = 'Test-pass1!';
let hashed: Promise<string> | null = null;

/** A registration body as the form sends it, with a fresh address typed twice; `fields` add to or replace any of it. */
export function registrationBody(fields: Record<string, unknown> = {}) {
  const email = `new-${Math.random().toString(36).slice(2, 8)}@example.org`;
  return {
    firstname: 'Nadia',
    lastname: 'Haddad',
    email,
    confirmemail: email,
    phone: '+351 (21) 555-0100',
    city: 'Lisbon',
    state: '',
    country: 'Portugal',
    password: 'Secret-123',
    confirmpassword: 'Secret-123',
    ...fields,
  };
}

export async function buildUser(ctx: AppContext, overrides: Partial<UserRow> & { roles?: string } = {}): Promise<UserRow> {
  const n = crypto.randomBytes(4).toString('hex');
  return insertUser(ctx.db, {
    email: `user-${n}@example.org`,
    firstname: 'Test',
    lastname: `User ${n}`,
    passwordHash: await (hashed ??= hashPassword(TEST_PASSWORD)),
    city: 'Porto',
    country: 'Portugal',
    ...overrides,
  });
}

export const asRoles = (...roles: string[]) => json(roles);

/** An account row as the users table takes it, for tests that write to a store directly. */
export const accountRow = (id: string) => ({
  id,
  email: `${id}@example.org`,
  passwordHash: '',
  firstname: 'A',
  lastname: id,
  roles: '[]',
  lang: 'en',
  cookieoptin: 'prompt',
  certifications: '{}',
  created: new Date().toISOString(),
});

export async function buildCourse(ctx: AppContext, overrides: Partial<{ id: string; title: string; lang: string; status: string }> = {}) {
  const id = overrides.id ?? `course-${crypto.randomBytes(4).toString('hex')}`;
  await ctx.db
    .insertInto('courses')
    .values({
      id,
      title: overrides.title ?? 'Test course',
      reftitle: null,
      description: null,
      description2: null,
      status: overrides.status ?? 'Active',
      lang: overrides.lang ?? 'en',
      order: 0,
      main: id,
      video: null,
      sections: 'a,b',
      smallbanner: null,
      timerequired: null,
      certificate: null,
      created: now(),
    })
    .execute();
  return id;
}

export async function buildClass(
  ctx: AppContext,
  course: string,
  overrides: Partial<{ id: string; instructor: string; selfpaced: number; regcode: string }> = {},
) {
  const id = overrides.id ?? `class-${crypto.randomBytes(4).toString('hex')}`;
  await ctx.db
    .insertInto('classes')
    .values({
      id,
      name: 'Test class',
      course,
      startdate: '2026-01-01',
      weeks: 10,
      instructor: overrides.instructor ?? null,
      instructorname: null,
      regcode: overrides.regcode ?? crypto.randomBytes(4).toString('hex').toUpperCase(),
      selfpaced: overrides.selfpaced ?? 1,
      lang: 'en',
      description: 'A class',
      description2: null,
      created: now(),
    })
    .execute();
  return id;
}

export function buildContent(ctx: AppContext, overrides: Partial<ContentTable> = {}) {
  return insertContentRow(ctx.db, {
    id: `content-${crypto.randomBytes(4).toString('hex')}`,
    context: 'test-page',
    lang: 'en',
    title: 'A block',
    body: '<p>Hello</p>',
    ...overrides,
  });
}

export async function buildLesson(ctx: AppContext, course: string, overrides: Partial<LessonsTable> = {}) {
  const row: LessonsTable = {
    id: `lesson-${crypto.randomBytes(4).toString('hex')}`,
    course,
    title: 'A lesson',
    description: '<p>About it</p>',
    order: 0,
    sortorder: 0,
    sorder: 'a',
    type: null,
    cached: null,
    ...overrides,
  };
  await ctx.db.insertInto('lessons').values(row).execute();
  return row;
}

/** A quiz question as stored, with its correct answer (1-based). */
export const quizQuestion = (n: number, iscorrect = 2) => ({ question: `Question ${n}?`, answers: ['Alpha', 'Beta', 'Gamma'], iscorrect });

export async function buildMaterial(
  ctx: AppContext,
  lesson: string,
  overrides: Partial<Omit<MaterialsTable, 'quiz'>> & { quiz?: unknown[] } = {},
) {
  const { quiz, ...rest } = overrides;
  const row: MaterialsTable = {
    id: `material-${crypto.randomBytes(4).toString('hex')}`,
    lesson,
    order: 0,
    section: 'Article',
    title: 'A material',
    subid: null,
    required: 1,
    usebutton: null,
    quiz: quiz ? json(quiz) : null,
    description: '<p>Read this</p>',
    description1: null,
    description2: null,
    question: null,
    ...rest,
  };
  await ctx.db.insertInto('materials').values(row).execute();
  return row;
}

/** One signed-in client per role (a fresh account each), and a visitor: for the forbidden-write checks. */
export async function roleClients(server: TestServer) {
  const as = async (...roles: string[]) => {
    const user = await buildUser(server.ctx, { roles: asRoles(...roles) });
    const client = server.client();
    await client.login(user.email, TEST_PASSWORD);
    return client;
  };
  // One after another: parallel logins would open extra database connections for nothing.
  const learner = await as();
  const editor = await as('cms');
  const admin = await as('admin');
  return { visitor: server.client(), learner, editor, admin };
}

// Classes, enrolment and progress.

/** A new account and a client signed in as it. */
export async function signedInUser(server: TestServer, overrides: Partial<UserRow> & { roles?: string } = {}) {
  const user = await buildUser(server.ctx, overrides);
  const client = server.client();
  await client.login(user.email, TEST_PASSWORD);
  return { user, client };
}

/** Right answers of the learning course's quiz and exam: iscorrect 2, 3, 1, 2, 3. */
export const LEARNING_ANSWERS = ['B', 'C', 'A', 'B', 'C'];

/**
 * A course shaped like the demo's: lesson 1 has a required article, an optional article and a quiz;
 * lesson 2 has a required text and the exam (five questions each, right answers LEARNING_ANSWERS).
 */
export async function buildLearningCourse(
  ctx: AppContext,
  overrides: Partial<{ id: string; title: string; lang: string; status: string }> = {},
) {
  const course = await buildCourse(ctx, overrides);
  const questions = [2, 3, 1, 2, 3].map((iscorrect, i) => quizQuestion(i + 1, iscorrect));
  const l1 = await buildLesson(ctx, course, { sortorder: 1, sorder: 'a' });
  const l2 = await buildLesson(ctx, course, { sortorder: 2, sorder: 'b' });
  const article = await buildMaterial(ctx, l1.id, { section: 'Article', order: 1 });
  const optional = await buildMaterial(ctx, l1.id, { section: 'Article', order: 2, required: 0 });
  const quiz = await buildMaterial(ctx, l1.id, { section: 'Quiz', order: 3, quiz: questions });
  const text = await buildMaterial(ctx, l2.id, { section: 'Text', order: 1 });
  const exam = await buildMaterial(ctx, l2.id, { section: 'Exam', order: 2, quiz: questions });
  return {
    course,
    lessons: [l1.id, l2.id] as const,
    materials: { article: article.id, optional: optional.id, quiz: quiz.id, text: text.id, exam: exam.id },
  };
}

// Discussions and surveys.

type SurveysRow = import('../db/schema.ts').SurveysTable;
type CommentsRow = import('../db/schema.ts').CommentsTable;
type SurveyQuestionRow = { type: string; question: string };

/** One question of each of the five types; select and choice list their choices under the prompt. */
export const SURVEY_QUESTIONS: SurveyQuestionRow[] = [
  { type: 'textfield', question: 'What is your first name?' },
  { type: 'text', question: 'What could we improve?' },
  { type: 'numeric', question: 'How many hours a week do you study?' },
  { type: 'select', question: 'How did you hear about us?\nA friend\nOur website\nA newsletter' },
  { type: 'choice', question: 'How satisfied are you?\nVery satisfied\nSatisfied\nDissatisfied' },
];

export async function buildSurvey(
  ctx: AppContext,
  overrides: Partial<Omit<SurveysRow, 'questions'>> & { questions?: SurveyQuestionRow[] } = {},
) {
  const { questions, ...rest } = overrides;
  const row: SurveysRow = {
    id: `survey-${crypto.randomBytes(4).toString('hex')}`,
    title: 'Tell us what you think',
    description: '<p>Two minutes</p>',
    description2: '<p>Thank you!</p>',
    status: 'Active',
    lang: 'en',
    questions: json(questions ?? SURVEY_QUESTIONS),
    timestamp: now(),
    ...rest,
  };
  await ctx.db.insertInto('surveys').values(row).execute();
  return row;
}

/**
 * A lesson's discussion: a course with one lesson, a self-paced class and a private group of it, and the
 * discussion's parent in course-lesson form. Course and lesson ids carry dashes, as the demo's do.
 */
export async function buildDiscussion(ctx: AppContext, opts: { instructor?: string } = {}) {
  const course = await buildCourse(ctx);
  const lesson = await buildLesson(ctx, course);
  const selfPaced = await buildClass(ctx, course, { selfpaced: 1, ...(opts.instructor ? { instructor: opts.instructor } : {}) });
  const group = await buildClass(ctx, course, { selfpaced: 0, ...(opts.instructor ? { instructor: opts.instructor } : {}) });
  return { course, lesson: lesson.id, parent: `${course}-${lesson.id}`, selfPaced, group };
}

/** Enrols the user in the class, as the enrol call would. */
export async function enrollIn(ctx: AppContext, userId: string, classId: string) {
  const { enroll } = await import('../modules/enrollment/enrollment.repository.ts');
  const cls = await ctx.db.selectFrom('classes').selectAll().where('id', '=', classId).executeTakeFirstOrThrow();
  return enroll(ctx.db, userId, cls);
}

/** A post stored directly (e.g. an older record whose author is an email). */
export async function buildComment(
  ctx: AppContext,
  overrides: Partial<Omit<CommentsRow, 'shared'>> & { parent: string; author: string; shared?: string[] },
) {
  const { shared, ...rest } = overrides;
  const row: CommentsRow = {
    id: `comment-${crypto.randomBytes(4).toString('hex')}`,
    context: null,
    authorname: 'Test User',
    courseId: null,
    lessonId: null,
    classId: overrides.context ?? null,
    body: '<p>A post</p>',
    subject: null,
    access: null,
    shared: json(shared ?? []),
    timestamp: now(),
    removed: 0,
    ...rest,
  };
  await ctx.db.insertInto('comments').values(row).execute();
  return row;
}

// Admin area, reports and statistics.

type EnrollmentsRow = import('../db/schema.ts').EnrollmentsTable;
type QuizAttemptsRow = import('../db/schema.ts').QuizAttemptsTable;

/** An enrolment stored directly, with the dates and results a report needs (id: user-class, as enrol makes it). */
export async function buildEnrollmentRow(
  ctx: AppContext,
  e: Pick<EnrollmentsRow, 'user' | 'course' | 'classid'> & Partial<EnrollmentsRow>,
) {
  const row: EnrollmentsRow = {
    id: `${e.user}-${e.classid}`,
    regdate: now(),
    completed: null,
    regcode: null,
    description: null,
    timestamp: now(),
    percentcomplete: 0,
    exampassed: 0,
    examdate: null,
    ...e,
  };
  await ctx.db.insertInto('enrollments').values(row).execute();
  return row;
}

/** A graded quiz or exam attempt stored directly (quiz_attempts). */
export async function buildQuizAttempt(
  ctx: AppContext,
  a: Pick<QuizAttemptsRow, 'user' | 'course' | 'classid' | 'material' | 'kind' | 'percent'> & Partial<QuizAttemptsRow>,
) {
  const row: QuizAttemptsRow = {
    id: crypto.randomUUID(),
    enrollmentId: `${a.user}-${a.classid}`,
    lesson: 'lesson',
    attempt: crypto.randomUUID(),
    answershash: 'h',
    answers: '[]',
    correctanswers: '[]',
    score: a.percent / 20,
    possible: 5,
    passed: a.percent >= 80 ? 1 : 0,
    created: now(),
    ...a,
  };
  await ctx.db.insertInto('quiz_attempts').values(row).execute();
  return row;
}
