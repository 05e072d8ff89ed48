import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../../../domain/types.ts';
import { useSession } from '../../../lib/session.ts';
import { coursesQuery, enrollmentsQuery, visibleCourses } from '../../courses/api.ts';
import { courseAction } from '../../courses/course-action.ts';
import { HtmlBody } from '../HtmlBody.tsx';

const plain = (html: string | undefined) => (html ?? '').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

export function CourseListBlock({ block }: { block: Content }) {
  const { t } = useTranslation();
  const { lang, user } = useSession();
  const courses = useQuery(coursesQuery(lang));
  const enrollments = useQuery(enrollmentsQuery(user?._id));
  const list = visibleCourses(courses.data, lang);
  return (
    <>
      {block.title && <Title order={2} mb="sm">{block.title}</Title>}
      <HtmlBody html={block.body} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" mt="xs" data-testid="course-list">
        {courses.isPending && [0, 1, 2].map((i) => <Skeleton key={i} h={160} radius="md" />)}
        {list.map((course) => {
          const action = courseAction(course, enrollments.data ?? []);
          return (
            <Card key={course._id} withBorder radius="md" padding="md" data-course={course._id}>
              <Title order={3} size="h4" mb={6}>{course.title}</Title>
              {course.timerequired && <Badge variant="light" mb="xs">{course.timerequired}</Badge>}
              <Text size="sm" c="gray.8" lineClamp={4} mb="md">{plain(course.description)}</Text>
              <Group mt="auto">
                <Button component={Link} to={action.to} size="sm">{t(action.label)}</Button>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
      {courses.isSuccess && list.length === 0 && <Text c="dimmed">{t('No courses are available in this language yet.')}</Text>}
    </>
  );
}
