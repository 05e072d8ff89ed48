/** The account's two-factor sign-in: its state, setting it up, and turning it off (password and code). */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TwoFactorBeginSchema, TwoFactorDisableSchema } from '../../../domain/validation.ts';
import { fieldError, firstError, keepServerErrors, zodErrors } from '../../lib/forms.ts';
import { queryClient } from '../../lib/query.ts';
import { addStatus } from '../../lib/status.ts';
import { tk } from '../../lib/tk.ts';
import { errorMessage } from '../../components/panel-parts.tsx';
import type { TwoFactorSetup as Setup } from '../../../domain/types.ts';
import { beginTwoFactor, disableTwoFactor, takeStashedRecoveryCodes, twoFactorKey, twoFactorStatus } from '../../lib/data/sessions.ts';
import { RecoveryCodes, TwoFactorSetup } from '../../components/TwoFactorSetup.tsx';

function TurnOff() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: { password: '', code: '' }, validate: (v) => zodErrors(TwoFactorDisableSchema, v) });
  const turnOff = useMutation({
    mutationFn: (v: { password: string; code: string }) => disableTwoFactor(v.password, v.code),
    onMutate: () => setError(null),
    onSuccess: (status) => {
      queryClient.setQueryData(twoFactorKey, status);
      addStatus('success', tk('Two-factor sign-in is off.'));
    },
    onError: (err) => {
      setError(errorMessage(err));
      keepServerErrors(form, err);
    },
  });
  const onSubmit = form.onSubmit(
    (v) => turnOff.mutate(v),
    (errs) => setError(firstError(errs)),
  );
  return (
    <form onSubmit={onSubmit} noValidate data-testid="twofactor-off-form">
      <Stack>
        <Text fw={500}>{t('Turn off two-factor sign-in')}</Text>
        {error && (
          <Alert color="red" role="alert">
            {t(error)}
          </Alert>
        )}
        <PasswordInput
          label={t('Password')}
          name="password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
          error={fieldError(t, form.errors, 'password')}
          visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }}
        />
        <TextInput
          label={t('Code from your app, or a recovery code')}
          name="code"
          autoComplete="one-time-code"
          required
          dir="ltr"
          {...form.getInputProps('code')}
          error={fieldError(t, form.errors, 'code')}
        />
        <Group justify="flex-end">
          <Button type="submit" color="red" variant="light" loading={turnOff.isPending} data-testid="twofactor-off">
            {t('Turn off')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Setting up starts with the password again, so a borrowed session alone cannot do it. */
function Start({ onBegun }: { onBegun: (s: Setup) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  // The schema's password is optional only when absent (during sign-in); an empty one here is refused.
  const form = useForm({ initialValues: { password: '' }, validate: (v) => zodErrors(TwoFactorBeginSchema, v) });
  const begin = useMutation({
    mutationFn: (v: { password: string }) => beginTwoFactor(v.password),
    onMutate: () => setError(null),
    onSuccess: onBegun,
    onError: (err) => {
      setError(errorMessage(err));
      keepServerErrors(form, err);
    },
  });
  const onSubmit = form.onSubmit(
    (v) => begin.mutate(v),
    (errs) => setError(firstError(errs)),
  );
  return (
    <form onSubmit={onSubmit} noValidate data-testid="twofactor-start-form">
      <Stack>
        {error && (
          <Alert color="red" role="alert" data-testid="twofactor-start-error">
            {t(error)}
          </Alert>
        )}
        <PasswordInput
          label={t('Password')}
          name="password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
          error={fieldError(t, form.errors, 'password')}
          visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }}
          data-testid="twofactor-password"
        />
        <Group>
          <Button type="submit" loading={begin.isPending || begin.isSuccess} data-testid="twofactor-start">
            {t('Set up two-factor sign-in')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function TwoFactorPanel() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: twoFactorKey, queryFn: twoFactorStatus });
  const [settingUp, setSettingUp] = useState<Setup | null>(null);
  // Codes from a setup finished while signing in are shown here, once.
  const [codes, setCodes] = useState<string[] | null>(takeStashedRecoveryCodes);
  if (q.isError)
    return (
      <Alert color="red" role="alert">
        {t(errorMessage(q.error))}
      </Alert>
    );
  const s = q.data;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" maw={620} data-testid="twofactor-panel">
      <Stack>
        <Text>
          {t(
            'With two-factor sign-in, signing in also asks for a code from an app on your phone, so a stolen password alone is not enough.',
          )}
        </Text>
        {s && (
          <Group gap="xs">
            <Text fw={500}>{t('Two-factor sign-in')}:</Text>
            <Badge color={s.enabled ? 'teal.9' : 'dark.6'} variant="filled" data-testid="twofactor-state">
              {s.enabled ? t('On') : t('Off')}
            </Badge>
          </Group>
        )}
        {s?.required && !s.enabled && <Alert color="yellow">{t('This site requires two-factor sign-in for your account.')}</Alert>}
        {codes ? (
          <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
        ) : settingUp ? (
          <TwoFactorSetup
            initial={settingUp}
            onCancel={() => setSettingUp(null)}
            onEnabled={(r) => {
              setSettingUp(null);
              setCodes(r.recoverycodes);
              void queryClient.invalidateQueries({ queryKey: twoFactorKey });
              addStatus('success', tk('Two-factor sign-in is on.'));
            }}
          />
        ) : s && !s.enabled ? (
          <Start onBegun={setSettingUp} />
        ) : s ? (
          <>
            <Text size="sm" data-testid="recovery-left">
              {t('Unused recovery codes: {{n}}', { n: s.recoveryLeft })}
            </Text>
            <TurnOff />
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
