/**
 * The app page carries its first screen's answers (first-page.ts): the same replies the calls give,
 * in the caller's language and direction, personal pages never stored, failed calls left out, and
 * nothing in a reply able to end the script element it sits in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeEachEngine } from './testing/harness.ts';
import {
  buildClass,
  buildComment,
  buildContent,
  buildCourse,
  buildLearningCourse,
  buildLesson,
  buildMaterial,
  buildSurvey,
  signedInUser,
} from './testing/factories.ts';
import { enroll } from './modules/enrollment/enrollment.repository.ts';
import { keptClass } from './modules/classes/kept-classes.ts';
import { callKey, SCREEN_MODULES } from '../domain/first-calls.ts';
import { waitForMail } from './modules/accounts/mail-outbox.testing.ts';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-first-'));
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));
const template =
  '<!doctype html>\n<html lang="en" dir="ltr">\n  <head>\n    <title>t</title>\n' +
  '    <link rel="preload" href="/app_users/whoami" as="fetch" crossorigin />\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
fs.writeFileSync(path.join(webDist, 'index.html'), template);
// The build's manifest: the lesson screen's chunk and one chunk it imports.
fs.mkdirSync(path.join(webDist, '.vite'));
fs.writeFileSync(
  path.join(webDist, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-a.js', isEntry: true },
    [SCREEN_MODULES.lesson]: { file: 'assets/LessonPage-b.js', imports: ['index.html', '_Input-c.js'] },
    '_Input-c.js': { file: 'assets/Input-c.js' },
  }),
);

/** A reply without the server times it carries, which differ between two answers a moment apart. */
const timeless = (reply: unknown): unknown => JSON.parse(JSON.stringify(reply, (k, v: unknown) => (k === 'servertime' ? undefined : v)));

/** The answers inside a page, by call key. */
function replies(html: string): Record<string, unknown> {
  const m = /<script type="application\/json" id="first-replies">(.*?)<\/script>/s.exec(html);
  expect(m, 'the page carries its answers').toBeTruthy();
  return JSON.parse(m![1]!) as Record<string, unknown>;
}

