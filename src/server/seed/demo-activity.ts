/**
 * Demo learners with a year of activity, so the reports, the dashboard's charts and the participant
 * tables have something to show: 48 learners in six languages and many countries, registered over the
 * past months, enrolled in self-paced classes, some part-way, some finished with quiz and exam passed.
 * Deterministic (a seeded generator), written through the same repository calls as real activity.
 */
import type { AppContext } from '../context.ts';
import { insertUser } from '../modules/users/users.repository.ts';
import { enroll, enrollmentId, recordAttempt, recordView } from '../modules/enrollment/enrollment.repository.ts';
import { grade } from '../modules/enrollment/quiz.grading.ts';
import { ANSWER_LETTERS, DEFAULT_PASS_PERCENT } from '../../domain/constants.ts';
import type { QuizQuestion } from '../../domain/types.ts';
import * as demo from './demo-content.ts';
import { json } from '../db/dialect.ts';
import type { Material } from '../../domain/types.ts';
import {
  AttemptRefused,
  grantAttempt,
  rulesOf,
  saveAnswers,
  startAttempt,
  submitAttempt,
} from '../modules/enrollment/exam-attempts.repository.ts';
import { recordAudit } from '../modules/admin/audit.repository.ts';
import { AUDIT_EXAM_GRANT } from '../modules/enrollment/exam-attempts.routes.ts';

type Enr = { id: string; user: string; course: string; classid: string };

/** One exam attempt as a learner would make it (started, answered, submitted), under the default rules. */
async function examAttempt(ctx: AppContext, e: Enr, m: Material, answers: string[] | null, at: string): Promise<boolean> {
  const material = {
    id: m._id,
    quiz: json(m.quiz),
    drawcount: null,
    timelimit: null,
    maxattempts: null,
    waithours: null,
    showanswers: null,
  };
  const rules = rulesOf(material, {});
  try {
    const { attempt } = await startAttempt(
      ctx.db,
      { enrollment: e, lesson: m.lesson, material, rules, passpercent: DEFAULT_PASS_PERCENT },
      at,
      false,
    );
    if (answers === null) {
      // Left open: some answers saved, not yet submitted.
      await saveAnswers(ctx.db, attempt, rightAnswers(m.quiz!).slice(0, 2), 1, at);
      return false;
    }
    const out = await submitAttempt(ctx.db, attempt, answers, at, DEFAULT_PASS_PERCENT, rules);
    return out.kind === 'submitted' && out.closed.graded.passed;
  } catch (err) {
    if (err instanceof AttemptRefused) return false;
    throw err;
  }
}

const FIRST = [
  'Amina',
  'Carlos',
  'Sofia',
  'Yusuf',
  'Chloé',
  'Lukas',
  'Fatima',
  'João',
  'Marie',
  'Omar',
  'Lucía',
  'Jonas',
  'Layla',
  'Pedro',
  'Camille',
  'Hannah',
];
const LAST = ['Haddad', 'Silva', 'Moreau', 'Schmidt', 'García', 'Mensah', 'Nkosi', 'Rossi', 'Costa', 'Dubois', 'Weber', 'Saleh'];
const COUNTRIES: Record<string, string[]> = {
  en: ['KE', 'NG', 'GH', 'PH', 'IN'],
  es: ['MX', 'CO', 'PE', 'ES'],
  pt: ['BR', 'MZ', 'AO', 'PT'],
  fr: ['SN', 'CI', 'CM', 'FR'],
  ar: ['EG', 'JO', 'MA', 'LB'],
  de: ['DE', 'AT', 'CH'],
};
const LANGS = ['en', 'es', 'pt', 'fr', 'ar', 'de'];
const LEARNERS = 48;
const DAY = 24 * 3600 * 1000;

