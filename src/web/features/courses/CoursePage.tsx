/**
 * Course page (routing, lead, description, lessons, Join / Continue). The full page (instructor
 * block, progress, class welcome, language switching) belongs to the course issue.
 */
import { Alert, Anchor, Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COURSE_ID } from '../../../domain/constants.ts';
import { useSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { HtmlBody } from '../content/HtmlBody.tsx';
import { allCoursesQuery, enrollmentsQuery, lessonsQuery, sortLessons } from './api.ts';

export default function CoursePage() {
  const { t } = useTranslation();
  const params = useParams();
  const courseId = params.courseid ?? DEFAULT_COURSE_ID;
  const classId = params.classid && params.classid !== 'none' ? params.classid : undefined;
  const { user } = useSession();
  const courses = useQuery(allCoursesQuery());
  const lessons = useQuery(lessonsQuery(courseId));
  const enrollments = useQuery(enrollmentsQuery(user?._id));
  const course = courses.data?.find((c) => c._id === courseId);
  useDocumentTitle(course?.title ?? (courses.isPending ? undefined : t('Course')));

  if (courses.isPending) return <Stack data-screen="course" data-course={courseId}><Skeleton h={40} w="50%" /><Skeleton h={120} /></Stack>;
  if (!course) {
    return (
      <Stack data-screen="course" data-course={courseId}>
        <Title order={1}>{t('Course')}</Title>
        <Alert color="orange">{t('This course could not be found.')}</Alert>
        <Anchor component={Link} to="/Courses">{t('Browse the courses')}</Anchor>
      </Stack>
    );
  }
  const mine = (enrollments.data ?? []).filter((e) => e.course === courseId);
  if (course.status === 'Inactive' && !classId && mine.length === 0) return <Navigate replace to="/" />;
  const enrolled = mine.length > 0;
  const completed = mine.some((e) => e.completed);
  const list = sortLessons(lessons.data, course);
  const cls = classId ?? mine[0]?.classid;
  return (
    <Stack data-screen="course" data-course={courseId} data-class={classId ?? ''} gap="md">
      <Title order={1}>{course.title}</Title>
      {course.reftitle && <Text c="gray.8" size="lg">{course.reftitle}</Text>}
      <HtmlBody html={course.description} />
      <Group gap="xs">
        {!enrolled && <Button component={Link} to={`/users/enroll/${encodeURIComponent(courseId)}`}>{t('Join This Course')}</Button>}
        {enrolled && !completed && (
          <Button component={Link} to={`/lessons/${encodeURIComponent(courseId)}/next${cls ? `/${encodeURIComponent(cls)}` : ''}`}>{t('Continue Course')}</Button>
        )}
        {user?.isEditor && (
          <>
            <Button variant="light" component={Link} to={`/admin/lessons/${encodeURIComponent(courseId)}/new?after=course`}>{t('Add A Lesson')}</Button>
            <Button variant="light" component={Link} to={`/admin/courses/${encodeURIComponent(courseId)}?after=course`}>{t('Edit Course Properties')}</Button>
          </>
        )}
      </Group>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <Title order={2} size="h3" mb="sm">{t('Lessons')}</Title>
        {lessons.isPending ? <Skeleton h={80} /> : list.length === 0 ? <Text c="dimmed">{t('No lessons yet')}</Text> : (
          <List type="ordered" spacing="xs">
            {list.map((l) => (
              <List.Item key={l._id}>
                <Anchor component={Link} to={`/lessons/${encodeURIComponent(courseId)}/${encodeURIComponent(l._id)}${cls ? `/${encodeURIComponent(cls)}` : ''}`}>{l.title}</Anchor>
              </List.Item>
            ))}
          </List>
        )}
      </Paper>
      <HtmlBody html={course.description2} />
    </Stack>
  );
}
