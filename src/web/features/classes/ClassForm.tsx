/**
 * Create and edit panels of a class (spec 2 and 5): course (creating only: the courses the user may
 * host, spec 6), name, start date (YYYY-MM-DD), weeks, self-paced or private group, description; the
 * instructor is the current user (admins may choose another). The server generates the 8-character
 * registration code. Saving a new class opens its confirmation; an edit goes to its course page. A
 * reply without _id shows 'There was a problem saving the class. ...' (spec 8).
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { dayOnlyError } from '../../../domain/dates.ts';
import type { ClassRecord } from '../../../domain/types.ts';
import { ClassSaveSchema } from '../../../domain/validation.ts';
import { ApiError } from '../../lib/api.ts';
import { queryClient } from '../../lib/query.ts';
import { refreshSession, useSession } from '../../lib/session.ts';
import { addStatus } from '../../lib/status.ts';
import { allCoursesQuery } from '../../lib/data/courses.ts';
import { creatableCourses, htmlToText, instructorsQuery, saveClass, textToHtml, type ClassSaveBody } from '../../lib/data/classes.ts';
import { classConfirmationPath, coursePath } from '../../lib/paths.ts';
import { fieldError, zodErrors } from '../../lib/forms.ts';

const today = () => new Date().toISOString().slice(0, 10);

interface Values {
  course: string;
  name: string;
  startdate: string;
  weeks: number | '';
  selfpaced: boolean;
  description: string;
  instructor: string;
}

/** The class save's own rules, and the form's: a start date is a day here (the server also takes a full time). */
function validateClass(v: Values, cls: ClassRecord | undefined) {
  const errs = zodErrors(ClassSaveSchema, {
    _id: cls?._id ?? 'new',
    name: v.name,
    course: cls ? undefined : v.course,
    startdate: v.startdate,
    weeks: v.weeks === '' ? undefined : v.weeks,
  });
  if (v.startdate) errs.startdate ??= dayOnlyError(v.startdate, MSG.classDateFormat);
  return errs;
}

