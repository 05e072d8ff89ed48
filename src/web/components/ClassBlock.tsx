/**
 * The class block (spec 2, class pages): the class's name, instructor, start date and description;
 * its instructor (and admins) get 'View Class Members' and Edit Class. Used by the lesson viewer and
 * ready for the course page.
 */
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session.ts';
import { HtmlBody } from './HtmlBody.tsx';
import { classQuery, runsClass } from '../lib/data/classes.ts';
import { dayInText } from '../lib/data/enrollment.ts';
import { classEditPath, classMembersPath } from '../lib/paths.ts';
import { useContentLang } from '../lib/content-lang.ts';

export function ClassBlock({ classId, compact = false }: { classId: string; compact?: boolean }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { data: cls, isPending } = useQuery(classQuery(classId));
  const own = useContentLang(cls?.lang);
  if (isPending) return <Skeleton h={compact ? 36 : 90} />;
  if (!cls) return null;
  const host = runsClass(user, cls);
  const facts = [
    cls.instructorname ? `${t('Instructor')}: ${cls.instructorname}` : '',
    cls.startdate ? `${t('Start date')}: ${dayInText(cls.startdate)}` : '',
    cls.selfpaced ? t('Self-paced') : t('Private group'),
  ].filter(Boolean);
  return (
    <Paper withBorder radius="md" p={compact ? 'xs' : 'md'} data-testid="class-block" data-class={cls._id}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          {compact ? (
            <Text fw={600}>
              {t('Class')}: <span {...own}>{cls.name}</span>
            </Text>
          ) : (
            <Title order={2} size="h4" {...own}>
              {cls.name}
            </Title>
          )}
          <Text size="sm" c="gray.7">
            {facts.join(' · ')}
          </Text>
        </Stack>
        {host && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              component={Link}
              to={classMembersPath(cls._id)}
              leftSection={<IconUsers size={14} aria-hidden />}
              data-testid="view-class-members"
            >
              {t('View Class Members')}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              component={Link}
              to={classEditPath(cls._id)}
              leftSection={<IconEdit size={14} aria-hidden />}
            >
              {t('Edit Class')}
            </Button>
          </Group>
        )}
      </Group>
      {!compact && <HtmlBody html={cls.description} {...own} />}
    </Paper>
  );
}
