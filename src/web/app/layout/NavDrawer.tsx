/**
 * The left drawer (spec 2, global layout): Home, How It Works, Courses with their lessons and
 * materials (viewed ticked, required or optional, lessons visited / quizzed / current), Admin,
 * Languages, Login/Logout. Items come from the server's `left` and `admin` navigation groups.
 */
import { useState, type ReactNode } from 'react';
import { ActionIcon, AppShell, Collapse, Group, NavLink, Text, Box } from '@mantine/core';
import {
  IconCheck,
  IconChevronDown,
  IconCircle,
  IconCircleCheck,
  IconEye,
  IconHome,
  IconLanguage,
  IconListDetails,
  IconLogin,
  IconLogout,
  IconSchool,
  IconSettings,
  IconTrophy,
  IconPointFilled,
  IconRefresh,
} from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Course, Enrollment, Lesson, NavItem } from '../../../domain/types.ts';
import { LANGUAGE_NAMES, PUBLIC_LANGUAGES } from '../../../domain/constants.ts';
import { useSession } from '../../lib/session.ts';
import { coursesQuery, enrollmentsQuery, inactiveShownFor, lessonsQuery, sortLessons, visibleCourses } from '../../lib/data/courses.ts';
import { NavIcon } from '../../components/NavIcon.tsx';
import { coursePath, isExternalUrl, lessonPath } from '../../lib/paths.ts';
import { useLanguageSwitch } from '../../lib/use-language-switch.ts';
import { navItemsIn } from './nav-items.ts';
import { useLogout } from './UserMenu.tsx';
import { tk } from '../../lib/tk.ts';
import { quizPassed } from '../../lib/quiz-result.ts';

const DEFAULT_LEFT: NavItem[] = [
  { title: tk('Home'), url: '/', icon: 'home', groups: ['left'] },
  { title: tk('How It Works'), url: '/HowItWorks', icon: 'howitworks', groups: ['left'] },
  { title: tk('Courses'), url: '/Courses', icon: 'courses', groups: ['left'] },
];

/** Which course / lesson the current route shows, for highlighting and auto-expanding. */
function useRouteCourse(): { courseId?: string; lessonId?: string; classId?: string; materialId?: string } {
  const { pathname } = useLocation();
  const parts = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const head = parts[0]?.toLowerCase();
  if (head === 'lessons') return { courseId: parts[1], lessonId: parts[2], classId: parts[3], materialId: parts[4] };
  if ((head === 'course' || head === 'courses') && parts[1]) return { courseId: parts[1], classId: parts[2] };
  return {};
}

function isActive(url: string, pathname: string): boolean {
  if (isExternalUrl(url)) return false;
  if (url === '/') return pathname === '/' || pathname === '/app';
  return pathname.toLowerCase() === url.toLowerCase();
}