export default function ClassForm({ cls, courseId }: { cls?: ClassRecord; courseId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, config } = useSession();
  const courses = useQuery(allCoursesQuery());
  const instructors = useQuery(instructorsQuery(!!user?.isAdmin));
  const creating = !cls;
  const options = useMemo(() => creatableCourses(user, config, courses.data), [user, config, courses.data]);
  const initialText = htmlToText(cls?.description);
  // The course named in the address (or the only one offered) is chosen to begin with.
  const firstCourse = creating
    ? ((options.find((c) => c._id === courseId) ?? (options.length === 1 ? options[0] : undefined))?._id ?? '')
    : '';
  const form = useForm<Values>({
    initialValues: {
      course: cls?.course ?? '',
      name: cls?.name ?? '',
      startdate: cls?.startdate?.slice(0, 10) ?? (creating ? today() : ''),
      weeks: cls?.weeks ?? '',
      selfpaced: cls?.selfpaced ?? false,
      description: initialText,
      instructor: cls?.instructor ?? user?._id ?? '',
    },
    validate: (v) => validateClass({ ...v, course: v.course || firstCourse }, cls),
  });
  const values = form.getValues();
  const [formError, setFormError] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);

  const chosenCourse = values.course || firstCourse;

  const instructorOptions = useMemo(() => {
    const list = new Map<string, string>();
    if (user) list.set(user._id, `${user.firstname} ${user.lastname}`.trim());
    if (cls?.instructor && cls.instructorname) list.set(cls.instructor, cls.instructorname);
    for (const i of instructors.data ?? []) list.set(i._id, `${i.firstname} ${i.lastname}`.trim());
    return [...list].map(([value, label]) => ({ value, label }));
  }, [user, cls, instructors.data]);

  const save = useMutation({
    mutationFn: (v: Values) =>
      saveClass({
        _id: cls?._id ?? 'new',
        name: v.name.trim(),
        startdate: v.startdate,
        weeks: v.weeks === '' ? undefined : v.weeks,
        selfpaced: v.selfpaced,
        ...(creating ? { course: v.course } : {}),
        ...(creating || v.description !== initialText ? { description: textToHtml(v.description) } : {}),
        ...(user?.isAdmin && v.instructor && v.instructor !== (cls?.instructor ?? user._id) ? { instructor: v.instructor } : {}),
      } satisfies ClassSaveBody),
    onMutate: () => setFormError(null),
    onSuccess: (saved) => {
      if (!saved?._id) {
        setFormError(MSG.classSaveFailed);
        return;
      }
      queryClient.setQueryData(['class', saved._id], { ...cls, ...saved });
      void queryClient.invalidateQueries({ queryKey: ['classes'] });
      void queryClient.invalidateQueries({ queryKey: ['classEnrollment', saved._id] });
      if (creating) {
        // The new class is among the user's hosted classes from now on.
        void refreshSession();
        navigate(classConfirmationPath(saved._id));
      } else {
        addStatus('success', t('The class has been saved.'));
        navigate(coursePath(saved.course ?? cls!.course, saved._id));
      }
    },
    onError: (err) => {
      setFormError(MSG.classSaveFailed);
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
        if (Object.keys(err.fields).length) form.setErrors({ ...form.errors, ...err.fields });
        if (err.message && err.message !== MSG.classSaveFailed) setDetail(err.message);
      }
    },
  });
  const busy = save.isPending;

  const onSubmit = form.onSubmit(
    (v) => {
      setDetail(null);
      save.mutate({ ...v, course: chosenCourse });
    },
    () => {
      setDetail(null);
      setFormError(MSG.correctFields);
    },
  );

  const err = (k: keyof Values) => fieldError(t, form.errors, k);
  const courseTitle = courses.data?.find((c) => c._id === (cls?.course ?? ''))?.title ?? cls?.course;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <form onSubmit={onSubmit} noValidate data-testid="class-form" aria-label={creating ? t('Create a New Class') : t('Edit Class')}>
        <Stack gap="sm">
          {formError && (
            <Alert color="red" role="alert" data-testid="class-form-error">
              <Text>{t(formError)}</Text>
              {detail && (
                <Text size="sm" mt={4}>
                  {t(detail)}
                </Text>
              )}
            </Alert>
          )}
          {creating ? (
            <Select
              label={t('Course')}
              required
              data={options.map((c) => ({ value: c._id, label: c.title }))}
              value={chosenCourse || null}
              onChange={(v) => form.setFieldValue('course', v ?? '')}
              error={err('course')}
              searchable
              data-testid="class-course"
              nothingFoundMessage={t('There is no course you can create a class for.')}
            />
          ) : (
            <Text>
              <Text span c="gray.7">
                {t('Course')}:
              </Text>{' '}
              {courseTitle}
            </Text>
          )}
          <TextInput
            name="name"
            label={t('Class name')}
            required
            {...form.getInputProps('name')}
            error={err('name')}
            data-testid="class-name"
            maxLength={200}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              name="startdate"
              label={t('Start date')}
              description={t('YYYY-MM-DD')}
              placeholder="YYYY-MM-DD"
              {...form.getInputProps('startdate')}
              inputMode="numeric"
              maxLength={10}
              dir="ltr"
              error={err('startdate')}
              data-testid="class-startdate"
            />
            <NumberInput
              name="weeks"
              label={t('Weeks of registration')}
              description={t('How many weeks after the start learners may join')}
              value={values.weeks}
              min={0}
              max={520}
              allowDecimal={false}
              allowNegative={false}
              onChange={(v) => form.setFieldValue('weeks', typeof v === 'number' ? v : v === '' ? '' : Number(v))}
              error={err('weeks')}
            />
          </SimpleGrid>
          <Switch
            label={t('Self-paced (anyone may join without a code)')}
            checked={values.selfpaced}
            onChange={(e) => form.setFieldValue('selfpaced', e.currentTarget.checked)}
            description={values.selfpaced ? undefined : t('A private group: learners join with its registration code.')}
            data-testid="class-selfpaced"
          />
          {user?.isAdmin ? (
            <Select
              label={t('Instructor')}
              data={instructorOptions}
              value={values.instructor || null}
              searchable
              onChange={(v) => form.setFieldValue('instructor', v ?? '')}
              error={err('instructor')}
            />
          ) : (
            <Text>
              <Text span c="gray.7">
                {t('Instructor')}:
              </Text>{' '}
              {cls?.instructorname ?? `${user?.firstname ?? ''} ${user?.lastname ?? ''}`.trim()}
            </Text>
          )}
          <Textarea
            name="description"
            label={t('Description')}
            description={t('Leave a blank line between paragraphs.')}
            {...form.getInputProps('description')}
            autosize
            minRows={3}
            maxRows={12}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => navigate(-1)} disabled={busy}>
              {t('Cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="class-save">
              {creating ? t('Create Class') : t('Save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
