/**
 * Class pages (spec 2): /class/{panel}/{classid?} (and /classes/...) with the panels enrollment,
 * edit, create and confirmation. No panel goes to /Courses; a class id in the panel's place is used
 * as the class (enrollment panel). Users without rights go to the course page (spec 6).
 */
import { lazy, Suspense } from 'react';
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CLASS_PANELS } from '../../../domain/constants.ts';
import { MSG } from '../../../domain/messages.ts';
import { tk } from '../../lib/tk.ts';
import { useSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PageLoader } from '../../app/guards.tsx';
import { enrollmentsOf } from '../../lib/data/enrollment.ts';
import { READABLE_ERRORS } from '../../lib/enrollment-ui.ts';
import { classQuery, mayCreateClasses, runsClass } from '../../lib/data/classes.ts';
import { ParticipantsPanel } from './ParticipantsPanel.tsx';
import { ConfirmationPanel } from './ConfirmationPanel.tsx';
import { coursePath } from '../../lib/paths.ts';

const ClassForm = lazy(() => import('./ClassForm.tsx'));

const TITLES: Record<string, string> = {
  enrollment: tk('Class Members'),
  edit: tk('Edit Class'),
  create: tk('Create a New Class'),
  confirmation: tk('Class Created'),
};

export default function ClassPage() {
  const { t } = useTranslation();
  const { panel, classid } = useParams();
  const [params] = useSearchParams();
  const { user, config } = useSession();
  const isPanel = !!panel && (CLASS_PANELS as readonly string[]).includes(panel);
  const name = isPanel ? panel! : 'enrollment';
  const id = isPanel ? classid : panel;
  const cls = useQuery(classQuery(name === 'create' ? undefined : id));
  const mine = useQuery(enrollmentsOf(user?._id));
  useDocumentTitle(t(TITLES[name] ?? tk('Class')));

  const frame = (body: React.ReactNode) => (
    <Stack
      gap="md"
      maw={1000}
      style={READABLE_ERRORS}
      data-screen="class"
      data-panel={name}
      data-class={id ?? ''}
      data-regcode={params.get('regcode') ?? ''}
    >
      <Title order={1}>{t(TITLES[name] ?? tk('Class'))}</Title>
      {body}
    </Stack>
  );

  if (!panel) return <Navigate replace to="/Courses" />;

  if (name === 'create') {
    const course = params.get('course');
    if (!mayCreateClasses(user, config)) return <Navigate replace to={course ? coursePath(course) : '/Courses'} />;
    return frame(
      <Suspense fallback={<PageLoader />}>
        <ClassForm courseId={course ?? undefined} />
      </Suspense>,
    );
  }

  if (!id) return <Navigate replace to="/Courses" />;
  if (cls.isPending || mine.isPending)
    return (
      <Stack data-screen="class" data-loading="true" data-panel={name}>
        <PageLoader />
      </Stack>
    );
  if (!cls.data) {
    return frame(
      <Alert color="orange" data-testid="class-not-found">
        {t(MSG.classNotFound)}{' '}
        <Anchor component={Link} to="/Courses">
          {t('Browse the courses')}
        </Anchor>
      </Alert>,
    );
  }
  const record = cls.data;
  const host = runsClass(user, record);
  const enrolled = (mine.data ?? []).some((e) => e.classid === record._id);

  if (name === 'edit') {
    if (!host) return <Navigate replace to={coursePath(record.course)} />;
    return frame(
      <Suspense fallback={<PageLoader />}>
        <ClassForm cls={record} />
      </Suspense>,
    );
  }
  if (name === 'confirmation') {
    if (!host) return <Navigate replace to={coursePath(record.course)} />;
    return frame(<ConfirmationPanel cls={record} regcode={record.regcode ?? params.get('regcode') ?? undefined} />);
  }
  if (!host && !enrolled) return <Navigate replace to={coursePath(record.course)} />;
  return frame(<ParticipantsPanel cls={record} details={host} />);
}
