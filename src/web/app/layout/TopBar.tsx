import { Burger, Group, AppShell } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo.tsx';
import { SmartLink } from '../../components/SmartLink.tsx';
import { tk } from '../../lib/tk.ts';
import { useSession } from '../../lib/session.ts';
import { LanguageMenu } from './LanguageMenu.tsx';
import { UserMenu } from './UserMenu.tsx';
import { navItemsIn } from './nav-items.ts';

export function TopBar({ drawerOpened, onToggleDrawer }: { drawerOpened: boolean; onToggleDrawer: () => void }) {
  const { t } = useTranslation();
  const { config, navitems, lang } = useSession();
  const top = navItemsIn(navitems, 'top', lang);
  return (
    <AppShell.Header px="sm" className="top-bar">
      <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Burger
            opened={drawerOpened}
            onClick={onToggleDrawer}
            size="sm"
            aria-label={drawerOpened ? t('Close menu') : t('Open menu')}
            aria-expanded={drawerOpened}
            aria-controls="nav-drawer"
            data-testid="drawer-toggle"
          />
          <Logo title={t(config?.sitetitle ?? tk('Learning Platform'))} />
        </Group>
        <Group component="nav" aria-label={t('Main navigation')} gap="md" visibleFrom="md" wrap="nowrap" className="top-nav">
          {top.map((item) => (
            <SmartLink key={item._id ?? item.url} to={item.url} c="dark.7">
              {t(item.title)}
            </SmartLink>
          ))}
        </Group>
        <Group gap={4} wrap="nowrap">
          <LanguageMenu />
          <UserMenu />
        </Group>
      </Group>
    </AppShell.Header>
  );
}
