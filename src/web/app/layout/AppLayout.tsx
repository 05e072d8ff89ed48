/** The global layout (spec 2): top bar, resizable drawer, status area, page, footer, Menu button. */
import { useEffect, useState } from 'react';
import { AppShell, Box, Button, Affix, Transition, Alert, Center, Stack, Text } from '@mantine/core';
import { useAppShellResize } from '@mantine/core';
import { useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { IconMenu2 } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DRAWER_BORDER_PX, DRAWER_WIDTH_PX, MOBILE_BREAKPOINT_PX, SCROLL_BUTTON_AFTER_PX } from '../../../domain/constants.ts';
import { useSession, switchLanguage, WHOAMI_KEY } from '../../lib/session.ts';
import type { WhoAmI } from '../../../domain/types.ts';
import { queryClient } from '../../lib/query.ts';
import { isExternalUrl } from '../../lib/paths.ts';
import { PageLoader, ScreenErrorBoundary } from '../guards.tsx';
import { TopBar } from './TopBar.tsx';
import { NavDrawer } from './NavDrawer.tsx';
import { Footer } from './Footer.tsx';
import { StatusArea } from './StatusArea.tsx';
import { CookieBanner } from './CookieBanner.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { ScrollManager } from './ScrollManager.tsx';
import { PasswordChangeRedirect } from '../../features/account/PasswordChangeRedirect.tsx';

const WIDTH_KEY = 'drawerWidth';
function storedWidth(): number | undefined {
  try {
    const v = Number(localStorage.getItem(WIDTH_KEY));
    return Number.isFinite(v) && v >= 200 ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * ?setlanguage=xx switches the language, then leaves the address; the site's language redirects apply
 * as they do to the switcher (de to /German; an external address leaves the site).
 */
function useSetLanguageQuery() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const wanted = params.get('setlanguage');
  useEffect(() => {
    if (!wanted) return;
    const rest = new URLSearchParams(params);
    rest.delete('setlanguage');
    const search = rest.toString();
    const stay = () =>
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    // The server checks the code (spec 5: a valid string code) and answers 'Invalid language'.
    void switchLanguage(wanted.trim()).then(
      () => {
        const redirect = queryClient.getQueryData<WhoAmI>(WHOAMI_KEY)?.config?.langredirects?.[wanted.trim()];
        if (!redirect) return stay();
        if (isExternalUrl(redirect)) window.location.assign(redirect);
        else navigate(redirect, { replace: true });
      },
      (err) => {
        console.warn('setlanguage failed', err);
        stay();
      },
    );
  }, [wanted]); // eslint-disable-line react-hooks/exhaustive-deps
}

/**
 * Whether the page is scrolled past `px`, read only when it scrolls. Mantine's useWindowScroll also
 * reads the position while the first page is committed, which forces a layout of the whole page
 * before its first paint (about 30 ms on a slow phone), and renders again on every scroll event.
 */
function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useWindowEvent('scroll', () => setPast(window.scrollY > px), { passive: true });
  return past;
}

function MenuButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const scrolled = useScrolledPast(SCROLL_BUTTON_AFTER_PX);
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
      <Transition transition="slide-up" mounted={scrolled}>
        {(styles) => (
          <Button
            style={styles}
            leftSection={<IconMenu2 size={18} aria-hidden />}
            onClick={onOpen}
            data-testid="floating-menu"
            radius="xl"
            className="floating-menu"
          >
            {t('Menu')}
          </Button>
        )}
      </Transition>
    </Affix>
  );
}

export function AppLayout() {
  const { t } = useTranslation();
  const { ready, error } = useSession();
  const location = useLocation();
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, { getInitialValueInEffect: false });
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, setDesktopOpened] = useState(true);
  const resize = useAppShellResize({
    navbar: { min: 220, max: 640, label: t('Resize menu') },
    initialSizes: { navbar: storedWidth() },
    onResizeEnd: (sizes) => {
      try {
        if (sizes.navbar) localStorage.setItem(WIDTH_KEY, String(Math.round(sizes.navbar)));
      } catch {
        /* ignore */
      }
    },
  });
  useSetLanguageQuery();

  // The drawer closes on narrow screens after each navigation.
  useEffect(() => {
    mobile.close();
  }, [location.pathname]); // eslint-disable-line react-hooks/exhaustive-deps
  // Escape closes the phone menu, as it closes every other menu and dialog, and gives focus back to its button.
  useEffect(() => {
    if (!isMobile || !mobileOpened) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      mobile.close();
      document.querySelector<HTMLElement>('[data-testid="drawer-toggle"]')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isMobile, mobileOpened]); // eslint-disable-line react-hooks/exhaustive-deps

  const drawerOpened = isMobile ? mobileOpened : desktopOpened;
  // A phone's drawer gets its links when first opened (see NavDrawer), a wide screen's at once.
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpened && !drawerUsed) setDrawerUsed(true);
  const toggleDrawer = () => (isMobile ? mobile.toggle() : setDesktopOpened((o) => !o));
  const openDrawer = () => {
    if (isMobile) {
      mobile.open();
      window.scrollTo({ top: 0 });
    } else setDesktopOpened(true);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('#nav-drawer a, #nav-drawer button')?.focus());
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: DRAWER_WIDTH_PX, breakpoint: 'md', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
      // The handle measures the page as it mounts (a forced layout before the first paint); a phone's
      // menu is the full width when open, so it has nothing to resize there.
      resize={isMobile ? undefined : resize}
      padding={0}
      styles={{ navbar: { borderInlineEndWidth: DRAWER_BORDER_PX } }}
      data-drawer={drawerOpened ? 'open' : 'closed'}
    >
      <a href="#main" className="skip-link">
        {t('Skip to main content')}
      </a>
      <ScrollManager />
      <PasswordChangeRedirect />
      <TopBar drawerOpened={drawerOpened} onToggleDrawer={toggleDrawer} />
      <NavDrawer
        filled={!isMobile || drawerUsed}
        onNavigate={() => {
          if (isMobile) mobile.close();
        }}
      />
      <AppShell.Main className="app-main">
        <Box className="page-column">
          <Box px={{ base: 'sm', sm: 'md' }} pt="sm">
            <OfflineBanner />
            <CookieBanner />
            <StatusArea />
          </Box>
          {/* AppShell.Main is the page's one main landmark; this is the skip link's target inside it. */}
          <Box id="main" tabIndex={-1} px={{ base: 'sm', sm: 'md' }} py="md" className="page-main">
            {ready ? (
              <ScreenErrorBoundary key={location.pathname}>
                <Outlet />
              </ScreenErrorBoundary>
            ) : error ? (
              <Center py="xl">
                <Stack align="center">
                  <Alert color="red" title={t('The site is not available right now.')}>
                    <Text size="sm">{t('Please try again in a few minutes.')}</Text>
                  </Alert>
                  <Button onClick={() => window.location.reload()}>{t('Reload')}</Button>
                </Stack>
              </Center>
            ) : (
              <PageLoader />
            )}
          </Box>
          <Footer />
        </Box>
      </AppShell.Main>
      <MenuButton onOpen={openDrawer} />
    </AppShell>
  );
}
