/** The paged participant table (POST /app_enrollment/participants) through the real server, on both engines. */
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, type TestClient } from '../../testing/harness.ts';
import { buildClass, buildCourse, buildEnrollmentRow, buildUser, roleClients, signedInUser } from '../../testing/factories.ts';
import { MSG } from '../../../domain/messages.ts';
import { PARTICIPANT_SORTS, ParticipantPageQuerySchema } from '../../../domain/tables.ts';
import { pageParticipants } from './participants.page.ts';

describeEachEngine('paged participant table', (server) => {
  let clients: Awaited<ReturnType<typeof roleClients>>;
  let host: TestClient;
  let member: TestClient;
  let otherHost: TestClient;
  let classid = '';
  beforeAll(async () => {
    const { ctx } = server();
    clients = await roleClients(server());
    const h = await signedInUser(server());
    host = h.client;
    otherHost = (await signedInUser(server())).client;
    const course = await buildCourse(ctx);
    classid = await buildClass(ctx, course, { instructor: h.user.id });
    // 40 participants: registered a day apart, every fourth one completed with a certificate code.
    for (let i = 0; i < 40; i++) {
      const u = await buildUser(ctx, {
        firstname: `Member${String(i).padStart(2, '0')}`,
        lastname: 'Class',
        email: `member${String(i).padStart(2, '0')}@class.example.org`,
      });
      await buildEnrollmentRow(ctx, {
        user: u.id,
        course,
        classid,
        regdate: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
        percentcomplete: i % 4 === 0 ? 100 : i,
        completed: i % 4 === 0 ? '2026-03-01T00:00:00.000Z' : null,
        certcode: i % 4 === 0 ? `CODE${i}` : null,
      });
      if (i < 3) {
        await ctx.db
          .insertInto('lesson_progress')
          .values({
            enrollmentId: `${u.id}-${classid}`,
            lesson: `lesson-${i}`,
            firstview: '2026-02-01T00:00:00.000Z',
            lastview: '2026-02-02T00:00:00.000Z',
            quizdate: null,
            score: null,
            possible: null,
            percent: null,
            answers: null,
            correctanswers: null,
          })
          .execute();
      }
    }
    const m = await signedInUser(server());
    member = m.client;
    await buildEnrollmentRow(ctx, { user: m.user.id, course, classid, regdate: '2027-01-01T00:00:00.000Z' });
  });

  const page = (c: TestClient, body: Record<string, unknown>) => c.post('/app_enrollment/participants', { classid, ...body });

  it('is for the class instructor and admins; fellow learners, other instructors and editors are refused', async () => {
    expect((await page(clients.visitor, {})).status).toBe(401);
    expect((await page(member, {})).status).toBe(403);
    expect((await page(otherHost, {})).status).toBe(403);
    expect((await page(clients.editor, {})).status).toBe(403);
    expect((await page(clients.admin, {})).status).toBe(200);
    const r = await page(host, {});
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 15 rows a page with the total, Completed and certificate flags and lesson counts', async () => {
    const r = await page(host, {});
    expect(r.body.total).toBe(41);
    expect(r.body.rows).toHaveLength(15);
    expect(r.body.next).toEqual(expect.any(String));
    const first = r.body.rows[0];
    expect(first).toMatchObject({
      firstname: 'Member00',
      lastname: 'Class',
      email: 'member00@class.example.org',
      completed: true,
      certificate: true,
      certcode: 'CODE0',
      lessoncount: 1,
      lastactivity: '2026-02-02T00:00:00.000Z',
      percentcomplete: 100,
    });
    expect(r.body.rows[1]).toMatchObject({ firstname: 'Member01', completed: false, certificate: false, lessoncount: 1 });
    expect(r.body.rows[1]).not.toHaveProperty('certcode');
    expect(r.body.rows[3]).toMatchObject({ lessoncount: 0 });
  });

  it('walks every participant once by keyset, for each sort and direction', async () => {
    for (const sort of ['name', 'email', 'date', 'completed']) {
      for (const dir of ['asc', 'desc']) {
        const ids: string[] = [];
        let after: string | null = null;
        const values: (string | number)[] = [];
        do {
          const r: {
            status: number;
            body: {
              rows: { _id: string; email: string; regdate: string; percentcomplete: number; lastname: string }[];
              next: string | null;
            };
          } = await page(host, { sort, dir, limit: 15, ...(after ? { after } : {}) });
          expect(r.status).toBe(200);
          ids.push(...r.body.rows.map((row) => row._id));
          values.push(
            ...r.body.rows.map((row) =>
              sort === 'email' ? row.email : sort === 'date' ? row.regdate : sort === 'completed' ? row.percentcomplete : row.lastname,
            ),
          );
          after = r.body.next;
        } while (after);
        expect(new Set(ids).size).toBe(41);
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values).toEqual(dir === 'asc' ? sorted : sorted.reverse());
      }
    }
  });

  it('searches the class by name or e-mail', async () => {
    const r = await page(host, { q: 'member1' });
    expect(r.body.total).toBe(10);
    expect((await page(host, { q: 'MEMBER07@' })).body.rows.map((x: { firstname: string }) => x.firstname)).toEqual(['Member07']);
  });

  it('pages a search by keyset in the order of the whole table, for each sort and direction', async () => {
    type Row = { _id: string; firstname: string; lastname: string; email: string };
    const q = 'member1';
    for (const sort of ['name', 'email', 'date', 'completed']) {
      for (const dir of ['asc', 'desc']) {
        const whole = (await page(host, { sort, dir, limit: 100 })).body.rows as Row[];
        const expected = whole.filter((r) => `${r.firstname} ${r.lastname} ${r.email}`.toLowerCase().includes(q)).map((r) => r._id);
        expect(expected).toHaveLength(10);
        const seen: string[] = [];
        let after: string | null = null;
        do {
          const r: { body: { rows: Row[]; total: number; next: string | null } } = await page(host, {
            q,
            sort,
            dir,
            limit: 3,
            ...(after ? { after } : {}),
          });
          expect(r.body.total).toBe(10);
          seen.push(...r.body.rows.map((row) => row._id));
          after = r.body.next;
        } while (after);
        expect(seen).toEqual(expected);
      }
    }
  });

  type Row = { _id: string; firstname: string; lastname: string; email: string };
  type Body = { rows: Row[]; total: number; next: string | null };
  // A text every member has, one a quarter have, one person's, and none.
  const TEXTS = ['class', 'member1', 'MEMBER07@', 'nobody'];

  it('keeps the rows, order and total of a search exact for every sort, direction and text, by keyset and by page number', async () => {
    for (const sort of PARTICIPANT_SORTS) {
      for (const dir of ['asc', 'desc']) {
        const whole = (await page(host, { sort, dir, limit: 100 })).body.rows as Row[];
        for (const q of TEXTS) {
          const expected = whole
            .filter((r) => `${r.firstname} ${r.lastname} ${r.email}`.toLowerCase().includes(q.toLowerCase()))
            .map((r) => r._id);
          for (const limit of [1, 4, 15]) {
            const seen: string[] = [];
            let after: string | null = null;
            do {
              const r: { status: number; body: Body } = await page(host, { q, sort, dir, limit, ...(after ? { after } : {}) });
              expect(r.status).toBe(200);
              expect(r.body.total).toBe(expected.length);
              seen.push(...r.body.rows.map((row) => row._id));
              after = r.body.next;
            } while (after);
            expect(seen, `${q} by ${sort} ${dir}, ${limit} a page`).toEqual(expected);
            const second = (await page(host, { q, sort, dir, limit, page: 1 })).body as Body;
            expect(second.rows.map((row) => row._id)).toEqual(expected.slice(limit, 2 * limit));
            expect(second.total).toBe(expected.length);
          }
        }
      }
    }
  });

  it('gives the same page whether the first members hold it or not', async () => {
    // The class is smaller than the members a search tests first; fewer of them exercise both outcomes.
    const { ctx } = server();
    for (const sort of PARTICIPANT_SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const q of TEXTS) {
          let after: string | undefined;
          do {
            const query = ParticipantPageQuerySchema.parse({ classid, q, sort, dir, limit: 4, ...(after ? { after } : {}) });
            const full = await pageParticipants(ctx.db, ctx.store.engine, query, undefined, 0);
            for (const walk of [1, 5, 12, 100]) {
              expect(
                await pageParticipants(ctx.db, ctx.store.engine, query, undefined, walk),
                `${q} by ${sort} ${dir}, ${walk} first`,
              ).toEqual(full);
            }
            after = full.next ?? undefined;
          } while (after);
        }
      }
    }
  });

  it('keeps the total of a search until a member joins, leaves or is renamed', async () => {
    const { ctx } = server();
    const course = await buildCourse(ctx);
    const own = await buildClass(ctx, course);
    const total = async (q: string) => (await clients.admin.post('/app_enrollment/participants', { classid: own, q })).body.total as number;
    const people = [];
    for (const name of ['Alma', 'Alva', 'Bruno']) {
      const u = await buildUser(ctx, { firstname: name, lastname: 'Kept' });
      people.push(u);
      await buildEnrollmentRow(ctx, { user: u.id, course, classid: own });
    }
    const hidden = await buildUser(ctx, { firstname: 'Alba', lastname: 'Kept' });
    expect(await total('al')).toBe(2);
    // A write the cache cannot see (the store's own handle, outside the app) leaves the kept total: it is kept.
    await ctx.store.db
      .insertInto('enrollments')
      .values({
        id: `${hidden.id}-${own}`,
        user: hidden.id,
        course,
        classid: own,
        regdate: new Date().toISOString(),
        completed: null,
        regcode: null,
        description: null,
        timestamp: new Date().toISOString(),
        percentcomplete: 0,
        exampassed: 0,
      })
      .execute();
    expect(await total('al')).toBe(2);
    // Through the server: an enrolment, a removal and a rename each change it at once.
    const added = await buildUser(ctx, { firstname: 'Alfa', lastname: 'Kept' });
    expect((await clients.admin.post('/app_enrollment/save', { user: added.id, classid: own })).status).toBe(200);
    expect(await total('al')).toBe(4);
    expect((await clients.admin.post('/app_enrollment/remove', { _id: `${people[0]!.id}-${own}` })).status).toBe(200);
    expect(await total('al')).toBe(3);
    expect((await clients.admin.post('/app_users/save', { _id: people[2]!.id, firstname: 'Alvaro' })).status).toBe(200);
    expect(await total('al')).toBe(4);
    expect((await clients.admin.post('/app_users/save', { _id: people[1]!.id, lastname: 'Other', firstname: 'Bea' })).status).toBe(200);
    expect(await total('al')).toBe(3);
  });

  it('refuses an unknown class, an unknown sort and a forged cursor with a clear message, never ids', async () => {
    const none = await page(host, { classid: 'no-such-class' });
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe(MSG.classNotFound);
    const missing = await host.post('/app_enrollment/participants', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(MSG.classNotFound);
    const sort = await page(host, { sort: 'user' });
    expect(sort.status).toBe(400);
    expect(sort.body.error.message).toBe(MSG.pageSortInvalid);
    const cursor = await page(host, { after: Buffer.from('["date","asc",1]').toString('base64url') });
    expect(cursor.status).toBe(400);
    expect(cursor.body.error.message).toBe(MSG.pageCursorInvalid);
  });
});
