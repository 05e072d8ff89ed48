/**
 * Browser data explorer (spec 2: /util/{panel}, admin only). The `store` panel lists the client state
 * modules of spec section 9 and shows the chosen module's current state as a collapsible tree, live:
 * the query cache by key prefix, the session, the i18n resources and the status messages.
 */
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STATE_EXPLORER_EDITOR_HEIGHT_PX, STATE_EXPLORER_MODULES } from '../../../domain/constants.ts';
import { useSession } from '../../lib/session.ts';
import { queryClient } from '../../lib/query.ts';
import { useStatusMessages } from '../../lib/status.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { MODULE_SOURCES, moduleState, otherQueries, sizeOf, type StoreModule } from './store-modules.ts';
import { StateNode } from './StateTree.tsx';
import './util.css';

/** Re-renders on every change of the query cache. */
function useCacheVersion(): number {
  const version = useRef(0);
  const subscribe = useCallback(
    (onChange: () => void) =>
      queryClient.getQueryCache().subscribe(() => {
        version.current++;
        onChange();
      }),
    [],
  );
  return useSyncExternalStore(
    subscribe,
    () => version.current,
    () => version.current,
  );
}

const isModule = (m: string | null): m is StoreModule => !!m && (STATE_EXPLORER_MODULES as readonly string[]).includes(m);

function StorePanel() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const selected: StoreModule = isModule(params.get('module')) ? (params.get('module') as StoreModule) : 'users';
  const depth = Number(params.get('depth')) || 1;
  useCacheVersion();
  const status = useStatusMessages();
  const extra = { resources: i18n.store.data as Record<string, unknown>, language: i18n.language, status };
  const state = moduleState(selected, queryClient, extra);
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    next.set(k, v);
    setParams(next, { replace: true });
  };
  const json = () => JSON.stringify(state, null, 2);

  return (
    <Stack gap="md">
      <Text c="gray.7">{t('The client state of this browser window, by module. It changes as you use the site in this window.')}</Text>
      <nav aria-label={t('Modules')}>
        <ul className="state-modules" data-testid="state-modules">
          {STATE_EXPLORER_MODULES.map((m) => (
            <li key={m}>
              <Button size="compact-sm" variant="light" aria-pressed={m === selected} onClick={() => set('module', m)} data-module={m}>
                {m}
              </Button>
            </li>
          ))}
        </ul>
      </nav>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Title order={2} size="h3" ff="monospace">
            {selected}
          </Title>
          <Text size="sm" c="gray.7">
            {t('Kept in')}:{' '}
            <Text span ff="monospace">
              {MODULE_SOURCES[selected]}
            </Text>
          </Text>
        </div>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => set('depth', String(depth >= 4 ? 1 : 4))}>
            {depth >= 4 ? t('Collapse all') : t('Expand all')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              void navigator.clipboard?.writeText(json());
            }}
          >
            {t('Copy as JSON')}
          </Button>
        </Group>
      </Group>
      <div
        className="state-tree"
        style={{ maxHeight: STATE_EXPLORER_EDITOR_HEIGHT_PX }}
        dir="ltr"
        data-testid="state-tree"
        data-module={selected}
        role="region"
        aria-label={`${t('State')}: ${selected}`}
        tabIndex={0}
      >
        <StateNode key={`${selected}|${depth}`} name={selected} value={state} openDepth={depth + 1} />
      </div>
      <details className="state-branch">
        <summary>
          {t('Other cached queries')} ({sizeOf(otherQueries(queryClient))})
        </summary>
        <div className="state-tree" style={{ maxHeight: STATE_EXPLORER_EDITOR_HEIGHT_PX }} dir="ltr">
          <StateNode name="queries" value={otherQueries(queryClient)} openDepth={1} />
        </div>
      </details>
    </Stack>
  );
}

export default function UtilPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { panel = 'store' } = useParams();
  useDocumentTitle(t('Data explorer'));
  if (!user?.isAdmin) return <Navigate replace to="/" />;
  return (
    <Stack data-screen="util" data-panel={panel} gap="md">
      <Title order={1}>{t('Data explorer')}</Title>
      {panel === 'store' ? (
        <StorePanel />
      ) : (
        <Alert color="gray">
          {t('Unknown panel')}: {panel} ·{' '}
          <Anchor component={Link} to="/util/store">
            {t('Data explorer')}
          </Anchor>
        </Alert>
      )}
    </Stack>
  );
}
