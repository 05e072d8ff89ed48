/**
 * Enrolment pieces shared by the users, enrolments and class panels: edit an enrolment's dates,
 * pick a user or a class, add a user to a class.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MODAL_WIDTH_PX } from '../../../domain/constants.ts';
import { MSG } from '../../../domain/messages.ts';
import { dayOnlyError } from '../../../domain/dates.ts';
import { AddToClassFormSchema, EnrollmentSaveSchema } from '../../../domain/validation.ts';
import { fieldError, zodErrors } from '../../lib/forms.ts';
import { queryClient } from '../../lib/query.ts';
import { addStatus } from '../../lib/status.ts';
import { tk } from '../../lib/tk.ts';
import { allCoursesQuery, classesQuery, saveEnrollment, usersQuery, type EnrollmentSave } from './api.ts';
import { day, errorMessage, fieldErrors, fullName } from '../../components/panel-parts.tsx';
import { DateField } from '../../lib/DateField.tsx';
import { AppModal } from '../../components/AppModal.tsx';

/** After any enrolment change: participant lists, user enrolment lists and report tables are stale. */
export function enrollmentsChanged() {
  return queryClient.invalidateQueries({
    predicate: (q) => ['enrollment', 'enrollments', 'classEnrollment', 'reports', 'stats', 'audit'].includes(String(q.queryKey[0])),
  });
}

export interface EditableEnrollment {
  _id: string;
  regdate?: string;
  completed?: string;
  description?: string;
}

/** Edit an enrolment: registration date, completion date, description (spec: enrolment row edit). */
export function EnrollmentEditModal({
  enrollment,
  title,
  withDescription,
  onClose,
}: {
  enrollment: EditableEnrollment | null;
  title: string;
  withDescription?: boolean;
  onClose: () => void;
}) {
  // The dialog mounts its fields afresh on each opening, so they start from the enrolment picked; the
  // last one stays in them while the dialog fades out.
  const [shown, setShown] = useState(enrollment);
  if (enrollment !== null && enrollment !== shown) setShown(enrollment);
  return (
    <AppModal opened={!!enrollment} onClose={onClose} title={title} size={MODAL_WIDTH_PX} centered>
      {shown && <EnrollmentEditForm key={shown._id} enrollment={shown} withDescription={withDescription} onClose={onClose} />}
    </AppModal>
  );
}

interface EnrollmentValues {
  regdate: string;
  completed: string;
  description: string;
}

