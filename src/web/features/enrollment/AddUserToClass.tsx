/** Editors add the user whose page this is to a class (spec 2, enrolment list): course, then class. */
import { useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { LANGUAGE_NAMES } from '../../../domain/constants.ts';
import { submitError } from '../../lib/forms.ts';
import { addStatus } from '../../lib/status.ts';
import { allCoursesQuery } from '../../lib/data/courses.ts';
import { courseClassesQuery } from '../../lib/data/classes.ts';
import { invalidateEnrollments, saveEnrollment } from '../../lib/data/enrollment.ts';

export default function AddUserToClass({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const courses = useQuery(allCoursesQuery());
  const [course, setCourse] = useState<string | null>(null);
  const classes = useQuery(courseClassesQuery(course ?? undefined));
  const [classid, setClassid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const courseOptions = [...(courses.data ?? [])]
    .sort((a, b) => a.title.localeCompare(b.title))
    .map((c) => ({
      value: c._id,
      label: `${c.title} (${LANGUAGE_NAMES[c.lang] ?? c.lang})${c.status === 'Inactive' ? ` · ${t('Inactive')}` : ''}`,
    }));
  const classOptions = (classes.data ?? []).map((c) => ({ value: c._id, label: `${c.name}${c.selfpaced ? ` · ${t('Self-paced')}` : ''}` }));

  const adding = useMutation({
    mutationFn: (target: string) => saveEnrollment({ user: userId, classid: target }),
    onMutate: () => setError(null),
    onSuccess: () => {
      invalidateEnrollments(0);
      addStatus('success', t('The user has been added to the class.'));
      setClassid(null);
    },
    onError: (err) => setError(submitError(err, MSG.didntWork)),
  });
  const add = () => {
    if (!classid) {
      setError(MSG.missingClassId);
      return;
    }
    adding.mutate(classid);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="add-user-to-class">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('Add User to Class')}
        </Title>
        {error && (
          <Alert color="red" role="alert">
            {t(error)}
          </Alert>
        )}
        <Group align="flex-end" gap="xs" wrap="wrap">
          <Select
            label={t('Course')}
            data={courseOptions}
            value={course}
            searchable
            miw={220}
            style={{ flex: 1 }}
            onChange={(v) => {
              setCourse(v);
              setClassid(null);
            }}
            nothingFoundMessage={t('No records found.')}
          />
          <Select
            label={t('Class')}
            data={classOptions}
            value={classid}
            onChange={setClassid}
            disabled={!course}
            miw={220}
            style={{ flex: 1 }}
            nothingFoundMessage={t('No records found.')}
            data-testid="add-user-class"
          />
          <Button onClick={add} loading={adding.isPending} disabled={!classid} leftSection={<IconUserPlus size={16} aria-hidden />}>
            {t('Add')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
