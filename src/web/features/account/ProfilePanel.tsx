/**
 * Profile panel (spec 2): a read-only list of every profile field; Edit Profile (self or editor)
 * switches to a form with Save and Cancel. Field rules come from the shared ProfileFields.
 */
import { NoticeSettings } from './NoticeSettings.tsx';
import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import type { Role, User } from '../../../domain/types.ts';
import { COOKIE_OPTIN_LABELS, HEARD_OPTIONS, LANGUAGE_NAMES, ROLES, VOCATION_OPTIONS } from '../../../domain/constants.ts';
import { MSG } from '../../../domain/messages.ts';
import { ProfileFields } from '../../../domain/validation.ts';
import { COUNTRY_CODES, countryName, countryOptions } from '../../../domain/countries.ts';
import { ApiError } from '../../lib/api.ts';
import { fieldError, submitError, zodErrors } from '../../lib/forms.ts';
import { queryClient } from '../../lib/query.ts';
import { useSession, setSessionUser } from '../../lib/session.ts';
import { addStatus } from '../../lib/status.ts';
import { userQuery, saveUser } from './api.ts';
import { tk } from '../../lib/tk.ts';

type EditableField =
  | 'firstname'
  | 'lastname'
  | 'email'
  | 'phone'
  | 'address1'
  | 'address2'
  | 'city'
  | 'state'
  | 'country'
  | 'postal'
  | 'birthDate'
  | 'bio'
  | 'heard'
  | 'vocation';
