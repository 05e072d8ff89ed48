/**
 * Create and edit panels of a class (spec 2 and 5): course (creating only: the courses the user may
 * host, spec 6), name, start date (YYYY-MM-DD), weeks, self-paced or private group, description; the
 * instructor is the current user (admins may choose another). The server generates the 8-character
 * registration code. Saving a new class opens its confirmation; an edit goes to its course page. A
 * reply without _id shows 'There was a problem saving the class. ...' (spec 8).
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { dayOnlyError } from '../../../domain/dates.ts';
import type { ClassRecord } from '../../../domain/types.ts';
import { ApiError } from '../../lib/api.ts';
import { queryClient } from '../../lib/query.ts';
import { refreshSession, useSession } from '../../lib/session.ts';
import { addStatus } from '../../lib/status.ts';
import { allCoursesQuery } from '../../lib/data/courses.ts';
import { creatableCourses, htmlToText, instructorsQuery, saveClass, textToHtml, type ClassSaveBody } from '../../lib/data/classes.ts';
import { classConfirmationPath } from '../../lib/paths.ts';

const today = () => new Date().toISOString().slice(0, 10);

interface Values { course: string; name: string; startdate: string; weeks: number | ''; selfpaced: boolean; description: string; instructor: string }
type Field = keyof Values;

export function validateClass(v: Values, creating: boolean): Partial<Record<Field, string>> {
  const e: Partial<Record<Field, string>> = {};
  if (creating && !v.course) e.course = MSG.classCourseRequired;
  if (!v.name.trim()) e.name = MSG.classNameRequired;
  const startdate = v.startdate && dayOnlyError(v.startdate, MSG.classDateFormat);
  if (startdate) e.startdate = startdate;
  if (v.weeks !== '' && (!Number.isInteger(v.weeks) || v.weeks < 0 || v.weeks > 520)) e.weeks = MSG.notValid;
  return e;
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
  const [values, setValues] = useState<Values>(() => ({
    course: cls?.course ?? '',
    name: cls?.name ?? '',
    startdate: cls?.startdate?.slice(0, 10) ?? (creating ? today() : ''),
    weeks: cls?.weeks ?? '',
    selfpaced: cls?.selfpaced ?? false,
    description: initialText,
    instructor: cls?.instructor ?? user?._id ?? '',
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The course named in the address (or the only one offered) is chosen to begin with.
  const chosenCourse = values.course || (creating ? (options.find((c) => c._id === courseId) ?? (options.length === 1 ? options[0] : undefined))?._id ?? '' : '');
  const set = <K extends Field>(k: K, v: Values[K]) => {
    setValues((x) => ({ ...x, [k]: v }));
    if (errors[k]) setErrors((e) => ({ ...e, [k]: undefined }));
  };

  const instructorOptions = useMemo(() => {
    const list = new Map<string, string>();
    if (user) list.set(user._id, `${user.firstname} ${user.lastname}`.trim());
    if (cls?.instructor && cls.instructorname) list.set(cls.instructor, cls.instructorname);
    for (const i of instructors.data ?? []) list.set(i._id, `${i.firstname} ${i.lastname}`.trim());
    return [...list].map(([value, label]) => ({ value, label }));
  }, [user, cls, instructors.data]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const v = { ...values, course: chosenCourse };
    const errs = validateClass(v, creating);
    setErrors(errs);
    setDetail(null);
    if (Object.keys(errs).length) { setFormError(MSG.correctFields); return; }
    setFormError(null);
    setBusy(true);
    const body: ClassSaveBody = {
      _id: cls?._id ?? 'new',
      name: v.name.trim(),
      startdate: v.startdate,
      weeks: v.weeks === '' ? undefined : v.weeks,
      selfpaced: v.selfpaced,
      ...(creating ? { course: v.course } : {}),
      ...(creating || v.description !== initialText ? { description: textToHtml(v.description) } : {}),
      ...(user?.isAdmin && v.instructor && v.instructor !== (cls?.instructor ?? user._id) ? { instructor: v.instructor } : {}),
    };
    try {
      const saved = await saveClass(body);
      if (!saved?._id) { setFormError(MSG.classSaveFailed); return; }
      queryClient.setQueryData(['class', saved._id], { ...cls, ...saved });
      void queryClient.invalidateQueries({ queryKey: ['classes'] });
      void queryClient.invalidateQueries({ queryKey: ['classEnrollment', saved._id] });
      if (creating) {
        // The new class is among the user's hosted classes from now on.
        void refreshSession();
        navigate(classConfirmationPath(saved._id));
      } else {
        addStatus('success', t('The class has been saved.'));
        navigate(`/Course/${encodeURIComponent(saved.course ?? cls!.course)}/${encodeURIComponent(saved._id)}`);
      }
    } catch (err) {
      setFormError(MSG.classSaveFailed);
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
        const fields = err.fields as Partial<Record<Field, string>>;
        if (Object.keys(fields).length) setErrors((x) => ({ ...x, ...fields }));
        if (err.message && err.message !== MSG.classSaveFailed) setDetail(err.message);
      }
    } finally {
      setBusy(false);
    }
  };

  const err = (k: Field) => (errors[k] ? t(errors[k]!) : undefined);
  const courseTitle = courses.data?.find((c) => c._id === (cls?.course ?? ''))?.title ?? cls?.course;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <form onSubmit={onSubmit} noValidate data-testid="class-form" aria-label={creating ? t('Create a New Class') : t('Edit Class')}>
        <Stack gap="sm">
          {formError && (
            <Alert color="red" role="alert" data-testid="class-form-error">
              <Text>{t(formError)}</Text>
              {detail && <Text size="sm" mt={4}>{t(detail)}</Text>}
            </Alert>
          )}
          {creating ? (
            <Select label={t('Course')} required data={options.map((c) => ({ value: c._id, label: c.title }))} value={chosenCourse || null}
              onChange={(v) => set('course', v ?? '')} error={err('course')} searchable data-testid="class-course"
              nothingFoundMessage={t('There is no course you can create a class for.')} />
          ) : (
            <Text><Text span c="gray.7">{t('Course')}:</Text> {courseTitle}</Text>
          )}
          <TextInput name="name" label={t('Class name')} required value={values.name} onChange={(e) => set('name', e.currentTarget.value)}
            error={err('name')} data-testid="class-name" maxLength={200} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput name="startdate" label={t('Start date')} description={t('YYYY-MM-DD')} placeholder="YYYY-MM-DD" value={values.startdate}
              inputMode="numeric" maxLength={10} dir="ltr"
              onChange={(e) => set('startdate', e.currentTarget.value)} error={err('startdate')} data-testid="class-startdate" />
            <NumberInput name="weeks" label={t('Weeks of registration')} description={t('How many weeks after the start learners may join')}
              value={values.weeks} min={0} max={520} allowDecimal={false} allowNegative={false}
              onChange={(v) => set('weeks', typeof v === 'number' ? v : v === '' ? '' : Number(v))} error={err('weeks')} />
          </SimpleGrid>
          <Switch label={t('Self-paced (anyone may join without a code)')} checked={values.selfpaced}
            onChange={(e) => set('selfpaced', e.currentTarget.checked)}
            description={values.selfpaced ? undefined : t('A private group: learners join with its registration code.')} data-testid="class-selfpaced" />
          {user?.isAdmin ? (
            <Select label={t('Instructor')} data={instructorOptions} value={values.instructor || null} searchable
              onChange={(v) => set('instructor', v ?? '')} error={err('instructor')} />
          ) : (
            <Text><Text span c="gray.7">{t('Instructor')}:</Text> {cls?.instructorname ?? `${user?.firstname ?? ''} ${user?.lastname ?? ''}`.trim()}</Text>
          )}
          <Textarea name="description" label={t('Description')} description={t('Leave a blank line between paragraphs.')}
            value={values.description} onChange={(e) => set('description', e.currentTarget.value)} autosize minRows={3} maxRows={12} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => navigate(-1)} disabled={busy}>{t('Cancel')}</Button>
            <Button type="submit" loading={busy} data-testid="class-save">{creating ? t('Create Class') : t('Save')}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
