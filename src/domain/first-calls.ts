/**
 * The calls a page's first screen makes, from its path alone. The server answers them inside the page
 * it sends (so on a slow line the screen does not wait a round trip per call after the scripts have
 * run) and the web app starts the same calls itself when the page came from the device's copy of the
 * app (offline or an old shell). Both sides name a call by `callKey`, so an answer is found whatever
 * the order of its body's fields.
 */
export interface FirstCall {
  method: 'GET' | 'POST';
  url: string;
  body?: Record<string, unknown>;
}

/** Who is asking, as whoami says: the screen's own calls (enrolments) and the page's language follow from it. */
export interface FirstCaller {
  userId?: string;
  lang: string;
}

const sorted = (v: unknown): unknown =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
      )
    : v;

/** One name for a call: method, path with query, and the body with its fields in order. */
export const callKey = (method: string, url: string, body?: unknown) =>
  `${method} ${url}${body === undefined ? '' : ` ${JSON.stringify(sorted(body))}`}`;

/** The id of the page's `<script type="application/json">` holding the answers by call key. */
export const FIRST_REPLIES_ID = 'first-replies';

export const WHOAMI_CALL: FirstCall = { method: 'GET', url: '/app_users/whoami' };

const post = (url: string, body: Record<string, unknown>): FirstCall => ({ method: 'POST', url, body });
const page = (context: string, lang: string): FirstCall => ({
  method: 'GET',
  url: `/app_content/getpage/${encodeURIComponent(context)}?lang=${encodeURIComponent(lang)}`,
});
/** A class id in a path; 'none' is a course page outside any class. */
const realClass = (classid: string | undefined) => (classid && classid !== 'none' ? classid : undefined);
export const ENROLMENTS_URL = '/app_enrollment/list';
export const LESSON_URL = '/app_lessons/get';
const mine = (who: FirstCaller | undefined) => (who?.userId ? [post(ENROLMENTS_URL, { user: who.userId })] : []);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

type Screen =
  | { kind: 'content'; context: 'home' | 'German' }
  | { kind: 'course'; courseid: string; classid?: string }
  | { kind: 'lesson'; courseid: string; lessonid: string; classid?: string };

/** The screens whose first calls are known from the path (the web app's routes, app/router.tsx). */
function screenOf(pathname: string): Screen | undefined {
  const parts = pathname.split('/').filter(Boolean).map(decode);
  const [first, courseid, second, third] = parts;
  if (parts.length === 0 || (parts.length === 1 && first === 'app')) return { kind: 'content', context: 'home' };
  if (parts.length === 1 && first === 'German') return { kind: 'content', context: 'German' };
  if (!courseid) return undefined;
  if (first === 'Course' || first === 'Courses') return { kind: 'course', courseid, classid: realClass(second) };
  if (first === 'lessons' && !second) return { kind: 'course', courseid };
  if (first === 'lessons' && second) return { kind: 'lesson', courseid, lessonid: second, classid: realClass(third) };
  return undefined;
}

/**
 * The first screen's calls for `pathname`, besides whoami. Without `who` (whoami not answered yet) only
 * the calls that do not depend on the caller.
 */
export function firstCalls(pathname: string, who?: FirstCaller): FirstCall[] {
  const s = screenOf(pathname);
  if (!s) return [];
  if (s.kind === 'content') return who ? [page(s.context, who.lang), ...(s.context === 'home' ? [post('/app_courses/list', {})] : [])] : [];
  return [
    post('/app_courses/list', {}),
    post('/app_lessons/list', { course: s.courseid }),
    ...(s.kind === 'lesson' ? [post(LESSON_URL, { _id: s.lessonid })] : []),
    ...(s.classid ? [post('/app_classes/list', { _id: s.classid })] : []),
    ...mine(who),
  ];
}

/** An enrolment as the enrolment list answers it: what the screen's class follows from. */
export interface FirstEnrolment {
  course: string;
  classid: string;
}

