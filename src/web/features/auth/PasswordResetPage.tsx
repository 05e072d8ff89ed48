/** Forgot-password form (spec 2): email and Submit; success goes to login with the message. */
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { isEmail } from '../../../domain/validation.ts';
import { api, ApiError } from '../../lib/api.ts';
import { addStatus } from '../../lib/status.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export default function PasswordResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('Reset your password'));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isEmail(email.trim())) { setError(MSG.emailRequired); return; }
    setBusy(true);
    setError(null);
    try {
      const r = await api.post<{ info?: { message: string }; error?: { message: string } }>('/app_users/resetpassword', { email: email.trim() });
      if (r.error?.message) { setError(r.error.message); return; }
      addStatus('success', r.info?.message ?? MSG.resetSent);
      navigate('/login');
    } catch (err) {
      setError(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : MSG.formError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={480} mx="auto" py="md" data-screen="passwordreset">
      <Title order={1}>{t('Reset your password')}</Title>
      <Text c="gray.8">{t('Enter the email address you registered with and we will send you a temporary password.')}</Text>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            {error && <Alert color="red" role="alert">{t(error)}</Alert>}
            <TextInput label={t('Email address')} name="email" type="email" autoComplete="email" required
              value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            <Group justify="space-between">
              <Anchor component={Link} to="/login" size="sm">{t('Back to Login')}</Anchor>
              <Button type="submit" loading={busy} data-testid="reset-submit">{t('Submit')}</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