const FIELDS: {
  name: EditableField;
  label: string;
  kind?: 'text' | 'select' | 'long' | 'date' | 'country';
  options?: readonly string[];
  required?: boolean;
}[] = [
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

/** The fields with the current password, asked for when one changes one's own address. */
type Values = Record<EditableField, string> & { currentpassword: string };
const valuesOf = (u: User): Values =>
  ({ ...Object.fromEntries(FIELDS.map((f) => [f.name, String(u[f.name] ?? '')])), currentpassword: '' }) as Values;
/** Every field of the form by the shared profile rules (the language is chosen elsewhere). */
const ProfileFormSchema = z.object(ProfileFields).omit({ lang: true });

const day = (iso?: string) => (iso ? iso.slice(0, 10) : '');
/** Values that read left to right inside an Arabic page (numbers, addresses, dates). */
const LTR_FIELDS = new Set<string>(['email', 'phone', 'postal', 'birthDate']);

function ReadOnly({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string, boolean?][] = [
    ...FIELDS.filter((f) => f.kind !== 'long').map((f): [string, string, boolean] => {
      const v = String(user[f.name] ?? '');
      return [
        t(f.label),
        f.kind === 'select' && v ? t(v) : f.kind === 'country' ? countryName(v, i18n.language) : v,
        LTR_FIELDS.has(f.name),
      ];
    }),
    [t('Language'), LANGUAGE_NAMES[user.lang] ?? user.lang ?? ''],
    [t('Cookie preference'), t(COOKIE_OPTIN_LABELS[user.cookieoptin?.setting ?? 'prompt'] ?? 'Not Set')],
    [t('Roles'), (user.roles ?? []).join(', ')],
    [t('Member since'), day(user.created), true],
  ];
  return (
    <Stack gap="sm">
      <dl className="field-list" data-testid="profile-fields">
        {rows.map(([label, value, ltr]) => (
          <div key={label} className="field-row">
            <dt>{label}</dt>
            <dd>
              {value ? (
                ltr ? (
                  <bdi dir="ltr">{value}</bdi>
                ) : (
                  value
                )
              ) : (
                <Text span c="dimmed">
                  —
                </Text>
              )}
            </dd>
          </div>
        ))}
      </dl>
      <div>
        <Title order={2} size="h4" mb={4}>
          {t('About Me')}
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{user.bio || '—'}</Text>
      </div>
    </Stack>
  );
}

function EditForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const [roles, setRoles] = useState<Role[]>(user.roles ?? []);
  const [formError, setFormError] = useState<string | null>(null);
  const self = session.user?._id === user._id;
  const emailChangedIn = (v: Values) => v.email.trim().toLowerCase() !== user.email.toLowerCase();
  const form = useForm<Values>({
    initialValues: valuesOf(user),
    // Each field says what is wrong as it is typed; the current password's message waits for the next submit.
    validateInputOnChange: FIELDS.map((f) => f.name),
    validate: (v) => {
      const errs = zodErrors(ProfileFormSchema, v);
      // Changing one's own address needs the current password; the new address then confirms by mail.
      if (self && emailChangedIn(v) && !v.currentpassword) errs.currentpassword = MSG.currentPasswordRequired;
      return errs;
    },
  });
  const values = form.getValues();
  const emailChanged = emailChangedIn(values);
  const siteCountries = session.config?.countries ?? [];
  const countries = siteCountries.length ? siteCountries : COUNTRY_CODES;
  const isAdmin = !!session.user?.isAdmin;
  // Someone else's address is where their password reset goes: only an admin changes it, and not another admin's.
  const emailLocked = !self && !(isAdmin && !(user.roles ?? []).includes('admin'));

  const save = useMutation({
    mutationFn: (v: Values) => {
      const { email, currentpassword, ...rest } = v;
      const patch = {
        _id: user._id,
        ...rest,
        ...(emailLocked ? {} : { email }),
        ...(isAdmin ? { roles } : {}),
        ...(self && emailChangedIn(v) ? { currentpassword } : {}),
      };
      return saveUser(patch as Partial<User> & { _id: string });
    },
    onMutate: () => setFormError(null),
    onSuccess: ({ info, ...saved }) => {
      queryClient.setQueryData(userQuery(user._id).queryKey, saved);
      if (session.user?._id === user._id) setSessionUser({ ...session.user, ...saved });
      addStatus('success', tk('Your profile has been saved.'));
      // The address itself changes only once the new one confirms: say where the link went.
      if (info?.message) addStatus('info', info.message);
      onDone();
    },
    onError: (err) => {
      setFormError(submitError(err, MSG.formError));
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) form.setErrors({ ...form.errors, ...err.fields });
    },
  });
  const onSubmit = form.onSubmit(
    (v) => save.mutate(v),
    () => setFormError(MSG.correctFields),
  );

  const field = (f: (typeof FIELDS)[number]) => {
    const common = { name: f.name, label: t(f.label), required: f.required, error: fieldError(t, form.errors, f.name) };
    if (f.kind === 'select' || f.kind === 'country') {
      const options = f.kind === 'country' ? countries : (f.options ?? []);
      // Keep a stored value that is no longer among the options visible and selectable.
      const list = values[f.name] && !options.includes(values[f.name]) ? [values[f.name], ...options] : options;
      // Countries: named in the reader's language and sorted in its order.
      const data = f.kind === 'country' ? countryOptions(list, i18n.language) : list.map((o) => ({ value: o, label: t(o) }));
      return (
        <NativeSelect
          key={f.name}
          {...common}
          data={[{ value: '', label: '—' }, ...data]}
          value={values[f.name]}
          onChange={(e) => form.setFieldValue(f.name, e.currentTarget.value)}
        />
      );
    }
    if (f.kind === 'long') {
      return (
        <Textarea
          key={f.name}
          {...common}
          autosize
          minRows={3}
          maxRows={10}
          value={values[f.name]}
          onChange={(e) => form.setFieldValue(f.name, e.currentTarget.value)}
        />
      );
    }
    const locked = f.name === 'email' && emailLocked;
    return (
      // Dates as the product writes them (YYYY-MM-DD), not the browser's locale format of a date input.
      <TextInput
        key={f.name}
        {...common}
        type={f.name === 'email' ? 'email' : f.name === 'phone' ? 'tel' : 'text'}
        value={values[f.name]}
        dir={LTR_FIELDS.has(f.name) ? 'ltr' : undefined}
        placeholder={f.kind === 'date' ? 'YYYY-MM-DD' : undefined}
        inputMode={f.kind === 'date' ? 'numeric' : undefined}
        onChange={(e) => form.setFieldValue(f.name, e.currentTarget.value)}
        readOnly={locked}
        required={locked ? false : f.required}
        description={locked ? t('Only an admin can change this address.') : undefined}
        data-testid={`profile-${f.name}`}
      />
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="profile-form">
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {t(formError)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {FIELDS.filter((f) => f.kind !== 'long').map(field)}
        </SimpleGrid>
        {self && emailChanged && (
          <PasswordInput
            name="currentpassword"
            label={t('Current Password')}
            required
            autoComplete="current-password"
            description={t('Needed to change your email address. We will send a confirmation link to the new address.')}
            {...form.getInputProps('currentpassword')}
            error={fieldError(t, form.errors, 'currentpassword')}
            visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }}
          />
        )}
        {field(FIELDS.find((f) => f.kind === 'long')!)}
        {isAdmin && (
          <Checkbox.Group label={t('Roles')} value={roles} onChange={(v) => setRoles(v as Role[])}>
            <Group mt={4}>
              {ROLES.map((r) => (
                <Checkbox key={r} value={r} label={r} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="profile-save">
            {t('Save')}
          </Button>
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
    <>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <Group justify="space-between" mb="md">
          <Title order={2} size="h3">
            {[user.firstname, user.lastname].filter(Boolean).join(' ') || user.email}
          </Title>
          {canEdit && !editing && (
            <Button leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setEditing(true)} data-testid="profile-edit">
              {t('Edit Profile')}
            </Button>
          )}
        </Group>
        {editing ? <EditForm user={user} onDone={() => setEditing(false)} /> : <ReadOnly user={user} />}
      </Paper>
      {me?._id === user._id && <NoticeSettings />}
    </>
  );
}
