/**
 * The page the confirmation link of an e-mail change opens (/confirmemail/{token}). Confirming takes
 * a click, so a mail scanner that follows the link changes nothing.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { api } from '../../lib/api.ts';
import { submitError } from '../../lib/forms.ts';
import { addStatus } from '../../lib/status.ts';
import { refreshSession, useSession } from '../../lib/session.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { InfoReply } from '../../../domain/replies-learner.ts';

export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(t('Confirm your new email address'));

  const confirmation = useMutation({
    mutationFn: () => api.post<InfoReply>('/app_users/confirmemail', { token }),
    onMutate: () => setError(null),
    onSuccess: async (r) => {
      addStatus('success', r.info?.message ?? MSG.emailConfirmed);
      await refreshSession();
      navigate(user ? '/users/profile' : '/login');
    },
    onError: (err) => setError(submitError(err, MSG.formError)),
  });

  return (
    <Stack maw={520} mx="auto" py="md" data-screen="confirmemail">
      <Title order={1}>{t('Confirm your new email address')}</Title>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack>
          {error && (
            <Alert color="red" role="alert">
              {t(error)}
            </Alert>
          )}
          <Text>{t('Your account will use this new address from now on, for signing in and for all our messages.')}</Text>
          <Group justify="flex-end">
            <Button onClick={() => confirmation.mutate()} loading={confirmation.isPending} data-testid="confirmemail-submit">
              {t('Confirm the new address')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
