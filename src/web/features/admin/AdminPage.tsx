/**
 * Admin area (spec 2), a lazy chunk: /admin, /admin/{panel}, /admin/{panel}/*. Admins get the
 * index and every panel; editors get only the editing panels the spec links them to (content, course,
 * lesson and material editors, which the content feature provides); signed-out visitors get the
 * 'Please Login' link. Each panel is a further chunk of its own.
 */
import { Suspense, type ComponentType } from 'react';
import { Alert, Anchor, Breadcrumbs, Button, NativeSelect, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDatabaseSearch } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { useSession } from '../../lib/session.ts';
import { adminPanelPath, loginPath } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { PageLoader } from '../../app/guards.tsx';
import { tk } from '../../lib/tk.ts';
import { ClassPanel, PANELS, panelByName } from './panels.ts';
import { EDITOR_PANELS, EditorPanel, isEditorPanel } from './editor-panels.tsx';
import './admin.css';

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

function Shell({ panel, children }: { panel: string; children: React.ReactNode }) {
  return (
    <Stack data-screen="admin" data-panel={panel} gap="md">
      {children}
    </Stack>
  );
}

function AdminNav({ current }: { current: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <NativeSelect
        hiddenFrom="sm"
        label={t('Go to')}
        value={adminPanelPath(current)}
        onChange={(e) => navigate(e.currentTarget.value)}
        data={[
          { value: '/admin', label: t('Overview') },
          ...PANELS.map((p) => ({ value: adminPanelPath(p.name), label: t(p.title) })),
          { value: '/util/store', label: t('Data explorer') },
        ]}
      />
      <nav aria-label={t('Admin')} className="admin-nav" data-testid="admin-nav">
        <Button component={Link} to="/admin" size="compact-sm" variant="light" aria-current={current === 'index' ? 'page' : undefined}>
          {t('Overview')}
        </Button>
        {PANELS.map((p) => (
          <Button
            key={p.name}
            component={Link}
            to={adminPanelPath(p.name)}
            size="compact-sm"
            variant="light"
            aria-current={current === p.name ? 'page' : undefined}
            data-testid={`admin-nav-${p.name}`}
          >
            {t(p.title)}
          </Button>
        ))}
        <Button component={Link} to="/util/store" size="compact-sm" variant="light">
          {t('Data explorer')}
        </Button>
      </nav>
    </>
  );
}

function Index() {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="admin-index">
      {PANELS.map((p) => (
        <Paper key={p.name} withBorder p="md" radius="md">
          <Anchor component={Link} to={adminPanelPath(p.name)} fw={600} data-testid={`admin-link-${p.name}`}>
            {t(p.title)}
          </Anchor>
          <Text size="sm" c="gray.7" mt={4}>
            {t(p.description)}
          </Text>
        </Paper>
      ))}
      <Paper withBorder p="md" radius="md">
        <Anchor component={Link} to="/util/store" fw={600} data-testid="admin-link-util">
          <IconDatabaseSearch size={16} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
          {t('Data explorer')}
        </Anchor>
        <Text size="sm" c="gray.7" mt={4}>
          {t('The current state of this browser window, module by module.')}
        </Text>
      </Paper>
    </SimpleGrid>
  );
}

export default function AdminPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const params = useParams();
  const location = useLocation();
  const panel = params.panel ?? 'index';
  const rest = (params['*'] ?? '').split('/').filter(Boolean).map(decode);
  const def = panelByName(panel);
  const editorPanel = isEditorPanel(panel, rest);
  useDocumentTitle(def && !editorPanel ? `${t(def.title)} | ${t('Admin')}` : t('Admin'));

  if (!user) {
    return (
      <Shell panel={panel}>
        <Title order={1}>{t('Admin')}</Title>
        <Anchor component={Link} to={loginPath(location.pathname + location.search)} data-testid="please-login">
          {t(MSG.pleaseLogin)}
        </Anchor>
      </Shell>
    );
  }
  // Editors may open the editing panels the spec links them to; nothing else of the admin area.
  if (editorPanel && user.isEditor) {
    return (
      <Shell panel={panel}>
        <EditorPanel panel={panel as keyof typeof EDITOR_PANELS} rest={rest} />
      </Shell>
    );
  }
  if (!user.isAdmin) {
    return (
      <Shell panel={panel}>
        <Title order={1}>{t('Admin')}</Title>
        <Alert color="orange" data-testid="admin-forbidden">
          {t('The admin area is for administrators.')} {t(MSG.forbidden)}
        </Alert>
      </Shell>
    );
  }

  let body: React.ReactNode;
  let title: string = tk('Overview');
  if (panel === 'index') body = <Index />;
  else if (panel === 'classes' && rest.length >= 2) {
    title = tk('Class');
    body = <ClassPanel rest={rest} />;
  } else if (def) {
    title = def.title;
    const Panel: ComponentType<{ rest: string[] }> = def.component;
    body = <Panel rest={rest} />;
  } else if (panel === 'classes') {
    const Courses = panelByName('courses')!.component;
    title = tk('Courses and classes');
    body = <Courses rest={[]} />;
  } else {
    body = (
      <Stack>
        <Alert color="gray">
          {t('Unknown panel')}: {panel}
        </Alert>
        <Index />
      </Stack>
    );
  }
  const current = def?.name ?? (panel === 'classes' ? 'courses' : panel);

  return (
    <Shell panel={panel}>
      <Breadcrumbs separator="›" separatorMargin={6}>
        <Anchor component={Link} to="/admin" size="sm">
          {t('Admin')}
        </Anchor>
        {panel !== 'index' && <Text size="sm">{t(title)}</Text>}
      </Breadcrumbs>
      <Title order={1}>{panel === 'index' ? t('Admin') : t(title)}</Title>
      {panel !== 'index' && <AdminNav current={current} />}
      <Suspense fallback={<PageLoader />}>{body}</Suspense>
    </Shell>
  );
}
