/**
 * Delete my account: what goes and what stays (by the site's settings), the date it will happen after
 * the grace period, and the current password. Confirming signs the learner out everywhere; signing in
 * before the date cancels the deletion.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { PrivacyPasswordSchema } from '../../../domain/validation.ts';
import { ApiError } from '../../lib/api.ts';
import { zodErrors } from '../../lib/forms.ts';
import { tk } from '../../lib/tk.ts';
import { addStatus } from '../../lib/status.ts';
import { refreshSession, useSession } from '../../lib/session.ts';
import { day, privacyStateQuery, requestDeletion } from './api.ts';
import { CurrentPasswordInput } from './CurrentPasswordInput.tsx';

const DAY_MS = 24 * 3600_000;
const NOT_UNDERSTOOD = tk('Please confirm that you understand what will be deleted.');

export default function DeleteAccountPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { config } = useSession();
  const state = useQuery(privacyStateQuery);
  const form = useForm({
    initialValues: { understood: false, password: '' },
    validate: (v) => ({
      ...zodErrors(PrivacyPasswordSchema, { password: v.password }),
      ...(v.understood ? {} : { understood: NOT_UNDERSTOOD }),
    }),
  });
  const [error, setError] = useState<string | null>(null);
  const grace = config?.privacygracedays ?? 14;
  const keepNames = config?.privacycertnames ?? false;
  const keepPosts = (config?.privacyposts ?? 'keep') === 'keep';
  const [openedAt] = useState(Date.now);
  const dueDay = day(new Date(openedAt + grace * DAY_MS).toISOString());

  const mutation = useMutation({
    mutationFn: requestDeletion,
    onSuccess: async (r) => {
      addStatus('info', r.info.message, 15_000);
      await refreshSession();
      navigate('/');
    },
    onError: (err) => setError(err instanceof ApiError && err.status < 500 ? err.message : MSG.formError),
  });
  // The box not ticked is said first, as it comes first in the form.
  const onSubmit = form.onSubmit(
    (v) => mutation.mutate(v.password),
    (errs) => setError(String(errs.understood ?? errs.password)),
  );

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" maw={680} data-testid="deleteaccount-panel">
      <Stack>
        {state.data?.deletion && (
          <Alert color="orange" role="status">
            {t('Your account is due to be deleted on')} <bdi dir="ltr">{day(state.data.deletion.due)}</bdi>
          </Alert>
        )}
        <Title order={2} size="h3">
          {t('What is deleted')}
        </Title>
        <List size="sm" spacing={4} data-testid="deleteaccount-goes">
          <List.Item>{t('your account and profile: name, e-mail address, phone, address and the other details you gave')}</List.Item>
          <List.Item>{t('your enrolments, progress, and quiz and exam answers')}</List.Item>
          <List.Item>{t('your sessions (you are signed out everywhere), sign-in history and cookie choice')}</List.Item>
          <List.Item>{t('the record of e-mails we sent you')}</List.Item>
          {!keepPosts && <List.Item>{t('your posts and replies')}</List.Item>}
        </List>
        <Title order={2} size="h3">
          {t('What stays')}
        </Title>
        <List size="sm" spacing={4} data-testid="deleteaccount-stays">
          <List.Item>
            {keepNames
              ? t('your certificates stay verifiable by their code, with your name, the course and the date')
              : t('your certificates stay verifiable by their code, as issued on a date for a course, without your name')}
          </List.Item>
          {keepPosts && <List.Item>{t('your posts and replies stay, shown as written by a former learner')}</List.Item>}
          <List.Item>{t('your survey answers stay, without your name')}</List.Item>
        </List>
        {grace > 0 ? (
          <Text>
            {t('If you confirm, your account will be deleted on this date:')}{' '}
            <bdi dir="ltr" data-testid="deleteaccount-date">
              {dueDay}
            </bdi>{' '}
            {t('Signing in before then cancels the deletion.')}
          </Text>
        ) : (
          <Text data-testid="deleteaccount-now">{t('If you confirm, your account is deleted at once.')}</Text>
        )}
        <Text size="sm">
          {t('You may want to keep a copy first:')}{' '}
          <Anchor component={Link} to="/user/mydata">
            {t('Download my data')}
          </Anchor>
        </Text>
        <form onSubmit={onSubmit} noValidate data-testid="deleteaccount-form">
          <Stack>
            {error && (
              <Alert color="red" role="alert">
                {t(error)}
              </Alert>
            )}
            <Checkbox
              {...form.getInputProps('understood', { type: 'checkbox', withError: false })}
              data-testid="deleteaccount-understood"
              label={
                grace > 0
                  ? t('I understand that my account and personal data will be deleted for good after that date.')
                  : t('I understand that my account and personal data will be deleted for good.')
              }
            />
            <CurrentPasswordInput form={form} testid="deleteaccount-password" />
            <Button
              type="submit"
              color="red.8"
              loading={mutation.isPending}
              style={{ alignSelf: 'flex-start' }}
              data-testid="deleteaccount-submit"
            >
              {t('Delete my account')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
