/** Paged staff tables: sort by each column, filter, page with a chosen size, and the rights of each table. */
import { expect, it } from 'vitest';
import { describeEachEngine, type Res } from '../../testing/harness.ts';
import { asRoles, buildClass, buildCourse, buildEnrollmentRow, buildSurvey, buildUser, signedInUser } from '../../testing/factories.ts';
import { json } from '../../db/dialect.ts';

describeEachEngine('staff tables', (server) => {
  it('pages the enrolments table with a chosen size, sorts by each column both ways and filters', async () => {
    const { ctx } = server();
    const course = await buildCourse(ctx, { title: 'Paging course' });
    const classid = await buildClass(ctx, course);
    const names = ['Zoe', 'Adam', 'Maria', 'Ülle', 'Bo', 'Chen', 'Dana'];
    for (const [i, name] of names.entries()) {
      const u = await buildUser(ctx, {
        firstname: name,
        lastname: `${name}son`,
        email: `${name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')}@paging.example`,
      });
      await buildEnrollmentRow(ctx, {
        user: u.id,
        course,
        classid,
        regdate: `2026-0${(i % 9) + 1}-01T00:00:00.000Z`,
        completed: i % 2 ? '2026-10-01T00:00:00.000Z' : null,
        percentcomplete: i * 10,
      });
    }
    const editor = await signedInUser(server(), { roles: asRoles('cms') });
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const res: Res = await editor.client.post('/app_enrollment/page', {
        classid,
        limit: 3,
        sort: 'email',
        dir: 'asc',
        ...(next ? { after: next } : {}),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body.total).toBe(7);
      expect(res.body.rows.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.rows.map((r: { email: string }) => r.email));
      next = res.body.next;
    } while (next);
    expect(seen).toEqual([...seen].sort());
    expect(new Set(seen).size).toBe(7);

    for (const sort of ['regdate', 'completed', 'email', 'lastname', 'course', 'classname', 'percentcomplete']) {
      for (const dir of ['asc', 'desc']) {
        const res = await editor.client.post('/app_enrollment/page', { classid, limit: 100, sort, dir });
        expect(res.status, `${sort} ${dir}`).toBe(200);
        expect(res.body.rows).toHaveLength(7);
      }
    }
    const byPercent = await editor.client.post('/app_enrollment/page', { classid, sort: 'percentcomplete', dir: 'desc' });
    expect(byPercent.body.rows.map((r: { percentcomplete: number }) => r.percentcomplete)).toEqual([60, 50, 40, 30, 20, 10, 0]);

    const page2 = await editor.client.post('/app_enrollment/page', { classid, limit: 2, page: 1, sort: 'percentcomplete' });
    expect(page2.body.rows.map((r: { percentcomplete: number }) => r.percentcomplete)).toEqual([20, 30]);

    const filtered = await editor.client.post('/app_enrollment/page', { classid, q: 'MARIA' });
    expect(filtered.body.total).toBe(1);
    expect(filtered.body.rows[0]).toMatchObject({ firstname: 'Maria', coursetitle: 'Paging course' });
    // Wildcards in the filter are text, not patterns.
    expect((await editor.client.post('/app_enrollment/page', { classid, q: '%' })).body.total).toBe(0);
    const done = await editor.client.post('/app_enrollment/page', { classid, completed: 'yes' });
    expect(done.body.total).toBe(3);
  });

  it('sorts by course title and class name a group at a time, every enrolment once across the pages', async () => {
    const { ctx } = server();
    for (const title of ['Course sort B', 'Course sort A', 'Course sort C']) {
      const course = await buildCourse(ctx, { title });
      const classid = await buildClass(ctx, course);
      for (let i = 0; i < 3; i++) await buildEnrollmentRow(ctx, { user: (await buildUser(ctx)).id, course, classid });
    }
    // An enrolment whose course is gone is listed too (its title empty), first going up.
    const gone = await buildCourse(ctx, { title: 'Course sort gone' });
    await buildEnrollmentRow(ctx, { user: (await buildUser(ctx)).id, course: gone, classid: await buildClass(ctx, gone) });
    await ctx.db.deleteFrom('courses').where('id', '=', gone).execute();
    const editor = await signedInUser(server(), { roles: asRoles('cms') });
    for (const [sort, key] of [
      ['course', 'coursetitle'],
      ['classname', 'classname'],
    ] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const rows: Record<string, string | null>[] = [];
        let next: string | null = null;
        let total: number;
        do {
          const res: Res = await editor.client.post('/app_enrollment/page', { sort, dir, limit: 7, ...(next ? { after: next } : {}) });
          expect(res.status).toBe(200);
          total = res.body.total;
          rows.push(...res.body.rows);
          next = res.body.next;
        } while (next);
        expect(rows).toHaveLength(total);
        expect(new Set(rows.map((r) => r._id)).size).toBe(total);
        const names = rows.map((r) => r[key] ?? null);
        const up = (a: string | null, b: string | null) => a === null || (b !== null && a <= b);
        for (let i = 1; i < names.length; i++)
          expect(dir === 'asc' ? up(names[i - 1]!, names[i]!) : up(names[i]!, names[i - 1]!), `${sort} ${dir} at ${i}`).toBe(true);
      }
    }
    const byCourse = await editor.client.post('/app_enrollment/page', { sort: 'course', limit: 100, page: 0 });
    const titles = byCourse.body.rows.map((r: { coursetitle: string | null }) => r.coursetitle);
    expect(titles.indexOf('Course sort A')).toBeLessThan(titles.indexOf('Course sort B'));
  });

  it('refuses an unknown sort column and a page size over 100 with a message', async () => {
    const editor = await signedInUser(server(), { roles: asRoles('cms') });
    const bad = await editor.client.post('/app_enrollment/page', { sort: 'passwordHash' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('This table cannot be sorted by that column.');
    expect((await editor.client.post('/app_enrollment/page', { limit: 1000 })).status).toBe(400);
  });

  it('serves the audit, files, classes and survey responses tables to the roles that manage them', async () => {
    const { ctx } = server();
    const course = await buildCourse(ctx, { title: 'Tables course' });
    for (let i = 0; i < 4; i++) await buildClass(ctx, course);
    const survey = await buildSurvey(ctx);
    for (let i = 0; i < 5; i++) {
      await ctx.db
        .insertInto('survey_responses')
        .values({
          id: `resp-${i}`,
          surveyId: survey.id,
          answers: json([`answer ${i}`, String(i)]),
          lang: i % 2 ? 'fr' : 'en',
          context: 'page',
          contextid: null,
          user: null,
          created: `2026-01-0${i + 1}T00:00:00.000Z`,
        })
        .execute();
    }
    await ctx.db
      .insertInto('files')
      .values({
        filename: 'paging-test.txt',
        title: 'Paging',
        context: 'page',
        mtime: '2026-01-01',
        ctime: '2026-01-01',
        mime: 'text/plain',
        size: 3,
        etag: 'x',
        thefile: new Uint8Array([1, 2, 3]),
      })
      .execute();
    const learner = await signedInUser(server());
    const editor = await signedInUser(server(), { roles: asRoles('cms') });
    const admin = await signedInUser(server(), { roles: asRoles('admin') });

    const classes = await admin.client.post('/app_classes/page', { course, limit: 2, sort: 'name' });
    expect(classes.status).toBe(200);
    expect(classes.body).toMatchObject({ total: 4, next: '2' });
    expect(classes.body.rows[0]).toMatchObject({ course, coursetitle: 'Tables course' });
    expect((await editor.client.post('/app_classes/page', {})).status).toBe(403);

    const files = await editor.client.post('/app_files/page', { q: 'paging', sort: 'size', dir: 'desc' });
    expect(files.body.rows).toEqual([expect.objectContaining({ filename: 'paging-test.txt', size: 3, url: '/files/paging-test.txt' })]);
    expect(files.body.rows[0]).not.toHaveProperty('thefile');
    expect((await learner.client.post('/app_files/page', {})).status).toBe(403);

    const responses = await admin.client.post('/app_surveys/responses/page', {
      surveyId: survey.id,
      sort: 'created',
      dir: 'asc',
      limit: 2,
    });
    expect(responses.body.total).toBe(5);
    expect(responses.body.rows.map((r: { answers: string[] }) => r.answers[0])).toEqual(['answer 0', 'answer 1']);
    const answer3 = await admin.client.post('/app_surveys/responses/page', { surveyId: survey.id, q: 'answer 3' });
    expect(answer3.body.total).toBe(1);
    expect((await admin.client.post('/app_surveys/responses/page', { surveyId: 'nope' })).status).toBe(404);
    expect((await editor.client.post('/app_surveys/responses/page', { surveyId: survey.id })).status).toBe(403);

    await admin.client.post('/app_courses/save', { _id: course, title: 'Tables course renamed' });
    const audit = await admin.client.post('/app_admin/audit/page', { q: 'course', sort: 'action' });
    expect(audit.status).toBe(200);
    expect(audit.body.rows.some((r: { action: string; target: string }) => r.action === 'course.save' && r.target === course)).toBe(true);
    for (const sort of ['created', 'actoremail', 'action', 'targettype', 'target']) {
      expect((await admin.client.post('/app_admin/audit/page', { sort, dir: 'desc' })).status).toBe(200);
    }
    expect((await editor.client.post('/app_admin/audit/page', {})).status).toBe(403);
  });

  it('records class and file changes in the audit log', async () => {
    const { ctx } = server();
    const course = await buildCourse(ctx);
    const classid = await buildClass(ctx, course);
    await ctx.db
      .insertInto('files')
      .values({
        filename: 'audit-test.txt',
        title: 'Audit',
        context: 'page',
        mtime: '2026-01-01',
        ctime: '2026-01-01',
        mime: 'text/plain',
        size: 3,
        etag: 'y',
        thefile: new Uint8Array([1, 2, 3]),
      })
      .execute();
    const admin = await signedInUser(server(), { roles: asRoles('admin') });
    expect((await admin.client.post('/app_classes/save', { _id: classid, name: 'Renamed class' })).status).toBe(200);
    expect((await admin.client.post('/app_files/save', { filename: 'audit-test.txt', context: 'other', title: 'Audit' })).status).toBe(200);
    expect((await admin.client.post('/app_files/remove', { filename: 'audit-test.txt' })).status).toBe(200);
    expect((await admin.client.post('/app_classes/remove', { _id: classid })).status).toBe(200);
    const classAudit = await admin.client.post('/app_admin/audit/page', { target: classid, sort: 'created', dir: 'asc' });
    expect(classAudit.body.rows.map((r: { action: string }) => r.action)).toEqual(['class.save', 'class.remove']);
    expect(classAudit.body.rows[0].changes).toMatchObject({ name: { from: 'Test class', to: 'Renamed class' } });
    const fileAudit = await admin.client.post('/app_admin/audit/page', { target: 'audit-test.txt', sort: 'created', dir: 'asc' });
    expect(fileAudit.body.rows.map((r: { action: string }) => r.action)).toEqual(['file.save', 'file.remove']);
  });
});