function ItemLink({ item, onNavigate, leftSection }: { item: NavItem; onNavigate: () => void; leftSection?: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const icon = leftSection ?? <NavIcon name={item.icon ?? item.key ?? item.title.replace(/\s+/g, '').toLowerCase()} fallback={null} />;
  if (isExternalUrl(item.url)) {
    return <NavLink href={item.url} target="_blank" rel="noopener noreferrer" label={t(item.title)} leftSection={icon} />;
  }
  const active = isActive(item.url, pathname);
  return (
    <NavLink
      component={Link}
      to={item.url}
      label={t(item.title)}
      leftSection={icon}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

/** A row with a link and its own expand button (a link cannot hold a button). */
function TreeRow({
  link,
  opened,
  onToggle,
  label,
  children,
}: {
  link: ReactNode;
  opened: boolean;
  onToggle: () => void;
  label: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Group gap={0} wrap="nowrap" align="stretch">
        <Box style={{ flex: 1, minWidth: 0 }}>{link}</Box>
        <ActionIcon
          variant="subtle"
          color="gray"
          h="auto"
          w={36}
          onClick={onToggle}
          aria-expanded={opened}
          aria-label={`${opened ? t('Collapse') : t('Expand')}: ${label}`}
          style={{ alignSelf: 'center' }}
        >
          <IconChevronDown
            size={16}
            aria-hidden
            style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        </ActionIcon>
      </Group>
      <Collapse expanded={opened}>
        <Box ps="md">{children}</Box>
      </Collapse>
    </>
  );
}

function LessonMaterials({
  lesson,
  course,
  classId,
  enrollment,
  onNavigate,
}: {
  lesson: Lesson;
  course: Course;
  classId: string;
  enrollment?: Enrollment;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const route = useRouteCourse();
  const viewed = enrollment?.progress?.[lesson._id]?.materials ?? {};
  const materials = Object.values(lesson.materials ?? {}).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  if (materials.length === 0)
    return (
      <Text size="xs" c="dimmed" px="sm" py={4}>
        {t('No materials')}
      </Text>
    );
  return (
    <>
      {materials.map((m) => {
        const seen = !!viewed[m._id];
        const active = route.materialId === m._id;
        return (
          <NavLink
            key={m._id}
            component={Link}
            to={lessonPath(course._id, lesson._id, classId, m._id)}
            onClick={onNavigate}
            active={active}
            data-required={m.required ? 'true' : 'false'}
            data-viewed={seen ? 'true' : 'false'}
            className={m.required ? 'material-required' : 'material-optional'}
            label={m.title || t(m.section)}
            description={m.required ? t('Required') : t('Optional')}
            leftSection={
              seen ? (
                <IconCircleCheck size={16} color="var(--mantine-color-green-8)" aria-label={t('Viewed')} />
              ) : (
                <IconCircle size={16} color="var(--mantine-color-gray-6)" aria-hidden />
              )
            }
          />
        );
      })}
    </>
  );
}

function CourseLessons({ course, enrollment, onNavigate }: { course: Course; enrollment?: Enrollment; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { config } = useSession();
  const route = useRouteCourse();
  const { data, isPending, isError } = useQuery(lessonsQuery(course._id));
  const [openLessons, setOpenLessons] = useState<Record<string, boolean>>({});
  const classId = route.courseId === course._id && route.classId ? route.classId : (enrollment?.classid ?? 'none');
  if (isPending)
    return (
      <Text size="xs" c="dimmed" px="sm" py={4}>
        {t('Loading')}
      </Text>
    );
  if (isError)
    return (
      <Text size="xs" c="dimmed" px="sm" py={4}>
        {t('Lessons are not available.')}
      </Text>
    );
  const lessons = sortLessons(data, course);
  if (lessons.length === 0)
    return (
      <Text size="xs" c="dimmed" px="sm" py={4}>
        {t('No lessons yet')}
      </Text>
    );
  return (
    <>
      {lessons.map((lesson) => {
        const p = enrollment?.progress?.[lesson._id];
        const current = route.courseId === course._id && route.lessonId === lesson._id;
        // A failed quiz is no trophy: it shows as a quiz to try again.
        const state = p?.quizdate
          ? quizPassed(p, config?.quizpasspercent ?? 0)
            ? 'quizzed'
            : 'quizFailed'
          : p?.firstview
            ? 'visited'
            : 'new';
        const icon = current ? (
          <IconPointFilled size={16} color="var(--mantine-color-brand-7)" aria-label={t('Current lesson')} />
        ) : state === 'quizzed' ? (
          <IconTrophy size={16} color="var(--mantine-color-green-8)" aria-label={t('Quiz taken')} />
        ) : state === 'quizFailed' ? (
          <IconRefresh size={16} color="var(--mantine-color-orange-9)" aria-label={t('Quiz not passed')} />
        ) : state === 'visited' ? (
          <IconEye size={16} color="var(--mantine-color-brand-7)" aria-label={t('Visited')} />
        ) : (
          <IconCircle size={16} color="var(--mantine-color-gray-6)" aria-hidden />
        );
        const opened = openLessons[lesson._id] ?? current;
        const link = (
          <NavLink
            component={Link}
            to={lessonPath(course._id, lesson._id, classId !== 'none' ? classId : undefined)}
            onClick={onNavigate}
            active={current}
            aria-current={current ? 'page' : undefined}
            data-lesson-state={current ? 'current' : state}
            label={lesson.title}
            leftSection={icon}
          />
        );
        return (
          <TreeRow
            key={lesson._id}
            link={link}
            label={lesson.title}
            opened={opened}
            onToggle={() => setOpenLessons((o) => ({ ...o, [lesson._id]: !opened }))}
          >
            <LessonMaterials lesson={lesson} course={course} classId={classId} enrollment={enrollment} onNavigate={onNavigate} />
          </TreeRow>
        );
      })}
    </>
  );
}

function CoursesTree({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { lang, user, config } = useSession();
  const route = useRouteCourse();
  const { pathname } = useLocation();
  const courses = useQuery(coursesQuery(lang));
  const enrollments = useQuery(enrollmentsQuery(user?._id));
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [listOpen, setListOpen] = useState(true);
  // The same courses as /Courses: an Inactive one the user is enrolled in stays when the site shows those.
  const list = visibleCourses(courses.data, lang, inactiveShownFor(config, enrollments.data));
  const active = isActive(item.url, pathname);
  const link = (
    <NavLink
      component={Link}
      to={item.url}
      label={t(item.title)}
      onClick={onNavigate}
      active={active}
      aria-current={active ? 'page' : undefined}
      leftSection={<IconSchool size={18} stroke={1.6} aria-hidden />}
    />
  );
  return (
    <TreeRow link={link} label={t(item.title)} opened={listOpen} onToggle={() => setListOpen((o) => !o)}>
      {courses.isPending && (
        <Text size="xs" c="dimmed" px="sm" py={4}>
          {t('Loading')}
        </Text>
      )}
      {list.map((course) => {
        const enrollment =
          (enrollments.data ?? []).find((e) => e.course === course._id && (!route.classId || e.classid === route.classId)) ??
          (enrollments.data ?? []).find((e) => e.course === course._id);
        const current = route.courseId === course._id;
        const opened = open[course._id] ?? current;
        const courseLink = (
          <NavLink
            component={Link}
            to={coursePath(course._id)}
            onClick={onNavigate}
            active={current && !route.lessonId}
            label={course.title}
            leftSection={
              enrollment?.completed ? (
                <IconCheck size={16} color="var(--mantine-color-green-8)" aria-label={t('Completed')} />
              ) : (
                <IconListDetails size={16} stroke={1.6} aria-hidden />
              )
            }
          />
        );
        return (
          <TreeRow
            key={course._id}
            link={courseLink}
            label={course.title}
            opened={opened}
            onToggle={() => setOpen((o) => ({ ...o, [course._id]: !opened }))}
          >
            {opened && <CourseLessons course={course} enrollment={enrollment} onNavigate={onNavigate} />}
          </TreeRow>
        );
      })}
    </TreeRow>
  );
}

/**
 * The drawer. `filled` false leaves it empty: on a phone it is off screen until opened, and its links
 * (half of a first page's elements) cost the first render time for nothing; they are made when it
 * first opens, and kept from then on.
 */
export function NavDrawer({ onNavigate, filled }: { onNavigate: () => void; filled: boolean }) {
  const { t } = useTranslation();
  return (
    <AppShell.Navbar id="nav-drawer" aria-label={t('Menu')} data-testid="nav-drawer">
      {filled && <DrawerItems onNavigate={onNavigate} />}
    </AppShell.Navbar>
  );
}

function DrawerItems({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { user, navitems, lang, config } = useSession();
  const switchTo = useLanguageSwitch();
  const doLogout = useLogout();
  const { pathname } = useLocation();
  const [langOpen, setLangOpen] = useState(false);
  const [adminOpen, setAdminOpen] = useState(false);
  const fromServer = navItemsIn(navitems, 'left', lang);
  const left = fromServer.length ? fromServer : DEFAULT_LEFT;
  const hasCourses = left.some((i) => i.url.toLowerCase() === '/courses');
  const adminItems = navItemsIn(navitems, 'admin', lang);
  const languages = config?.publiclanguages?.length ? config.publiclanguages : [...PUBLIC_LANGUAGES];

  return (
    <AppShell.Section grow p="xs" className="drawer-scroll">
      <Box component="ul" className="plain-list">
        {left.map((item) => (
          <li key={item._id ?? item.url}>
            {item.url.toLowerCase() === '/courses' ? (
              <CoursesTree item={item} onNavigate={onNavigate} />
            ) : (
              <ItemLink
                item={item}
                onNavigate={onNavigate}
                leftSection={item.url === '/' ? <IconHome size={18} stroke={1.6} aria-hidden /> : undefined}
              />
            )}
          </li>
        ))}
        {!hasCourses && (
          <li>
            <CoursesTree item={DEFAULT_LEFT[2]!} onNavigate={onNavigate} />
          </li>
        )}
        {user?.isAdmin && (
          <li>
            <TreeRow
              label={t('Admin')}
              opened={adminOpen}
              onToggle={() => setAdminOpen((o) => !o)}
              link={
                <NavLink
                  component={Link}
                  to="/admin"
                  label={t('Admin')}
                  onClick={onNavigate}
                  active={pathname.toLowerCase().startsWith('/admin')}
                  leftSection={<IconSettings size={18} stroke={1.6} aria-hidden />}
                  data-testid="drawer-admin"
                />
              }
            >
              {adminItems.map((item) => (
                <ItemLink key={item._id ?? item.url} item={item} onNavigate={onNavigate} />
              ))}
            </TreeRow>
          </li>
        )}
        <li>
          <NavLink
            component="button"
            label={t('Languages')}
            leftSection={<IconLanguage size={18} stroke={1.6} aria-hidden />}
            rightSection={<IconChevronDown size={16} aria-hidden style={{ transform: langOpen ? 'rotate(180deg)' : undefined }} />}
            onClick={() => setLangOpen((o) => !o)}
            aria-expanded={langOpen}
            data-testid="drawer-languages"
          />
          <Collapse expanded={langOpen}>
            <Box component="ul" className="plain-list" ps="md">
              {languages.map((code) => (
                <li key={code}>
                  <NavLink
                    component="button"
                    lang={code}
                    label={LANGUAGE_NAMES[code] ?? code}
                    active={code === lang}
                    aria-current={code === lang ? 'true' : undefined}
                    onClick={() => {
                      void switchTo(code);
                      onNavigate();
                    }}
                    data-lang={code}
                  />
                </li>
              ))}
            </Box>
          </Collapse>
        </li>
        <li>
          {user ? (
            <NavLink
              component="button"
              label={t('Logout')}
              leftSection={<IconLogout size={18} stroke={1.6} aria-hidden />}
              onClick={() => {
                onNavigate();
                void doLogout();
              }}
              data-testid="drawer-logout"
            />
          ) : (
            <NavLink
              component={Link}
              to="/login"
              label={t('Login')}
              leftSection={<IconLogin size={18} stroke={1.6} aria-hidden />}
              onClick={onNavigate}
              active={pathname.toLowerCase() === '/login'}
              data-testid="drawer-login"
            />
          )}
        </li>
      </Box>
    </AppShell.Section>
  );
}
