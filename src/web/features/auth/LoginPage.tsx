/**
 * Login (spec 2): email and password (show/hide), Login, forgot-password link, Sign Up. Signed-in
 * users (including a session found by the poll) leave for the redirect query or after-target.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Divider, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../domain/types.ts';
import { MSG } from '../../../domain/messages.ts';
import { api, ApiError } from '../../lib/api.ts';
import { refreshSession, setSessionUser } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { queryClient } from '../../lib/query.ts';

export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('Login'));

  // A session found by the whoami poll (every 20 s, and on focus) sends the guard onwards.
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!login.trim() || !password) { setError(MSG.loginFailed); return; }
    setBusy(true);
    setError(null);
    try {
      const r = await api.post<{ user: User }>('/users/login', { login: login.trim(), password });
      // Lists depend on who is asking.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'whoami' });
      setSessionUser(r.user);
      void refreshSession();
    } catch (err) {
      setError(err instanceof ApiError && err.status === 401 ? MSG.loginFailed : err instanceof ApiError && err.status > 0 ? err.message : MSG.formError);
      setBusy(false);
    }
  };

  const signUp = `/register${params.get('redirect') ? `?redirect=${encodeURIComponent(params.get('redirect')!)}` : ''}`;
  return (
    <Stack maw={440} mx="auto" py="md" data-screen="login">
      <Title order={1} ta="center">{t('Login')}</Title>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            {error && (
              <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid="login-error">{t(error)}</Alert>
            )}
            <TextInput label={t('Email address')} name="login" type="email" autoComplete="username" required
              value={login} onChange={(e) => setLogin(e.currentTarget.value)} data-autofocus />
            <PasswordInput label={t('Password')} name="password" autoComplete="current-password" required
              value={password} onChange={(e) => setPassword(e.currentTarget.value)}
              visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }} />
            <Group justify="space-between" wrap="wrap">
              <Anchor component={Link} to="/passwordreset" size="sm">{t('Forgot your password?')}</Anchor>
              <Button type="submit" loading={busy} data-testid="login-submit">{t('Login')}</Button>
            </Group>
          </Stack>
        </form>
        <Divider my="lg" label={t('New here?')} labelPosition="center" />
        <Stack gap="xs" align="center">
          <Text size="sm">{t('Create a free account to enrol in courses.')}</Text>
          <Button component={Link} to={signUp} variant="outline" fullWidth data-testid="signup-button">{t('Sign Up')}</Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
