/** Forgot-password form (spec 2): email and Submit; success goes to login with the message. */
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { PasswordResetRequestSchema } from '../../../domain/validation.ts';
import type { InfoMessage, InfoReply } from '../../../domain/replies-learner.ts';
import { api } from '../../lib/api.ts';
import { submitError, zodErrors } from '../../lib/forms.ts';
import { addStatus } from '../../lib/status.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export default function PasswordResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: (v) => zodErrors(PasswordResetRequestSchema, v) });
  useDocumentTitle(t('Reset your password'));

  const reset = useMutation({
    mutationFn: (email: string) => api.post<InfoReply & { error?: InfoMessage }>('/app_users/resetpassword', { email }),
    onMutate: () => setError(null),
    onSuccess: (r) => {
      if (r.error?.message) {
        setError(r.error.message);
        return;
      }
      addStatus('success', r.info?.message ?? MSG.resetSent);
      navigate('/login');
    },
    onError: (err) => setError(submitError(err, MSG.formError)),
  });
  // The message is shown above the form, as the server's refusals are.
  const onSubmit = form.onSubmit(
    (v) => reset.mutate(v.email.trim()),
    (errs) => setError(String(errs.email)),
  );

  return (
    <Stack maw={480} mx="auto" py="md" data-screen="passwordreset">
      <Title order={1}>{t('Reset your password')}</Title>
      <Text c="gray.8">{t('Enter the email address you registered with and we will send you a temporary password.')}</Text>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            {error && (
              <Alert color="red" role="alert">
                {t(error)}
              </Alert>
            )}
            <TextInput
              label={t('Email address')}
              name="email"
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email', { withError: false })}
            />
            <Group justify="space-between">
              <Anchor component={Link} to="/login" size="sm">
                {t('Back to Login')}
              </Anchor>
              <Button type="submit" loading={reset.isPending} data-testid="reset-submit">
                {t('Submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
