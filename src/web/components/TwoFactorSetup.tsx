/**
 * Setting up two-factor sign-in: scan the QR code (or type the key) into an authenticator app, confirm
 * with a code from it, then the recovery codes, shown this once. Used from the account area and, for
 * an admin whose site requires it, in the middle of signing in.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Code, Group, Image, List, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup as Setup, User } from '../../domain/types.ts';
import { MSG } from '../../domain/messages.ts';
import { TwoFactorCodeSchema } from '../../domain/validation.ts';
import { zodErrors } from '../lib/forms.ts';
import { errorMessage } from './panel-parts.tsx';
import { beginTwoFactor, enableTwoFactor } from '../lib/data/sessions.ts';

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack data-testid="recovery-codes">
      <Title order={2} size="h3">
        {t('Recovery codes')}
      </Title>
      <Text>{t('Keep these codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.')}</Text>
      <List listStyleType="none" spacing={4} dir="ltr" ff="monospace">
        {codes.map((c) => (
          <List.Item key={c} data-testid="recovery-code">
            {c}
          </List.Item>
        ))}
      </List>
      <Group justify="flex-end">
        <Button onClick={onDone} data-testid="recovery-done" data-autofocus>
          {t('I have saved these codes')}
        </Button>
      </Group>
    </Stack>
  );
}

export function TwoFactorSetup({
  initial,
  onEnabled,
  onCancel,
}: {
  /** A setup already begun (the account area asks for the password first); else it begins here. */
  initial?: Setup;
  onEnabled: (r: { recoverycodes: string[]; user?: User; info?: { message: string } }) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<Setup | null>(initial ?? null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { code: '' },
    validate: (v) => {
      const errs = zodErrors(TwoFactorCodeSchema, v);
      // Setting up is confirmed with the app's 6-digit code: the recovery codes the schema also takes come after.
      if (!/^\d{6}$/.test(v.code.replace(/\s/g, ''))) errs.code ??= MSG.twoFactorCodeRequired;
      return errs;
    },
  });

  useEffect(() => {
    if (initial) return;
    let live = true;
    beginTwoFactor().then(
      (s) => {
        if (live) setSetup(s);
      },
      (err) => {
        if (live) setError(errorMessage(err));
      },
    );
    return () => {
      live = false;
    };
  }, [initial]);

  const enable = useMutation({
    mutationFn: enableTwoFactor,
    onMutate: () => setError(null),
    onSuccess: onEnabled,
    onError: (err) => setError(errorMessage(err)),
  });
  // The code is shown above the form, as the server's refusals are; the button stays busy once enabled.
  const onSubmit = form.onSubmit(
    (v) => enable.mutate(v.code.replace(/\s/g, '')),
    (errs) => setError(String(errs.code)),
  );

  return (
    <Stack data-testid="twofactor-setup">
      {error && (
        <Alert color="red" role="alert" data-testid="twofactor-error">
          {t(error)}
        </Alert>
      )}
      <Text>
        {t(
          'Scan this QR code with an authenticator app (such as FreeOTP, Aegis or Google Authenticator), then enter the 6-digit code it shows.',
        )}
      </Text>
      {!setup && !error && <Loader size="sm" aria-label={t('Loading')} />}
      {setup && (
        <>
          <Image src={setup.qr} alt={t('QR code for your authenticator app')} w={200} h={200} fit="contain" />
          <Text size="sm">
            {t('Or type this key into the app:')}{' '}
            <Code dir="ltr" data-testid="twofactor-secret" style={{ overflowWrap: 'anywhere' }}>
              {setup.secret}
            </Code>
          </Text>
          <form onSubmit={onSubmit} noValidate>
            <Stack>
              <TextInput
                label={t('6-digit code')}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                required
                dir="ltr"
                {...form.getInputProps('code', { withError: false })}
                data-testid="twofactor-code"
              />
              <Group justify="flex-end">
                {onCancel && (
                  <Button variant="default" onClick={onCancel}>
                    {t('Cancel')}
                  </Button>
                )}
                <Button type="submit" loading={enable.isPending || enable.isSuccess} data-testid="twofactor-confirm">
                  {t('Turn on two-factor sign-in')}
                </Button>
              </Group>
            </Stack>
          </form>
        </>
      )}
    </Stack>
  );
}
