/**
 * Site settings (spec 3, "Site config"): every field, checked as the server checks it (the shared
 * SiteConfigFields rules) and shown with the server's message per field when it refuses one. Only the
 * fields that changed are sent; everyone gets the new settings on their next whoami.
 */
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, MATERIAL_SECTIONS, PRIVACY_MAX_GRACE_DAYS } from '../../../../domain/constants.ts';
import { MSG } from '../../../../domain/messages.ts';
import type { SiteConfig } from '../../../../domain/types.ts';
import { SiteConfigFields } from '../../../../domain/validation.ts';
import { fieldError } from '../../../lib/forms.ts';
import { queryClient } from '../../../lib/query.ts';
import { refreshSession } from '../../../lib/session.ts';
import { addStatus } from '../../../lib/status.ts';
import { tk } from '../../../lib/tk.ts';
import type { PanelProps } from '../panel-props.ts';
import type { AdminSettings } from '../../../../domain/replies-admin.ts';
import { SETTINGS_KEY, allCoursesQuery, setConfig, settingsQuery } from '../api.ts';
import { LoadError, TableSkeleton, errorMessage, fieldErrors } from '../../../components/panel-parts.tsx';
import { MainCoursesEditor, MapEditor } from '../MapEditor.tsx';
import { SecuritySettingsForm } from '../SecuritySettingsForm.tsx';

type Field = keyof typeof SiteConfigFields;
const FIELDS = Object.keys(SiteConfigFields) as Field[];
type Values = Record<Field, unknown>;

const SWITCHES: { name: Field; label: string; description: string }[] = [
  {
    name: 'createclasswithoutcerts',
    label: tk('Anyone may create classes'),
    description: tk('Signed-in users may create a class for any course, without a certification.'),
  },
  {
    name: 'showeachmaterial',
    label: tk('One material per page'),
    description: tk('The lesson page shows each material on a page of its own.'),
  },
  {
    name: 'showinactivecourseswhenenrolled',
    label: tk('Show inactive courses to their learners'),
    description: tk('Learners enrolled in an inactive course still see it.'),
  },
  { name: 'truncatecontent', label: tk('Shorten long content blocks'), description: tk('Long blocks show Show more and Show less.') },
  {
    name: 'nolangcoursechange',
    label: tk('Keep the course language'),
    description: tk('Do not move users to the course of their own language.'),
  },
  { name: 'showCookieOptIn', label: tk('Cookie banner'), description: tk('Ask visitors for their cookie preference.') },
  { name: 'managecookiesettings', label: tk('Manage cookie settings'), description: tk('Offer a detailed cookie preferences choice.') },
];

function valuesOf(c: SiteConfig): Values {
  const v = {} as Values;
  for (const f of FIELDS) v[f] = (c as unknown as Record<string, unknown>)[f];
  v.langredirects ??= {};
  v.organizationurl ??= {};
  v.maincourses ??= {};
  v.countries ??= [];
  v.publiclanguages ??= [];
  v.materialTypes ??= [];
  v.redirect ??= '';
  v.registrationdestination ??= '';
  v.defaultcoursesmall ??= '';
  v.poweredby ??= { title: '', url: '' };
  v.privacygracedays ??= 14;
  v.privacyposts ??= 'keep';
  v.privacycertnames ??= false;
  v.privacyretentiondays ??= 0;
  v.logo ??= '';
  return v;
}

/** The rule's message for one field's value, or undefined when it passes. */
function check(field: Field, value: unknown): string | undefined {
  const r = SiteConfigFields[field].safeParse(value);
  return r.success ? undefined : (r.error.issues[0]?.message ?? MSG.notValid);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t(legend)} radius="md">
      <Stack gap="sm">{children}</Stack>
    </Fieldset>
  );
}

