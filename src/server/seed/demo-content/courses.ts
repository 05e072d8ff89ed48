import type { ClassRecord, Course, Lesson, Material, Survey } from '../../../domain/types.ts';
import type { CourseText, Lang, LanguageCourseSet } from './text-types.ts';
import { LANGS } from './text-types.ts';
import { siblingId } from './site.ts';
import { archivedFacilitation } from './courses/archived.ts';
import { en } from './courses/en.ts';
import { es } from './courses/es.ts';
import { pt } from './courses/pt.ts';
import { fr } from './courses/fr.ts';
import { ar } from './courses/ar.ts';
import { de } from './courses/de.ts';

export const COURSE_SETS: Record<Lang, LanguageCourseSet> = { en, es, pt, fr, ar, de };

interface MaterialLayout {
  section: string;
  required?: boolean;
  usebutton?: boolean;
  survey?: boolean;
}
interface LessonLayout {
  section: number;
  materials: MaterialLayout[];
}

/** Every course has the same shape: three lessons in two sections, and all eight material section types. */
const LESSON_LAYOUT: LessonLayout[] = [
  { section: 0, materials: [{ section: 'Introduction' }, { section: 'Presentation' }, { section: 'Article', required: false }] },
  { section: 0, materials: [{ section: 'Text' }, { section: 'Application', usebutton: true }, { section: 'Quiz' }] },
  {
    section: 1,
    materials: [{ section: 'Article', usebutton: true }, { section: 'Survey', required: false, survey: true }, { section: 'Exam' }],
  },
];

interface CourseDef {
  /** Prefix of lesson ids, e.g. 'iol' gives 'iol-en-l1'. */
  prefix: string;
  main: string;
  sections: [string, string];
  order: number;
  created: string;
}

const IOL: CourseDef = {
  prefix: 'iol',
  main: 'intro-online-learning',
  sections: ['basics', 'practice'],
  order: 1,
  created: '2025-11-03T09:00:00.000Z',
};
const CHB: CourseDef = {
  prefix: 'chb',
  main: 'community-health-basics',
  sections: ['foundations', 'action'],
  order: 2,
  created: '2025-11-10T09:00:00.000Z',
};
const ARCHIVED: CourseDef = {
  prefix: 'af',
  main: 'archived-facilitation',
  sections: ['prepare', 'lead'],
  order: 9,
  created: '2019-03-04T09:00:00.000Z',
};

export const courses: Course[] = [];
export const lessons: Lesson[] = [];
export const materials: Material[] = [];

function addCourse(def: CourseDef, lang: Lang, text: CourseText, extra: { status: string; timerequired: string; reftitle: string }): void {
  const courseId = def.main === ARCHIVED.main ? def.main : siblingId(def.main, lang);
  courses.push({
    _id: courseId,
    title: text.title,
    reftitle: extra.reftitle,
    description: text.description,
    description2: text.description2,
    status: extra.status,
    lang,
    order: def.order,
    main: def.main,
    sections: def.sections.join(','),
    timerequired: extra.timerequired,
    certificate: 'yes',
    created: def.created,
  });
  if (text.lessons.length !== LESSON_LAYOUT.length) throw new Error(`demo content: ${courseId} needs ${LESSON_LAYOUT.length} lessons`);
  LESSON_LAYOUT.forEach((lessonLayout, li) => {
    const lessonText = text.lessons[li];
    if (!lessonText) throw new Error(`demo content: ${courseId} lesson ${li + 1} missing`);
    const lessonId = `${def.prefix}-${lang}-l${li + 1}`;
    const sorder = def.sections[lessonLayout.section];
    if (!sorder) throw new Error(`demo content: ${lessonId} has no section`);
    lessons.push({
      _id: lessonId,
      course: courseId,
      title: lessonText.title,
      description: lessonText.description,
      order: li + 1,
      sortorder: li + 1,
      sorder,
      type: 'lesson',
    });
    if (lessonText.materials.length !== lessonLayout.materials.length) {
      throw new Error(`demo content: ${lessonId} needs ${lessonLayout.materials.length} materials`);
    }
    lessonLayout.materials.forEach((ml, mi) => {
      const mt = lessonText.materials[mi];
      if (!mt) throw new Error(`demo content: ${lessonId} material ${mi + 1} missing`);
      const material: Material = {
        _id: `${lessonId}-m${mi + 1}`,
        lesson: lessonId,
        order: mi + 1,
        section: ml.section,
        title: mt.title,
        required: ml.required ?? true,
        description: mt.description,
      };
      if (ml.usebutton) {
        if (!mt.question) throw new Error(`demo content: ${material._id} needs a discussion question`);
        material.usebutton = 'yes';
        material.question = mt.question;
      }
      if (ml.section === 'Quiz' || ml.section === 'Exam') {
        if (!mt.quiz) throw new Error(`demo content: ${material._id} needs quiz questions`);
        material.quiz = mt.quiz.map((q) => ({ question: q.question, answers: [...q.answers], iscorrect: q.iscorrect }));
      }
      if (ml.survey) material.subid = `feedback-${lang}`;
      materials.push(material);
    });
  });
}

