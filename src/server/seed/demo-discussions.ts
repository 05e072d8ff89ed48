/**
 * Demo discussion and survey data: posts and replies by the demo learner and the demo instructor
 * on the English intro course's lesson 2 discussion ("Make your study plan") in its self-paced class, one
 * post in Arabic and one private post shared with the instructor; and two answers to the English survey.
 * Run after the demo content and progress are seeded (the learner's enrolment); the instructor is enrolled
 * in the self-paced class here, so her posts are in a class she belongs to.
 */
import type { AppContext } from '../context.ts';
import { json } from '../db/dialect.ts';
import { enroll } from '../modules/enrollment/enrollment.repository.ts';

const COURSE = 'intro-online-learning';
const LESSON = 'iol-en-l2';
const CLASS = 'iol-en-selfpaced';
/** The discussion, in the spec's course-lesson form. */
export const DEMO_DISCUSSION_PARENT = `${COURSE}-${LESSON}`;

const LEARNER = { author: 'demo-learner', authorname: 'Lena Learner' };
const INSTRUCTOR = { author: 'demo-instructor', authorname: 'Ines Instructor' };

export interface DemoPost {
  id: string;
  author: string;
  authorname: string;
  body: string;
  timestamp: string;
  access?: 'private';
  shared?: string[];
  replies: { id: string; author: string; authorname: string; body: string; lang: string; timestamp: string }[];
}

export const demoPosts: DemoPost[] = [
  {
    id: 'demo-post-1',
    ...LEARNER,
    timestamp: '2026-10-12T17:20:00.000Z',
    body: '<p>I study in the early morning, before work, for thirty minutes. A reminder on my phone and a cup of coffee help me stick to it.</p>',
    replies: [
      {
        id: 'demo-reply-1',
        ...INSTRUCTOR,
        lang: 'en',
        timestamp: '2026-10-13T08:05:00.000Z',
        body: '<p>Mornings are a great choice, Lena. Try writing down one question after each session and bring it to the discussion.</p>',
      },
      {
        id: 'demo-reply-2',
        ...LEARNER,
        lang: 'en',
        timestamp: '2026-10-13T09:30:00.000Z',
        body: '<p>Thank you, I will try that this week!</p>',
      },
    ],
  },
  {
    id: 'demo-post-2',
    ...INSTRUCTOR,
    timestamp: '2026-10-14T18:00:00.000Z',
    body: '<p><strong>A tip for everyone:</strong> link your study time to something you already do every day, such as the bus ride home. What works for you?</p>',
    replies: [
      {
        id: 'demo-reply-3',
        ...LEARNER,
        lang: 'en',
        timestamp: '2026-10-14T19:15:00.000Z',
        body: '<p>The bus works for me too. I download the lesson at home so I can read it without data.</p>',
      },
    ],
  },
  {
    // "I study in the evening after dinner for half an hour, and I write my notes in a small notebook."
    id: 'demo-post-3',
    ...LEARNER,
    timestamp: '2026-10-15T19:10:00.000Z',
    body: '<p>أدرس في المساء بعد العشاء لمدة نصف ساعة، وأكتب ملاحظاتي في دفتر صغير.</p>',
    replies: [],
  },
  {
    id: 'demo-post-4',
    ...LEARNER,
    timestamp: '2026-10-16T07:45:00.000Z',
    access: 'private',
    shared: ['instructor@example.org'],
    body: '<p>Ines, I could not play the video of lesson 2 on my phone. Is there a transcript somewhere?</p>',
    replies: [
      {
        id: 'demo-reply-4',
        ...INSTRUCTOR,
        lang: 'en',
        timestamp: '2026-10-16T12:30:00.000Z',
        body: '<p>Yes: the transcript is in the Text material just before the activity. I will add a link to it under the video.</p>',
      },
    ],
  },
];

/** Two answers to the English feedback survey: textfield, text, numeric, select and choice, in that order. */
export const demoSurveyResponses = [
  {
    id: 'demo-response-1',
    surveyId: 'feedback-en',
    lang: 'en',
    context: 'material',
    contextid: 'iol-en-l3-m2',
    created: '2026-10-20T16:00:00.000Z',
    answers: [
      'The short quizzes after each lesson.',
      'More examples from real workplaces, please.',
      3,
      'A friend or colleague',
      'Very satisfied',
    ],
  },
  {
    id: 'demo-response-2',
    surveyId: 'feedback-en',
    lang: 'en',
    context: 'material',
    contextid: 'iol-en-l3-m2',
    created: '2026-10-22T08:40:00.000Z',
    answers: ['Studying at my own pace.', null, 5, 'Our website', 'Satisfied'],
  },
];

export async function seedDemoDiscussions(ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const cls = await db.selectFrom('classes').selectAll().where('id', '=', CLASS).executeTakeFirstOrThrow();
  await enroll(db, INSTRUCTOR.author, cls);
  await db.transaction().execute(async (trx) => {
    for (const p of demoPosts) {
      await trx
        .insertInto('comments')
        .values({
          id: p.id,
          parent: DEMO_DISCUSSION_PARENT,
          context: CLASS,
          author: p.author,
          authorname: p.authorname,
          courseId: COURSE,
          lessonId: LESSON,
          classId: CLASS,
          body: p.body,
          subject: null,
          access: p.access ?? null,
          shared: json(p.shared ?? []),
          timestamp: p.timestamp,
          removed: 0,
        })
        .execute();
      for (const r of p.replies) {
        await trx
          .insertInto('replies')
          .values({
            id: r.id,
            commentId: p.id,
            author: r.author,
            authorname: r.authorname,
            body: r.body,
            context: CLASS,
            lang: r.lang,
            parent: p.id,
            timestamp: r.timestamp,
            removed: 0,
          })
          .execute();
      }
    }
    for (const r of demoSurveyResponses) {
      await trx
        .insertInto('survey_responses')
        .values({ ...r, answers: json(r.answers), user: null })
        .execute();
    }
  });
}
