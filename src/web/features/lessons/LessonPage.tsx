/**
 * Lesson viewer (spec 2, lesson page): /lessons/{courseid}/{lessonid}/{classid?}/{materialid?}/{commentid?}.
 * Picks the class (one enrolment: automatic; several: 'Please select a class'), resolves `next`,
 * lists the materials (or one per link with showeachmaterial), records views per material for that
 * user and class, offers Previous / Next through materials then lessons, and Mark Unread.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Skeleton, Stack, Text, Title, useDirection } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCertificate, IconEyeOff, IconPlus, IconSettings, IconSchool } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { UNREAD_REDIRECT_DELAY_MS } from '../../../domain/constants.ts';
import { chosenClass } from '../../../domain/first-calls.ts';
import type { Course, Lesson, User } from '../../../domain/types.ts';
import { ApiError } from '../../lib/api.ts';
import { addStatus } from '../../lib/status.ts';
import { useSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PageLoader } from '../../app/guards.tsx';
import { HtmlBody } from '../../components/HtmlBody.tsx';
import { allCoursesQuery, lessonQuery, lessonsQuery, sortLessons } from '../../lib/data/courses.ts';
import { applyProgress, dayInText, enrollmentsOf, type EnrollmentRow } from '../../lib/data/enrollment.ts';
import { ClassBlock } from '../../components/ClassBlock.tsx';
import { CertificateLink } from '../../components/CertificateLink.tsx';
import { recordUnviewed, recordViewed } from './api.ts';
import { SavedOnDevice } from '../../lib/offline/queue.ts';
import { continueLesson, courseSteps, neighbours, orderedMaterials, type Step } from './lesson-nav.ts';
import { MaterialView } from './MaterialView.tsx';
import { sectionLabel } from './sections.ts';
import { darkTitle, READABLE_ERRORS } from '../../lib/enrollment-ui.ts';
import { LessonDiscussion } from '../../lib/embeds.tsx';
import { adminPath, coursePath, enrollPath, lessonPath } from '../../lib/paths.ts';
import { useContentLang } from '../../lib/content-lang.ts';

/** An arrow that points the reading direction's way (mirrored in right-to-left languages). */
function DirIcon({ next = false }: { next?: boolean }) {
  const { dir } = useDirection();
  const Icon = next === (dir === 'rtl') ? IconArrowLeft : IconArrowRight;
  return <Icon size={16} aria-hidden />;
}

