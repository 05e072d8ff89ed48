/**
 * Inactive courses on the server (spec 2 and 4: "An Inactive course blocks enrolment and is hidden unless
 * the user is enrolled and config allows"), on SQLite and on PostgreSQL.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine, type TestClient } from '../../testing/harness.ts';
import { asRoles, buildClass, buildCourse, enrollIn, signedInUser } from '../../testing/factories.ts';
import { contentChanged } from '../content/content.cache.ts';

describeEachEngine('inactive courses in the course list', (server) => {
  let active: string, inactive: string;
  let enrolled: TestClient, stranger: TestClient, editor: TestClient;
  const ids = async (c: TestClient, body: Record<string, unknown> = {}) => {
    const r = await c.post('/app_courses/list', body);
    expect(r.status).toBe(200);
    return (r.body as { _id: string }[])
      .map((x) => x._id)
      .filter((id) => id === active || id === inactive)
      .sort();
  };
  const setShow = async (on: boolean) => server().ctx.site.saveConfig({ showinactivecourseswhenenrolled: on });

  beforeAll(async () => {
    const { ctx } = server();
    active = await buildCourse(ctx, { title: 'Open course' });
    inactive = await buildCourse(ctx, { title: 'Archived course', status: 'Inactive' });
    await contentChanged(ctx);
    const learner = await signedInUser(server());
    await enrollIn(ctx, learner.user.id, await buildClass(ctx, inactive));
    enrolled = learner.client;
    stranger = (await signedInUser(server())).client;
    editor = (await signedInUser(server(), { roles: asRoles('cms') })).client;
  });

  it('hides an Inactive course from visitors and from learners not enrolled in it', async () => {
    await setShow(true);
    expect(await ids(server().client())).toEqual([active]);
    expect(await ids(stranger)).toEqual([active]);
    expect(await ids(stranger, { lang: 'en' })).toEqual([active]);
  });

  it('lists it to a learner enrolled in it while the site shows such courses, not otherwise', async () => {
    await setShow(true);
    expect(await ids(enrolled)).toEqual([active, inactive].sort());
    const r = await enrolled.post('/app_courses/list', { lang: 'en' });
    expect(r.headers.get('cache-control')).toBe('no-store');
    await setShow(false);
    expect(await ids(enrolled)).toEqual([active]);
    await setShow(true);
  });

  it('lists every course to editors, who manage them', async () => {
    expect(await ids(editor)).toEqual([active, inactive].sort());
  });

  it('answers a look-up by id whatever the status, so the course and enrol screens can say it is Inactive', async () => {
    const r = await stranger.post('/app_courses/list', { _id: inactive });
    expect(r.body).toEqual([expect.objectContaining({ _id: inactive, status: 'Inactive' })]);
  });
});
