/**
 * Course listing block (spec 2): cards for the courses not Inactive, in the user's language (or with no
 * language when it is en), sorted by order then title. The card's button follows the user's enrolment:
 * several enrolments -> the course page; started -> Continue; enrolled -> Get Started; else View Course.
 */
import { Badge, Button, Card, Group, Image, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../../../domain/types.ts';
import { useSession } from '../../../lib/session.ts';
import { coursesQuery, enrollmentsQuery, inactiveShownFor, visibleCourses } from '../../../lib/data/courses.ts';
import { courseAction } from '../../../lib/course-action.ts';
import { HtmlBody } from '../../../components/HtmlBody.tsx';

const plain = (html: string | undefined) =>
  (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function CourseListBlock({ block }: { block: Content }) {
  const { t } = useTranslation();
  const { lang, user, config } = useSession();
  const courses = useQuery(coursesQuery(lang));
  const enrollments = useQuery(enrollmentsQuery(user?._id));
  const mine = enrollments.data ?? [];
  const inactiveShown = inactiveShownFor(config, mine);
  const list = visibleCourses(courses.data, lang, inactiveShown);
  return (
    <>
      {block.title && (
        <Title order={2} mb="sm">
          {block.title}
        </Title>
      )}
      <HtmlBody html={block.body} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" mt="xs" data-testid="course-list" component="ul" className="plain-list">
        {courses.isPending && [0, 1, 2].map((i) => <Skeleton key={i} h={160} radius="md" component="li" />)}
        {list.map((course) => {
          const action = courseAction(course, mine);
          const count = mine.filter((e) => e.course === course._id).length;
          return (
            <Card key={course._id} withBorder radius="md" padding="md" data-course={course._id} component="li">
              {course.smallbanner && (
                <Card.Section mb="sm">
                  <Image src={course.smallbanner} alt="" h={120} fit="cover" loading="lazy" />
                </Card.Section>
              )}
              <Title order={3} size="h4" mb={6}>
                {course.title}
              </Title>
              <Group gap={6} mb="xs">
                {course.timerequired && <Badge variant="light">{course.timerequired}</Badge>}
                {course.status === 'Inactive' && (
                  <Badge variant="light" color="gray">
                    {t('Inactive')}
                  </Badge>
                )}
                {count > 1 && (
                  <Badge variant="light" color="teal">
                    {t('Enrolled in {{count}} classes', { count })}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="gray.8" lineClamp={4} mb="md">
                {plain(course.description)}
              </Text>
              <Group mt="auto">
                <Button
                  component={Link}
                  to={action.to}
                  size="sm"
                  data-testid="course-action"
                  data-action={action.label}
                  aria-label={`${t(action.label)}: ${course.title}`}
                >
                  {t(action.label)}
                </Button>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
      {courses.isSuccess && list.length === 0 && <Text c="gray.7">{t('No courses are available in this language yet.')}</Text>}
    </>
  );
}
