/**
 * Every route and alias of the spec's route table (spec 2), in history mode. Screens other than the
 * content page load on demand; admin and editor code lives only in lazy chunks.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import type { FetchQueryOptions, QueryKey } from '@tanstack/react-query';
import { AppLayout } from './layout/AppLayout.tsx';
import { RequireUser, SignedOutOnly, PageLoader } from './guards.tsx';
import { HomeRoute, ContentRoute, contentTarget } from '../features/content/ContentRoute.tsx';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  COMMENTS_RETRIES,
  LESSON_RETRIES,
  CLASS_PAGE_RETRIES,
  USER_SCREEN_RETRIES,
  DEFAULT_COURSE_ID,
} from '../../domain/constants.ts';
import type { FirstCaller } from '../../domain/first-calls.ts';
import { allCoursesQuery, classQuery, lessonQuery, lessonsQuery } from '../lib/data/courses.ts';
import { enrollmentsOf } from '../lib/data/enrollment.ts';

type Loader = () => Promise<{ default: ComponentType }>;
type Screen = LazyExoticComponent<ComponentType> & { load: Loader; queries?: ScreenHandle['queries'] };

type Params = Record<string, string | undefined>;
/**
 * What the first screen can start fetching before React renders it (see first-screen.ts): a lazy
 * screen's code, the content page a path shows and the queries the screen reads first. The calls a
 * screen makes first are named by path in domain/first-calls.ts, which the server reads too.
 */
export interface ScreenHandle {
  load?: Loader;
  content?: (params: Params, pathname: string) => { context: string; subid?: string };
  queries?: (params: Params, who: FirstCaller) => FetchQueryOptions<unknown, Error, unknown, QueryKey>[];
}
/**
 * A screen fetched when first visited (navigations run in a transition, so the old page stays until it
 * arrives). Once its code has arrived (first-screen.ts starts it before the first render) the screen
 * renders at once: React shows a suspended screen's fallback for at least 300 ms, which on a first
 * visit only delayed the page.
 */
const screen = (load: Loader, queries?: ScreenHandle['queries']): Screen => {
  let loaded: { default: ComponentType } | undefined;
  const keep: Loader = () =>
    load().then((m) => {
      loaded = m;
      return m;
    });
  // A thenable that answers at once: React.lazy reads a module it already has without suspending.
  const ready = (m: { default: ComponentType }) => ({ then: (ok: (v: typeof m) => void) => ok(m) }) as unknown as Promise<typeof m>;
  return Object.assign(
    lazy(() =>
      loaded
        ? ready(loaded)
        : Promise.race([
            keep(),
            // Spec 8: a chunk that has not arrived after 120 s counts as failed (the error screen offers a reload).
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Loading chunk timed out')), CHUNK_LOAD_TIMEOUT_MS)),
          ]),
    ),
    { load: keep, queries },
  );
};

const login = screen(() => import('../features/auth/LoginPage.tsx'));
const register = screen(() => import('../features/auth/RegisterPage.tsx'));
const passwordReset = screen(() => import('../features/auth/PasswordResetPage.tsx'));
const admin = screen(() => import('../features/admin/AdminPage.tsx'));
/** What a screen reads before it can show anything (answered inside the page, domain/first-calls.ts). */
type Query = FetchQueryOptions<unknown, Error, unknown, QueryKey>;
const mine = (who: FirstCaller) => (who.userId ? [enrollmentsOf(who.userId) as Query] : []);
const course = screen(
  () => import('../features/courses/CoursePage.tsx'),
  (params, who) => {
    const courseId = params.courseid || DEFAULT_COURSE_ID;
    const classId = params.classid && params.classid !== 'none' ? params.classid : undefined;
    return [allCoursesQuery(), lessonsQuery(courseId), ...(classId ? [classQuery(classId)] : []), ...mine(who)] as Query[];
  },
);
const lesson = screen(
  () => import('../features/lessons/LessonPage.tsx'),
  (params, who) => {
    // A visitor is sent to sign in (RequireUser) before the lesson shows.
    if (!who.userId) return [];
    const lessonId = params.lessonid ?? '';
    const lessonRead = lessonId && lessonId !== 'next' ? [lessonQuery(lessonId)] : [];
    return [allCoursesQuery(), lessonsQuery(params.courseid ?? ''), ...lessonRead, ...mine(who)] as Query[];
  },
);
const comments = screen(() => import('../features/comments/CommentsPage.tsx'));
const classes = screen(() => import('../features/classes/ClassPage.tsx'));
const user = screen(() => import('../features/account/UserPage.tsx'));
const util = screen(() => import('../features/util/UtilPage.tsx'));
const optOut = screen(() => import('../features/content/OptOutPreferencesPage.tsx'));
const certificate = screen(() => import('../features/courses/CertificatePage.tsx'));
const gradebook = screen(() => import('../features/gradebook/GradebookPage.tsx'));
const verifyCertificate = screen(() => import('../features/certificates/VerifyPage.tsx'));
const confirmEmail = screen(() => import('../features/account/ConfirmEmailPage.tsx'));