describeEachEngine(
  'the app page with its first answers',
  (server) => {
    it("gives a visitor the home page's answers, revalidated, and no reply can close the script element", async () => {
      const title = 'Start here </script><script>alert(1)</script>';
      await buildContent(server().ctx, { context: 'home', title, body: '<p>Welcome</p>' });
      const r = await fetch(`${server().baseUrl}/`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
      expect(r.headers.get('cache-control')).toBe('no-cache');
      const html = await r.text();
      // Only the template's own script-free head and the one data block: the title's tags stay inside the JSON.
      expect(html.match(/<\/script>/g)).toHaveLength(1);
      const got = replies(html);
      expect((got[callKey('GET', '/app_users/whoami')] as { user: unknown }).user).toBeNull();
      const page = got[callKey('GET', '/app_content/getpage/home?lang=en')];
      expect(JSON.stringify(page)).toContain('Start here </script><script>alert(1)</script>');
      const direct = await (await fetch(`${server().baseUrl}/app_content/getpage/home?lang=en`)).json();
      expect(page).toEqual(direct);
    });

    it('carries text with dollar signs exactly as the call gives it', async () => {
      // Dollar patterns mean something in a string replacement ($$, $&, $' and $`): none may change the answer.
      const title = "Costs: US$ 5, $$x^2$$ maths, $& and $' and $` as typed";
      await buildContent(server().ctx, { context: 'German', title, body: '<p>$$ $1 $<name></p>' });
      const html = await (await fetch(`${server().baseUrl}/German`)).text();
      const page = replies(html)[callKey('GET', '/app_content/getpage/German?lang=en')];
      expect(JSON.stringify(page)).toContain(title);
      const direct = await (await fetch(`${server().baseUrl}/app_content/getpage/German?lang=en`)).json();
      expect(page).toEqual(direct);
    });

    it("gives a signed-in learner their course page's answers in their language and direction, never stored", async () => {
      const { user, client } = await signedInUser(server(), { lang: 'ar' });
      const course = await buildCourse(server().ctx, { lang: 'ar' });
      await buildLesson(server().ctx, course);
      const r = await client.get(`/Course/${course}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('no-store');
      const html = r.body as string;
      expect(html).toContain('<html lang="ar" dir="rtl">');
      // whoami is inside: the page does not ask for it again.
      expect(html).not.toContain('rel="preload" href="/app_users/whoami"');
      const got = replies(html);
      expect((got[callKey('GET', '/app_users/whoami')] as { user: { _id: string } }).user._id).toBe(user.id);
      const lessons = got[callKey('POST', '/app_lessons/list', { course })];
      expect(lessons).toEqual((await client.post('/app_lessons/list', { course })).body);
      expect(got[callKey('POST', '/app_enrollment/list', { user: user.id })]).toEqual(
        (await client.post('/app_enrollment/list', { user: user.id })).body,
      );
    });

    it("answers whoami's classes, the Inactive courses shown and the enrolment list from the learner's enrolments, as the calls do", async () => {
      const { ctx } = server();
      await ctx.site.saveConfig({ showinactivecourseswhenenrolled: true });
      const { user, client } = await signedInUser(server());
      const active = await buildCourse(ctx, { title: 'Open course' });
      const inactive = await buildCourse(ctx, { title: 'Closed course', status: 'Inactive' });
      await buildLesson(ctx, active);
      const [a, b, taught] = [
        await buildClass(ctx, active),
        await buildClass(ctx, inactive),
        await buildClass(ctx, active, { instructor: user.id }),
      ];
      for (const id of [a, b]) await enroll(ctx.db, user.id, (await keptClass(ctx, id))!);
      try {
        const got = replies((await client.get(`/Course/${active}`)).body as string);
        const who = got[callKey('GET', '/app_users/whoami')] as { user: { classes: string[]; instructor: Record<string, boolean> } };
        expect([...who.user.classes].sort()).toEqual([a, b].sort());
        expect(who.user.instructor).toEqual({ [taught]: true });
        const courses = got[callKey('POST', '/app_courses/list', {})] as { _id: string }[];
        expect(courses.map((c) => c._id)).toContain(inactive);
        const enrolments = got[callKey('POST', '/app_enrollment/list', { user: user.id })] as { classid: string }[];
        expect(enrolments.map((e) => e.classid).sort()).toEqual([a, b].sort());
        // The same answers as the calls give by themselves.
        expect(who).toEqual((await client.get('/app_users/whoami')).body);
        expect(courses).toEqual((await client.post('/app_courses/list', {})).body);
        expect(enrolments).toEqual((await client.post('/app_enrollment/list', { user: user.id })).body);
      } finally {
        await ctx.site.saveConfig({ showinactivecourseswhenenrolled: false });
      }
    });

    it("carries the class a course or lesson page shows when its path names none: the learner's only class there", async () => {
      const { ctx } = server();
      const { user, client } = await signedInUser(server());
      const course = await buildCourse(ctx);
      const lesson = (await buildLesson(ctx, course)).id;
      const first = await buildClass(ctx, course);
      await enroll(ctx.db, user.id, (await keptClass(ctx, first))!);
      const classKey = callKey('POST', '/app_classes/list', { _id: first });
      for (const path of [`/Course/${course}`, `/lessons/${course}/${lesson}`]) {
        const got = replies((await client.get(path)).body as string);
        expect(got[classKey]).toEqual((await client.post('/app_classes/list', { _id: first })).body);
      }
      // With a second class in the course the screen asks which: no class is chosen for it.
      const second = await buildClass(ctx, course);
      await enroll(ctx.db, user.id, (await keptClass(ctx, second))!);
      const got = replies((await client.get(`/Course/${course}`)).body as string);
      expect(Object.keys(got).filter((k) => k.startsWith('POST /app_classes/list'))).toEqual([]);
    });

    it("carries the status of a lesson's exam in the learner's class, as the call gives it, and none where the exam is not theirs", async () => {
      const { ctx } = server();
      const { user, client } = await signedInUser(server());
      const lc = await buildLearningCourse(ctx);
      const classid = await buildClass(ctx, lc.course);
      await enroll(ctx.db, user.id, (await keptClass(ctx, classid))!);
      const statusKey = callKey('POST', '/app_enrollment/attempts', { _id: lc.materials.exam, classid });
      // The status says the server's time when it answered (for the exam's countdown): the rest is compared.
      const call = async () => timeless((await client.post('/app_enrollment/attempts', { _id: lc.materials.exam, classid })).body);
      // With the class in the path, and without it (the learner's only class in the course).
      for (const path of [`/lessons/${lc.course}/${lc.lessons[1]}/${classid}`, `/lessons/${lc.course}/${lc.lessons[1]}`]) {
        const got = replies((await client.get(path)).body as string);
        expect(got[statusKey], path).toMatchObject({ used: 0, canstart: true });
        expect(timeless(got[statusKey])).toEqual(await call());
      }
      // An attempt under way comes inside the page too, as the call shows it (a reload in the middle of the exam).
      expect((await client.post('/app_enrollment/attempt/start', { _id: lc.materials.exam, classid, courseid: lc.course })).status).toBe(
        200,
      );
      const during = replies((await client.get(`/lessons/${lc.course}/${lc.lessons[1]}/${classid}`)).body as string);
      expect((during[statusKey] as { open?: { _id: string } }).open?._id).toBeTruthy();
      expect(timeless(during[statusKey])).toEqual(await call());
      // A lesson without an exam, a class the learner is not in: no status is asked for.
      const other = await buildClass(ctx, lc.course);
      for (const path of [`/lessons/${lc.course}/${lc.lessons[0]}/${classid}`, `/lessons/${lc.course}/${lc.lessons[1]}/${other}`]) {
        const keys = Object.keys(replies((await client.get(path)).body as string));
        expect(
          keys.filter((k) => k.startsWith('POST /app_enrollment/attempts')),
          path,
        ).toEqual([]);
      }
    });

    it("carries a lesson's survey and its discussion in the learner's class, as their calls give them", async () => {
      const { ctx } = server();
      const { user, client } = await signedInUser(server());
      const course = await buildCourse(ctx);
      const lesson = (await buildLesson(ctx, course)).id;
      const survey = await buildSurvey(ctx);
      await buildMaterial(ctx, lesson, { section: 'Survey', subid: survey.id, order: 1 });
      const classid = await buildClass(ctx, course);
      await enroll(ctx.db, user.id, (await keptClass(ctx, classid))!);
      const parent = `${course}-${lesson}`;
      await buildComment(ctx, { parent, context: classid, author: user.id, body: '<p>In the class</p>' });
      const surveyKey = callKey('POST', '/app_surveys/getSurvey', { _id: survey.id });
      // With the class in the path, and without it (the learner's only class in the course): the class's discussion.
      for (const path of [`/lessons/${course}/${lesson}/${classid}`, `/lessons/${course}/${lesson}`]) {
        const got = replies((await client.get(path)).body as string);
        expect(got[surveyKey], path).toEqual((await client.post('/app_surveys/getSurvey', { _id: survey.id })).body);
        const discussion = got[callKey('POST', '/app_comments/list', { parent, context: classid })];
        expect(discussion, path).toEqual((await client.post('/app_comments/list', { parent, context: classid })).body);
        expect((discussion as unknown[]).length, path).toBe(1);
      }
      // A visitor's screen asks for them itself.
      const visitor = server().client();
      const keys = Object.keys(replies((await visitor.get(`/lessons/${course}/${lesson}/${classid}`)).body as string));
      expect(keys.filter((k) => k.includes('/app_surveys/') || k.includes('/app_comments/'))).toEqual([]);
    });

    it("reads a learner's session once for the page and every answer inside it", async () => {
      const { client } = await signedInUser(server());
      const course = await buildCourse(server().ctx);
      await buildLesson(server().ctx, course);
      const sessions = server().ctx.sessions;
      const lookup = sessions.lookup.bind(sessions);
      let reads = 0;
      sessions.lookup = (token) => {
        reads++;
        return lookup(token);
      };
      try {
        const r = await client.get(`/Course/${course}`);
        expect(r.status).toBe(200);
        const got = replies(r.body as string);
        // whoami and the course screen's calls, all answered as the signed-in learner.
        expect(Object.keys(got).length).toBeGreaterThan(2);
        expect((got[callKey('GET', '/app_users/whoami')] as { user: unknown }).user).not.toBeNull();
        expect(reads).toBe(1);
      } finally {
        sessions.lookup = lookup;
      }
    });

    it("leaves the screen's answers out for a session that must set a new password first, as its calls are refused", async () => {
      const { user } = await signedInUser(server());
      const course = await buildCourse(server().ctx);
      await buildLesson(server().ctx, course);
      expect((await server().client().post('/app_users/resetpassword', { email: user.email })).status).toBe(200);
      const temporary = /: (\S+-\d\d!)/;
      const mail = await waitForMail(server().config.dataDir, user.email, (m) => temporary.test(m.text));
      const c = server().client();
      expect((await c.post('/users/login', { login: user.email, password: temporary.exec(mail.text)![1]! })).status).toBe(200);
      const got = replies((await c.get(`/Course/${course}`)).body as string);
      expect((got[callKey('GET', '/app_users/whoami')] as { mustChangePassword: boolean }).mustChangePassword).toBe(true);
      expect(Object.keys(got)).toEqual([callKey('GET', '/app_users/whoami')]);
      expect((await c.post('/app_lessons/list', { course })).status).toBe(403);
    });

    it('leaves out a call that fails and still serves the page', async () => {
      const course = await buildCourse(server().ctx);
      const r = await fetch(`${server().baseUrl}/lessons/${course}/no-such-lesson/none`);
      expect(r.status).toBe(200);
      const got = replies(await r.text());
      expect(got).not.toHaveProperty(callKey('POST', '/app_lessons/get', { _id: 'no-such-lesson' }));
      expect(got).toHaveProperty(callKey('POST', '/app_lessons/list', { course }));
    });

    it("asks for the lesson screen's code while the app's script downloads, and only on a lesson page", async () => {
      const course = await buildCourse(server().ctx);
      const lesson = await (await fetch(`${server().baseUrl}/lessons/${course}/l1/none`)).text();
      expect(lesson).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/LessonPage-b.js" /><link rel="modulepreload" crossorigin href="/assets/Input-c.js" />',
      );
      expect(lesson).not.toContain('/assets/index-a.js');
      expect(await (await fetch(`${server().baseUrl}/`)).text()).not.toContain('modulepreload');
    });
  },
  { WEB_DIST: webDist },
);
