/** Small path helpers shared by screens. */

/** Only same-site paths are followed after sign-in (no open redirects). */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

export const isExternalUrl = (url: string) => /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');

export const loginPath = (redirect?: string) => (redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// The screens' addresses (spec routes), built in one place so every link encodes its ids the same way.
const enc = encodeURIComponent;
/** A lesson, optionally in a class and scrolled to a material ('none' stands for no class). */
export const lessonPath = (course: string, lesson: string, classId?: string | null, material?: string) =>
  `/lessons/${enc(course)}/${enc(lesson)}${classId ? `/${enc(classId)}` : material ? '/none' : ''}${material ? `/${enc(material)}` : ''}`;
/** The lesson to continue with (the server's first unvisited one). */
export const nextLessonPath = (course: string, classId?: string | null) =>
  `/lessons/${enc(course)}/next${classId ? `/${enc(classId)}` : ''}`;
/** A course's page, optionally showing one of its classes. */
export const coursePath = (course: string, classId?: string | null) => `/Course/${enc(course)}${classId ? `/${enc(classId)}` : ''}`;
export const enrollPath = (course: string) => `/users/enroll/${enc(course)}`;
export const classMembersPath = (classId: string) => `/class/enrollment/${enc(classId)}`;
export const classEditPath = (classId: string) => `/class/edit/${enc(classId)}`;
export const classConfirmationPath = (classId: string) => `/class/confirmation/${enc(classId)}`;
export const gradebookPath = (classId: string) => `/gradebook/${enc(classId)}`;
export const courseGradebookPath = (course: string) => `/gradebook/course/${enc(course)}`;
/** A learner's certificate (PDF) of a course. */
export const certificatePath = (course: string) => `/app_users/certificate/${enc(course)}`;
/** A discussion (course-lesson parent), in a class ('none' stands for no class), optionally at one post. */
export const discussionPath = (parent: string, classId?: string | null, commentId?: string) =>
  `/comments/${enc(parent)}/${enc(classId || 'none')}${commentId ? `/${enc(commentId)}` : ''}`;
export const certificateVerifyPath = (code: string) => `/certificate/verify/${enc(code)}`;
export const registerPath = (redirect?: string | null) => (redirect ? `/register?redirect=${enc(redirect)}` : '/register');
/** The staff screens: /admin/{area}/{id}/... with each id encoded ('new' stays as it is). */
export type AdminArea = 'users' | 'enrollments' | 'courses' | 'classes' | 'lessons' | 'lessonmaterials' | 'content' | 'surveys';
export const adminPath = (area: AdminArea, ...ids: string[]) => `/admin/${area}${ids.map((id) => `/${enc(id)}`).join('')}`;
/** An admin panel by name (`index`: the overview), for the panel list built from the panel table. */
export const adminPanelPath = (panel: string) => (panel === 'index' ? '/admin' : `/admin/${enc(panel)}`);
/** A path with a query string of the given values; empty ones are left out. */
export const withQuery = (path: string, query: Record<string, string | null | undefined>) => {
  const q = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => !!e[1])).toString();
  return q ? `${path}?${q}` : path;
};
/** A user's screens as staff open them: profile, classes, comments. */
export const userProfilePath = (user: string) => `/user/profile/${enc(user)}`;
export const userEnrollmentPath = (user: string) => `/user/enrollment/${enc(user)}`;
export const userCommentsPath = (user: string) => `/user/comments/${enc(user)}`;
/** A content page by its context, as the catch-all route serves it. */
export const contentPagePath = (context: string) => `/${enc(context)}`;