function Lazy({ screen: Screen }: { screen: Screen }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <Screen />
    </Suspense>
  );
}
const paths = (s: Screen, ...list: string[]): RouteObject[] =>
  list.map((path) => ({ path, element: <Lazy screen={s} />, handle: { load: s.load, queries: s.queries } satisfies ScreenHandle }));
const home: ScreenHandle = { content: () => ({ context: 'home' }) };
const generic: ScreenHandle = { content: (params, pathname) => contentTarget(params, pathname) };

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    children: [
      { index: true, element: <HomeRoute />, handle: home },
      { path: 'app', element: <HomeRoute />, handle: home },
      {
        element: <SignedOutOnly />,
        children: [...paths(login, 'login', 'user/login'), ...paths(register, 'register', 'signup', 'user/register')],
      },
      ...paths(passwordReset, 'passwordreset', 'user/passwordreset'),
      ...paths(admin, 'admin', 'admin/:panel', 'admin/:panel/*'),
      ...paths(
        course,
        'Course',
        'Course/:courseid',
        'Course/:courseid/:classid',
        'Course/:courseid/:classid/*',
        'Courses/:courseid',
        'Courses/:courseid/:classid',
        'lessons/:courseid',
      ),
      {
        element: <RequireUser retries={LESSON_RETRIES} />,
        children: paths(lesson, 'lessons/:courseid/:lessonid/:classid?/:materialid?/:commentid?'),
      },
      {
        element: <RequireUser retries={COMMENTS_RETRIES} />,
        children: paths(comments, 'comments', 'comment', 'comments/:parentId/:classId?/:commentId?', 'comments/*', 'discussion/:id'),
      },
      {
        element: <RequireUser retries={CLASS_PAGE_RETRIES} />,
        children: paths(classes, 'class', 'class/:panel/:classid?', 'classes', 'classes/:panel/:classid?'),
      },
      {
        element: <RequireUser retries={CLASS_PAGE_RETRIES} />,
        children: paths(gradebook, 'gradebook/:classid', 'gradebook/course/:courseid'),
      },
      // Account panels guard themselves: the enroll panel shows registration to visitors.
      ...paths(user, 'user', 'user/*', 'users', 'users/*'),
      {
        element: <RequireUser retries={USER_SCREEN_RETRIES} />,
        children: paths(util, 'util', 'util/:panel'),
      },
      {
        path: 'German',
        element: <ContentRoute page="German" />,
        handle: { content: () => ({ context: 'German' }) } satisfies ScreenHandle,
      },
      ...paths(optOut, 'OptOutPreferences'),
      ...paths(certificate, 'app_users/certificate/:courseid'),
      ...paths(verifyCertificate, 'certificate/verify', 'certificate/verify/:code'),
      // The link mailed to a new address to confirm an e-mail change.
      ...paths(confirmEmail, 'confirmemail/:token'),
      { path: ':id/:subid?', element: <ContentRoute />, handle: generic },
      { path: '*', element: <ContentRoute />, handle: generic },
    ],
  },
];

/** The route table, rendered inside the BrowserRouter of main.tsx. */
export function AppRoutes() {
  return useRoutes(routes);
}
