/**
 * Confirmation panel (spec 2 and 4: class create -> confirmation): the class and its registration
 * code to share with learners, with a copyable enrol link that fills the code in.
 */
import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconEdit, IconExternalLink, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClassRecord } from '../../../domain/types.ts';
import { allCoursesQuery } from '../../lib/data/courses.ts';
import { darkTitle } from '../../lib/enrollment-ui.ts';
import { classEditPath, classMembersPath, coursePath, enrollPath } from '../../lib/paths.ts';

function Copy({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('Copied') : t('Copy')} withArrow>
          <Button
            size="xs"
            variant="light"
            onClick={copy}
            aria-label={`${t('Copy')}: ${label}`}
            leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          >
            {copied ? t('Copied') : t('Copy')}
          </Button>
        </Tooltip>
      )}
    </CopyButton>
  );
}

export function ConfirmationPanel({ cls, regcode }: { cls: ClassRecord; regcode?: string }) {
  const { t } = useTranslation();
  const courses = useQuery(allCoursesQuery());
  const course = courses.data?.find((c) => c._id === cls.course);
  const enc = encodeURIComponent;
  const link = `${window.location.origin}${enrollPath(cls.course)}${regcode && !cls.selfpaced ? `?regcode=${enc(regcode)}` : ''}`;
  return (
    <Stack gap="md" data-testid="class-confirmation">
      <Alert color="green" styles={darkTitle('green')} icon={<IconCheck size={20} aria-hidden />} title={t('Your class is ready.')}>
        {cls.selfpaced
          ? t('Learners can join it from the course page.')
          : t('Share the registration code with your learners: they enter it when they enroll.')}
      </Alert>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="sm">
          <Title order={2} size="h3" data-testid="confirmation-name">
            {cls.name}
          </Title>
          <dl className="field-list">
            <div className="field-row">
              <dt>{t('Course')}</dt>
              <dd>{course?.title ?? cls.course}</dd>
            </div>
            <div className="field-row">
              <dt>{t('Instructor')}</dt>
              <dd>{cls.instructorname || '—'}</dd>
            </div>
            <div className="field-row">
              <dt>{t('Start date')}</dt>
              <dd>{cls.startdate?.slice(0, 10) || '—'}</dd>
            </div>
            <div className="field-row">
              <dt>{t('Type')}</dt>
              <dd>{cls.selfpaced ? t('Self-paced') : t('Private group')}</dd>
            </div>
          </dl>
          {regcode && (
            <Stack gap={6}>
              <Text fw={600}>{t('Registration code')}</Text>
              <Group gap="sm">
                <Code fz={28} fw={700} px="md" py={6} style={{ letterSpacing: '0.12em' }} data-testid="confirmation-regcode" dir="ltr">
                  {regcode}
                </Code>
                <Copy value={regcode} label={t('Registration code')} />
              </Group>
            </Stack>
          )}
          <Stack gap={6}>
            <Text fw={600}>{t('Link to share')}</Text>
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                value={link}
                readOnly
                aria-label={t('Link to share')}
                style={{ flex: 1, minWidth: 0 }}
                dir="ltr"
                onFocus={(e) => e.currentTarget.select()}
                data-testid="confirmation-link"
              />
              <Copy value={link} label={t('Link to share')} />
            </Group>
          </Stack>
        </Stack>
      </Paper>
      <Group gap="xs">
        <Button
          component={Link}
          to={classMembersPath(cls._id)}
          leftSection={<IconUsers size={16} aria-hidden />}
          data-testid="confirmation-members"
        >
          {t('View Class Members')}
        </Button>
        <Button variant="light" component={Link} to={classEditPath(cls._id)} leftSection={<IconEdit size={16} aria-hidden />}>
          {t('Edit Class')}
        </Button>
        <Button
          variant="light"
          component={Link}
          to={coursePath(cls.course, cls._id)}
          leftSection={<IconExternalLink size={16} aria-hidden />}
        >
          {t('Course page')}
        </Button>
        <Button variant="subtle" component={Link} to="/users/profile/enrollment">
          {t('My Classes')}
        </Button>
      </Group>
    </Stack>
  );
}
