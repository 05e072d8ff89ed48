/** Admin settings: session lifetimes (everyone, and shorter ones for admins) and two-factor sign-in for admins. */
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Fieldset, Group, NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SecuritySettings } from '../../../domain/types.ts';
import { api } from '../../lib/api.ts';
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
  const [v, setV] = useState<SecuritySettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the fields are filled once the stored settings arrive
    if (q.data) setV(q.data.security);
  }, [q.data]);
  const save = useMutation({
    mutationFn: (values: SecuritySettings) => api.post<{ security: SecuritySettings }>('/app_admin/setSecurity', values),
    onMutate: () => {
      setError(null);
      setErrors({});
    },
    onSuccess: async (r) => {
      queryClient.setQueryData(KEY, r);
      await queryClient.invalidateQueries({ queryKey: ['audit'] });
      addStatus('success', tk('The sign-in settings have been saved.'));
    },
    onError: (err) => {
      setError(errorMessage(err));
      setErrors(fieldErrors(err));
    },
  });
  if (q.isError)
    return (
      <Alert color="red" role="alert">
        {t(errorMessage(q.error))}
      </Alert>
    );
  if (!v) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(v);
  };

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
                value={v[n.name] as number}
                error={errors[n.name] ? t(errors[n.name]!) : undefined}
                onChange={(x) => setV({ ...v, [n.name]: typeof x === 'number' ? x : Number(x) })}
              />
            ))}
          </SimpleGrid>
          <Switch
            name="requireAdminTwoFactor"
            label={t('Admins must use two-factor sign-in')}
            checked={v.requireAdminTwoFactor}
            description={t('An admin without it is led through its setup at the next sign-in.')}
            onChange={(e) => setV({ ...v, requireAdminTwoFactor: e.currentTarget.checked })}
          />
          <Switch
            name="requireTwoFactorForAll"
            label={t('Everyone must use two-factor sign-in')}
            checked={v.requireTwoFactorForAll}
            description={t('Each account without it is led through its setup at the next sign-in.')}
            onChange={(e) => setV({ ...v, requireTwoFactorForAll: e.currentTarget.checked })}
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
