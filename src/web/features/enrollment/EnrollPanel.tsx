/**
 * Enroll panel (spec 2, /users/enroll/{courseid}): a course picker (courses in the user's language,
 * not Inactive, by title), 'How would you like to study?' (self-paced, or a private group joined with
 * its registration code and Verify), the class found, and Enroll; 'You are already enrolled in this
 * class' with Continue Course. After enrolling, the course page. Visitors register instead, and the
 * registration enrols them in the class chosen.
 */
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { RegistrationForm } from '../../lib/embeds.tsx';
import { Alert, Anchor, Button, Group, Paper, Radio, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconSearch } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import type { ClassRecord } from '../../../domain/types.ts';
import { RegcodeLookupSchema } from '../../../domain/validation.ts';
import { fieldError, submitError, zodErrors } from '../../lib/forms.ts';
import { useSession, setAfter, peekAfter } from '../../lib/session.ts';
import { addStatus } from '../../lib/status.ts';
import { coursePath, enrollPath, loginPath, nextLessonPath } from '../../lib/paths.ts';
import { PageLoader } from '../../app/guards.tsx';
import { HtmlBody } from '../../components/HtmlBody.tsx';
import { allCoursesQuery, courseByIdQuery } from '../../lib/data/courses.ts';
import { courseClassesQuery, findByRegcode } from '../../lib/data/classes.ts';
import { day, enroll, enrollmentsOf, invalidateEnrollments } from '../../lib/data/enrollment.ts';
import { READABLE_ERRORS } from '../../lib/enrollment-ui.ts';
import { pickerCourses } from '../../lib/data/enrollment-rows.ts';

type Method = 'selfpaced' | 'group';

function ClassDetails({ cls }: { cls: ClassRecord }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="enroll-class" data-class={cls._id}>
      <Stack gap={6}>
        <dl className="field-list">
          <div className="field-row">
            <dt>{t('Class name')}</dt>
            <dd data-testid="enroll-class-name">{cls.name}</dd>
          </div>
          <div className="field-row">
            <dt>{t('Instructor')}</dt>
            <dd>{cls.instructorname || '—'}</dd>
          </div>
          <div className="field-row">
            <dt>{t('Start date')}</dt>
            <dd data-testid="enroll-class-start">{day(cls.startdate) || '—'}</dd>
          </div>
        </dl>
        {cls.description && (
          <div>
            <Text size="sm" fw={600} c="gray.8">
              {t('Description')}
            </Text>
            <HtmlBody html={cls.description} />
          </div>
        )}
      </Stack>
    </Paper>
  );
}