for (const lang of LANGS) {
  const set = COURSE_SETS[lang];
  const suffix = lang === 'en' ? '' : ` (${lang.toUpperCase()})`;
  addCourse(IOL, lang, set.iol, { status: 'Active', timerequired: set.timerequired, reftitle: `Introduction to Online Learning${suffix}` });
  addCourse(CHB, lang, set.chb, { status: 'Active', timerequired: set.timerequired, reftitle: `Community Health Basics${suffix}` });
}
addCourse(ARCHIVED, 'en', archivedFacilitation, {
  status: 'Inactive',
  timerequired: '2 hours',
  reftitle: 'Facilitating Study Circles (2019)',
});

/** Self-paced class of a course sibling, e.g. 'iol-en-selfpaced'. */
export function selfPacedClassId(prefix: string, lang: string): string {
  return `${prefix}-${lang}-selfpaced`;
}

export const classes: ClassRecord[] = [];
for (const def of [IOL, CHB]) {
  for (const lang of LANGS) {
    const set = COURSE_SETS[lang];
    classes.push({
      _id: selfPacedClassId(def.prefix, lang),
      name: set.selfPacedName,
      course: siblingId(def.main, lang),
      startdate: '2026-01-05',
      weeks: 52,
      instructor: 'demo-admin',
      instructorname: 'Ada Admin',
      regcode: `${def.prefix}${lang}SP6`.toUpperCase(),
      selfpaced: true,
      lang,
      description: set.selfPacedDescription,
      created: '2026-01-05T08:00:00.000Z',
    });
  }
}
classes.push({
  _id: 'iol-en-group-spring',
  name: 'Spring cohort 2026',
  course: 'intro-online-learning',
  startdate: '2026-03-02',
  weeks: 12,
  instructor: 'demo-instructor',
  instructorname: 'Ines Instructor',
  regcode: 'SPRING26',
  selfpaced: false,
  lang: 'en',
  description: `<p>A twelve-week guided cohort led by Ines Instructor. We work through one lesson every two weeks and meet online on Wednesday evenings to discuss it.</p>
<p>This is a private group: ask your instructor for the registration code to join.</p>`,
  description2: '<p>Live sessions: Wednesdays, 18:00–19:00 (UTC).</p>',
  created: '2026-02-02T08:00:00.000Z',
});

const SURVEY_TYPES = ['textfield', 'text', 'numeric', 'select', 'choice'] as const;

export const surveys: Survey[] = LANGS.map((lang) => {
  const s = COURSE_SETS[lang].survey;
  return {
    _id: `feedback-${lang}`,
    title: s.title,
    description: s.description,
    description2: s.description2,
    status: 'Active',
    lang,
    questions: SURVEY_TYPES.map((type, i) => ({ type, question: s.questions[i] ?? '' })),
  };
});

export const IOL_PREFIX = IOL.prefix;
export const IOL_MAIN = IOL.main;
