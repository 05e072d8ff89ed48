/**
 * /admin/classes/{course}/{class} (spec 2): one class for admins: its fields (saved through
 * /app_classes/save, with the server's messages per field) and its participants, a page at a time (/app_enrollment/participants).
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../../domain/constants.ts';
import { MSG } from '../../../../domain/messages.ts';
import type { ClassRecord } from '../../../../domain/types.ts';
import { ClassSaveSchema } from '../../../../domain/validation.ts';
import { fieldError, zodErrors } from '../../../lib/forms.ts';
import { queryClient } from '../../../lib/query.ts';
import { addStatus } from '../../../lib/status.ts';
import { useSession } from '../../../lib/session.ts';
import { tk } from '../../../lib/tk.ts';
import type { PanelProps } from '../panel-props.ts';
import { allCoursesQuery, classQuery, saveClass, type ClassSave } from '../api.ts';
import { ConfirmButton, LoadError, TableSkeleton, day, errorMessage, fieldErrors } from '../../../components/panel-parts.tsx';
import { ClassParticipants } from '../ClassParticipants.tsx';
import { UserPicker } from '../enrollment-parts.tsx';
import { api } from '../../../lib/api.ts';
import { DateField } from '../../../lib/DateField.tsx';
import { classMembersPath, coursePath, courseGradebookPath, gradebookPath } from '../../../lib/paths.ts';

interface Values {
  name: string;
  startdate: string;
  weeks: number | string;
  instructor: string | null;
  selfpaced: boolean;
  lang: string;
  description: string;
  description2: string;
}
const valuesOf = (c: ClassRecord): Values => ({
  name: c.name ?? '',
  startdate: day(c.startdate),
  weeks: c.weeks ?? '',
  instructor: c.instructor ?? null,
  selfpaced: !!c.selfpaced,
  lang: c.lang ?? '',
  description: c.description ?? '',
  description2: c.description2 ?? '',
});

/** What is saved: the fields as typed, the instructor only when another one was picked. */
const bodyOf = (cls: ClassRecord, v: Values): ClassSave => ({
  _id: cls._id,
  name: v.name.trim(),
  startdate: v.startdate,
  weeks: v.weeks === '' ? null : Number(v.weeks),
  selfpaced: v.selfpaced,
  description: v.description,
  description2: v.description2,
  ...(v.lang ? { lang: v.lang } : {}),
  ...(v.instructor && v.instructor !== cls.instructor ? { instructor: v.instructor } : {}),
});

