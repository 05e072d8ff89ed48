import { Avatar, Button, Text, UnstyledButton, Group } from '@mantine/core';
import { IconChevronDown, IconLogin, IconLogout, IconSchool, IconUser } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession, logout } from '../../lib/session.ts';
import { addStatus } from '../../lib/status.ts';
import { loginPath } from '../../lib/paths.ts';
import { DropdownMenu } from '../../components/DropdownMenu.tsx';

export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    try {
      await logout();
      navigate('/');
    } catch (err) {
      addStatus('error', (err as Error).message);
    }
  };
}

/** Login button for visitors; for users a menu with their name, Profile, My Classes and Logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const doLogout = useLogout();
  if (!user) {
    const here = location.pathname + location.search;
    const plain = /^\/(user\/)?(login|register|signup|passwordreset)$/i.test(location.pathname) || location.pathname === '/';
    return (
      <Button
        component={Link}
        to={plain ? '/login' : loginPath(here)}
        leftSection={<IconLogin size={18} aria-hidden />}
        data-testid="login-button"
      >
        {t('Login')}
      </Button>
    );
  }
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ') || user.email;
  const initials = `${user.firstname?.[0] ?? ''}${user.lastname?.[0] ?? ''}`.toUpperCase() || '?';
  return (
    <DropdownMenu
      heading={name}
      items={[
        { key: 'profile', to: '/users/profile', label: t('Profile'), icon: <IconUser size={16} aria-hidden />, testId: 'menu-profile' },
        {
          key: 'classes',
          to: '/users/profile/enrollment',
          label: t('My Classes'),
          icon: <IconSchool size={16} aria-hidden />,
          testId: 'menu-classes',
        },
        {
          key: 'logout',
          divider: true,
          onSelect: () => void doLogout(),
          label: t('Logout'),
          icon: <IconLogout size={16} aria-hidden />,
          testId: 'logout',
        },
      ]}
      renderTrigger={(props) => (
        <UnstyledButton {...props} title={t('User menu')} data-testid="user-menu" className="user-menu-button">
          <Group gap={6} wrap="nowrap">
            <Avatar size={32} color="brand" radius="xl" aria-hidden>
              {initials}
            </Avatar>
            <Text size="sm" fw={500} className="narrow-visually-hidden" maw={160} truncate="end" component="span">
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      )}
    />
  );
}