function EnrollmentEditForm({
  enrollment,
  withDescription,
  onClose,
}: {
  enrollment: EditableEnrollment;
  withDescription?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const bodyOf = (v: EnrollmentValues) => ({
    _id: enrollment._id,
    regdate: v.regdate,
    completed: v.completed,
    ...(withDescription ? { description: v.description } : {}),
  });
  const form = useForm<EnrollmentValues>({
    initialValues: { regdate: day(enrollment.regdate), completed: day(enrollment.completed), description: enrollment.description ?? '' },
    validate: (v) => {
      const errs = zodErrors(EnrollmentSaveSchema, bodyOf(v));
      // The call takes '' to clear a date; the enrolment date cannot be cleared here.
      if (!v.regdate) errs.regdate ??= dayOnlyError(v.regdate);
      return errs;
    },
  });
  const save = useMutation({
    mutationFn: (body: EnrollmentSave) => saveEnrollment(body),
    onMutate: () => setError(null),
    onSuccess: async () => {
      await enrollmentsChanged();
      addStatus('success', tk('The enrollment has been saved.'));
      onClose();
    },
    onError: (err) => {
      setError(errorMessage(err));
      form.setErrors(fieldErrors(err));
    },
  });
  const submit = form.onSubmit(
    (v) => save.mutate(bodyOf(v)),
    () => setError(MSG.correctFields),
  );
  const err = (k: string) => fieldError(t, form.errors, k);

  return (
    <form onSubmit={submit} noValidate data-testid="enrollment-edit-form">
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {t(error)}
          </Alert>
        )}
        <DateField name="regdate" label={t('Enrolled')} required {...form.getInputProps('regdate')} error={err('regdate')} />
        <DateField
          name="completed"
          label={t('Completed')}
          description={t('Leave empty while the course is not completed.')}
          {...form.getInputProps('completed')}
          error={err('completed')}
        />
        {withDescription && (
          <Textarea
            name="description"
            label={t('Description')}
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('description')}
            error={err('description')}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="enrollment-save">
            {t('Save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A searchable user picker: asks the server as one types (name or e-mail). */
export function UserPicker({
  value,
  onChange,
  label,
  error,
  initialLabel,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  label: string;
  error?: string;
  initialLabel?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const q = useQuery({ ...usersQuery({ search: debounced || undefined, skip: 0, limit: 20 }), enabled: debounced.length >= 2 });
  const [known, setKnown] = useState<Record<string, string>>(() => (value && initialLabel ? { [value]: initialLabel } : {}));
  const options = useMemo(() => {
    const list = (q.data?.list ?? []).map((u) => ({ value: u._id, label: `${fullName(u)} <${u.email}>` }));
    if (value && known[value] && !list.some((o) => o.value === value)) list.unshift({ value, label: known[value]! });
    return list;
  }, [q.data, value, known]);
  return (
    <Select
      label={label}
      placeholder={t('Type a name or email address')}
      searchable
      clearable
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      filter={({ options: o }) => o}
      nothingFoundMessage={debounced.length >= 2 && !q.isFetching ? t(MSG.noRecords) : undefined}
      onChange={(id, option) => {
        if (id && option) setKnown((k) => ({ ...k, [id]: option.label }));
        onChange(id);
      }}
      error={error}
      data-testid="user-picker"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** Course, then one of its classes. */
export function ClassPicker({
  course,
  classid,
  onCourse,
  onClass,
  errors,
}: {
  course: string | null;
  classid: string | null;
  onCourse: (c: string | null) => void;
  onClass: (c: string | null) => void;
  errors?: { course?: string; classid?: string };
}) {
  const { t } = useTranslation();
  const courses = useQuery(allCoursesQuery());
  const classes = useQuery(classesQuery(course ?? ''));
  const courseOptions = (courses.data ?? [])
    .slice()
    .sort((a, b) => a.title.localeCompare(b.title))
    .map((c) => ({ value: c._id, label: `${c.title} (${c.lang})${c.status === 'Inactive' ? ` · ${t('Inactive')}` : ''}` }));
  const classOptions = (classes.data ?? []).map((c) => ({ value: c._id, label: `${c.name}${c.selfpaced ? ` · ${t('Self-paced')}` : ''}` }));
  return (
    <>
      <Select
        label={t('Course')}
        searchable
        data={courseOptions}
        value={course}
        onChange={(v) => {
          onCourse(v);
          onClass(null);
        }}
        error={errors?.course}
        data-testid="course-picker"
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('Class')}
        searchable
        data={classOptions}
        value={classid}
        onChange={onClass}
        disabled={!course}
        nothingFoundMessage={t('This course has no classes yet.')}
        error={errors?.classid}
        data-testid="class-picker"
        comboboxProps={{ withinPortal: true }}
      />
    </>
  );
}

/** Add User to Class: the user is given (a user's page) or picked (a class page); the class likewise. */
export function AddToClassForm({ user, classid, onDone }: { user?: string; classid?: string; onDone?: () => void }) {
  const { t } = useTranslation();
  // What the page gives counts as picked; a given class needs no course.
  const form = useForm({
    initialValues: { user: '', course: '', classid: '' },
    validate: (v) =>
      zodErrors(AddToClassFormSchema, { user: user ?? v.user, course: classid ? classid : v.course, classid: classid ?? v.classid }),
  });
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (body: { user: string; classid: string }) => saveEnrollment(body),
    onMutate: () => setError(null),
    onSuccess: async () => {
      await enrollmentsChanged();
      addStatus('success', tk('The user has been added to the class.'));
      form.setValues({ user: '', classid: '' });
      onDone?.();
    },
    onError: (err) => setError(errorMessage(err)),
  });

  const submit = form.onSubmit(
    (v) => add.mutate({ user: user ?? v.user, classid: classid ?? v.classid }),
    () => setError(MSG.correctFields),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="add-to-class-form">
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {t(error)}
          </Alert>
        )}
        <Group grow align="flex-start" wrap="wrap" gap="sm">
          {!user && (
            <UserPicker
              label={t('User')}
              value={form.values.user || null}
              onChange={(v) => form.setFieldValue('user', v ?? '')}
              error={fieldError(t, form.errors, 'user')}
            />
          )}
          {!classid && (
            <ClassPicker
              course={form.values.course || null}
              classid={form.values.classid || null}
              onCourse={(v) => form.setFieldValue('course', v ?? '')}
              onClass={(v) => form.setFieldValue('classid', v ?? '')}
              errors={{ course: fieldError(t, form.errors, 'course'), classid: fieldError(t, form.errors, 'classid') }}
            />
          )}
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending} data-testid="add-to-class-submit">
            {t('Add User to Class')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