export default function EnrollPanel({ courseId }: { courseId?: string }) {
  const { t } = useTranslation();
  const { user, lang } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const courses = useQuery(allCoursesQuery());
  const mine = useQuery(enrollmentsOf(user?._id));
  const initialCode = params.get('regcode')?.trim() ?? '';
  const [method, setMethod] = useState<Method | null>(initialCode ? 'group' : null);
  const form = useForm({ initialValues: { regcode: initialCode }, validate: (v) => zodErrors(RegcodeLookupSchema, v) });
  const regcode = form.values.regcode;
  const { clearErrors } = form;
  const [verified, setVerified] = useState<ClassRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Set while Verify moves to the course of the class it found, so that move keeps the class. */
  const keepClass = useRef(false);

  const listed = courses.data?.find((c) => c._id === courseId);
  // An Inactive course is left out of lists; looked up by id it still says it is Inactive.
  const byId = useQuery({ ...courseByIdQuery(courseId ?? ''), enabled: !!courseId && courses.isSuccess && !listed });
  const course = listed ?? byId.data ?? undefined;
  const options = useMemo(() => {
    const list = pickerCourses(courses.data, user?.lang ?? lang);
    // A course of another language named in the address stays selectable.
    if (course && course.status !== 'Inactive' && !list.some((c) => c._id === course._id)) list.unshift(course);
    return list;
  }, [courses.data, user?.lang, lang, course]);
  const inactive = course?.status === 'Inactive';
  const selfPaced = useQuery({
    ...courseClassesQuery(course?._id, course?.lang),
    enabled: !!course && !inactive && method === 'selfpaced',
  });
  const selfPacedClass = selfPaced.data?.find((c) => c.selfpaced);
  const cls = method === 'selfpaced' ? (selfPacedClass ?? null) : method === 'group' ? verified : null;
  const already = cls ? (mine.data ?? []).find((e) => e.classid === cls._id) : undefined;

  // A new course chosen in the picker starts the choice again.
  useEffect(() => {
    if (keepClass.current) {
      keepClass.current = false;
      return;
    }
    setVerified(null);
    setError(null);
    clearErrors();
  }, [courseId, clearErrors]);

  const lookUp = useMutation({
    mutationFn: findByRegcode,
    onSuccess: ([found]) => {
      if (!found) {
        setVerified(null);
        form.setFieldError('regcode', MSG.classNotFound);
        return;
      }
      setVerified(found);
      if (found.course !== courseId) {
        keepClass.current = true;
        navigate(`${enrollPath(found.course)}${location.search}`, { replace: true });
      }
    },
    onError: (err) => {
      setVerified(null);
      form.setFieldError('regcode', submitError(err, MSG.didntWork));
    },
  });
  const verify = form.onSubmit((v) => lookUp.mutate(v.regcode.trim()));

  // A code in the address (a shared link) is checked straight away.
  const autoVerified = useRef(false);
  useEffect(() => {
    if (initialCode && !autoVerified.current) {
      autoVerified.current = true;
      verify();
    }
  }, [initialCode]); // eslint-disable-line react-hooks/exhaustive-deps

  // Visitors register with the class chosen; the new account lands on the course page.
  const afterRegistration = cls ? coursePath(cls.course) : null;
  useEffect(() => {
    if (user || !afterRegistration) return;
    setAfter(afterRegistration);
    return () => {
      if (peekAfter() === afterRegistration) setAfter(null);
    };
  }, [user, afterRegistration]);

  const join = useMutation({
    mutationFn: (c: ClassRecord) => enroll(c._id, c.course, c.selfpaced ? undefined : regcode.trim()),
    onMutate: () => setError(null),
    onSuccess: (_r, c) => {
      invalidateEnrollments(0);
      addStatus('success', t('You are now enrolled in {{name}}.', { name: c.name }));
      navigate(coursePath(c.course));
    },
    onError: (err) => setError(submitError(err, MSG.formError)),
  });
  const onEnroll = () => {
    if (!cls || !user) return;
    join.mutate(cls);
  };

  if (courses.isPending || (byId.isPending && byId.fetchStatus !== 'idle')) return <PageLoader />;

  return (
    <Stack gap="md" style={READABLE_ERRORS} data-testid="enroll-panel" data-course={courseId ?? ''}>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Select
          label={t('Course')}
          placeholder={t('Choose a course')}
          data={options.map((c) => ({ value: c._id, label: c.title }))}
          value={course && !inactive ? course._id : null}
          onChange={(v) => v && navigate(enrollPath(v), { replace: true })}
          searchable
          nothingFoundMessage={t('No courses are available in this language yet.')}
          data-testid="enroll-course"
        />
        {courseId && !course && (
          <Alert color="orange" mt="sm">
            {t(MSG.classCourseNotFound)}
          </Alert>
        )}
        {inactive && (
          <Alert color="orange" mt="sm" data-testid="enroll-inactive">
            {t(MSG.enrollCourseInactive)}
          </Alert>
        )}
      </Paper>

      {course && !inactive && (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="sm">
            <Radio.Group
              label={
                <Title order={2} size="h4" component="span">
                  {t('How would you like to study?')}
                </Title>
              }
              value={method}
              onChange={(v) => {
                setMethod(v as Method);
                setError(null);
              }}
              name="method"
            >
              <Stack gap="xs" mt="xs">
                <Radio value="selfpaced" label={t('On my own, at my own pace (self-paced)')} data-testid="method-selfpaced" />
                <Radio value="group" label={t('With a private group (I have a registration code)')} data-testid="method-group" />
              </Stack>
            </Radio.Group>

            {method === 'group' && (
              <form
                onSubmit={(e) => {
                  setError(null);
                  verify(e);
                }}
                noValidate
                aria-label={t('Registration code')}
              >
                <Group align="flex-start" gap="xs" wrap="wrap">
                  <TextInput
                    name="regcode"
                    label={t('Registration code')}
                    {...form.getInputProps('regcode')}
                    autoComplete="off"
                    miw={200}
                    style={{ flex: 1 }}
                    onChange={(e) => form.setFieldValue('regcode', e.currentTarget.value.toUpperCase())}
                    error={fieldError(t, form.errors, 'regcode')}
                    data-testid="enroll-regcode"
                    styles={{ input: { textTransform: 'uppercase' } }}
                  />
                  <Button
                    type="submit"
                    mt={{ base: 0, xs: 25 }}
                    loading={lookUp.isPending}
                    leftSection={<IconSearch size={16} aria-hidden />}
                    data-testid="enroll-verify"
                  >
                    {t('Verify')}
                  </Button>
                </Group>
              </form>
            )}
            {method === 'selfpaced' && selfPaced.isPending && <Skeleton h={80} />}
            {method === 'selfpaced' && selfPaced.isSuccess && !selfPacedClass && (
              <Alert color="orange">
                {t('This course has no self-paced class at the moment. Please ask your instructor for a registration code.')}
              </Alert>
            )}
          </Stack>
        </Paper>
      )}

      {course && !inactive && cls && (
        <Stack gap="sm">
          <ClassDetails cls={cls} />
          {error && (
            <Alert color="red" role="alert">
              {t(error)}
            </Alert>
          )}
          {user && already && (
            <Alert color="green" icon={<IconCheck size={18} aria-hidden />} data-testid="enroll-already">
              <Text>{t('You are already enrolled in this class')}</Text>
              <Button mt="xs" size="xs" component={Link} to={nextLessonPath(cls.course, cls._id)}>
                {t('Continue Course')}
              </Button>
            </Alert>
          )}
          {user && !already && (
            <Group>
              <Button size="md" onClick={onEnroll} loading={join.isPending} data-testid="enroll-submit">
                {t('Enroll')}
              </Button>
            </Group>
          )}
          {!user && (
            <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" data-testid="enroll-register">
              <Stack gap="sm">
                <Group justify="space-between" gap="xs">
                  <Title order={2} size="h4">
                    {t('Create your account to enroll')}
                  </Title>
                  <Anchor
                    component={Link}
                    data-testid="enroll-login"
                    to={loginPath(cls.selfpaced ? location.pathname : `${location.pathname}?regcode=${encodeURIComponent(regcode.trim())}`)}
                  >
                    {t('Login')}
                  </Anchor>
                </Group>
                <Suspense fallback={<PageLoader />}>
                  <RegistrationForm
                    regpath={location.pathname}
                    courseId={cls.course}
                    classId={cls._id}
                    regcode={cls.selfpaced ? undefined : regcode.trim()}
                  />
                </Suspense>
              </Stack>
            </Paper>
          )}
        </Stack>
      )}
    </Stack>
  );
}