/**
 * The class a course or lesson screen shows: the one its path names, else the caller's only class in
 * the course (with several, the screen asks which; with none, there is no class).
 */
export function chosenClass(routeClass: string | undefined, mine: readonly { classid: string }[]): string | undefined {
  if (routeClass) return routeClass;
  return mine.length === 1 ? mine[0]!.classid : undefined;
}

/**
 * The calls that follow from the caller's enrolments (the answer to the enrolment call above): the
 * class of a course or lesson screen whose path names none, which the screen asks for once it has
 * chosen it.
 */
export function enrolmentCalls(pathname: string, enrolments: readonly FirstEnrolment[]): FirstCall[] {
  const s = screenOf(pathname);
  if (!s || s.kind === 'content' || s.classid) return [];
  const classid = chosenClass(
    undefined,
    enrolments.filter((e) => e.course === s.courseid),
  );
  return classid ? [post('/app_classes/list', { _id: classid })] : [];
}

/** A lesson as its call answers it: the exams, surveys and discussion the lesson screen shows follow from its materials. */
export interface FirstLesson {
  materials?: Record<string, { _id: string; section: string; subid?: string }>;
}

/** The exam's status: its attempts, and whether and when the next one opens (lib/data/exams.ts). */
export const EXAM_STATUS_URL = '/app_enrollment/attempts';

/** A survey's questions, as a survey material shows them. */
export const SURVEY_URL = '/app_surveys/getSurvey';
/** A discussion's posts, as the lesson screen shows them below its materials. */
export const DISCUSSION_URL = '/app_comments/list';

/** The survey a material shows: a Survey material's `subid`, trimmed (none when empty). */
export const surveyOf = (m: { section: string; subid?: string | null }) => (m.section === 'Survey' && m.subid?.trim()) || undefined;
/** The parent of a lesson's discussion posts: the course and the lesson, joined by a dash. */
export const lessonDiscussionParent = (courseId: string, lessonId: string) => `${courseId}-${lessonId}`;

/**
 * The calls that follow from the lesson and the caller's enrolments, made as soon as the lesson shows:
 * the status of each exam in the lesson, the questions of each survey among its materials and the
 * lesson's discussion. Only for a class the caller is enrolled in (the path's, or their only one in the
 * course, as chosenClass picks): elsewhere the exam does not ask, and the visitor's screen asks for the
 * rest itself. The discussion is that class's, as the screen asks for it.
 */
export function lessonCalls(pathname: string, lesson: FirstLesson, enrolments: readonly FirstEnrolment[]): FirstCall[] {
  const s = screenOf(pathname);
  if (!s || s.kind !== 'lesson') return [];
  const inCourse = enrolments.filter((e) => e.course === s.courseid);
  const classid = chosenClass(s.classid, inCourse);
  if (!classid || !inCourse.some((e) => e.classid === classid)) return [];
  const materials = Object.values(lesson.materials ?? {});
  const surveys = new Set(materials.flatMap((m) => surveyOf(m) ?? []));
  return [
    ...materials.filter((m) => m.section === 'Exam').map((m) => post(EXAM_STATUS_URL, { _id: m._id, classid })),
    ...[...surveys].map((id) => post(SURVEY_URL, { _id: id })),
    ...(materials.length ? [post(DISCUSSION_URL, { parent: lessonDiscussionParent(s.courseid, s.lessonid), context: classid })] : []),
  ];
}

/**
 * The source (under src/web) of the screen's own code, loaded on demand by the router, so the page can
 * ask for it while the app's script downloads instead of after it has run.
 */
export const SCREEN_MODULES = {
  course: 'features/courses/CoursePage.tsx',
  lesson: 'features/lessons/LessonPage.tsx',
} as const;

export function firstScreenModule(pathname: string): string | undefined {
  const s = screenOf(pathname);
  return s && s.kind !== 'content' ? SCREEN_MODULES[s.kind] : undefined;
}