function ClassForm({ cls }: { cls: ClassRecord }) {
  const { t } = useTranslation();
  const { config } = useSession();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: valuesOf(cls),
    validate: (v) => zodErrors(ClassSaveSchema, bodyOf(cls, v)),
  });
  // The fields start again from the record whenever it is reloaded (after a save, or changed elsewhere).
  const { setValues } = form;
  useEffect(() => setValues(valuesOf(cls)), [cls, setValues]);

  const save = useMutation({
    mutationFn: async (body: ClassSave) => {
      const saved = await saveClass(body);
      if (!saved?._id) throw new Error(MSG.classSaveFailed);
      return saved;
    },
    onMutate: () => setError(null),
    onSuccess: async (saved) => {
      queryClient.setQueryData(classQuery(cls._id).queryKey, saved);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'classes' || q.queryKey[0] === 'reports' });
      addStatus('success', tk('The class has been saved.'));
    },
    onError: (err) => {
      form.setErrors(fieldErrors(err));
      setError(err instanceof Error && err.message === MSG.classSaveFailed ? MSG.classSaveFailed : errorMessage(err));
    },
  });
  const submit = form.onSubmit(
    (v) => save.mutate(bodyOf(cls, v)),
    () => setError(MSG.correctFields),
  );
  const err = (k: string) => fieldError(t, form.errors, k);

  const langs = config?.publiclanguages ?? [];
  return (
    <form onSubmit={submit} noValidate data-testid="class-form">
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {t(error)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput name="name" label={t('Class name')} required {...form.getInputProps('name')} error={err('name')} />
          <DateField name="startdate" label={t('Start date')} {...form.getInputProps('startdate')} error={err('startdate')} />
          <NumberInput
            name="weeks"
            label={t('Registration weeks after the start')}
            min={0}
            max={520}
            allowDecimal={false}
            {...form.getInputProps('weeks')}
            error={err('weeks')}
          />
          <Select
            label={t('Language')}
            value={form.values.lang || null}
            onChange={(x) => form.setFieldValue('lang', x ?? '')}
            comboboxProps={{ withinPortal: true }}
            data={langs.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] ?? l }))}
            error={err('lang')}
          />
          <UserPicker
            label={t('Instructor')}
            value={form.values.instructor}
            onChange={(id) => form.setFieldValue('instructor', id)}
            initialLabel={cls.instructorname}
            error={err('instructor')}
          />
          <Stack gap={4} justify="center">
            <Switch label={t('Self-paced')} {...form.getInputProps('selfpaced', { type: 'checkbox' })} />
          </Stack>
        </SimpleGrid>
        <Textarea
          name="description"
          label={t('Description')}
          description={t('HTML is allowed.')}
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('description')}
          error={err('description')}
        />
        <Textarea
          name="description2"
          label={t('Second description')}
          description={t('HTML is allowed.')}
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('description2')}
          error={err('description2')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="class-save">
            {t('Save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function ClassPanel({ rest }: PanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [course, classid] = rest as [string, string];
  const q = useQuery(classQuery(classid));
  const courses = useQuery(allCoursesQuery());
  const courseTitle = courses.data?.find((c) => c._id === course)?.title ?? course;
  if (q.isPending) return <TableSkeleton />;
  if (q.isError) return <LoadError error={q.error} />;
  const cls = q.data;
  if (!cls) {
    return (
      <Stack>
        <Alert color="gray">{t('This class no longer exists')}</Alert>
        <Anchor component={Link} to="/admin/courses">
          {t('Courses and classes')}
        </Anchor>
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="class-panel" data-class={cls._id}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={2}>{cls.name}</Title>
          <Text c="gray.7">{courseTitle}</Text>
        </div>
        <Group gap="xs">
          {cls.regcode && (
            <Badge variant="outline" size="lg" title={t('Registration code')}>
              {cls.regcode}
            </Badge>
          )}
          <Button component={Link} to={coursePath(cls.course, cls._id)} variant="light" size="xs">
            {t('Visit')}
          </Button>
          <Button component={Link} to={classMembersPath(cls._id)} variant="light" size="xs">
            {t('Participants')}
          </Button>
          <Button component={Link} to={gradebookPath(cls._id)} variant="light" size="xs" data-testid="admin-class-gradebook">
            {t('Gradebook')}
          </Button>
          <Button component={Link} to={courseGradebookPath(cls.course)} variant="light" size="xs" data-testid="admin-course-gradebook">
            {t('Course gradebook')}
          </Button>
        </Group>
      </Group>
      {cls.course !== course && <Alert color="orange">{t('That class belongs to another course.')}</Alert>}
      <Paper withBorder p="md" radius="md">
        <ClassForm cls={cls} />
      </Paper>
      <section>
        <Title order={3} mb="xs">
          {t('Participants')}
        </Title>
        <ClassParticipants classid={cls._id} />
      </section>
      <Group>
        <ConfirmButton
          label={tk('Remove class')}
          title={tk('Remove this class?')}
          message={t('The class is removed; enrollments in it stay and show that the class no longer exists.')}
          onConfirm={async () => {
            await api.post('/app_classes/remove', { _id: cls._id });
            await queryClient.invalidateQueries({ predicate: (x) => ['classes', 'reports', 'enrollment'].includes(String(x.queryKey[0])) });
            addStatus('success', tk('The class has been removed.'));
            navigate('/admin/courses');
          }}
        />
      </Group>
    </Stack>
  );
}
