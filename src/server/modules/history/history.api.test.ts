/** Content history: saves keep versions, editors compare and restore, learners cannot; removal and restore are audited. */
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../testing/harness.ts';
import { asRoles, buildContent, buildCourse, buildLesson, buildMaterial, signedInUser } from '../../testing/factories.ts';

describeEachEngine('content history', (server) => {
  it('keeps each save of a block, lists who and when, and restores an older body as a new version', async () => {
    const { ctx } = server();
    const block = await buildContent(ctx, { body: '<p>First</p>' });
    const editor = await signedInUser(server(), { roles: asRoles('cms') });
    for (const body of ['<p>Second</p>', '<p>Third</p>']) {
      expect((await editor.client.post('/app_content/save', { _id: block.id, type: 'block', context: block.context, body })).status).toBe(
        200,
      );
    }
    const list = await editor.client.post('/app_history/list', { kind: 'content', _id: block.id });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(
      list.body.map((v: { version: number; authoremail: string | null; note: string | null }) => [v.version, v.authoremail, v.note]),
    ).toEqual([
      [3, editor.user.email, null],
      [2, editor.user.email, null],
      [1, null, 'before'],
    ]);
    const first = await editor.client.post('/app_history/get', { kind: 'content', _id: block.id, version: 1 });
    expect(first.body.data).toMatchObject({ _id: block.id, body: '<p>First</p>' });

    const restored = await editor.client.post('/app_history/restore', { kind: 'content', _id: block.id, version: 1 });
    expect(restored.status).toBe(200);
    expect(restored.body.versions[0]).toMatchObject({ version: 4, note: 'restored:1', authoremail: editor.user.email });
    const now = await editor.client.post('/app_content/get', { _id: block.id });
    expect(now.body.body).toBe('<p>First</p>');
    // The page readers see changed too (the page cache was dropped).
    const page = await server().client().get(`/app_content/getpage/${block.context}`);
    expect(JSON.stringify(page.body)).toContain('First');

    const admin = await signedInUser(server(), { roles: asRoles('admin') });
    const audit = await admin.client.post('/app_admin/audit', { target: block.id });
    expect(audit.body.list.map((e: { action: string }) => e.action)).toEqual(['content.restore', 'content.save', 'content.save']);
  });

  it('keeps courses, lessons and materials, and brings back a removed material', async () => {
    const { ctx } = server();
    const course = await buildCourse(ctx);
    const lesson = await buildLesson(ctx, course);
    const material = await buildMaterial(ctx, lesson.id, { title: 'Old title' });
    const editor = await signedInUser(server(), { roles: asRoles('cms') });
    expect((await editor.client.post('/app_courses/save', { _id: course, title: 'Renamed' })).status).toBe(200);
    expect((await editor.client.post('/app_lessons/save', { _id: lesson.id, course, title: 'Lesson renamed' })).status).toBe(200);
    expect((await editor.client.post('/app_materials/save', { _id: material.id, title: 'New title' })).status).toBe(200);
    expect((await editor.client.post('/app_history/list', { kind: 'course', _id: course })).body).toHaveLength(2);
    expect((await editor.client.post('/app_history/list', { kind: 'lesson', _id: lesson.id })).body).toHaveLength(2);
    expect((await editor.client.post('/app_materials/remove', { _id: material.id })).status).toBe(200);
    const restore = await editor.client.post('/app_history/restore', { kind: 'material', _id: material.id, version: 1 });
    expect(restore.status).toBe(200);
    const back = await ctx.db.selectFrom('materials').selectAll().where('id', '=', material.id).executeTakeFirst();
    expect(back).toMatchObject({ title: 'Old title', lesson: lesson.id });
  });

  it('refuses learners, unknown kinds and versions, without changing anything', async () => {
    const { ctx } = server();
    const block = await buildContent(ctx);
    const learner = await signedInUser(server());
    expect((await learner.client.post('/app_history/list', { kind: 'content', _id: block.id })).status).toBe(403);
    expect((await learner.client.post('/app_history/restore', { kind: 'content', _id: block.id, version: 1 })).status).toBe(403);
    expect((await server().client().post('/app_history/list', { kind: 'content', _id: block.id })).status).toBe(401);
    const editor = await signedInUser(server(), { roles: asRoles('cms') });
    const bad = await editor.client.post('/app_history/list', { kind: 'user', _id: block.id });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Please choose a content block, course, lesson or material.');
    expect((await editor.client.post('/app_history/restore', { kind: 'content', _id: block.id, version: 9 })).status).toBe(404);
    expect((await editor.client.post('/app_history/list', { kind: 'content', _id: 'no-such' })).status).toBe(404);
    const row = await ctx.db.selectFrom('content').select('body').where('id', '=', block.id).executeTakeFirst();
    expect(row?.body).toBe(block.body);
  });
});
