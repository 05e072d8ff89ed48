/**
 * CRM (spec /app_integrations/vcrm/*): the connection's settings (base URL, and a key that is
 * write-only: the page only learns whether it is set), a contact lookup by numeric id or e-mail, and
 * syncing one user or the recently changed users, with their results.
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  NumberInput,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../../domain/messages.ts';
import { CrmLookupFormSchema, CrmSyncRecentFormSchema, CrmSyncUserFormSchema, SetConfigSchema } from '../../../../domain/validation.ts';
import { fieldError, zodErrors } from '../../../lib/forms.ts';
import { queryClient } from '../../../lib/query.ts';
import { addStatus } from '../../../lib/status.ts';
import { tk } from '../../../lib/tk.ts';
import type { PanelProps } from '../panel-props.ts';
import { SETTINGS_KEY, crmLookup, crmSyncRecent, crmSyncUser, setConfig, settingsQuery } from '../api.ts';
import type { CrmBatchResult, CrmSettingsView, CrmSyncSummary } from '../../../../domain/replies-admin.ts';
import { FieldList, LoadError, TableSkeleton, dayTime, errorMessage, fieldErrors } from '../../../components/panel-parts.tsx';
import { UserPicker } from '../enrollment-parts.tsx';
import { DateField } from '../../../lib/DateField.tsx';

/** The fields sit under `crm`, as the call takes them and names them in its field errors. */
interface CrmValues {
  crm: { baseUrl: string; key: string; timeoutMs: number | string };
}
type CrmBody = { baseUrl?: string; key?: string; timeoutMs?: number };
const crmBodyOf = ({ crm: v }: CrmValues): CrmBody => ({
  baseUrl: v.baseUrl.trim(),
  ...(v.key.trim() ? { key: v.key.trim() } : {}),
  ...(v.timeoutMs === '' ? {} : { timeoutMs: Number(v.timeoutMs) }),
});