/** A small seeded generator (mulberry32): the same demo every time. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rightAnswers = (quiz: QuizQuestion[]) => quiz.map((q) => ANSWER_LETTERS[(q.iscorrect ?? 1) - 1]!);

export async function seedDemoActivity(ctx: AppContext, passwordHash: string, today = Date.now()): Promise<void> {
  const { db } = ctx;
  const rnd = random(2021);
  const start = today - 320 * DAY;
  for (let i = 0; i < LEARNERS; i++) {
    const lang = LANGS[i % LANGS.length]!;
    const countries = COUNTRIES[lang]!;
    const created = new Date(start + Math.floor((i / LEARNERS) * 300 * DAY + rnd() * 10 * DAY));
    const user = await insertUser(db, {
      id: `demo-learner-${i + 1}`,
      email: `learner${i + 1}@example.org`,
      passwordHash,
      firstname: FIRST[i % FIRST.length]!,
      lastname: LAST[(i * 5) % LAST.length]!,
      lang,
      city: '—',
      country: countries[i % countries.length]!,
      created: created.toISOString(),
      lastseen: created.toISOString(),
    });
    // One or two courses each; the class of the learner's language.
    const courses = rnd() < 0.35 ? ['iol', 'chb'] : [rnd() < 0.6 ? 'iol' : 'chb'];
    for (const prefix of courses) {
      const cls = demo.classes.find((c) => c._id === `${prefix}-${lang}-selfpaced`);
      if (!cls) continue;
      await enroll(db, user.id, { id: cls._id, course: cls.course, regcode: cls.regcode ?? null, description: cls.description ?? null });
      const id = enrollmentId(user.id, cls._id);
      let at = created.getTime() + DAY;
      await db
        .updateTable('enrollments')
        .set({ regdate: new Date(at).toISOString() })
        .where('id', '=', id)
        .execute();
      const lessons = demo.lessons.filter((l) => l.course === cls.course).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
      const materials = lessons.flatMap((l) =>
        demo.materials.filter((m) => m.lesson === l._id).sort((a, b) => (a.order ?? 0) - (b.order ?? 0)),
      );
      const reach = rnd(); // how far this learner got: 0 nothing, 1 everything
      const seen = Math.floor(reach * materials.length * 1.3);
      for (const [n, m] of materials.entries()) {
        if (n >= seen || at > today) break;
        at += Math.floor(rnd() * 2 * DAY) + 3600 * 1000;
        const when = new Date(Math.min(at, today)).toISOString();
        const e = { id, user: user.id, course: cls.course, classid: cls._id };
        if ((m.section === 'Quiz' || m.section === 'Exam') && m.quiz?.length) {
          const right = rightAnswers(m.quiz);
          const wrong = right.map((a, k) => (k % 2 === 0 ? (a === 'A' ? 'B' : 'A') : a));
          // Some fail first and retake; the rest pass at once. The exam goes through its attempt rules
          // (the retake a day and more later).
          const retake = rnd() < 0.35;
          if (m.section === 'Exam') {
            if (retake) await examAttempt(ctx, e, m, wrong, when);
            const later = new Date(Math.min(Date.parse(when) + (retake ? 26 * 3600 * 1000 : 0), today)).toISOString();
            await examAttempt(ctx, e, m, right, later);
            continue;
          }
          if (retake) {
            await recordAttempt(db, {
              enrollment: e,
              lesson: m.lesson,
              material: m._id,
              kind: 'quiz',
              graded: grade(m.quiz, wrong, DEFAULT_PASS_PERCENT),
              at: when,
            });
          }
          const later = new Date(Math.min(Date.parse(when) + 3600 * 1000, today)).toISOString();
          await recordAttempt(db, {
            enrollment: e,
            lesson: m.lesson,
            material: m._id,
            kind: 'quiz',
            graded: grade(m.quiz, right, DEFAULT_PASS_PERCENT),
            at: later,
          });
        } else {
          await recordView(db, id, m.lesson, m._id, when);
        }
      }
    }
  }
}

/**
 * The instructor's private group gets a gradebook worth looking at: six demo learners, one passed at
 * once, one after a retake, one out of attempts and granted another by the instructor (audited), one
 * in the middle of an attempt, one failed and waiting, one who has not reached the exam.
 */
export async function seedDemoGradebook(ctx: AppContext, today = Date.now()): Promise<void> {
  const { db } = ctx;
  const cls = demo.classes.find((c) => c._id === 'iol-en-group-spring');
  if (!cls) return;
  const lessons = demo.lessons.filter((l) => l.course === cls.course).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const materials = lessons.flatMap((l) =>
    demo.materials.filter((m) => m.lesson === l._id).sort((a, b) => (a.order ?? 0) - (b.order ?? 0)),
  );
  const exam = materials.find((m) => m.section === 'Exam' && m.quiz?.length);
  if (!exam) return;
  const right = rightAnswers(exam.quiz!);
  const wrong = right.map((a) => (a === 'A' ? 'B' : 'A'));
  const at = (daysAgo: number, hours = 0) => new Date(today - daysAgo * DAY + hours * 3600 * 1000).toISOString();
  const plans: (string[] | null | 'skip')[][] = [[right], [wrong, right], [wrong, wrong, wrong], [wrong, null], [wrong], ['skip']];
  for (const [i, plan] of plans.entries()) {
    const user = `demo-learner-${i * 6 + 1}`; // the English-speaking demo learners
    await enroll(db, user, { id: cls._id, course: cls.course, regcode: cls.regcode ?? null, description: cls.description ?? null });
    const id = enrollmentId(user, cls._id);
    const e = { id, user, course: cls.course, classid: cls._id };
    await db
      .updateTable('enrollments')
      .set({ regdate: at(30) })
      .where('id', '=', id)
      .execute();
    for (const [n, m] of materials.entries()) {
      const when = at(25 - n);
      if (m.section === 'Exam') break;
      if (m.section === 'Quiz' && m.quiz?.length) {
        const r = rightAnswers(m.quiz);
        if (i % 2 === 1)
          await recordAttempt(db, {
            enrollment: e,
            lesson: m.lesson,
            material: m._id,
            kind: 'quiz',
            graded: grade(
              m.quiz,
              r.map(() => 'A'),
              DEFAULT_PASS_PERCENT,
            ),
            at: when,
          });
        await recordAttempt(db, {
          enrollment: e,
          lesson: m.lesson,
          material: m._id,
          kind: 'quiz',
          graded: grade(m.quiz, r, DEFAULT_PASS_PERCENT),
          at: when,
        });
      } else {
        await recordView(db, id, m.lesson, m._id, when);
      }
    }
    let day = i === 4 ? 0.1 : 8;
    for (const answers of plan) {
      if (answers === 'skip') break;
      await examAttempt(ctx, e, exam, answers, at(day));
      day -= 2;
    }
    if (i === 2) {
      const by = { id: 'demo-instructor', email: 'instructor@example.org' };
      const grant = await grantAttempt(db, id, exam._id, by.id, 'Lost the connection during the third attempt', at(1));
      await recordAudit(db, {
        actor: by,
        action: AUDIT_EXAM_GRANT,
        targetType: 'enrollment',
        target: id,
        changes: { user, classid: cls._id, material: exam._id, grant, reason: 'Lost the connection during the third attempt' },
      });
    }
  }
}
