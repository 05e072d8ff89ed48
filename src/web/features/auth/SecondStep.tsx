/**
 * The second sign-in step on the login screen: a code from the authenticator app (or a recovery
 * code); or, for an admin whose site requires two-factor sign-in and who has none yet, its setup.
 */
import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../domain/types.ts';
import { TwoFactorCodeSchema } from '../../../domain/validation.ts';
import { errorMessage } from '../../components/panel-parts.tsx';
import { verifySecondStep } from '../../lib/data/sessions.ts';
import { zodErrors } from '../../lib/forms.ts';
import { addStatus } from '../../lib/status.ts';
import { TwoFactorSetup } from '../../components/TwoFactorSetup.tsx';

export function CodeStep({ onSignedIn, onRestart }: { onSignedIn: (user: User) => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: { code: '' }, validate: (v) => zodErrors(TwoFactorCodeSchema, v) });
  const verify = useMutation({
    mutationFn: verifySecondStep,
    onMutate: () => setError(null),
    onSuccess: (r) => {
      // Signing in cancelled a pending account deletion: say so, as the one-step sign-in does.
      if (r.info?.message) addStatus('info', r.info.message, 15_000);
      onSignedIn(r.user);
    },
    onError: (err) => setError(errorMessage(err)),
  });
  // The message is shown above the form, as the server's refusals are; the button stays busy once signed in.
  const onSubmit = form.onSubmit(
    (v) => verify.mutate(v.code.trim()),
    (errs) => setError(String(errs.code)),
  );
  return (
    <form onSubmit={onSubmit} noValidate data-testid="twofactor-step">
      <Stack>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid="login-error">
            {t(error)}
          </Alert>
        )}
        <Text>{t('Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes instead.')}</Text>
        <TextInput
          label={t('Code')}
          name="code"
          autoComplete="one-time-code"
          required
          dir="ltr"
          data-autofocus
          autoFocus
          {...form.getInputProps('code', { withError: false })}
          data-testid="login-code"
        />
        <Group justify="space-between" wrap="wrap">
          <Anchor component="button" type="button" size="sm" onClick={onRestart}>
            {t('Start again')}
          </Anchor>
          <Button type="submit" loading={verify.isPending || verify.isSuccess} data-testid="login-code-submit">
            {t('Verify')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SetupStep({ onEnabled }: { onEnabled: (r: { recoverycodes: string[]; user?: User; info?: { message: string } }) => void }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Alert color="yellow">{t('This site requires two-factor sign-in for your account. Please set it up now to continue.')}</Alert>
      <TwoFactorSetup onEnabled={onEnabled} />
    </Stack>
  );
}
