/**
 * Password change (spec 2): password and confirm with show/hide, Submit, and Leave (to /). The current
 * password is asked for too, except right after signing in with a reset's temporary password.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../domain/messages.ts';
import { PasswordChangeSchema, fieldErrors } from '../../../domain/validation.ts';
import { api, ApiError } from '../../lib/api.ts';
import { addStatus } from '../../lib/status.ts';
import { refreshSession, useSession } from '../../lib/session.ts';

export function ChangePasswordPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mustChangePassword: forced } = useSession();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const validate = (p: string, c: string) => {
    const r = PasswordChangeSchema.safeParse({ password: p, confirmpassword: c });
    return r.success ? {} : fieldErrors(r.error);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const errs = validate(password, confirm);
    if (password !== confirm) errs.confirmpassword ??= MSG.passwordsMustMatch;
    if (!forced && !current) errs.currentpassword = MSG.currentPasswordRequired;
    setErrors(errs);
    if (Object.keys(errs).length) { setFormError(MSG.correctFields); return; }
    setBusy(true);
    setFormError(null);
    try {
      const r = await api.post<{ info?: { message: string }; error?: { message: string } }>('/app_users/resetpassword', { password, confirmpassword: confirm, ...(forced ? {} : { currentpassword: current }) });
      if (r.error?.message) { setFormError(r.error.message); return; }
      addStatus('success', r.info?.message ?? MSG.passwordChanged);
      setPassword('');
      setConfirm('');
      setCurrent('');
      await refreshSession();
      navigate('/users/profile');
    } catch (err) {
      setFormError(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : MSG.formError);
      if (err instanceof ApiError) setErrors((x) => ({ ...x, ...err.fields }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" maw={520}>
      <form onSubmit={onSubmit} noValidate data-testid="changepassword-form">
        <Stack>
          {forced && <Alert color="blue" data-testid="forced-password-notice">{t('You signed in with a temporary password. Please choose a new password now.')}</Alert>}
          {formError && <Alert color="red" role="alert">{t(formError)}</Alert>}
          {!forced && (
            <PasswordInput name="currentpassword" label={t('Current Password')} required autoComplete="current-password"
              value={current} error={errors.currentpassword ? t(errors.currentpassword) : undefined}
              onChange={(e) => { const v = e.currentTarget.value; setCurrent(v); setErrors((x) => ({ ...x, currentpassword: '' })); }}
              visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }} />
          )}
          <PasswordInput name="password" label={t('New Password')} description={t(MSG.passwordHint)} required autoComplete="new-password"
            value={password} error={errors.password ? t(errors.password) : undefined}
            onChange={(e) => { const v = e.currentTarget.value; setPassword(v); setErrors((x) => ({ ...x, password: validate(v, confirm).password ?? '' })); }}
            visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }} />
          <PasswordInput name="confirmpassword" label={t('Confirm Password')} required autoComplete="new-password"
            value={confirm} error={errors.confirmpassword ? t(errors.confirmpassword) : undefined}
            onChange={(e) => { const v = e.currentTarget.value; setConfirm(v); setErrors((x) => ({ ...x, confirmpassword: v === password ? '' : MSG.passwordsMustMatch })); }}
            visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }} />
          <Group justify="flex-end">
            <Button component={Link} to="/" variant="default">{t('Leave')}</Button>
            <Button type="submit" loading={busy} data-testid="changepassword-submit">{t('Submit')}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
