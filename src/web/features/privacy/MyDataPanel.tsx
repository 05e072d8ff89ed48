/**
 * Download my data: after the current password, the server builds a ZIP of everything it keeps about
 * the learner (at once for most accounts; in the background, announced by e-mail, for large ones).
 */
import { useState } from 'react';
import { Alert, Button, List, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { PrivacyPasswordSchema } from '../../../domain/validation.ts';
import { ApiError } from '../../lib/api.ts';
import { zodErrors } from '../../lib/forms.ts';
import { day, privacyStateQuery, requestExport } from './api.ts';
import { CurrentPasswordInput } from './CurrentPasswordInput.tsx';

export default function MyDataPanel() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const state = useQuery(privacyStateQuery);
  const form = useForm({ initialValues: { password: '' }, validate: (v) => zodErrors(PrivacyPasswordSchema, v) });
  const [error, setError] = useState<string | null>(null);
  // The e-mail of an export built in the background links here with its token.
  const [params] = useSearchParams();
  const emailed = params.get('token');
  const [link, setLink] = useState<{ url: string; expires: string | null } | null>(
    emailed && /^[A-Za-z0-9_-]{20,100}$/.test(emailed) ? { url: `/app_privacy/download/${emailed}`, expires: null } : null,
  );
  const mutation = useMutation({
    mutationFn: requestExport,
    onSuccess: (r) => {
      form.setValues({ password: '' });
      setError(null);
      setLink(r.url ? { url: r.url, expires: r.export?.expires ?? null } : null);
      qc.setQueryData(privacyStateQuery.queryKey, r);
    },
    onError: (err) => setError(err instanceof ApiError && err.status < 500 ? err.message : MSG.formError),
  });
  const onSubmit = form.onSubmit(
    (v) => mutation.mutate(v.password),
    (errs) => setError(String(errs.password)),
  );
  const pending = state.data?.export && ['queued', 'running'].includes(state.data.export.status);

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" maw={640} data-testid="mydata-panel">
      <Stack>
        <Text>
          {t('Download a copy of everything we keep about you. The archive (a ZIP file) holds a summary page and JSON and CSV files with:')}
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>{t('your profile and cookie choice')}</List.Item>
          <List.Item>{t('your enrolments, progress, and quiz and exam answers')}</List.Item>
          <List.Item>{t('your certificates')}</List.Item>
          <List.Item>{t('your posts, replies and survey answers')}</List.Item>
          <List.Item>{t('your sessions and sign-in history')}</List.Item>
          <List.Item>{t('the e-mails we sent you (subjects and dates)')}</List.Item>
        </List>
        {link && (
          <Alert color="green" role="status" title={t(MSG.exportReady)} styles={{ title: { color: '#1b5e20' } }} data-testid="mydata-ready">
            <Stack gap="xs" align="flex-start">
              <Button
                component="a"
                href={link.url}
                download
                leftSection={<IconDownload size={16} aria-hidden />}
                data-testid="mydata-download"
              >
                {t('Download my data (ZIP)')}
              </Button>
              {link.expires && (
                <Text size="sm">
                  {t('The link works until')} <bdi dir="ltr">{day(link.expires)}</bdi>
                </Text>
              )}
            </Stack>
          </Alert>
        )}
        {!link && pending && (
          <Alert color="blue" role="status" data-testid="mydata-queued">
            {t(MSG.exportQueued)}
          </Alert>
        )}
        <form onSubmit={onSubmit} noValidate data-testid="mydata-form">
          <Stack>
            {error && (
              <Alert color="red" role="alert">
                {t(error)}
              </Alert>
            )}
            <CurrentPasswordInput form={form} testid="mydata-password" />
            <Button
              type="submit"
              loading={mutation.isPending}
              disabled={!!pending}
              style={{ alignSelf: 'flex-start' }}
              data-testid="mydata-submit"
            >
              {t('Prepare my data')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
