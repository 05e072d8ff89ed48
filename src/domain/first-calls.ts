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

export const WHOAMI_CALL: FirstCall = { method: 'GET', url: '/app_users/whoami' };

const post = (url: string, body: Record<string, unknown>): FirstCall => ({ method: 'POST', url, body });
const page = (context: string, lang: string): FirstCall => ({
  method: 'GET',
  url: `/app_content/getpage/${encodeURIComponent(context)}?lang=${encodeURIComponent(lang)}`,
});
/** A class id in a path; 'none' is a course page outside any class. */
const realClass = (classid: string | undefined) => (classid && classid !== 'none' ? classid : undefined);
const mine = (who: FirstCaller | undefined) => (who?.userId ? [post('/app_enrollment/list', { user: who.userId })] : []);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The first screen's calls for `pathname`, besides whoami. Without `who` (whoami not answered yet) only
 * the calls that do not depend on the caller.
 */
export function firstCalls(pathname: string, who?: FirstCaller): FirstCall[] {
  const parts = pathname.split('/').filter(Boolean).map(decode);
  const [first, courseid, second, third] = parts;
  if (parts.length === 0 || (parts.length === 1 && first === 'app') || (parts.length === 1 && first === 'German')) {
    const context = first === 'German' ? 'German' : 'home';
    return who ? [page(context, who.lang), ...(context === 'home' ? [post('/app_courses/list', {})] : [])] : [];
  }
  const course = first === 'Course' || first === 'Courses' || (first === 'lessons' && parts.length === 2);
  if (course && courseid) {
    const classid = first === 'lessons' ? undefined : realClass(second);
    return [
      post('/app_courses/list', {}),
      post('/app_lessons/list', { course: courseid }),
      ...(classid ? [post('/app_classes/list', { _id: classid })] : []),
      ...mine(who),
    ];
  }
  if (first === 'lessons' && courseid && second) {
    const classid = realClass(third);
    return [
      post('/app_courses/list', {}),
      post('/app_lessons/list', { course: courseid }),
      post('/app_lessons/get', { _id: second }),
      ...(classid ? [post('/app_classes/list', { _id: classid })] : []),
      ...mine(who),
    ];
  }
  return [];
}
