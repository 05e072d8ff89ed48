/** Admin area (lazy chunk). The panels themselves belong to the admin issue; the routing is here. */
import { Alert, Anchor, Paper, SimpleGrid, Stack, Text, Title, Code } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { useSession } from '../../lib/session.ts';
import { loginPath } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { tk } from '../../lib/tk.ts';

const PANELS = [
  { to: '/admin/index', label: tk('Overview') },
  { to: '/admin/content', label: tk('Content') },
  { to: '/admin/courses', label: tk('Courses') },
  { to: '/admin/users', label: tk('Users') },
  { to: '/admin/translations', label: tk('Translations') },
  { to: '/admin/reports', label: tk('Reports') },
  { to: '/util/store', label: tk('Data explorer') },
];

export default function AdminPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const params = useParams();
  const location = useLocation();
  useDocumentTitle(t('Admin'));
  const panel = params.panel ?? 'index';
  if (!user) {
    return (
      <Stack data-screen="admin" data-panel={panel} maw={600} mx="auto">
        <Title order={1}>{t('Admin')}</Title>
        <Anchor component={Link} to={loginPath(location.pathname + location.search)} data-testid="please-login">{t(MSG.pleaseLogin)}</Anchor>
      </Stack>
    );
  }
  if (!user.isEditor) {
    return (
      <Stack data-screen="admin" data-panel={panel} maw={600} mx="auto">
        <Title order={1}>{t('Admin')}</Title>
        <Alert color="orange">{t(MSG.forbidden)}</Alert>
      </Stack>
    );
  }
  return (
    <Stack data-screen="admin" data-panel={panel}>
      <Title order={1}>{t('Admin')}</Title>
      <Text c="gray.8">{t('Panel')}: <Code>{panel}{params['*'] ? `/${params['*']}` : ''}</Code></Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {PANELS.map((p) => (
          <Paper key={p.to} withBorder p="md" radius="md">
            <Anchor component={Link} to={p.to} fw={600}>{t(p.label)}</Anchor>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
