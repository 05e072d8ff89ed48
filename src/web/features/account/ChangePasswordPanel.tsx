/**
 * Password change (spec 2): password and confirm with show/hide, Submit, and Leave (to /). The current
 * password is asked for too, except right after signing in with a reset's temporary password.
 */
import { useState } from 'react';
import { Alert, Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { PasswordChangeSchema } from '../../../domain/validation.ts';
import type { InfoMessage, InfoReply } from '../../../domain/replies-learner.ts';
import { api } from '../../lib/api.ts';
import { fieldError, keepServerErrors, submitError, zodErrors } from '../../lib/forms.ts';
import { addStatus } from '../../lib/status.ts';
import { refreshSession, useSession } from '../../lib/session.ts';

interface Values {
  currentpassword: string;
  password: string;
  confirmpassword: string;
}

export function ChangePasswordPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mustChangePassword: forced } = useSession();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { currentpassword: '', password: '', confirmpassword: '' },
    validateInputOnChange: ['password', 'confirmpassword'],
    validate: (v) => {
      const errs = zodErrors(PasswordChangeSchema, { password: v.password, confirmpassword: v.confirmpassword });
      // The schema's match rule waits for a valid password; the second field says so at once.
      if (v.password !== v.confirmpassword) errs.confirmpassword ??= MSG.passwordsMustMatch;
      if (!forced && !v.currentpassword) errs.currentpassword = MSG.currentPasswordRequired;
      return errs;
    },
  });

  const change = useMutation({
    mutationFn: (v: Values) =>
      api.post<InfoReply & { error?: InfoMessage }>('/app_users/resetpassword', {
        password: v.password,
        confirmpassword: v.confirmpassword,
        ...(forced ? {} : { currentpassword: v.currentpassword }),
      }),
    onMutate: () => setFormError(null),
    onSuccess: async (r) => {
      if (r.error?.message) {
        setFormError(r.error.message);
        return;
      }
      addStatus('success', r.info?.message ?? MSG.passwordChanged);
      form.reset();
      await refreshSession();
      navigate('/users/profile');
    },
    onError: (err) => {
      setFormError(submitError(err, MSG.formError));
      keepServerErrors(form, err);
    },
  });

  const onSubmit = form.onSubmit(
    (v) => change.mutate(v),
    () => setFormError(MSG.correctFields),
  );

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" maw={520}>
      <form onSubmit={onSubmit} noValidate data-testid="changepassword-form">
        <Stack>
          {forced && (
            <Alert color="blue" data-testid="forced-password-notice">
              {t('You signed in with a temporary password. Please choose a new password now.')}
            </Alert>
          )}
          {formError && (
            <Alert color="red" role="alert">
              {t(formError)}
            </Alert>
          )}
          {!forced && (
            <PasswordInput
              name="currentpassword"
              label={t('Current Password')}
              required
              autoComplete="current-password"
              {...form.getInputProps('currentpassword')}
              error={fieldError(t, form.errors, 'currentpassword')}
              visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }}
            />
          )}
          <PasswordInput
            name="password"
            label={t('New Password')}
            description={t(MSG.passwordHint)}
            required
            autoComplete="new-password"
            {...form.getInputProps('password')}
            error={fieldError(t, form.errors, 'password')}
            visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }}
          />
          <PasswordInput
            name="confirmpassword"
            label={t('Confirm Password')}
            required
            autoComplete="new-password"
            {...form.getInputProps('confirmpassword')}
            error={fieldError(t, form.errors, 'confirmpassword')}
            visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }}
          />
          <Group justify="flex-end">
            <Button component={Link} to="/" variant="default">
              {t('Leave')}
            </Button>
            <Button type="submit" loading={change.isPending} data-testid="changepassword-submit">
              {t('Submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
