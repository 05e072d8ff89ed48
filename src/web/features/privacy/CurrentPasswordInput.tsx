/** The current password both privacy actions ask for before they act; its error is said above the form. */
import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

export function CurrentPasswordInput<V extends { password: string }>({ form, testid }: { form: UseFormReturnType<V>; testid: string }) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      name="password"
      label={t('Current password')}
      description={t('For your security, please confirm your current password.')}
      required
      autoComplete="current-password"
      {...form.getInputProps('password', { withError: false })}
      visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }}
      data-testid={testid}
    />
  );
}
