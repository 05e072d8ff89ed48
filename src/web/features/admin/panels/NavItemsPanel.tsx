/**
 * Navigation items (spec 3: title, url, key, icon, cssclass, groups): list by group, create, edit and
 * remove. The layout shows a change at once here, and to everyone else on their next whoami.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, MODAL_WIDTH_PX, NAV_GROUPS } from '../../../../domain/constants.ts';
import { MSG } from '../../../../domain/messages.ts';
import type { NavItem } from '../../../../domain/types.ts';
import { NavItemSaveSchema } from '../../../../domain/validation.ts';
import { fieldError, zodErrors } from '../../../lib/forms.ts';
import { queryClient } from '../../../lib/query.ts';
import { refreshSession, useSession } from '../../../lib/session.ts';
import { addStatus } from '../../../lib/status.ts';
import { tk } from '../../../lib/tk.ts';
import type { PanelProps } from '../panel-props.ts';
import { NAV_KEY, navItemsQuery, removeNavItem, saveNavItem } from '../api.ts';
import { ConfirmButton, LoadError, ScrollTable, TableSkeleton, errorMessage, fieldErrors } from '../../../components/panel-parts.tsx';
import { AppModal } from '../../../components/AppModal.tsx';

/** What each group is, for the form and the filter. */
export const GROUP_LABELS: Record<string, string> = {
  top: tk('Top bar'),
  left: tk('Menu (left drawer)'),
  admin: tk('Admin menu'),
  footer1: tk('Footer column 1'),
  footer2: tk('Footer column 2'),
  footer3: tk('Footer column 3'),
  footer4: tk('Footer column 4'),
  social: tk('Social icons'),
};

interface Values {
  title: string;
  url: string;
  key: string;
  icon: string;
  cssclass: string;
  groups: string[];
  order: number | string;
  lang: string;
}
const empty: Values = { title: '', url: '', key: '', icon: '', cssclass: '', groups: [], order: '', lang: '' };
const valuesOf = (n: NavItem): Values => ({
  title: n.title,
  url: n.url,
  key: n.key ?? '',
  icon: n.icon ?? '',
  cssclass: n.cssclass ?? '',
  groups: n.groups ?? [],
  order: n.order ?? '',
  lang: n.lang ?? '',
});

async function navChanged() {
  await queryClient.invalidateQueries({ queryKey: NAV_KEY });
  await queryClient.invalidateQueries({ queryKey: ['audit'] });
  await refreshSession();
}