/** 'Please select a class': the user's classes for this course; a removed class is labelled so. */
function ClassPicker({
  course,
  lessonId,
  materialId,
  enrollments,
}: {
  course: Course;
  lessonId: string;
  materialId?: string;
  enrollments: EnrollmentRow[];
}) {
  const { t } = useTranslation();
  const own = useContentLang(course.lang);
  useDocumentTitle(course.title);
  return (
    <Stack maw={640} data-screen="lesson" data-panel="classpicker" data-course={course._id}>
      <Title order={1} {...own}>
        {course.title}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h3" mb="sm">
          {t('Please select a class')}
        </Title>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {enrollments.map((e) => (
            <li key={e._id} data-class={e.classid}>
              {e.classexists === false ? (
                <Paper withBorder p="sm" radius="sm" bg="gray.0" aria-disabled="true">
                  <Text fw={600} c="red.9">
                    {t(MSG.classGone)}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {t('Enrolled')}: {dayInText(e.regdate)}
                  </Text>
                </Paper>
              ) : (
                <Paper
                  withBorder
                  p="sm"
                  radius="sm"
                  component={Link}
                  to={lessonPath(course._id, lessonId, e.classid, materialId)}
                  className="class-choice"
                  style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
                >
                  <Group justify="space-between" wrap="nowrap">
                    <div>
                      <Text fw={600} c="brand.7">
                        {e.classname ?? e.classid}
                      </Text>
                      <Text size="sm" c="gray.7">
                        {t('Enrolled')}: {dayInText(e.regdate)}
                      </Text>
                    </div>
                    <DirIcon next />
                  </Group>
                </Paper>
              )}
            </li>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Records views for one user and class; each material once per visit of the page. */
function useViewRecorder(target: { user?: User; classId?: string; course: string; lesson?: Lesson; enrolled: boolean }) {
  const seen = useRef(new Set<string>());
  const paused = useRef(false);
  const [completedNow, setCompletedNow] = useState(false);
  const { user, classId, course, lesson, enrolled } = target;
  const key = `${classId}/${lesson?._id}`;
  useEffect(() => {
    seen.current = new Set();
    paused.current = false;
  }, [key]);

  const record = useCallback(
    (materialId?: string) => {
      if (!user || !classId || !lesson || !enrolled || paused.current) return;
      const k = materialId ?? '';
      if (seen.current.has(k)) return;
      seen.current.add(k);
      recordViewed({ user: user._id, classid: classId, lessonid: lesson._id, course, materialid: materialId })
        .then((r) => {
          applyProgress(r);
          if (r.completed && !completedNow) setCompletedNow(true);
        })
        .catch((err) => {
          // Kept on the device while offline: it counts as recorded here and is sent later.
          if (err instanceof SavedOnDevice) return;
          seen.current.delete(k);
          console.warn('viewed failed', err);
        });
    },
    [user, classId, lesson, enrolled, course, completedNow],
  );

  return {
    record,
    pause: () => {
      paused.current = true;
    },
    completedNow,
  };
}

function StepLink({
  step,
  dir,
  course,
  classId,
  lessons,
}: {
  step?: Step;
  dir: 'prev' | 'next';
  course: Course;
  classId?: string;
  lessons: Lesson[];
}) {
  const { t } = useTranslation();
  const own = useContentLang(course.lang);
  if (!step) {
    if (dir === 'prev') return <span />;
    return (
      <Button
        component={Link}
        to={coursePath(course._id, classId)}
        variant="light"
        rightSection={<IconSchool size={16} aria-hidden />}
        data-testid="lesson-next"
        data-end="true"
      >
        {t('Back to the course')}
      </Button>
    );
  }
  const lesson = lessons.find((l) => l._id === step.lessonId);
  const material = step.materialId ? lesson?.materials?.[step.materialId] : undefined;
  const label = material ? material.title || t(sectionLabel(material.section) || 'Material') : (lesson?.title ?? '');
  // A material without a title is named by its section's label, in the interface's language.
  const labelLang = material && !material.title ? {} : own;
  const icon = <DirIcon next={dir === 'next'} />;
  return (
    <Button
      component={Link}
      to={lessonPath(course._id, step.lessonId, classId, step.materialId)}
      variant={dir === 'next' ? 'filled' : 'default'}
      leftSection={dir === 'prev' ? icon : undefined}
      rightSection={dir === 'next' ? icon : undefined}
      data-testid={`lesson-${dir}`}
      styles={{
        root: { maxWidth: '100%', height: 'auto', minHeight: 36, paddingBlock: 6 },
        label: { whiteSpace: 'normal', textAlign: dir === 'next' ? 'end' : 'start' },
      }}
    >
      <Stack gap={0} align={dir === 'next' ? 'flex-end' : 'flex-start'}>
        <Text size="xs" inherit={false} c={dir === 'next' ? 'white' : 'gray.7'}>
          {dir === 'prev' ? t('Previous') : t('Next')}
        </Text>
        <Text size="sm" fw={600} inherit={false} lineClamp={2} {...labelLang}>
          {label}
        </Text>
      </Stack>
    </Button>
  );
}

export default function LessonPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { user, config } = useSession();
  const courseId = params.courseid ?? '';
  const lessonId = params.lessonid ?? '';
  const classParam = params.classid && params.classid !== 'none' ? params.classid : undefined;
  const materialId = params.materialid;
  const commentId = params.commentid;

  const courses = useQuery(allCoursesQuery());
  const lessonList = useQuery(lessonsQuery(courseId));
  const enrollments = useQuery(enrollmentsOf(user?._id));
  const lessonFull = useQuery(lessonQuery(lessonId));

  const course = courses.data?.find((c) => c._id === courseId);
  const own = useContentLang(course?.lang);
  const lessons = useMemo(() => sortLessons(lessonList.data, course), [lessonList.data, course]);
  const mine = useMemo(() => (enrollments.data ?? []).filter((e) => e.course === courseId), [enrollments.data, courseId]);
  const enrollment = classParam ? mine.find((e) => e.classid === classParam) : undefined;
  const summary = lessons.find((l) => l._id === lessonId);
  const lesson = lessonFull.data && lessonFull.data._id === lessonId ? lessonFull.data : undefined;
  const progress = enrollment?.progress?.[lessonId];
  const eachMaterial = !!config?.showeachmaterial;

  useDocumentTitle(course && (lesson ?? summary) ? `${course.title}: ${(lesson ?? summary)!.title}` : undefined);

  const recorder = useViewRecorder({
    user: user ?? undefined,
    classId: classParam,
    course: courseId,
    lesson,
    enrolled: !!enrollment && enrollment.classexists !== false,
  });
  const { record } = recorder;

  const materials = useMemo(() => orderedMaterials(lesson), [lesson]);
  const shown = eachMaterial ? [materials.find((m) => m._id === materialId) ?? materials[0]].filter((m) => !!m) : materials;
  const steps = useMemo(() => courseSteps(lessons), [lessons]);
  const { prev, next } = neighbours(steps, lessonId, eachMaterial ? shown[0]?._id : materialId);

  // A lesson without materials is recorded as soon as it is shown.
  useEffect(() => {
    if (lesson && materials.length === 0) record();
  }, [lesson, materials.length, record]);

  // Previous / Next within the page: bring the chosen material into view (a bookmark hash wins).
  useEffect(() => {
    // The lesson's first material sits at the top already: the title stays in view.
    if (!lesson || eachMaterial || !materialId || location.hash || materials[0]?._id === materialId) return;
    const el = document.getElementById(materialId);
    if (el) el.scrollIntoView({ block: 'start' });
  }, [lesson, materialId, eachMaterial, location.hash, materials]);

  const unread = useMutation({
    mutationFn: recordUnviewed,
    onSuccess: (r) => {
      applyProgress(r);
      addStatus('success', t('The lesson is marked unread.'));
      setTimeout(() => navigate(coursePath(courseId, classParam)), UNREAD_REDIRECT_DELAY_MS);
    },
    onError: (err) => {
      if (err instanceof SavedOnDevice) {
        addStatus('info', err.message, 10_000);
        setTimeout(() => navigate(coursePath(courseId, classParam)), UNREAD_REDIRECT_DELAY_MS);
        return;
      }
      addStatus('error', err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : MSG.didntWork);
    },
  });
  // Marked unread (or kept on the device): the button stays busy until the course page opens.
  const unreading = unread.isPending || unread.isSuccess || unread.error instanceof SavedOnDevice;
  const markUnread = () => {
    if (!user || !classParam || !enrollment) return;
    recorder.pause();
    unread.mutate({ user: user._id, classid: classParam, lessonid: lessonId, course: courseId });
  };

  const onCompleted = useCallback(() => addStatus('success', t('Congratulations! You have completed this course.'), 8000), [t]);
  useEffect(() => {
    if (recorder.completedNow) onCompleted();
  }, [recorder.completedNow, onCompleted]);

  // ---- routing decisions (spec: no course -> /Courses, no lesson -> the course page) ----
  if (courses.isPending || lessonList.isPending || (user && enrollments.isPending))
    return <Loading courseId={courseId} lessonId={lessonId} />;
  if (!course) return <Navigate replace to="/Courses" />;
  if (lessonId !== 'next' && (!summary || lessonFull.isError || (lessonFull.isSuccess && !lessonFull.data))) {
    return <Navigate replace to={coursePath(courseId)} />;
  }
  // The learner's only class in the course: the same rule as the page's first answers (its class comes inside).
  const onlyClass = classParam ? undefined : chosenClass(undefined, mine);
  if (onlyClass) {
    return <Navigate replace to={`${lessonPath(courseId, lessonId, onlyClass, materialId)}${location.hash}`} />;
  }
  if (!classParam && mine.length > 1) {
    return <ClassPicker course={course} lessonId={lessonId} materialId={materialId} enrollments={mine} />;
  }
  if (lessonId === 'next') {
    const target = continueLesson(lessons, enrollment);
    if (!target) return <Navigate replace to={coursePath(courseId, classParam)} />;
    return <Navigate replace to={lessonPath(courseId, target, classParam)} />;
  }
  if (!lesson || !user) return <Loading courseId={courseId} lessonId={lessonId} />;

  const notInClass = classParam && !enrollment;
  const gone = enrollment?.classexists === false;

  return (
    <Stack
      gap="md"
      style={READABLE_ERRORS}
      data-screen="lesson"
      data-course={courseId}
      data-lesson={lessonId}
      data-class={classParam ?? ''}
      data-material={materialId ?? ''}
      data-mode={eachMaterial ? 'each' : 'list'}
    >
      <Breadcrumbs separator="›" separatorMargin={6} styles={{ root: { flexWrap: 'wrap' } }}>
        <Anchor component={Link} to={coursePath(courseId, classParam)} data-testid="lesson-course-link" {...own}>
          {course.title}
        </Anchor>
        <Text size="sm" c="gray.7" {...own}>
          {summary?.title ?? lesson.title}
        </Text>
      </Breadcrumbs>
      <Title order={1} {...own}>
        {lesson.title}
      </Title>
      <HtmlBody html={lesson.description} {...own} />

      {enrollment && !gone && <ClassBlock classId={enrollment.classid} compact />}
      {gone && <Alert color="orange">{t(MSG.classGone)}</Alert>}
      {!enrollment && (
        <Alert color="blue" data-testid="lesson-not-enrolled">
          <Text>{notInClass ? t(MSG.notEnrolled) : t('You are not enrolled in this course, so your progress is not recorded.')}</Text>
          <Button mt="xs" size="xs" component={Link} to={enrollPath(courseId)}>
            {t('Join This Course')}
          </Button>
        </Alert>
      )}
      {enrollment?.completed && (
        <Alert
          color="green"
          styles={darkTitle('green')}
          icon={<IconCertificate size={20} aria-hidden />}
          data-testid="lesson-completed"
          title={t('You have completed this course.')}
        >
          <CertificateLink courseId={courseId} />
        </Alert>
      )}

      {(user.isEditor || (enrollment && !gone)) && (
        <Group gap="xs">
          {enrollment && !gone && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconEyeOff size={14} aria-hidden />}
              onClick={markUnread}
              loading={unreading}
              data-testid="mark-unread"
            >
              {t('Mark Unread')}
            </Button>
          )}
          {user.isEditor && (
            <>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                component={Link}
                to={adminPath('lessonmaterials', courseId, lessonId, 'new')}
              >
                {t('Add Material')}
              </Button>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconSettings size={14} aria-hidden />}
                component={Link}
                to={adminPath('lessons', courseId, lessonId)}
              >
                {t('Manage Lesson')}
              </Button>
            </>
          )}
        </Group>
      )}

      {materials.length === 0 && <Text c="gray.7">{t('No materials')}</Text>}
      {shown.map((m) => (
        <MaterialView
          key={m._id}
          material={m}
          courseLang={course.lang}
          courseId={courseId}
          lessonId={lessonId}
          classId={enrollment && !gone ? classParam : undefined}
          commentId={commentId}
          user={user}
          progress={progress}
          current={eachMaterial || m._id === materialId}
          onSeen={enrollment && !gone ? record : undefined}
          onCompleted={onCompleted}
        />
      ))}

      {shown.length > 0 && !shown.some((m) => m.usebutton === 'yes') && (
        <LessonDiscussion
          courseId={courseId}
          lessonId={lessonId}
          classId={enrollment && !gone ? classParam : null}
          material={null}
          commentId={commentId}
        />
      )}

      <Group justify="space-between" gap="sm" component="nav" aria-label={t('Lesson navigation')} wrap="nowrap" data-testid="lesson-nav">
        <StepLink step={prev} dir="prev" course={course} classId={classParam} lessons={lessons} />
        <StepLink step={next} dir="next" course={course} classId={classParam} lessons={lessons} />
      </Group>
    </Stack>
  );
}

function Loading({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  return (
    <Stack data-screen="lesson" data-loading="true" data-course={courseId} data-lesson={lessonId}>
      <Skeleton h={20} w="30%" />
      <Skeleton h={40} w="60%" />
      <PageLoader />
    </Stack>
  );
}
