/**
 * The page the confirmation link of an e-mail change opens (/confirmemail/{token}). Confirming takes
 * a click, so a mail scanner that follows the link changes nothing.
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { api, ApiError } from '../../lib/api.ts';
import { addStatus } from '../../lib/status.ts';
import { refreshSession, useSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('Confirm your new email address'));

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await api.post<{ info?: { message: string } }>('/app_users/confirmemail', { token });
      addStatus('success', r.info?.message ?? MSG.emailConfirmed);
      await refreshSession();
      navigate(user ? '/users/profile' : '/login');
    } catch (err) {
      setError(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : MSG.formError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack maw={520} mx="auto" py="md" data-screen="confirmemail">
      <Title order={1}>{t('Confirm your new email address')}</Title>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack>
          {error && <Alert color="red" role="alert">{t(error)}</Alert>}
          <Text>{t('Your account will use this new address from now on, for signing in and for all our messages.')}</Text>
          <Group justify="flex-end">
            <Button onClick={confirm} loading={busy} data-testid="confirmemail-submit">{t('Confirm the new address')}</Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
