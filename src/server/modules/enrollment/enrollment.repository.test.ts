/** Progress writes are atomic row upserts: concurrent views for one enrolment are all kept, on both engines. */
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { buildClass, buildCourse, buildUser } from '../../testing/factories.ts';
import { clearView, enroll, listEnrollments, recordView } from './enrollment.repository.ts';

describeEachEngine('progress writes', (server) => {
  it('keeps all of 50 concurrent viewed writes for one enrolment', async () => {
    const { ctx } = server();
    const user = await buildUser(ctx);
    const course = await buildCourse(ctx);
    const classId = await buildClass(ctx, course);
    const cls = await ctx.db.selectFrom('classes').selectAll().where('id', '=', classId).executeTakeFirstOrThrow();
    const id = await enroll(ctx.db, user.id, cls);
    // 50 views at once: 5 lessons x 10 materials, each written by its own concurrent call.
    await Promise.all(Array.from({ length: 50 }, (_, i) => recordView(ctx.db, id, `lesson-${i % 5}`, `material-${i}`)));
    const [e] = await listEnrollments(ctx.db, { user: user.id });
    const views = Object.values(e.progress).flatMap((p) => Object.keys(p.materials ?? {}));
    expect(views).toHaveLength(50);
    expect(Object.keys(e.progress).sort()).toEqual(['lesson-0', 'lesson-1', 'lesson-2', 'lesson-3', 'lesson-4']);
    for (const p of Object.values(e.progress)) expect(p.firstview! <= p.lastview!).toBe(true);
  });

  it('keeps the first view and moves the last one; a retried write changes nothing else', async () => {
    const { ctx } = server();
    const user = await buildUser(ctx);
    const course = await buildCourse(ctx);
    const cls = await ctx.db
      .selectFrom('classes')
      .selectAll()
      .where('id', '=', await buildClass(ctx, course))
      .executeTakeFirstOrThrow();
    const id = await enroll(ctx.db, user.id, cls);
    expect(await enroll(ctx.db, user.id, cls)).toBe(id); // enrolling twice keeps one enrolment
    await recordView(ctx.db, id, 'l1', 'm1', '2026-10-01T10:00:00.000Z');
    await recordView(ctx.db, id, 'l1', 'm1', '2026-10-03T10:00:00.000Z');
    await recordView(ctx.db, id, 'l1', 'm1', '2026-10-02T10:00:00.000Z'); // a late retry of an older view
    let [e] = await listEnrollments(ctx.db, { user: user.id });
    expect(e.progress.l1).toMatchObject({ firstview: '2026-10-01T10:00:00.000Z', lastview: '2026-10-03T10:00:00.000Z' });
    expect(Object.keys(e.progress.l1.materials!)).toEqual(['m1']);
    await clearView(ctx.db, id, 'l1');
    [e] = await listEnrollments(ctx.db, { user: user.id });
    expect(e.progress.l1.materials ?? {}).toEqual({});
    expect(e.progress.l1.firstview).toBeUndefined();
  });
});
