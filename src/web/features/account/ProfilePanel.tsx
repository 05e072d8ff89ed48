/**
 * Profile panel (spec 2): a read-only list of every profile field; Edit Profile (self or editor)
 * switches to a form with Save and Cancel. Field rules come from the shared ProfileFields.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Role, User } from '../../../domain/types.ts';
import { COOKIE_OPTIN_LABELS, HEARD_OPTIONS, LANGUAGE_NAMES, ROLES, VOCATION_OPTIONS } from '../../../domain/constants.ts';
import { MSG } from '../../../domain/messages.ts';
import { ProfileFields } from '../../../domain/validation.ts';
import { ApiError } from '../../lib/api.ts';
import { queryClient } from '../../lib/query.ts';
import { useSession, setSessionUser } from '../../lib/session.ts';
import { addStatus } from '../../lib/status.ts';
import { userQuery, saveUser } from './api.ts';
import { tk } from '../../lib/tk.ts';

type EditableField = 'firstname' | 'lastname' | 'email' | 'phone' | 'address1' | 'address2' | 'city' | 'state' | 'country'
  | 'postal' | 'birthDate' | 'bio' | 'heard' | 'vocation';
const FIELDS: { name: EditableField; label: string; kind?: 'text' | 'select' | 'long' | 'date' | 'country'; options?: readonly string[]; required?: boolean }[] = [
  { name: 'firstname', label: tk('First Name'), required: true },
  { name: 'lastname', label: tk('Last Name'), required: true },
  { name: 'email', label: tk('Email'), required: true },
  { name: 'phone', label: tk('Phone') },
  { name: 'address1', label: tk('Address') },
  { name: 'address2', label: tk('Address (line 2)') },
  { name: 'city', label: tk('City') },
  { name: 'state', label: tk('State or Province') },
  { name: 'country', label: tk('Country'), kind: 'country' },
  { name: 'postal', label: tk('Postal Code') },
  { name: 'birthDate', label: tk('Birth Date'), kind: 'date' },
  { name: 'heard', label: tk('How did you hear about us?'), kind: 'select', options: HEARD_OPTIONS },
  { name: 'vocation', label: tk('Vocation'), kind: 'select', options: VOCATION_OPTIONS },
  { name: 'bio', label: tk('About Me'), kind: 'long' },
];

type Values = Record<EditableField, string>;
const valuesOf = (u: User): Values =>
  Object.fromEntries(FIELDS.map((f) => [f.name, String(u[f.name] ?? '')])) as Values;

function check(name: EditableField, value: string): string | undefined {
  const r = ProfileFields[name].safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message ?? MSG.notValid;
}

const day = (iso?: string) => (iso ? iso.slice(0, 10) : '');

function ReadOnly({ user }: { user: User }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    ...FIELDS.filter((f) => f.kind !== 'long').map((f): [string, string] => {
      const v = String(user[f.name] ?? '');
      return [t(f.label), f.kind === 'select' && v ? t(v) : v];
    }),
    [t('Language'), LANGUAGE_NAMES[user.lang] ?? user.lang ?? ''],
    [t('Cookie preference'), t(COOKIE_OPTIN_LABELS[user.cookieoptin?.setting ?? 'prompt'] ?? 'Not Set')],
    [t('Roles'), (user.roles ?? []).join(', ')],
    [t('Member since'), day(user.created)],
  ];
  return (
    <Stack gap="sm">
      <dl className="field-list" data-testid="profile-fields">
        {rows.map(([label, value]) => (
          <div key={label} className="field-row">
            <dt>{label}</dt>
            <dd>{value || <Text span c="dimmed">—</Text>}</dd>
          </div>
        ))}
      </dl>
      <div>
        <Title order={2} size="h4" mb={4}>{t('About Me')}</Title>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{user.bio || '—'}</Text>
      </div>
    </Stack>
  );
}

function EditForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [values, setValues] = useState<Values>(() => valuesOf(user));
  const [roles, setRoles] = useState<Role[]>(user.roles ?? []);
  const [errors, setErrors] = useState<Partial<Record<EditableField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const countries = session.config?.countries ?? [];
  const isAdmin = !!session.user?.isAdmin;

  const set = (name: EditableField, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: check(name, value) }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const all = Object.fromEntries(FIELDS.map((f) => [f.name, check(f.name, values[f.name])]).filter(([, m]) => m)) as Partial<Record<EditableField, string>>;
    setErrors(all);
    if (Object.keys(all).length) { setFormError(MSG.correctFields); return; }
    setBusy(true);
    setFormError(null);
    try {
      const saved = await saveUser({ _id: user._id, ...values, ...(isAdmin ? { roles } : {}) } as Partial<User> & { _id: string });
      queryClient.setQueryData(userQuery(user._id).queryKey, saved);
      if (session.user?._id === user._id) setSessionUser({ ...session.user, ...saved });
      addStatus('success', tk('Your profile has been saved.'));
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
        setFormError(err.message);
        setErrors((cur) => ({ ...cur, ...(err.fields as Partial<Record<EditableField, string>>) }));
      } else setFormError(MSG.formError);
    } finally {
      setBusy(false);
    }
  };

  const field = (f: (typeof FIELDS)[number]) => {
    const common = { name: f.name, label: t(f.label), required: f.required, error: errors[f.name] ? t(errors[f.name]!) : undefined };
    if (f.kind === 'select' || (f.kind === 'country' && countries.length > 0)) {
      const options = f.kind === 'country' ? countries : f.options ?? [];
      // Keep a stored value that is no longer among the options visible and selectable.
      const list = values[f.name] && !options.includes(values[f.name]) ? [values[f.name], ...options] : options;
      return (
        <NativeSelect key={f.name} {...common} data={[{ value: '', label: '—' }, ...list.map((o) => ({ value: o, label: f.kind === 'country' ? o : t(o) }))]}
          value={values[f.name]} onChange={(e) => set(f.name, e.currentTarget.value)} />
      );
    }
    if (f.kind === 'long') {
      return <Textarea key={f.name} {...common} autosize minRows={3} maxRows={10} value={values[f.name]} onChange={(e) => set(f.name, e.currentTarget.value)} />;
    }
    return (
      <TextInput key={f.name} {...common} type={f.kind === 'date' ? 'date' : f.name === 'email' ? 'email' : 'text'} value={values[f.name]}
        onChange={(e) => set(f.name, e.currentTarget.value)} />
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="profile-form">
      <Stack gap="sm">
        {formError && <Alert color="red" role="alert">{t(formError)}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {FIELDS.filter((f) => f.kind !== 'long').map(field)}
        </SimpleGrid>
        {field(FIELDS.find((f) => f.kind === 'long')!)}
        {isAdmin && (
          <Checkbox.Group label={t('Roles')} value={roles} onChange={(v) => setRoles(v as Role[])}>
            <Group mt={4}>
              {ROLES.map((r) => <Checkbox key={r} value={r} label={r} />)}
            </Group>
          </Checkbox.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>{t('Cancel')}</Button>
          <Button type="submit" loading={busy} data-testid="profile-save">{t('Save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ProfilePanel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { user: me } = useSession();
  const q = useQuery(userQuery(userId));
  const [editing, setEditing] = useState(false);
  if (q.isPending) return <Skeleton h={300} radius="md" />;
  if (q.isError) return <Alert color="red">{t(q.error.message)}</Alert>;
  const user = q.data;
  const canEdit = me?._id === user._id || !!me?.isEditor;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3">{[user.firstname, user.lastname].filter(Boolean).join(' ') || user.email}</Title>
        {canEdit && !editing && (
          <Button leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setEditing(true)} data-testid="profile-edit">{t('Edit Profile')}</Button>
        )}
      </Group>
      {editing ? <EditForm user={user} onDone={() => setEditing(false)} /> : <ReadOnly user={user} />}
    </Paper>
  );
}
