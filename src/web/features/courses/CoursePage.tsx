/**
 * Course page (spec 2): /Course/{courseid}/{classid?} and its aliases. A welcome panel after signing up
 * (class start date and Continue), the lead, description, progress, the class and its instructor, the
 * lessons by section with visited and quizzed marks, and the footer block. Join This Course for those
 * not enrolled, Continue Course until completed. An Inactive course without a class sends to /; a course
 * in another language than the user's moves to its sibling (site config maincourses).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  List,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCertificate, IconCheck, IconChecklist, IconClock, IconEye, IconPlayerPlay, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Course, Lesson } from '../../../domain/types.ts';
import { COURSE_RETRIES, DEFAULT_COURSE_ID } from '../../../domain/constants.ts';
import { useSession } from '../../lib/session.ts';
import { quizPassed } from '../../lib/quiz-result.ts';
import { queryClient } from '../../lib/query.ts';
import {
  adminPath,
  certificatePath,
  classMembersPath,
  coursePath,
  enrollPath,
  lessonPath,
  nextLessonPath,
  sleep,
} from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { HtmlBody } from '../../components/HtmlBody.tsx';
import { useContentLang } from '../../lib/content-lang.ts';
import { Video } from '../../components/Video.tsx';
import { allCoursesQuery, classQuery, classesQuery, courseByIdQuery, enrollmentsQuery, lessonsQuery } from '../../lib/data/courses.ts';
import { KeepCourse } from '../../lib/embeds.tsx';
import { chosenClass, lessonSections, progressPercent, siblingCourseId, type ListedEnrollment } from './course-page.ts';

const CourseEditorBar = lazy(() => import('./CourseEditorBar.tsx'));

const day = (iso?: string) => (iso ? iso.slice(0, 10) : '');

/** Re-asks for the catalogue a few times before saying a course is missing (spec 9: course init 3 x 300 ms). */
function useCourseRetry(courseId: string, found: boolean, ready: boolean): boolean {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (found || !ready) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- a new catalogue answer restarts the retries, so the verdict resets with them
      setGaveUp(false);
      return;
    }
    let cancelled = false;
    void (async () => {
      for (let i = 0; i < COURSE_RETRIES.tries; i++) {
        await sleep(COURSE_RETRIES.delayMs);
        if (cancelled) return;
        const list = await queryClient.fetchQuery({ ...allCoursesQuery(), staleTime: 0 }).catch(() => null);
        if (cancelled || list?.some((c) => c._id === courseId)) return;
      }
      if (!cancelled) setGaveUp(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [courseId, found, ready]);
  return gaveUp;
}

export default function CoursePage() {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const courseId = params.courseid || DEFAULT_COURSE_ID;
  const routeClass = params.classid && params.classid !== 'none' ? params.classid : undefined;
  const welcome = params['*'] === 'welcome' || new URLSearchParams(location.search).has('welcome');
  const { user, lang, config } = useSession();
  const [preview, setPreview] = useState(false);
  const courses = useQuery(allCoursesQuery());
  const lessons = useQuery(lessonsQuery(courseId));
  const enrollments = useQuery(enrollmentsQuery(user?._id));
  const listed = courses.data?.find((c) => c._id === courseId);
  const byId = useQuery({ ...courseByIdQuery(courseId), enabled: courses.isSuccess && !listed });
  const course = listed ?? byId.data ?? undefined;
  const mine = ((enrollments.data ?? []) as ListedEnrollment[]).filter((e) => e.course === courseId);
  const classId = chosenClass(routeClass, mine);
  const cls = useQuery({ ...classQuery(classId ?? ''), enabled: !!classId });
  const enrollment = mine.find((e) => e.classid === classId);
  const sibling = course ? siblingCourseId(course, lang, config) : null;
  const siblingExists = !!sibling && !!courses.data?.some((c) => c._id === sibling);
  // With a class, the sibling's self-paced class in the user's language is used.
  const siblingClasses = useQuery({ ...classesQuery(sibling ?? '', lang), enabled: siblingExists && !!classId });
  const gaveUp = useCourseRetry(courseId, !!course, courses.isSuccess);
  const own = useContentLang(course?.lang);
  useDocumentTitle(course?.title ?? (courses.isPending ? undefined : t('Course')));

  if (courses.isPending || (!course && byId.isPending && byId.fetchStatus !== 'idle') || (!course && !gaveUp && !courses.isError)) {
    return (
      <Stack data-screen="course" data-course={courseId} data-loading="true">
        <Skeleton h={40} w="50%" />
        <Skeleton h={120} />
        <Skeleton h={200} />
      </Stack>
    );
  }
  if (!course) {
    return (
      <Stack data-screen="course" data-course={courseId}>
        <Title order={1}>{t('Course')}</Title>
        <Alert color="orange">{t('This course could not be found.')}</Alert>
        <Anchor component={Link} to="/Courses">
          {t('Browse the courses')}
        </Anchor>
      </Stack>
    );
  }
  if (siblingExists) {
    if (!classId) return <Navigate replace to={coursePath(sibling!)} />;
    if (siblingClasses.isSuccess) {
      const selfPaced = siblingClasses.data.find((c) => c.selfpaced);
      return <Navigate replace to={coursePath(sibling!, selfPaced?._id)} />;
    }
    if (!siblingClasses.isError)
      return (
        <Stack data-screen="course" data-course={courseId} data-loading="true">
          <Skeleton h={40} w="50%" />
        </Stack>
      );
  }
  if (course.status === 'Inactive' && !classId && (!user || enrollments.isSuccess)) return <Navigate replace to="/" />;

  const isEditor = !!user?.isEditor;
  const editing = isEditor && !preview;
  const completed = !!enrollment?.completed;
  const enrolled = mine.length > 0;
  const classRecord = cls.data ?? null;
  const continuePath = nextLessonPath(courseId, classId);
  const percent = progressPercent(enrollment, lessons.data);
  // Nothing opened yet: "Start" reads right; "Continue Course" once the learner has begun.
  const started = percent > 0 || Object.keys(enrollment?.progress ?? {}).length > 0;
  return (
    <Stack data-screen="course" data-course={courseId} data-class={classId ?? ''} gap="lg" className="course-page">
      {isEditor && (
        <Suspense fallback={null}>
          <CourseEditorBar courseId={courseId} preview={preview} onPreview={setPreview} />
        </Suspense>
      )}
      {welcome && enrollment && (
        <Alert color="teal" variant="light" title={t('Thank you for signing up!')} data-testid="course-welcome">
          <Stack gap="xs">
            {classRecord?.startdate ? (
              <Text size="sm">{t('Your class starts on {{date}}.', { date: day(classRecord.startdate) })}</Text>
            ) : (
              <Text size="sm">{t('You can start right away.')}</Text>
            )}
            <Group>
              <Button component={Link} to={continuePath} size="sm">
                {t('Continue')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: course.video ? 7 : 12 }}>
          <Stack gap="sm">
            <Title order={1} {...own}>
              {course.title}
            </Title>
            <CourseLead course={course} lessons={lessons.data} className={classRecord?.name} />
            <HtmlBody html={course.description} className="course-description" {...own} />
          </Stack>
        </Grid.Col>
        {course.video && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Video url={course.video} title={course.title} />
          </Grid.Col>
        )}
      </Grid>

      <Group gap="xs" data-testid="course-actions">
        {!enrolled && (
          <Button component={Link} to={enrollPath(courseId)} size="md" data-testid="join-course">
            {t('Join This Course')}
          </Button>
        )}
        {enrolled && !completed && (
          <Button
            component={Link}
            to={continuePath}
            size="md"
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            data-testid="continue-course"
            data-started={started}
          >
            {started ? t('Continue Course') : t('Start')}
          </Button>
        )}
        {completed && (
          <Button
            component="a"
            href={certificatePath(courseId)}
            target="_blank"
            rel="noopener"
            variant="light"
            leftSection={<IconCertificate size={18} aria-hidden />}
          >
            {t('Your certificate')}
          </Button>
        )}
      </Group>

      {enrolled && <KeepCourse courseId={courseId} title={course.title} />}

      {enrollment && (
        <Paper withBorder p="md" radius="md" data-testid="course-progress">
          <Group justify="space-between" mb={6}>
            <Text fw={600} id="course-progress-label">
              {t('Your progress')}
            </Text>
            <Text size="sm" c="gray.7">
              {completed ? `${t('Completed')} ${day(enrollment.completed)}` : `${percent}%`}
            </Text>
          </Group>
          {/* The name goes on the section: that element carries role="progressbar". */}
          <Progress.Root size="lg" radius="xl">
            <Progress.Section value={percent} color={completed ? 'teal' : 'brand'} aria-labelledby="course-progress-label" />
          </Progress.Root>
        </Paper>
      )}
      {!routeClass && mine.length > 1 && (
        <Paper withBorder p="md" radius="md">
          <Text fw={600} mb="xs">
            {t('You are enrolled in several classes of this course.')}
          </Text>
          <List spacing={4}>
            {mine.map((e) => (
              <List.Item key={e._id}>
                {e.classexists === false ? (
                  <Text span c="gray.7">
                    {t('This class no longer exists')}
                  </Text>
                ) : (
                  <Anchor component={Link} to={coursePath(courseId, e.classid)}>
                    {e.classname ?? e.classid}
                  </Anchor>
                )}
              </List.Item>
            ))}
          </List>
        </Paper>
      )}

      {classRecord && <ClassBlock courseId={courseId} cls={classRecord} />}

      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="course-lessons">
        <Title order={2} size="h3" mb="sm" id="course-lessons">
          {t('Lessons')}
        </Title>
        <LessonList
          course={course}
          lessons={lessons.data}
          pending={lessons.isPending}
          classId={classId}
          enrollment={enrollment}
          editing={editing}
        />
      </Paper>

      <HtmlBody html={course.description2} className="course-footer" {...own} />
    </Stack>
  );
}

function CourseLead({ course, lessons, className }: { course: Course; lessons: Lesson[] | undefined; className?: string }) {
  const { t } = useTranslation();
  // Filled: Mantine's light variant with a shade paints the shade behind text of the same colour.
  return (
    <Group gap="xs" className="course-lead" data-testid="course-lead">
      {course.timerequired && (
        <Badge variant="filled" color="brand.9" leftSection={<IconClock size={12} aria-hidden />}>
          {course.timerequired}
        </Badge>
      )}
      {lessons && (
        <Badge variant="filled" color="gray.9">
          {t('Lessons: {{n}}', { n: lessons.length })}
        </Badge>
      )}
      {course.certificate && (
        <Badge variant="filled" color="teal.9" leftSection={<IconCertificate size={12} aria-hidden />}>
          {t('Certificate')}
        </Badge>
      )}
      {course.status === 'Inactive' && (
        <Badge variant="filled" color="orange.9">
          {t('Inactive')}
        </Badge>
      )}
      {className && (
        <Text size="sm" c="gray.7">
          {t('Class')}: {className}
        </Text>
      )}
    </Group>
  );
}

function ClassBlock({
  courseId,
  cls,
}: {
  courseId: string;
  cls: {
    _id: string;
    name: string;
    instructor?: string;
    instructorname?: string;
    startdate?: string;
    selfpaced: boolean;
    description?: string;
    lang?: string;
  };
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const own = useContentLang(cls.lang);
  const runs = !!user && (user.isAdmin || cls.instructor === user._id || !!user.instructor?.[cls._id]);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="course-class" data-testid="class-block">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h4" id="course-class" {...own}>
            {cls.name}
          </Title>
          {cls.instructorname && (
            <Text size="sm">
              <Text span fw={600}>
                {t('Instructor')}:
              </Text>{' '}
              {cls.instructorname}
            </Text>
          )}
          <Text size="sm" c="gray.7">
            {cls.selfpaced ? t('Self-paced: start any time.') : cls.startdate ? `${t('Start date')}: ${day(cls.startdate)}` : ''}
          </Text>
        </Stack>
        {runs && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconUsers size={14} aria-hidden />}
              component={Link}
              to={classMembersPath(cls._id)}
            >
              {t('View Class Members')}
            </Button>
            {user?.isAdmin && (
              <Button size="xs" variant="subtle" component={Link} to={adminPath('classes', courseId, cls._id)}>
                {t('Admin')}
              </Button>
            )}
          </Group>
        )}
      </Group>
      <HtmlBody html={cls.description} {...own} />
    </Paper>
  );
}

