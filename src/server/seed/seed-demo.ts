/**
 * The demo site: seeded on the first `npm start` so every feature has data to click through.
 * Demo accounts are for the demo only; a real installation creates its first admin with
 * `npm run create-admin`.
 */
import type { AppContext } from '../context.ts';
import { seedDemoHistory } from './demo-history.ts';
import { bool, json, now } from '../db/dialect.ts';
import { hashPassword } from '../adapters/passwords.ts';
import { insertUser } from '../modules/users/users.repository.ts';
import { enroll, enrollmentId, recordView } from '../modules/enrollment/enrollment.repository.ts';
import * as demo from './demo-content.ts';
import { seedDemoDiscussions } from './demo-discussions.ts';
import { seedDemoActivity, seedDemoGradebook } from './demo-activity.ts';
import { seedDemoStaff } from './demo-staff.ts';

export const DEMO_PASSWORD = 'Demo-pass1!';
export const DEMO_ACCOUNTS = [
  { id: 'demo-admin', email: 'admin@example.org', firstname: 'Ada', lastname: 'Admin', roles: ['admin'], role: 'admin' },
  { id: 'demo-editor', email: 'editor@example.org', firstname: 'Eddie', lastname: 'Editor', roles: ['cms'], role: 'editor (cms)' },
  {
    id: 'demo-instructor',
    email: 'instructor@example.org',
    firstname: 'Ines',
    lastname: 'Instructor',
    roles: [],
    role: 'instructor of the private class',
  },
  {
    id: 'demo-learner',
    email: 'learner@example.org',
    firstname: 'Lena',
    lastname: 'Learner',
    roles: [],
    role: 'learner with some progress',
  },
] as const;

export async function isEmpty(ctx: AppContext): Promise<boolean> {
  const row = await ctx.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return !row;
}

export async function seedDemo(ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const ts = now();
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const a of DEMO_ACCOUNTS) {
    await insertUser(db, {
      id: a.id,
      email: a.email,
      passwordHash: hash,
      firstname: a.firstname,
      lastname: a.lastname,
      roles: json(a.roles),
      city: 'Lisbon',
      country: 'PT',
      lang: 'en',
      certifications: a.id === 'demo-instructor' ? json({ 'intro-online-learning': { date: '2025-11-01' } }) : '{}',
    });
  }
  await ctx.site.saveConfig(demo.siteConfig);
  await ctx.site.replaceNavItems(demo.navItems);

  await db.transaction().execute(async (trx) => {
    for (const c of demo.content) {
      await trx
        .insertInto('content')
        .values({
          id: c._id,
          type: c.type,
          subtype: c.subtype ?? null,
          context: c.context,
          lang: c.lang ?? null,
          order: c.order ?? 0,
          title: c.title ?? null,
          body: c.body ?? null,
          body2: c.body2 ?? null,
          description: c.description ?? null,
          video: c.video ?? null,
          videoplacement: c.videoplacement ?? null,
          condition: c.condition || null,
          after: c.after ?? null,
          cards: c.cards ? json(c.cards) : null,
          scripthead: c.scripthead ?? null,
          scriptfoot: c.scriptfoot ?? null,
          style: c.style ?? null,
          meta: c.meta ?? null,
          timestamp: ts,
        })
        .execute();
    }
    for (const c of demo.courses) {
      await trx
        .insertInto('courses')
        .values({
          id: c._id,
          title: c.title,
          reftitle: c.reftitle ?? null,
          description: c.description ?? null,
          description2: c.description2 ?? null,
          status: c.status ?? null,
          lang: c.lang ?? 'en',
          order: c.order ?? 0,
          main: c.main ?? null,
          video: c.video ?? null,
          sections: c.sections ?? null,
          smallbanner: c.smallbanner ?? null,
          timerequired: c.timerequired ?? null,
          certificate: c.certificate ?? null,
          created: c.created ?? ts,
        })
        .execute();
    }
    for (const l of demo.lessons) {
      await trx
        .insertInto('lessons')
        .values({
          id: l._id,
          course: l.course,
          title: l.title,
          description: l.description ?? null,
          order: l.order ?? 0,
          sortorder: l.sortorder ?? l.order ?? 0,
          sorder: l.sorder ?? null,
          type: l.type ?? null,
          cached: null,
        })
        .execute();
    }
    for (const m of demo.materials) {
      await trx
        .insertInto('materials')
        .values({
          id: m._id,
          lesson: m.lesson,
          order: m.order ?? 0,
          section: m.section,
          title: m.title ?? null,
          subid: m.subid ?? null,
          required: bool(m.required),
          usebutton: m.usebutton ?? null,
          quiz: m.quiz ? json(m.quiz) : null,
          description: m.description ?? null,
          description1: m.description1 ?? null,
          description2: m.description2 ?? null,
          question: m.question ?? null,
        })
        .execute();
    }
    for (const c of demo.classes) {
      await trx
        .insertInto('classes')
        .values({
          id: c._id,
          name: c.name,
          course: c.course,
          startdate: c.startdate ?? null,
          weeks: c.weeks ?? null,
          instructor: c.instructor ?? null,
          instructorname: c.instructorname ?? null,
          regcode: c.regcode ?? null,
          selfpaced: bool(c.selfpaced),
          lang: c.lang ?? null,
          description: c.description ?? null,
          description2: c.description2 ?? null,
          created: c.created ?? ts,
        })
        .execute();
    }
    for (const s of demo.surveys) {
      await trx
        .insertInto('surveys')
        .values({
          id: s._id,
          title: s.title,
          description: s.description ?? null,
          description2: s.description2 ?? null,
          status: s.status ?? null,
          lang: s.lang ?? null,
          questions: json(s.questions),
          timestamp: ts,
        })
        .execute();
    }
  });

  for (const p of demo.demoProgress) {
    const cls = await db.selectFrom('classes').selectAll().where('id', '=', p.classid).executeTakeFirstOrThrow();
    await enroll(db, p.user, cls);
    const id = enrollmentId(p.user, p.classid);
    await db.updateTable('enrollments').set({ regdate: p.regdate }).where('id', '=', id).execute();
    for (const [lesson, v] of Object.entries(p.lessons)) {
      await recordView(db, id, lesson, undefined, v.firstview);
      for (const m of v.materials) await recordView(db, id, lesson, m, v.lastview);
    }
  }
  // Discussions need the enrolments above.
  await seedDemoDiscussions(ctx);
  // A year of learners, for reports, charts and participant tables.
  await seedDemoActivity(ctx, hash);
  // The demo learner is also signed in on a phone, so the account's Sessions list has a second entry
  // to look at and end (its token is thrown away: nobody can use that session).
  const settings = await ctx.security.get();
  await ctx.sessions.create(
    'demo-learner',
    {
      useragent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      ip: '192.168.1.23',
    },
    ctx.clock.now() - 3 * 3600_000,
    settings.sessionMaxDays * 24 * 3600_000,
  );
  await seedDemoGradebook(ctx);
  // A suspended learner and the mail queue with a class message sent, waiting and failed.
  await seedDemoStaff(ctx, hash);
  // The English Community Health Basics exam shows a time limit and a pool: 4 of its 5 questions in 20 minutes.
  await db
    .updateTable('materials')
    .set({ timelimit: 20, drawcount: 4 })
    .where('id', '=', 'chb-en-l3-m3')
    .where('section', '=', 'Exam')
    .execute();
  // Versions of a block and a course copied into Spanish, for the history and copy screens.
  await seedDemoHistory(ctx);
}