function NavItemForm({ item, onClose }: { item: NavItem | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  // The dialog mounts its fields afresh on each opening, so they start from the item picked; the last
  // one stays in them while the dialog fades out.
  const [shown, setShown] = useState(item);
  if (item !== null && item !== shown) setShown(item);
  return (
    <AppModal
      opened={item !== null}
      onClose={onClose}
      title={item === 'new' ? t('New navigation item') : t('Edit navigation item')}
      size={MODAL_WIDTH_PX}
      centered
    >
      {shown !== null && <NavItemFields key={shown === 'new' ? 'new' : shown._id} item={shown} onClose={onClose} />}
    </AppModal>
  );
}

/** What is sent for these values: the record's id, the fields as typed, the order as a number when given. */
const bodyOf = (item: NavItem | 'new', v: Values): NavItem => ({
  ...(item !== 'new' && item._id ? { _id: item._id } : {}),
  title: v.title,
  url: v.url.trim(),
  groups: v.groups,
  key: v.key,
  icon: v.icon,
  cssclass: v.cssclass,
  lang: v.lang,
  ...(v.order === '' ? {} : { order: Number(v.order) }),
});

function NavItemFields({ item, onClose }: { item: NavItem | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const { config } = useSession();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: item !== 'new' ? valuesOf(item) : empty,
    validate: (v) => zodErrors(NavItemSaveSchema, bodyOf(item, v)),
  });
  const save = useMutation({
    mutationFn: (body: NavItem) => saveNavItem(body),
    onMutate: () => setError(null),
    onSuccess: async () => {
      await navChanged();
      addStatus('success', tk('The navigation item has been saved.'));
      onClose();
    },
    onError: (err) => {
      setError(errorMessage(err));
      form.setErrors(fieldErrors(err));
    },
  });
  const onSubmit = form.onSubmit(
    (v) => save.mutate(bodyOf(item, v)),
    () => setError(MSG.correctFields),
  );
  const err = (k: string) => fieldError(t, form.errors, k);

  return (
    <form onSubmit={onSubmit} noValidate data-testid="navitem-form">
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {t(error)}
          </Alert>
        )}
        <TextInput
          name="title"
          label={t('Title')}
          description={t('Shown translated: add the translations under Translations.')}
          required
          {...form.getInputProps('title')}
          error={err('title')}
        />
        <TextInput
          dir="ltr"
          name="url"
          label={t('Address')}
          description={t('A path such as /About, or a full address starting with https://')}
          required
          {...form.getInputProps('url')}
          error={err('url')}
        />
        <MultiSelect
          label={t('Groups')}
          required
          data={NAV_GROUPS.map((g) => ({ value: g, label: `${g} · ${t(GROUP_LABELS[g]!)}` }))}
          {...form.getInputProps('groups')}
          error={err('groups')}
          comboboxProps={{ withinPortal: true }}
          data-testid="navitem-groups"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput name="order" label={t('Order')} allowDecimal={false} {...form.getInputProps('order')} error={err('order')} />
          <Select
            label={t('Language')}
            description={t('Empty: every language')}
            clearable
            value={form.values.lang || null}
            onChange={(l) => form.setFieldValue('lang', l ?? '')}
            data={(config?.publiclanguages ?? []).map((l) => ({ value: l, label: LANGUAGE_NAMES[l] ?? l }))}
            error={err('lang')}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput name="key" label={t('Key')} {...form.getInputProps('key')} error={err('key')} />
          <TextInput
            name="icon"
            label={t('Icon')}
            description={t('For social links: facebook, youtube, instagram, x')}
            {...form.getInputProps('icon')}
            error={err('icon')}
          />
          <TextInput name="cssclass" label={t('CSS class')} {...form.getInputProps('cssclass')} error={err('cssclass')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="navitem-save">
            {t('Save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function NavItemsPanel(_: PanelProps) {
  const { t } = useTranslation();
  const q = useQuery(navItemsQuery());
  const [group, setGroup] = useState<string | null>(null);
  const [editing, setEditing] = useState<NavItem | 'new' | null>(null);
  const list = (q.data ?? []).filter((n) => !group || n.groups.includes(group));
  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" wrap="wrap">
        <Select
          label={t('Group')}
          placeholder={t('All')}
          clearable
          value={group}
          onChange={setGroup}
          w={260}
          data={NAV_GROUPS.map((g) => ({ value: g, label: `${g} · ${t(GROUP_LABELS[g]!)}` }))}
          comboboxProps={{ withinPortal: true }}
        />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} data-testid="navitem-new">
          {t('New navigation item')}
        </Button>
      </Group>
      {q.isError ? (
        <LoadError error={q.error} />
      ) : !q.data ? (
        <TableSkeleton />
      ) : (
        <ScrollTable minWidth={760} testid="navitems-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Title')}</Table.Th>
              <Table.Th>{t('Address')}</Table.Th>
              <Table.Th>{t('Groups')}</Table.Th>
              <Table.Th>{t('Order')}</Table.Th>
              <Table.Th>{t('Language')}</Table.Th>
              <Table.Th>
                <span className="visually-hidden">{t('Actions')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed">{t('No records found.')}</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {list.map((n) => (
              <Table.Tr key={n._id} data-navitem={n._id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {n.title}
                  </Text>
                  {t(n.title) !== n.title && (
                    <Text size="xs" c="gray.7">
                      {t(n.title)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm" ff="monospace">
                    {n.url}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {n.groups.map((g) => (
                      <Badge key={g} size="sm" variant="light">
                        {g}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{n.order}</Table.Td>
                <Table.Td>{n.lang || t('All')}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setEditing(n)}>
                      {t('Edit')}
                    </Button>
                    <ConfirmButton
                      label={tk('Remove')}
                      title={tk('Remove this navigation item?')}
                      message={`${n.title} (${n.url})`}
                      onConfirm={async () => {
                        await removeNavItem(n._id!);
                        await navChanged();
                        addStatus('success', tk('The navigation item has been removed.'));
                      }}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
      <NavItemForm item={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
