/**
 * My Classes (spec 2, enrollment panel): the user's enrolments (course, class, enrolled and completed
 * dates, certificate, Continue Class), older ones behind a toggle; Enroll in Another Course; the
 * classes the user hosts (Edit, Visit, Participants, registration code); Create a New Class. Editors
 * on another user's page edit or remove enrolments and add the user to a class (loaded on demand).
 */
import { lazy, Suspense, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconCheck,
  IconCopy,
  IconEdit,
  IconExternalLink,
  IconPlayerPlay,
  IconPlus,
  IconSchool,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClassRecord } from '../../../domain/types.ts';
import { useSession } from '../../lib/session.ts';
import { HtmlBody } from '../../components/HtmlBody.tsx';
import { allCoursesQuery } from '../../lib/data/courses.ts';
import { hostedClassesQuery, mayCreateClasses } from '../../lib/data/classes.ts';
import { CertificateLink } from '../../components/CertificateLink.tsx';
import { dayInText, enrollmentsOf, type EnrollmentRow } from '../../lib/data/enrollment.ts';
import { splitByAge } from '../../lib/data/enrollment-rows.ts';
import { READABLE_ERRORS, SUCCESS_TEXT } from '../../lib/enrollment-ui.ts';
import { classEditPath, classMembersPath, coursePath, nextLessonPath } from '../../lib/paths.ts';
import { useContentLang } from '../../lib/content-lang.ts';

const EnrollmentEditor = lazy(() => import('./EnrollmentEditor.tsx'));
const AddUserToClass = lazy(() => import('./AddUserToClass.tsx'));

function EnrollmentCard({
  e,
  self,
  manage,
  courseTitle,
  courseLang,
}: {
  e: EnrollmentRow;
  self: boolean;
  manage: boolean;
  courseTitle: string;
  courseLang?: string;
}) {
  const { t } = useTranslation();
  const own = useContentLang(courseLang);
  const [mode, setMode] = useState<'edit' | 'remove' | null>(null);
  const percent = Math.max(0, Math.min(100, Math.round(e.percentcomplete ?? 0)));
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      data-testid="enrollment-row"
      data-class={e.classid}
      data-course={e.course}
      data-completed={e.completed ? 'true' : 'false'}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0, flex: 1 }}>
            <Anchor component={Link} to={coursePath(e.course, e.classid)} fw={700} size="lg" {...own}>
              {courseTitle}
            </Anchor>
            {e.classexists === false ? (
              <Text size="sm" c="gray.8">
                {t('This class no longer exists')}
              </Text>
            ) : (
              <Text size="sm" c="gray.8" {...own}>
                {e.classname ?? e.classid}
              </Text>
            )}
          </div>
          {e.completed ? (
            <Badge color="green" variant="light" c={SUCCESS_TEXT} leftSection={<IconCheck size={12} aria-hidden />}>
              {t('Completed')}
            </Badge>
          ) : (
            <Badge color="brand" variant="light">
              {t('In progress')}
            </Badge>
          )}
        </Group>
        {e.description && (
          <Box fz="sm" c="gray.8" style={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            <HtmlBody html={e.description} {...own} />
          </Box>
        )}
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            <Text span c="gray.7">
              {t('Enrolled')}:
            </Text>{' '}
            {dayInText(e.regdate) || '—'}
          </Text>
          <Text size="sm" data-testid="enrollment-completed">
            <Text span c="gray.7">
              {t('Completed')}:
            </Text>{' '}
            {dayInText(e.completed) || '—'}
          </Text>
        </Group>
        {!e.completed && (
          <Group gap="xs" wrap="nowrap">
            <Progress value={percent} style={{ flex: 1 }} aria-label={t('Progress')} />
            <Text size="sm" c="gray.8">{`${percent}%`}</Text>
          </Group>
        )}
        <Group gap="xs">
          {self && e.classexists !== false && (
            <Button
              size="xs"
              component={Link}
              to={nextLessonPath(e.course, e.classid)}
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              data-testid="continue-class"
            >
              {t('Continue Class')}
            </Button>
          )}
          {self && e.completed && <CertificateLink courseId={e.course} label={t('Certificate')} button />}
          {manage && !mode && (
            <>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconEdit size={14} aria-hidden />}
                onClick={() => setMode('edit')}
                data-testid="enrollment-edit"
              >
                {t('Edit')}
              </Button>
              <Button
                size="xs"
                variant="default"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => setMode('remove')}
                data-testid="enrollment-remove"
              >
                {t('Remove')}
              </Button>
            </>
          )}
        </Group>
        {manage && mode && (
          <Suspense fallback={<Skeleton h={120} />}>
            <EnrollmentEditor enrollment={e} mode={mode} onDone={() => setMode(null)} />
          </Suspense>
        )}
      </Stack>
    </Paper>
  );
}

