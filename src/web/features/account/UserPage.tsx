/**
 * Account screens (spec 2): panels enroll, enrollment, comments, profile, changepassword, with their
 * titles and buttons. Learners and instructors viewing another user's id go to their own panel (editors
 * open others' profile and enrolment panels, admins every panel); visitors are
 * re-checked twice at 500 ms, then sent to /login (the enroll panel shows registration instead).
 */
import { Suspense } from 'react';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconDevices,
  IconDownload,
  IconKey,
  IconMessages,
  IconPlus,
  IconSchool,
  IconShieldLock,
  IconTrash,
  IconUser,
} from '@tabler/icons-react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { USER_SCREEN_RETRIES } from '../../../domain/constants.ts';
import { useSession } from '../../lib/session.ts';
import { loginPath } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PageLoader, useSignedInOrRetry } from '../../app/guards.tsx';
import { PANEL_TITLES, panelPath, parseUserPath, type UserPanel } from './paths.ts';
import { ProfilePanel } from './ProfilePanel.tsx';
import { KeptCourses } from '../../lib/embeds.tsx';
import { ChangePasswordPanel } from './ChangePasswordPanel.tsx';
import {
  CommentsPanel,
  DeleteAccountPanel,
  EnrollmentPanel,
  EnrollPanel,
  MyDataPanel,
  SessionsPanel,
  TwoFactorPanel,
} from '../../lib/embeds.tsx';
import { tk } from '../../lib/tk.ts';

const BUTTONS: { panel: UserPanel; label: string; otherLabel: string; icon: typeof IconUser; selfOnly?: boolean }[] = [
  { panel: 'profile', label: tk('Profile'), otherLabel: tk('Profile'), icon: IconUser },
  { panel: 'enrollment', label: tk('My Classes'), otherLabel: tk('Classes'), icon: IconSchool },
  { panel: 'comments', label: tk('My Comments'), otherLabel: tk('User Comments'), icon: IconMessages },
  { panel: 'changepassword', label: tk('Change Password'), otherLabel: tk('Change Password'), icon: IconKey, selfOnly: true },
  { panel: 'enroll', label: tk('Enroll in a Course'), otherLabel: tk('Enroll in a Course'), icon: IconPlus, selfOnly: true },
  { panel: 'sessions', label: tk('Sessions'), otherLabel: tk('Sessions'), icon: IconDevices, selfOnly: true },
  { panel: 'security', label: tk('Two-factor sign-in'), otherLabel: tk('Two-factor sign-in'), icon: IconShieldLock, selfOnly: true },
  { panel: 'mydata', label: tk('Download my data'), otherLabel: tk('Download my data'), icon: IconDownload, selfOnly: true },
  { panel: 'deleteaccount', label: tk('Delete my account'), otherLabel: tk('Delete my account'), icon: IconTrash, selfOnly: true },
];

/** The panels of another user an editor (role cms) opens. */
const EDITOR_PANELS: readonly UserPanel[] = ['profile', 'enrollment'];

function EnrollForVisitors({ courseId }: { courseId?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Stack maw={760} mx="auto" data-screen="user" data-panel="enroll" data-signed-out="true">
      <Title order={1}>{t('Enroll in a Course')}</Title>
      <Text>
        {t('Please create an account or log in to enroll.')}{' '}
        <Anchor component={Link} to={loginPath(location.pathname + location.search)}>
          {t('Login')}
        </Anchor>
      </Text>
      <Suspense fallback={<PageLoader />}>
        <EnrollPanel courseId={courseId} />
      </Suspense>
    </Stack>
  );
}

export default function UserPage() {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const { user } = useSession();
  const { panel, userId, courseId } = parseUserPath(params['*']);
  const signedIn = useSignedInOrRetry(USER_SCREEN_RETRIES);
  const self = !userId || userId === user?._id;
  const title = PANEL_TITLES[panel][self ? 'self' : 'other'];
  useDocumentTitle(t(title));

  if (signedIn === 'waiting') return <PageLoader />;
  if (signedIn === 'no' || !user) {
    if (panel === 'enroll') return <EnrollForVisitors courseId={courseId} />;
    return <Navigate replace to={loginPath(location.pathname + location.search)} />;
  }
  // Admins view other users' panels; editors their profile and enrolment panels (spec 6: they edit any
  // profile and manage others' enrolments); everyone else goes to their own. Change password, sessions,
  // two-factor sign-in and one's own data are for oneself.
  const ownOnly: UserPanel[] = ['changepassword', 'sessions', 'security', 'mydata', 'deleteaccount'];
  const mayView = (p: UserPanel) => self || (!ownOnly.includes(p) && (user.isAdmin || (user.isEditor && EDITOR_PANELS.includes(p))));
  if (!mayView(panel)) return <Navigate replace to={panelPath(panel)} />;

  const targetId = userId ?? user._id;
  return (
    <Stack maw={900} mx="auto" gap="md" data-screen="user" data-panel={panel}>
      <Title order={1}>{t(title)}</Title>
      <Group gap="xs" component="nav" aria-label={t('Account')}>
        {BUTTONS.filter((b) => b.panel !== panel && (self || (!b.selfOnly && mayView(b.panel)))).map((b) => (
          <Button
            key={b.panel}
            component={Link}
            to={panelPath(b.panel, self ? undefined : targetId)}
            variant="light"
            size="sm"
            leftSection={<b.icon size={16} aria-hidden />}
          >
            {t(self ? b.label : b.otherLabel)}
          </Button>
        ))}
      </Group>
      {panel === 'profile' && <ProfilePanel userId={targetId} />}
      {panel === 'changepassword' && <ChangePasswordPanel />}
      {panel === 'enrollment' && (
        <Suspense fallback={<PageLoader />}>
          <EnrollmentPanel userId={targetId} self={self} />
        </Suspense>
      )}
      {panel === 'enrollment' && self && (
        <Suspense fallback={null}>
          <KeptCourses />
        </Suspense>
      )}
      {panel === 'comments' && <CommentsPanel userId={self ? undefined : targetId} />}
      {panel === 'enroll' && (
        <Suspense fallback={<PageLoader />}>
          <EnrollPanel courseId={courseId} />
        </Suspense>
      )}
      {panel === 'sessions' && (
        <Suspense fallback={<PageLoader />}>
          <SessionsPanel />
        </Suspense>
      )}
      {panel === 'security' && (
        <Suspense fallback={<PageLoader />}>
          <TwoFactorPanel />
        </Suspense>
      )}
      {panel === 'mydata' && (
        <Suspense fallback={<PageLoader />}>
          <MyDataPanel />
        </Suspense>
      )}
      {panel === 'deleteaccount' && (
        <Suspense fallback={<PageLoader />}>
          <DeleteAccountPanel />
        </Suspense>
      )}
    </Stack>
  );
}
