/**
 * Login (spec 2): email and password (show/hide), Login, forgot-password link, Sign Up. Signed-in
 * users (including a session found by the poll) leave for the redirect query or after-target.
 */
import { useState } from 'react';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Alert, Anchor, Button, Divider, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../domain/types.ts';
import { MSG } from '../../../domain/messages.ts';
import { LoginFormSchema } from '../../../domain/validation.ts';
import { api, ApiError } from '../../lib/api.ts';
import { fieldError, keepServerErrors, zodErrors } from '../../lib/forms.ts';
import { refreshSession, setSessionUser } from '../../lib/session.ts';
import { addStatus } from '../../lib/status.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { queryClient } from '../../lib/query.ts';
import { CodeStep, SetupStep } from './SecondStep.tsx';
import { stashRecoveryCodes } from '../../lib/data/sessions.ts';
import { registerPath } from '../../lib/paths.ts';

export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  // An empty field says so beside itself (typing in it clears that); the address is kept for a restart.
  const form = useForm({ initialValues: { login: '', password: '' }, validate: (v) => zodErrors(LoginFormSchema, v) });
  // Two-factor sign-in: after the password, a code (or, for admins who must, the setup) before the session.
  const [step, setStep] = useState<'password' | 'code' | 'setup'>('password');
  const navigate = useNavigate();
  useDocumentTitle(t('Login'));

  const signedIn = (user: User) => {
    // Lists depend on who is asking.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'whoami' });
    setSessionUser(user);
    void refreshSession();
  };

  const signIn = useMutation({
    mutationFn: (v: { login: string; password: string }) =>
      api.post<{ user?: User; twofactor?: 'code' | 'setup'; info?: { message: string } }>('/users/login', v),
    onSuccess: (r) => {
      if (r.twofactor) {
        form.setFieldValue('password', '');
        setStep(r.twofactor);
        return;
      }
      // Signing in cancelled a pending account deletion: say so.
      if (r.info?.message) addStatus('info', r.info.message, 15_000);
      signedIn(r.user!);
    },
    onError: (err) => {
      setError(
        err instanceof ApiError && err.status === 401
          ? MSG.loginFailed
          : err instanceof ApiError && err.status > 0
            ? err.message
            : MSG.formError,
      );
      keepServerErrors(form, err);
    },
  });
  // Signed in: the button stays busy until the guard has moved on.
  const busy = signIn.isPending || (signIn.isSuccess && !signIn.data.twofactor);

  // A session found by the whoami poll (every 20 s, and on focus) sends the guard onwards.
  // An earlier "incorrect" answer no longer applies, whether or not the fields pass.
  const onSubmit = form.onSubmit(
    (v) => {
      setError(null);
      signIn.mutate({ login: v.login.trim(), password: v.password });
    },
    () => setError(null),
  );

  const signUp = registerPath(params.get('redirect'));
  return (
    <Stack maw={440} mx="auto" py="md" data-screen="login">
      <Title order={1} ta="center">
        {t('Login')}
      </Title>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        {step === 'code' && <CodeStep onSignedIn={signedIn} onRestart={() => setStep('password')} />}
        {step === 'setup' && (
          <SetupStep
            onEnabled={(r) => {
              // The recovery codes are shown on the account's two-factor panel, where the admin lands.
              stashRecoveryCodes(r.recoverycodes);
              if (r.info?.message) addStatus('info', r.info.message, 15_000);
              queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'whoami' });
              navigate('/user/security', { replace: true });
              void refreshSession();
            }}
          />
        )}
        {step === 'password' && (
          <form onSubmit={onSubmit} noValidate>
            <Stack>
              {error && (
                <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid="login-error">
                  {t(error)}
                </Alert>
              )}
              <TextInput
                label={t('Email address')}
                name="login"
                type="email"
                autoComplete="username"
                required
                {...form.getInputProps('login')}
                data-autofocus
                dir="ltr"
                error={fieldError(t, form.errors, 'login')}
              />
              <PasswordInput
                label={t('Password')}
                name="password"
                autoComplete="current-password"
                required
                {...form.getInputProps('password')}
                error={fieldError(t, form.errors, 'password')}
                visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }}
              />
              <Group justify="space-between" wrap="wrap">
                <Anchor component={Link} to="/passwordreset" size="sm">
                  {t('Forgot your password?')}
                </Anchor>
                <Button type="submit" loading={busy} data-testid="login-submit">
                  {t('Login')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        <Divider my="lg" label={t('New here?')} labelPosition="center" />
        <Stack gap="xs" align="center">
          <Text size="sm">{t('Create a free account to enrol in courses.')}</Text>
          <Button component={Link} to={signUp} variant="outline" fullWidth data-testid="signup-button">
            {t('Sign Up')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
