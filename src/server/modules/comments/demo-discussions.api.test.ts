/** The demo discussion and survey answers, seeded after the demo site, as the demo accounts see them. */
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { enrollIn, signedInUser } from '../../testing/factories.ts';
import { seedDemo, DEMO_PASSWORD } from '../../seed/seed-demo.ts';
import { DEMO_DISCUSSION_PARENT, demoSurveyResponses } from '../../seed/demo-discussions.ts';
import { checkSurveyAnswer } from '../../../domain/validation.ts';
import { surveys } from '../../seed/demo-content/courses.ts';

describeEachEngine('demo discussions', (server) => {
  it('shows the lesson discussion with replies, an Arabic post and a private post to the right readers', async () => {
    const { ctx } = server();
    await seedDemo(ctx); // seeds the discussions too
    const discussion = { parent: DEMO_DISCUSSION_PARENT, context: 'iol-en-selfpaced' };

    const learner = server().client();
    await learner.login('learner@example.org', DEMO_PASSWORD);
    const r = await learner.post('/app_comments/list', discussion);
    expect(r.status).toBe(200);
    expect(r.body.map((p: any) => p._id)).toEqual(['demo-post-4', 'demo-post-3', 'demo-post-2', 'demo-post-1']);
    expect(r.body[1].body).toContain('أدرس');
    expect(r.body[3].replies.map((x: any) => x.authorname)).toEqual(['Ines Instructor', 'Lena Learner']);
    expect((await learner.post('/app_comments/list', {})).body[0]).toMatchObject({
      courseTitle: 'Introduction to Online Learning',
      replyCount: 1,
    });

    const instructor = server().client();
    await instructor.login('instructor@example.org', DEMO_PASSWORD);
    expect((await instructor.post('/app_comments/list', discussion)).body).toHaveLength(4);

    const other = await signedInUser(server());
    await enrollIn(ctx, other.user.id, 'iol-en-selfpaced');
    expect((await other.client.post('/app_comments/list', discussion)).body.map((p: any) => p._id)).toEqual([
      'demo-post-3',
      'demo-post-2',
      'demo-post-1',
    ]);
  });

  it('seeds survey answers that the answer call itself would take', async () => {
    const survey = surveys.find((s) => s._id === 'feedback-en')!;
    for (const response of demoSurveyResponses) {
      response.answers.forEach((a, i) => {
        const q = survey.questions[i]!;
        expect(checkSurveyAnswer(q.type, q.question, a)).toEqual({ value: a });
      });
    }
    const admin = server().client();
    await admin.login('admin@example.org', DEMO_PASSWORD);
    const r = await admin.post('/app_surveys/listResponsesBySurvey', { surveyId: 'feedback-en' });
    expect(r.body.responses.map((x: any) => x._id)).toEqual(['demo-response-2', 'demo-response-1']);
  });
});
