/** Admin settings: session lifetimes (everyone, and shorter ones for admins) and two-factor sign-in for admins. */
import { useEffect, useState } from 'react';
import { Alert, Button, Fieldset, Group, NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SecuritySettings } from '../../../domain/types.ts';
import { SecuritySettingsSchema } from '../../../domain/validation.ts';
import { api } from '../../lib/api.ts';
import { fieldError, firstError, zodErrors } from '../../lib/forms.ts';
import { queryClient } from '../../lib/query.ts';
import { addStatus } from '../../lib/status.ts';
import { tk } from '../../lib/tk.ts';
import { errorMessage, fieldErrors } from '../../components/panel-parts.tsx';

const KEY = ['security-settings'] as const;
const NUMBERS: { name: keyof SecuritySettings; label: string; unit: 'hours' | 'days' }[] = [
  { name: 'sessionIdleHours', label: tk('Sign out after this many idle hours'), unit: 'hours' },
  { name: 'sessionMaxDays', label: tk('Sign out after this many days in any case'), unit: 'days' },
  { name: 'adminSessionIdleHours', label: tk('Admins: sign out after this many idle hours'), unit: 'hours' },
  { name: 'adminSessionMaxDays', label: tk('Admins: sign out after this many days in any case'), unit: 'days' },
];

export function SecuritySettingsForm() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: KEY, queryFn: () => api.post<{ security: SecuritySettings }>('/app_admin/getSecurity') });
  const [error, setError] = useState<string | null>(null);
  // A field's message stays until the next save, as the one above the form does.
  const form = useForm<SecuritySettings>({
    clearInputErrorOnChange: false,
    validate: (values) => zodErrors(SecuritySettingsSchema, values),
  });
  // The fields are filled once the stored settings arrive; a save's reply holds the values just sent.
  const { initialize } = form;
  useEffect(() => {
    if (q.data) initialize(q.data.security);
  }, [q.data, initialize]);
  const save = useMutation({
    mutationFn: (values: SecuritySettings) => api.post<{ security: SecuritySettings }>('/app_admin/setSecurity', values),
    onMutate: () => setError(null),
    onSuccess: async (r) => {
      queryClient.setQueryData(KEY, r);
      await queryClient.invalidateQueries({ queryKey: ['audit'] });
      addStatus('success', tk('The sign-in settings have been saved.'));
    },
    onError: (err) => {
      setError(errorMessage(err));
      form.setErrors(fieldErrors(err));
    },
  });
  if (q.isError)
    return (
      <Alert color="red" role="alert">
        {t(errorMessage(q.error))}
      </Alert>
    );
  if (!form.initialized) return null;

  const submit = form.onSubmit(
    (values) => save.mutate(values),
    (errs) => setError(firstError(errs)),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="security-settings-form">
      <Fieldset legend={t('Sign-in and sessions')}>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {t(error)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {NUMBERS.map((n) => (
              <NumberInput
                key={n.name}
                name={n.name}
                label={t(n.label)}
                min={1}
                max={n.unit === 'hours' ? 8760 : 365}
                allowDecimal={false}
                clampBehavior="none"
                {...form.getInputProps(n.name)}
                error={fieldError(t, form.errors, n.name)}
                onChange={(x) => form.setFieldValue(n.name, typeof x === 'number' ? x : Number(x))}
              />
            ))}
          </SimpleGrid>
          <Switch
            name="requireAdminTwoFactor"
            label={t('Admins must use two-factor sign-in')}
            {...form.getInputProps('requireAdminTwoFactor', { type: 'checkbox' })}
            error={fieldError(t, form.errors, 'requireAdminTwoFactor')}
            description={t('An admin without it is led through its setup at the next sign-in.')}
          />
          <Switch
            name="requireTwoFactorForAll"
            label={t('Everyone must use two-factor sign-in')}
            {...form.getInputProps('requireTwoFactorForAll', { type: 'checkbox' })}
            error={fieldError(t, form.errors, 'requireTwoFactorForAll')}
            description={t('Each account without it is led through its setup at the next sign-in.')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="security-settings-save">
              {t('Save')}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
