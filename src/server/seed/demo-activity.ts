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

const FIRST = ['Amina', 'Carlos', 'Sofia', 'Yusuf', 'Chloé', 'Lukas', 'Fatima', 'João', 'Marie', 'Omar', 'Lucía', 'Jonas', 'Layla', 'Pedro', 'Camille', 'Hannah'];
const LAST = ['Haddad', 'Silva', 'Moreau', 'Schmidt', 'García', 'Mensah', 'Nkosi', 'Rossi', 'Costa', 'Dubois', 'Weber', 'Saleh'];
const COUNTRIES: Record<string, string[]> = {
  en: ['Kenya', 'Nigeria', 'Ghana', 'Philippines', 'India'],
  es: ['Mexico', 'Colombia', 'Peru', 'Spain'],
  pt: ['Brazil', 'Mozambique', 'Angola', 'Portugal'],
  fr: ['Senegal', "Côte d'Ivoire", 'Cameroon', 'France'],
  ar: ['Egypt', 'Jordan', 'Morocco', 'Lebanon'],
  de: ['Germany', 'Austria', 'Switzerland'],
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
      id: `demo-learner-${i + 1}`, email: `learner${i + 1}@example.org`, passwordHash,
      firstname: FIRST[i % FIRST.length]!, lastname: LAST[(i * 5) % LAST.length]!, lang,
      city: '—', country: countries[i % countries.length]!, created: created.toISOString(), lastseen: created.toISOString(),
    });
    // One or two courses each; the class of the learner's language.
    const courses = rnd() < 0.35 ? ['iol', 'chb'] : [rnd() < 0.6 ? 'iol' : 'chb'];
    for (const prefix of courses) {
      const cls = demo.classes.find((c) => c._id === `${prefix}-${lang}-selfpaced`);
      if (!cls) continue;
      await enroll(db, user.id, { id: cls._id, course: cls.course, regcode: cls.regcode ?? null, description: cls.description ?? null });
      const id = enrollmentId(user.id, cls._id);
      let at = created.getTime() + DAY;
      await db.updateTable('enrollments').set({ regdate: new Date(at).toISOString() }).where('id', '=', id).execute();
      const lessons = demo.lessons.filter((l) => l.course === cls.course).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
      const materials = lessons.flatMap((l) => demo.materials.filter((m) => m.lesson === l._id).sort((a, b) => (a.order ?? 0) - (b.order ?? 0)));
      const reach = rnd(); // how far this learner got: 0 nothing, 1 everything
      const seen = Math.floor(reach * materials.length * 1.3);
      for (const [n, m] of materials.entries()) {
        if (n >= seen || at > today) break;
        at += Math.floor(rnd() * 2 * DAY) + 3600 * 1000;
        const when = new Date(Math.min(at, today)).toISOString();
        const e = { id, user: user.id, course: cls.course, classid: cls._id };
        if ((m.section === 'Quiz' || m.section === 'Exam') && m.quiz?.length) {
          const right = rightAnswers(m.quiz);
          // Some fail first and retake; the rest pass at once.
          if (rnd() < 0.35) {
            const wrong = right.map((a, k) => (k % 2 === 0 ? (a === 'A' ? 'B' : 'A') : a));
            await recordAttempt(db, { enrollment: e, lesson: m.lesson, material: m._id, kind: m.section === 'Exam' ? 'exam' : 'quiz', graded: grade(m.quiz, wrong, DEFAULT_PASS_PERCENT), at: when });
          }
          const later = new Date(Math.min(Date.parse(when) + 3600 * 1000, today)).toISOString();
          await recordAttempt(db, { enrollment: e, lesson: m.lesson, material: m._id, kind: m.section === 'Exam' ? 'exam' : 'quiz', graded: grade(m.quiz, right, DEFAULT_PASS_PERCENT), at: later });
        } else {
          await recordView(db, id, m.lesson, m._id, when);
        }
      }
    }
  }
}
