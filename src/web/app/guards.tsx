/**
 * Route guards: wait for app initialisation (first whoami), send visitors of sign-in-only routes to
 * /login?redirect=..., and send signed-in users away from /login and /register.
 */
import { MSG } from '../../domain/messages.ts';
import { Component, useEffect, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams, Link } from 'react-router';
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession, whoamiQuery, peekAfter, setAfter } from '../lib/session.ts';
import { queryClient } from '../lib/query.ts';
import { loginPath, safeLocalPath, sleep } from '../lib/paths.ts';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" data-testid="page-loader">
      <Loader role="status" aria-label={t('Loading')} />
    </Center>
  );
}

/**
 * Re-checks the session a few times before giving up: right after sign-in, or while a cookie is
 * being set, the first answer may still say signed out (spec 9 retries).
 */
export function useSignedInOrRetry(retries: { tries: number; delayMs: number }): 'yes' | 'waiting' | 'no' {
  const { user, ready } = useSession();
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!ready || user) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- a new session answer restarts the retries, so the verdict resets with them
      setGaveUp(false);
      return;
    }
    let cancelled = false;
    void (async () => {
      for (let i = 0; i < retries.tries; i++) {
        await sleep(retries.delayMs);
        if (cancelled) return;
        try {
          const d = await queryClient.fetchQuery({ ...whoamiQuery, staleTime: 0 });
          if (d.user) return;
        } catch {
          /* try again */
        }
      }
      if (!cancelled) setGaveUp(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [ready, user, retries.tries, retries.delayMs]);
  if (user) return 'yes';
  return gaveUp ? 'no' : 'waiting';
}

export function RequireUser({ retries }: { retries: { tries: number; delayMs: number } }) {
  const state = useSignedInOrRetry(retries);
  const location = useLocation();
  if (state === 'yes') return <Outlet />;
  if (state === 'no') return <Navigate replace to={loginPath(location.pathname + location.search + location.hash)} />;
  return <PageLoader />;
}

/** Where a user goes once signed in: the redirect query, else the after-target, else `fallback`. */
export function useAfterSignIn(fallback = '/'): () => string {
  const [params] = useSearchParams();
  return () => safeLocalPath(params.get('redirect')) ?? safeLocalPath(peekAfter()) ?? fallback;
}

/** /login and /register: signed-in users leave for the redirect query, the after-target, or /. */
export function SignedOutOnly() {
  const { user } = useSession();
  const target = useAfterSignIn('/');
  const signedIn = !!user;
  // Decided once, when the user appears: later renders (the after-target cleared, a session poll)
  // must not change where <Navigate> goes.
  const dest = useMemo(() => (signedIn ? target() : null), [signedIn]); // eslint-disable-line react-hooks/exhaustive-deps
  // The after-target is used once.
  useEffect(() => {
    if (signedIn) setAfter(null);
  }, [signedIn]);
  if (dest) return <Navigate replace to={dest} />;
  return <Outlet />;
}

function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch|Loading chunk/i.test(error.message);
  return (
    <Center mih="50vh" p="md" data-screen="error">
      <Stack maw={520} align="center">
        <Title order={1} size="h2">
          {t('Something went wrong')}
        </Title>
        <Alert color="red" w="100%">
          <Text>
            {chunkFailed && typeof navigator !== 'undefined' && !navigator.onLine
              ? t(MSG.notAvailableOffline)
              : chunkFailed
                ? t('A part of the page could not be loaded. Please check your connection and reload the page.')
                : t('There was an error showing this page.')}
          </Text>
        </Alert>
        <Button onClick={() => window.location.reload()}>{t('Reload')}</Button>
        <Button component={Link} to="/" variant="subtle" reloadDocument>
          {t('Home')}
        </Button>
      </Stack>
    </Center>
  );
}

/** Keeps a failing screen (or a chunk that did not load) from blanking the whole layout. */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  render() {
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
