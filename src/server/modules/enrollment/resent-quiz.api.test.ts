/** A quiz sent again (a retried request) is the same attempt: it records nothing and is no new activity. */
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { LEARNING_ANSWERS, buildClass, buildLearningCourse, signedInUser } from '../../testing/factories.ts';
import { enroll } from './enrollment.repository.ts';

describeEachEngine('resent quiz', (server) => {
  it("leaves the enrolment's last activity where the first submission put it", async () => {
    const { ctx } = server();
    const lc = await buildLearningCourse(ctx);
    const classid = await buildClass(ctx, lc.course);
    const cls = await ctx.db.selectFrom('classes').selectAll().where('id', '=', classid).executeTakeFirstOrThrow();
    const { user, client } = await signedInUser(server());
    const id = await enroll(ctx.db, user.id, cls);
    const quiz = (extra: Record<string, unknown> = {}) =>
      client.post('/app_enrollment/quiz', {
        _id: lc.materials.quiz,
        user: user.id,
        classid,
        courseid: lc.course,
        answers: LEARNING_ANSWERS,
        ...extra,
      });
    const lastActivity = async () =>
      (await ctx.db.selectFrom('enrollments').select('timestamp').where('id', '=', id).executeTakeFirstOrThrow()).timestamp;

    for (const extra of [{}, { attempt: 'try-1' }]) {
      const first = await quiz(extra);
      expect(first.status).toBe(200);
      const after = await lastActivity();
      await new Promise((resolve) => setTimeout(resolve, 30));
      const again = await quiz(extra);
      expect(again.body).toMatchObject({ recorded: false, quizdate: first.body.quizdate });
      expect(await lastActivity(), JSON.stringify(extra)).toBe(after);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  });
});