function SettingsForm({ settings, onReset }: { settings: AdminSettings; onReset: () => void }) {
  const { t } = useTranslation();
  const initial = useMemo(() => valuesOf(settings.config), [settings.config]);
  const [countriesText, setCountriesText] = useState(() => ((initial.countries as string[]) ?? []).join('\n'));
  const [error, setError] = useState<string | null>(null);
  // Each field is checked as it changes, and all of them on Save, by the shared rules of its setting.
  const form = useForm<Values>({
    initialValues: initial,
    validateInputOnChange: true,
    validate: (values) => {
      const all: Record<string, string> = {};
      for (const f of FIELDS) {
        const m = check(f, values[f]);
        if (m) all[f] = m;
      }
      if (!all.defaultlang && !((values.publiclanguages as string[]) ?? []).includes(String(values.defaultlang)))
        all.defaultlang = MSG.defaultLangNotPublic;
      return all;
    },
  });
  const v = form.values;
  const save = useMutation({
    mutationFn: (patch: Partial<SiteConfig>) => setConfig({ config: patch }),
    onMutate: () => setError(null),
    onSuccess: async (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: ['audit'] });
      await refreshSession();
      addStatus('success', tk('The site settings have been saved.'));
    },
    onError: (err) => {
      setError(errorMessage(err));
      form.setErrors(fieldErrors(err));
    },
  });
  const courses = useQuery(allCoursesQuery());
  const courseIds = useMemo(() => (courses.data ?? []).map((c) => c._id).sort(), [courses.data]);

  const set = (f: Field, value: unknown) => form.setFieldValue(f, value);
  const err = (f: string) => fieldError(t, form.errors, f);
  const langs = (v.publiclanguages as string[]) ?? [];
  const langOptions = [...new Set([...Object.keys(LANGUAGE_NAMES), ...langs])];

  const submit = form.onSubmit(
    (values) => {
      const patch = Object.fromEntries(
        FIELDS.filter((f) => !same(values[f], initial[f])).map((f) => [f, values[f]]),
      ) as Partial<SiteConfig>;
      if (Object.keys(patch).length === 0) {
        addStatus('info', tk('Nothing has changed.'));
        return;
      }
      save.mutate(patch);
    },
    () => setError(MSG.correctFields),
  );

  const poweredby = (v.poweredby as { title: string; url: string }) ?? { title: '', url: '' };
  return (
    // Field messages in a darker red: Mantine's default error colour is below the contrast minimum on white.
    <form
      onSubmit={submit}
      noValidate
      data-testid="settings-form"
      style={{ '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties}
    >
      <Stack gap="md">
        {error && (
          <Alert color="red" role="alert" data-testid="settings-error">
            {t(error)}
          </Alert>
        )}
        <Section legend={tk('General')}>
          <TextInput
            name="sitetitle"
            label={t('Site title')}
            required
            value={String(v.sitetitle ?? '')}
            onChange={(e) => set('sitetitle', e.currentTarget.value)}
            error={err('sitetitle')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              dir="ltr"
              name="redirect"
              label={t('Redirect address of the home page')}
              description={t('Empty: the home page shows.')}
              value={String(v.redirect ?? '')}
              onChange={(e) => set('redirect', e.currentTarget.value)}
              error={err('redirect')}
            />
            <TextInput
              dir="ltr"
              name="registrationdestination"
              label={t('Destination after registration')}
              description={t('Empty: the home page.')}
              value={String(v.registrationdestination ?? '')}
              onChange={(e) => set('registrationdestination', e.currentTarget.value)}
              error={err('registrationdestination')}
            />
            <TextInput
              name="poweredby.title"
              label={t('Powered-by link text')}
              value={poweredby.title}
              onChange={(e) => set('poweredby', { ...poweredby, title: e.currentTarget.value })}
              error={err('poweredby')}
            />
            <TextInput
              dir="ltr"
              name="poweredby.url"
              label={t('Powered-by link address')}
              value={poweredby.url}
              onChange={(e) => set('poweredby', { ...poweredby, url: e.currentTarget.value })}
              error={err('poweredby')}
            />
          </SimpleGrid>
        </Section>

        <Section legend={tk('Languages')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TagsInput
              name="publiclanguages"
              label={t('Public languages')}
              description={t('Two-letter codes such as en or pt.')}
              required
              value={langs}
              onChange={(x) =>
                set(
                  'publiclanguages',
                  x.map((s) => s.trim()),
                )
              }
              data={langOptions}
              error={err('publiclanguages')}
              comboboxProps={{ withinPortal: true }}
              data-testid="publiclanguages"
            />
            <Select
              name="defaultlang"
              label={t('Default language')}
              required
              value={String(v.defaultlang ?? '') || null}
              onChange={(x) => set('defaultlang', x ?? '')}
              data={langs.map((l) => ({ value: l, label: `${LANGUAGE_NAMES[l] ?? l} (${l})` }))}
              error={err('defaultlang')}
              comboboxProps={{ withinPortal: true }}
            />
          </SimpleGrid>
          <MapEditor
            label={t('Language redirects')}
            description={t('Choosing the language sends the browser to this address.')}
            value={v.langredirects as Record<string, string>}
            onChange={(m) => set('langredirects', m)}
            keyLabel={t('Language')}
            valueLabel={t('Address')}
            error={err('langredirects')}
            testid="langredirects"
          />
          <MapEditor
            label={t('Organization website per language')}
            value={v.organizationurl as Record<string, string>}
            onChange={(m) => set('organizationurl', m)}
            keyLabel={t('Language')}
            valueLabel={t('Address')}
            error={err('organizationurl')}
            testid="organizationurl"
          />
        </Section>

        <Section legend={tk('Courses and learning')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              name="quizpasspercent"
              label={t('Quiz pass percentage')}
              min={0}
              max={100}
              clampBehavior="none"
              suffix="%"
              value={v.quizpasspercent as number}
              onChange={(n) => set('quizpasspercent', n)}
              error={err('quizpasspercent')}
            />
            <NumberInput
              name="exampasspercent"
              label={t('Exam pass percentage')}
              min={0}
              max={100}
              clampBehavior="none"
              suffix="%"
              value={v.exampasspercent as number}
              onChange={(n) => set('exampasspercent', n)}
              error={err('exampasspercent')}
            />
            {/* Exam attempt rules: the site's defaults; an exam may set its own in the lesson editor. */}
            <NumberInput
              name="examattempts"
              label={t('Exam attempts allowed')}
              description={t('0 means no limit.')}
              min={0}
              max={100}
              clampBehavior="none"
              allowDecimal={false}
              value={(v.examattempts as number | undefined) ?? 3}
              onChange={(n) => set('examattempts', n)}
              error={err('examattempts')}
            />
            <NumberInput
              name="examwaithours"
              label={t('Hours between exam attempts')}
              description={t('0 means no wait.')}
              min={0}
              clampBehavior="none"
              allowDecimal={false}
              value={(v.examwaithours as number | undefined) ?? 24}
              onChange={(n) => set('examwaithours', n)}
              error={err('examwaithours')}
            />
            <Select
              name="examshowanswers"
              label={t('Exam answers shown to learners')}
              allowDeselect={false}
              value={(v.examshowanswers as string | undefined) ?? 'never'}
              onChange={(x) => set('examshowanswers', x ?? 'never')}
              data={[
                { value: 'never', label: t('Never') },
                { value: 'afterpassing', label: t('After passing') },
              ]}
              error={err('examshowanswers')}
              comboboxProps={{ withinPortal: true }}
            />
            <TextInput
              dir="ltr"
              name="logo"
              label={t('Logo on certificates')}
              description={t('An uploaded image, e.g. /files/logo.png')}
              value={String(v.logo ?? '')}
              onChange={(e) => set('logo', e.currentTarget.value)}
              error={err('logo')}
            />
          </SimpleGrid>
          <MultiSelect
            name="materialTypes"
            label={t('Material types')}
            required
            data={[...MATERIAL_SECTIONS]}
            value={v.materialTypes as string[]}
            onChange={(x) => set('materialTypes', x)}
            error={err('materialTypes')}
            comboboxProps={{ withinPortal: true }}
          />
          <Autocomplete
            dir="ltr"
            name="defaultcoursesmall"
            label={t('Default course')}
            value={String(v.defaultcoursesmall ?? '')}
            data={courseIds}
            onChange={(x) => set('defaultcoursesmall', x)}
            error={err('defaultcoursesmall')}
            comboboxProps={{ withinPortal: true }}
          />
          <MainCoursesEditor
            label={t('Main courses and their languages')}
            description={t('Users are moved to the course of their language.')}
            value={v.maincourses as Record<string, Record<string, string>>}
            onChange={(m) => set('maincourses', m)}
            error={err('maincourses')}
            courseIds={courseIds}
          />
        </Section>

        <Section legend={tk('Options')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {SWITCHES.map((s) => (
              <Switch
                key={s.name}
                name={s.name}
                label={t(s.label)}
                description={t(s.description)}
                checked={!!v[s.name]}
                onChange={(e) => set(s.name, e.currentTarget.checked)}
                error={err(s.name)}
              />
            ))}
          </SimpleGrid>
        </Section>

        <Section legend={tk('Privacy')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              name="privacygracedays"
              label={t('Days before a requested account deletion')}
              min={0}
              max={PRIVACY_MAX_GRACE_DAYS}
              clampBehavior="none"
              description={t('Signing in during this time cancels the deletion.')}
              value={v.privacygracedays as number}
              onChange={(n) => set('privacygracedays', n)}
              error={err('privacygracedays')}
            />
            <NumberInput
              name="privacyretentiondays"
              label={t('Remove accounts inactive for this many days')}
              min={0}
              clampBehavior="none"
              description={t('0 turns it off. Learners are warned by e-mail 30 days before.')}
              value={v.privacyretentiondays as number}
              onChange={(n) => set('privacyretentiondays', n)}
              error={err('privacyretentiondays')}
            />
            <Select
              name="privacyposts"
              label={t('Posts of a deleted account')}
              value={String(v.privacyposts ?? 'keep')}
              onChange={(x) => set('privacyposts', x ?? 'keep')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              error={err('privacyposts')}
              data={[
                { value: 'keep', label: t('Keep them as written by a former learner') },
                { value: 'remove', label: t('Remove them') },
              ]}
            />
            <Switch
              name="privacycertnames"
              label={t('Keep names on certificates of deleted accounts')}
              description={t('Off: a certificate is verified as issued on a date for a course, without the name.')}
              checked={!!v.privacycertnames}
              onChange={(e) => set('privacycertnames', e.currentTarget.checked)}
              error={err('privacycertnames')}
            />
          </SimpleGrid>
        </Section>

        <Section legend={tk('Countries')}>
          <Textarea
            name="countries"
            label={t('Country list')}
            description={t('One country per line (an ISO code such as KE, or its name), offered at registration and in profiles.')}
            autosize
            minRows={4}
            maxRows={12}
            value={countriesText}
            error={err('countries')}
            onChange={(e) => {
              const text = e.currentTarget.value;
              setCountriesText(text);
              set(
                'countries',
                text
                  .split('\n')
                  .map((s) => s.trim())
                  .filter(Boolean),
              );
            }}
          />
        </Section>

        <Group justify="flex-end" className="admin-sticky-actions">
          <Button variant="default" onClick={onReset}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="settings-save">
            {t('Save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function SettingsPanel(_: PanelProps) {
  const q = useQuery(settingsQuery());
  const [resets, setResets] = useState(0);
  if (q.isError) return <LoadError error={q.error} />;
  if (!q.data) return <TableSkeleton />;
  // A fresh form per saved version and per Cancel (its map editors keep their own rows).
  return (
    <Stack gap="xl">
      <SettingsForm key={`${resets}|${JSON.stringify(q.data.config)}`} settings={q.data} onReset={() => setResets((n) => n + 1)} />
      <SecuritySettingsForm />
    </Stack>
  );
}
