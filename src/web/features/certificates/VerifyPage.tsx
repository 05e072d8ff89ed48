/**
 * Public check of a certificate (/certificate/verify/{code}, printed on every certificate): a genuine
 * code shows the learner's name, the course, the completion date and the organisation; any other code
 * a clear message. A form lets a person type a code in.
 */
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconRosetteDiscountCheck, IconAlertTriangle } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import type { CertificateVerification } from '../../../domain/replies-learner.ts';
import { CertificateCodeSchema } from '../../../domain/validation.ts';
import { api, ApiError } from '../../lib/api.ts';
import { fieldError, zodErrors } from '../../lib/forms.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { READABLE_ERRORS, SUCCESS_TEXT } from '../../lib/enrollment-ui.ts';
import { certificateVerifyPath } from '../../lib/paths.ts';

export default function VerifyPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const navigate = useNavigate();
  // The code the server would refuse is refused here too, with the message a wrong code gets.
  const form = useForm({ initialValues: { code }, validate: (v) => zodErrors(CertificateCodeSchema, v) });
  useDocumentTitle(t('Certificate verification'));
  const q = useQuery({
    queryKey: ['certificate', code],
    queryFn: () => api.get<CertificateVerification>(`/app_certificates/verify/${encodeURIComponent(code)}`),
    enabled: !!code,
    retry: (n, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && n < 2,
    staleTime: 60_000,
  });

  const onSubmit = form.onSubmit((v) => navigate(certificateVerifyPath(v.code.trim())));

  const found = q.data?.valid ? q.data : null;
  const notFound = !!code && (q.isError || (q.isSuccess && !found));

  return (
    <Stack
      maw={720}
      mx="auto"
      gap="md"
      style={READABLE_ERRORS}
      data-screen="certificate-verify"
      data-code={code}
      data-valid={found ? 'true' : notFound ? 'false' : ''}
    >
      <Title order={1}>{t('Certificate verification')}</Title>
      {code && q.isPending && <Skeleton h={160} />}
      {found && (
        <Paper
          withBorder
          radius="md"
          p={{ base: 'md', sm: 'xl' }}
          data-testid="certificate-valid"
          style={{ borderColor: 'var(--mantine-color-green-7)', borderWidth: 2 }}
        >
          <Stack gap="sm">
            <Group gap="xs" c={SUCCESS_TEXT}>
              <IconRosetteDiscountCheck size={28} aria-hidden />
              <Text fw={700} size="lg">
                {t('This certificate is genuine.')}
              </Text>
            </Group>
            <dl className="field-list">
              <div className="field-row">
                <dt>{t('Name')}</dt>
                <dd data-testid="certificate-name">{found.name || <em>{t('Not shown: the account was deleted')}</em>}</dd>
              </div>
              <div className="field-row">
                <dt>{t('Course')}</dt>
                <dd data-testid="certificate-course">{found.course}</dd>
              </div>
              <div className="field-row">
                <dt>{t('Completed on')}</dt>
                <dd data-testid="certificate-date">{found.completed}</dd>
              </div>
              {found.hours && (
                <div className="field-row">
                  <dt>{t('Course hours')}</dt>
                  <dd data-testid="certificate-hours">{found.hours}</dd>
                </div>
              )}
              <div className="field-row">
                <dt>{t('Issued by')}</dt>
                <dd>{t(found.organisation)}</dd>
              </div>
              <div className="field-row">
                <dt>{t('Verification code')}</dt>
                <dd dir="ltr">{found.code}</dd>
              </div>
            </dl>
          </Stack>
        </Paper>
      )}
      {notFound && (
        <Alert color="red" icon={<IconAlertTriangle size={20} aria-hidden />} data-testid="certificate-invalid" role="alert">
          {q.error instanceof ApiError && q.error.status !== 404 && q.error.status !== 400 ? t(MSG.didntWork) : t(MSG.certificateNotFound)}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <form onSubmit={onSubmit} noValidate aria-label={t('Check a certificate')}>
          <Stack gap="xs">
            <Text size="sm">{t('Enter the verification code printed on the certificate.')}</Text>
            <Group align="flex-start" gap="xs" wrap="wrap">
              <TextInput
                label={t('Verification code')}
                {...form.getInputProps('code')}
                error={fieldError(t, form.errors, 'code')}
                placeholder="ABCD-EFGH-JKLM-NPQR"
                dir="ltr"
                autoComplete="off"
                miw={240}
                style={{ flex: 1 }}
                name="code"
              />
              <Button type="submit" mt={{ base: 0, xs: 25 }}>
                {t('Check')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