function CrmSettingsForm({ crm }: { crm: CrmSettingsView }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CrmValues>({
    initialValues: { crm: { baseUrl: crm.baseUrl, key: '', timeoutMs: crm.timeoutMs ?? '' } },
    validate: (v) => zodErrors(SetConfigSchema, { crm: crmBodyOf(v) }),
  });

  const send = useMutation({
    mutationFn: ({ body }: { body: CrmBody; done: string }) => setConfig({ crm: body }),
    onMutate: () => {
      setError(null);
      form.clearErrors();
    },
    onSuccess: (saved, { done }) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: ['audit'] });
      form.setFieldValue('crm.key', '');
      addStatus('success', done);
    },
    onError: (err) => {
      setError(errorMessage(err));
      form.setErrors(fieldErrors(err));
    },
  });
  // A refused field's own message is the one shown above the form too.
  const submit = form.onSubmit(
    (v) => send.mutate({ body: crmBodyOf(v), done: tk('The CRM settings have been saved.') }),
    (errs) => setError(String(Object.values(errs).find(Boolean) ?? MSG.correctFields)),
  );
  const err = (k: string) => fieldError(t, form.errors, k);
  return (
    <form onSubmit={submit} noValidate data-testid="crm-settings">
      <Stack gap="sm">
        <Group gap="xs">
          <Badge color={crm.configured ? 'teal.9' : 'dark.6'} variant="outline" data-testid="crm-configured">
            {crm.configured ? t('Configured') : t('Not configured')}
          </Badge>
          <Badge color={crm.keySet ? 'teal.9' : 'red.9'} variant="outline" data-testid="crm-key-state">
            {crm.keySet ? t('Key set') : t('Key not set')}
          </Badge>
          {crm.lastSync && (
            <Text size="sm" c="gray.7">
              {t('Last complete sync')}: {dayTime(crm.lastSync)}
            </Text>
          )}
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {t(error)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            dir="ltr"
            name="baseUrl"
            label={t('CRM address (base URL)')}
            placeholder="https://crm.example.org/api"
            {...form.getInputProps('crm.baseUrl')}
            error={err('crm.baseUrl')}
          />
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }}
            name="key"
            label={t('Key')}
            autoComplete="new-password"
            {...form.getInputProps('crm.key')}
            description={crm.keySet ? t('A key is set. Leave this empty to keep it.') : t('No key is set yet.')}
            error={err('crm.key')}
          />
          <NumberInput
            name="timeoutMs"
            label={t('Time-out per request (ms)')}
            min={100}
            max={60000}
            allowDecimal={false}
            {...form.getInputProps('crm.timeoutMs')}
            error={err('crm.timeoutMs')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          {crm.keySet && (
            <Button
              variant="default"
              color="red"
              disabled={send.isPending}
              onClick={() => send.mutate({ body: { key: '' }, done: tk('The CRM key has been removed.') })}
              data-testid="crm-clear-key"
            >
              {t('Remove the key')}
            </Button>
          )}
          <Button type="submit" loading={send.isPending} data-testid="crm-save">
            {t('Save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Lookup() {
  const { t } = useTranslation();
  // A refusal stays until the next Look up, as the server's does.
  const form = useForm({
    initialValues: { identifier: '' },
    clearInputErrorOnChange: false,
    validate: (v) => zodErrors(CrmLookupFormSchema, v),
  });
  const [found, setFound] = useState<Record<string, unknown> | null>(null);
  const lookup = useMutation({
    mutationFn: (id: string) => crmLookup(id),
    onMutate: () => form.clearErrors(),
    onSuccess: (r) => setFound(r.individual),
    onError: (err) => form.setFieldError('identifier', errorMessage(err)),
  });
  const onSubmit = form.onSubmit((v) => lookup.mutate(v.identifier.trim()));
  return (
    <form
      onSubmit={(e) => {
        setFound(null);
        onSubmit(e);
      }}
      noValidate
      data-testid="crm-lookup"
    >
      <Stack gap="sm">
        <Group align="flex-start" wrap="wrap" gap="sm">
          <TextInput
            name="identifier"
            label={t('Contact ID or email address')}
            {...form.getInputProps('identifier')}
            style={{ flex: '1 1 260px' }}
            error={fieldError(t, form.errors, 'identifier')}
            data-testid="crm-identifier"
          />
          <Button type="submit" loading={lookup.isPending} mt={25}>
            {t('Look up')}
          </Button>
        </Group>
        {found && (
          <Paper withBorder p="sm" radius="sm" data-testid="crm-individual">
            <FieldList rows={Object.entries(found).map(([k, v]) => [k, String(v ?? '')])} />
          </Paper>
        )}
      </Stack>
    </form>
  );
}

function ResultLines({ errors }: { errors: CrmBatchResult[] }) {
  if (!errors.length) return null;
  return (
    <List size="sm" spacing={2}>
      {errors.map((e, i) => (
        <List.Item key={i}>
          {e.email ?? e.externalId}: {e.message ?? e.status}
        </List.Item>
      ))}
    </List>
  );
}

function SyncUser() {
  const { t } = useTranslation();
  const form = useForm({ initialValues: { user: null as string | null }, validate: (v) => zodErrors(CrmSyncUserFormSchema, v) });
  const [result, setResult] = useState<{ ok: boolean; text: string; errors?: CrmBatchResult[] } | null>(null);
  const syncing = useMutation({
    mutationFn: (id: string) => crmSyncUser(id),
    onMutate: () => setResult(null),
    onSuccess: (r) => {
      const status = r.result?.status;
      setResult({
        ok: status !== 'error',
        text:
          status === 'created'
            ? t('Created in the CRM')
            : status === 'updated'
              ? t('Updated in the CRM')
              : t('The CRM rejected the request.'),
        errors: status === 'error' && r.result ? [r.result] : [],
      });
    },
    onError: (err) => setResult({ ok: false, text: t(errorMessage(err)) }),
  });
  // Not a form element (the picker is one): the button submits, and a refusal is said in the result's place.
  const sync = form.onSubmit(
    (v) => {
      if (v.user) syncing.mutate(v.user);
    },
    (errs) => setResult({ ok: false, text: t(String(errs.user)) }),
  );
  return (
    <Stack gap="sm" data-testid="crm-sync-user-form">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <div style={{ flex: '1 1 280px' }}>
          <UserPicker label={t('User')} value={form.values.user} onChange={(v) => form.setFieldValue('user', v)} />
        </div>
        <Button onClick={() => sync()} loading={syncing.isPending}>
          {t('Sync user')}
        </Button>
      </Group>
      {result && (
        <Alert color={result.ok ? 'green' : 'red'} role="status" data-testid="crm-sync-user-result">
          <Text size="sm">{result.text}</Text>
          <ResultLines errors={result.errors ?? []} />
        </Alert>
      )}
    </Stack>
  );
}

function SyncRecent() {
  const { t } = useTranslation();
  const form = useForm({ initialValues: { since: '' }, validate: (v) => zodErrors(CrmSyncRecentFormSchema, v) });
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<CrmSyncSummary | null>(null);
  const syncing = useMutation({
    mutationFn: (from?: string) => crmSyncRecent(from),
    onMutate: () => {
      setError(null);
      setSummary(null);
    },
    onSuccess: (r) => {
      setSummary(r);
      void queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    },
    onError: (err) => setError(errorMessage(err)),
  });
  // The date's refusal is said below the button, where the server's would be.
  const sync = form.onSubmit(
    (v) => syncing.mutate(v.since || undefined),
    (errs) => setError(String(errs.since)),
  );
  return (
    <Stack gap="sm" data-testid="crm-sync-recent">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <DateField
          label={t('Changed since')}
          description={t('Empty: since the last complete sync, or the last seven days.')}
          {...form.getInputProps('since', { withError: false })}
          w={260}
        />
        <Button onClick={() => sync()} loading={syncing.isPending} data-testid="crm-sync-recent-button">
          {t('Sync recent users')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {t(error)}
        </Alert>
      )}
      {summary && (
        <Alert color={summary.failed ? 'orange' : 'green'} role="status" data-testid="crm-sync-recent-result">
          <FieldList
            rows={[
              [t('Since'), dayTime(summary.since)],
              [t('Synced'), String(summary.synced)],
              [t('Created'), String(summary.created)],
              [t('Updated'), String(summary.updated)],
              [t('Failed'), String(summary.failed)],
            ]}
          />
          <ResultLines errors={summary.errors} />
          {summary.more && (
            <Text size="sm" mt="xs">
              {t('More users are waiting: sync again to continue.')}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}

export default function CrmPanel(_: PanelProps) {
  const { t } = useTranslation();
  const q = useQuery(settingsQuery());
  if (q.isError) return <LoadError error={q.error} />;
  if (!q.data) return <TableSkeleton />;
  const { crm } = q.data;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t('Settings')}
        </Title>
        <CrmSettingsForm key={`${crm.baseUrl}|${crm.keySet}|${crm.timeoutMs ?? ''}`} crm={crm} />
      </Paper>
      {!crm.configured && <Alert color="gray">{t(MSG.crmNotConfigured)}</Alert>}
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t('Find a contact')}
        </Title>
        <Lookup />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t('Sync')}
        </Title>
        <Stack gap="lg">
          <SyncUser />
          <SyncRecent />
        </Stack>
      </Paper>
    </Stack>
  );
}