function LessonList({
  course,
  lessons,
  pending,
  classId,
  enrollment,
  editing,
}: {
  course: Course;
  lessons: Lesson[] | undefined;
  pending: boolean;
  classId?: string;
  enrollment?: ListedEnrollment;
  editing: boolean;
}) {
  const { t } = useTranslation();
  const { config } = useSession();
  const own = useContentLang(course.lang);
  if (pending) return <Skeleton h={120} />;
  const sections = lessonSections(lessons, course);
  if (sections.length === 0) return <Text c="gray.7">{t('No lessons yet')}</Text>;
  // Lessons are numbered across parts.
  const firstNumber = sections.map((_, si) => sections.slice(0, si).reduce((sum, s) => sum + s.lessons.length, 1));
  return (
    <Stack gap="md" data-testid="lesson-list">
      {sections.map((s, si) => (
        <Box key={`${s.key}-${si}`}>
          {sections.length > 1 && (
            <Title order={3} size="h5" mb={6} c="gray.8">
              {t('Part {{n}}', { n: si + 1 })}
            </Title>
          )}
          <List spacing={6} listStyleType="none" className="lesson-list">
            {s.lessons.map((l, li) => {
              const n = (firstNumber[si] ?? 1) + li;
              const p = enrollment?.progress?.[l._id];
              const visited = !!(p?.firstview || p?.lastview);
              const quizzed = !!p?.quizdate;
              const passed = quizPassed(p, config?.quizpasspercent ?? 0);
              return (
                <List.Item
                  key={l._id}
                  data-lesson={l._id}
                  data-visited={visited || undefined}
                  data-quizzed={quizzed || undefined}
                  icon={
                    <ThemeIcon
                      size={24}
                      radius="xl"
                      variant={visited ? 'filled' : 'light'}
                      color={quizzed ? (passed ? 'teal' : 'orange.9') : visited ? 'brand' : 'gray'}
                      aria-hidden
                    >
                      {visited ? (
                        <IconCheck size={14} />
                      ) : (
                        <Text size="xs" fw={700}>
                          {n}
                        </Text>
                      )}
                    </ThemeIcon>
                  }
                >
                  <Group gap={6} wrap="wrap">
                    <Anchor component={Link} to={lessonPath(course._id, l._id, classId)} fw={500} {...own}>
                      {l.title}
                    </Anchor>
                    {visited && (
                      <Badge size="xs" variant="light" color="brand.9" leftSection={<IconEye size={10} aria-hidden />}>
                        {t('Visited')}
                      </Badge>
                    )}
                    {quizzed &&
                      (passed ? (
                        <Badge
                          size="xs"
                          variant="light"
                          color="teal.9"
                          leftSection={<IconChecklist size={10} aria-hidden />}
                          data-quiz="passed"
                        >
                          {t('Quiz taken')}
                        </Badge>
                      ) : (
                        <Badge size="xs" variant="light" color="orange.9" data-quiz="failed">
                          {t('Quiz not passed')}
                        </Badge>
                      ))}
                    {editing && (
                      <Anchor
                        component={Link}
                        size="xs"
                        to={`${adminPath('lessons', course._id, l._id)}?after=course`}
                        aria-label={`${t('Edit')}: ${l.title}`}
                      >
                        {t('Edit')}
                      </Anchor>
                    )}
                  </Group>
                </List.Item>
              );
            })}
          </List>
        </Box>
      ))}
    </Stack>
  );
}
