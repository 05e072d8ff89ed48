/** Lesson viewer: routing and frame (the lesson issue fills in materials, quizzes and navigation). */
import { Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { allCoursesQuery, lessonsQuery } from '../courses/api.ts';

export default function LessonPage() {
  const { t } = useTranslation();
  const { courseid = '', lessonid = '', classid, materialid } = useParams();
  const courses = useQuery(allCoursesQuery());
  const lessons = useQuery(lessonsQuery(courseid));
  const course = courses.data?.find((c) => c._id === courseid);
  const lesson = lessonid === 'next' ? undefined : lessons.data?.find((l) => l._id === lessonid);
  useDocumentTitle(course && lesson ? `${course.title}: ${lesson.title}` : undefined);
  return (
    <Stack data-screen="lesson" data-course={courseid} data-lesson={lessonid} data-class={classid ?? ''} data-material={materialid ?? ''}>
      {lessons.isPending ? <Skeleton h={40} w="50%" /> : (
        <Title order={1}>{lesson?.title ?? (lessonid === 'next' ? t('Continue Course') : t('Lesson'))}</Title>
      )}
      {course && <Anchor component={Link} to={`/Course/${encodeURIComponent(courseid)}`}>{course.title}</Anchor>}
      <Paper withBorder p="md" radius="md"><Text>{t('The lesson materials will be shown here.')}</Text></Paper>
    </Stack>
  );
}