function HostedClass({ cls, courseTitle, courseLang }: { cls: ClassRecord; courseTitle: string; courseLang?: string }) {
  const { t } = useTranslation();
  const own = useContentLang(cls.lang ?? courseLang);
  const courseOwn = useContentLang(courseLang);
  return (
    <Paper component="li" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="hosted-class" data-class={cls._id}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} {...own}>
              {cls.name}
            </Text>
            <Text size="sm" c="gray.8">
              <span {...courseOwn}>{courseTitle}</span>
              {cls.startdate ? ` · ${t('Start date')}: ${dayInText(cls.startdate)}` : ''}
            </Text>
          </div>
          <Badge variant="light" color={cls.selfpaced ? 'gray' : 'brand'} c={cls.selfpaced ? 'dark.7' : 'brand.9'}>
            {cls.selfpaced ? t('Self-paced') : t('Private group')}
          </Badge>
        </Group>
        {cls.regcode && (
          <Group gap={6}>
            <Text size="sm" c="gray.7">
              {t('Registration code')}:
            </Text>
            <Code fz="sm" data-testid="hosted-regcode">
              {cls.regcode}
            </Code>
            <CopyButton value={cls.regcode}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('Copied') : t('Copy')} withArrow>
                  <Button size="compact-xs" variant="subtle" onClick={copy} aria-label={`${t('Copy')}: ${cls.regcode}`}>
                    {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                  </Button>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        )}
        <Group gap="xs">
          <Button size="xs" variant="light" component={Link} to={classEditPath(cls._id)} leftSection={<IconEdit size={14} aria-hidden />}>
            {t('Edit')}
          </Button>
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={coursePath(cls.course, cls._id)}
            leftSection={<IconExternalLink size={14} aria-hidden />}
          >
            {t('Visit')}
          </Button>
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={classMembersPath(cls._id)}
            leftSection={<IconUsers size={14} aria-hidden />}
            data-testid="hosted-participants"
          >
            {t('Participants')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export default function EnrollmentPanel({ userId, self }: { userId: string; self: boolean }) {
  const { t } = useTranslation();
  const { user, config } = useSession();
  const rows = useQuery(enrollmentsOf(userId));
  const courses = useQuery(allCoursesQuery());
  const hosted = useQuery({ ...hostedClassesQuery(user?._id), enabled: self && !!user });
  const [showOlder, setShowOlder] = useState(false);
  const manage = !self && !!user?.isEditor;
  const titleOf = (id: string, fallback?: string) => courses.data?.find((c) => c._id === id)?.title ?? fallback ?? id;
  const langOf = (id: string) => courses.data?.find((c) => c._id === id)?.lang;
  const { recent, older } = splitByAge(rows.data ?? []);
  const list = showOlder ? [...recent, ...older] : recent;

  return (
    <Stack gap="lg" style={READABLE_ERRORS} data-testid="enrollment-panel">
      <Stack gap="sm" component="section" aria-labelledby="enrollments-title">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h3" id="enrollments-title">
            {t('Enrolments')}
          </Title>
          {self && (
            <Button
              size="sm"
              variant="light"
              component={Link}
              to="/users/enroll"
              leftSection={<IconPlus size={16} aria-hidden />}
              data-testid="enroll-another"
            >
              {t('Enroll in Another Course')}
            </Button>
          )}
        </Group>
        {rows.isPending ? (
          <Skeleton h={120} />
        ) : rows.isError ? (
          <Alert color="red">{t('The classes could not be loaded.')}</Alert>
        ) : (
          <>
            {list.length === 0 && (
              <Paper withBorder p="md" radius="md">
                <Text>
                  {older.length
                    ? t('No classes in the last year.')
                    : self
                      ? t('You are not enrolled in any class yet.')
                      : t('No records found.')}
                </Text>
                {self && (
                  <Anchor component={Link} to="/Courses" mt="xs" display="block">
                    {t('Browse the courses')}
                  </Anchor>
                )}
              </Paper>
            )}
            {list.length > 0 && (
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {list.map((e) => (
                  <EnrollmentCard
                    key={e._id}
                    e={e}
                    self={self}
                    manage={manage}
                    courseTitle={titleOf(e.course, e.coursetitle)}
                    courseLang={langOf(e.course)}
                  />
                ))}
              </Stack>
            )}
            {older.length > 0 && (
              <Switch
                checked={showOlder}
                onChange={(ev) => setShowOlder(ev.currentTarget.checked)}
                data-testid="show-older"
                label={t('Show older classes ({{n}})', { n: older.length })}
              />
            )}
          </>
        )}
        {manage && (
          <Suspense fallback={<Skeleton h={60} />}>
            <AddUserToClass userId={userId} />
          </Suspense>
        )}
      </Stack>

      {self && (hosted.data?.length ?? 0) > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="hosted-title">
          <Title order={2} size="h3" id="hosted-title">
            {t('Classes I Teach')}
          </Title>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {hosted.data!.map((c) => (
              <HostedClass key={c._id} cls={c} courseTitle={titleOf(c.course)} courseLang={langOf(c.course)} />
            ))}
          </Stack>
        </Stack>
      )}

      {self && mayCreateClasses(user, config) && (
        <Group>
          <Button component={Link} to="/class/create" leftSection={<IconSchool size={16} aria-hidden />} data-testid="create-class">
            {t('Create a New Class')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
