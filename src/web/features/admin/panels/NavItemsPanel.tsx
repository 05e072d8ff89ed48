/**
 * Navigation items (spec 3: title, url, key, icon, cssclass, groups): list by group, create, edit and
 * remove. The layout shows a change at once here, and to everyone else on their next whoami.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, MODAL_WIDTH_PX, NAV_GROUPS } from '../../../../domain/constants.ts';
import { MSG } from '../../../../domain/messages.ts';
import type { NavItem } from '../../../../domain/types.ts';
import { fieldErrors as zodFieldErrors, NavItemSaveSchema } from '../../../../domain/validation.ts';
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
  top: tk('Top bar'), left: tk('Menu (left drawer)'), admin: tk('Admin menu'), footer1: tk('Footer column 1'),
  footer2: tk('Footer column 2'), footer3: tk('Footer column 3'), footer4: tk('Footer column 4'), social: tk('Social icons'),
};

interface Values { title: string; url: string; key: string; icon: string; cssclass: string; groups: string[]; order: number | string; lang: string }
const empty: Values = { title: '', url: '', key: '', icon: '', cssclass: '', groups: [], order: '', lang: '' };
const valuesOf = (n: NavItem): Values => ({
  title: n.title, url: n.url, key: n.key ?? '', icon: n.icon ?? '', cssclass: n.cssclass ?? '', groups: n.groups ?? [],
  order: n.order ?? '', lang: n.lang ?? '',
});

async function navChanged() {
  await queryClient.invalidateQueries({ queryKey: NAV_KEY });
  await queryClient.invalidateQueries({ queryKey: ['audit'] });
  await refreshSession();
}

function NavItemForm({ item, onClose }: { item: NavItem | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { config } = useSession();
  const [v, setV] = useState<Values>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the fields start again from the item whenever another one is picked
    setV(item && item !== 'new' ? valuesOf(item) : empty);
    setErrors({});
    setError(null);
  }, [item]);
  const set = <K extends keyof Values>(k: K, value: Values[K]) => setV((cur) => ({ ...cur, [k]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: NavItem = {
      ...(item && item !== 'new' && item._id ? { _id: item._id } : {}),
      title: v.title, url: v.url.trim(), groups: v.groups, key: v.key, icon: v.icon, cssclass: v.cssclass, lang: v.lang,
      ...(v.order === '' ? {} : { order: Number(v.order) }),
    };
    const checked = NavItemSaveSchema.safeParse(body);
    if (!checked.success) {
      setErrors(zodFieldErrors(checked.error));
      setError(MSG.correctFields);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await saveNavItem(body);
      await navChanged();
      addStatus('success', tk('The navigation item has been saved.'));
      onClose();
    } catch (err) {
      setError(errorMessage(err));
      setErrors(fieldErrors(err));
    } finally {
      setBusy(false);
    }
  };

  const err = (k: string) => (errors[k] ? t(errors[k]!) : undefined);
  return (
    <AppModal opened={item !== null} onClose={onClose} title={item === 'new' ? t('New navigation item') : t('Edit navigation item')} size={MODAL_WIDTH_PX} centered>
      <form onSubmit={submit} noValidate data-testid="navitem-form">
        <Stack gap="sm">
          {error && <Alert color="red" role="alert">{t(error)}</Alert>}
          <TextInput name="title" label={t('Title')} description={t('Shown translated: add the translations under Translations.')} required
            value={v.title} onChange={(e) => set('title', e.currentTarget.value)} error={err('title')} />
          <TextInput dir="ltr" name="url" label={t('Address')} description={t('A path such as /About, or a full address starting with https://')} required
            value={v.url} onChange={(e) => set('url', e.currentTarget.value)} error={err('url')} />
          <MultiSelect label={t('Groups')} required data={NAV_GROUPS.map((g) => ({ value: g, label: `${g} · ${t(GROUP_LABELS[g]!)}` }))}
            value={v.groups} onChange={(g) => set('groups', g)} error={err('groups')} comboboxProps={{ withinPortal: true }} data-testid="navitem-groups" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput name="order" label={t('Order')} allowDecimal={false} value={v.order} onChange={(n) => set('order', n)} error={err('order')} />
            <Select label={t('Language')} description={t('Empty: every language')} clearable value={v.lang || null} onChange={(l) => set('lang', l ?? '')}
              data={(config?.publiclanguages ?? []).map((l) => ({ value: l, label: LANGUAGE_NAMES[l] ?? l }))} error={err('lang')}
              comboboxProps={{ withinPortal: true }} />
            <TextInput name="key" label={t('Key')} value={v.key} onChange={(e) => set('key', e.currentTarget.value)} error={err('key')} />
            <TextInput name="icon" label={t('Icon')} description={t('For social links: facebook, youtube, instagram, x')} value={v.icon}
              onChange={(e) => set('icon', e.currentTarget.value)} error={err('icon')} />
            <TextInput name="cssclass" label={t('CSS class')} value={v.cssclass} onChange={(e) => set('cssclass', e.currentTarget.value)} error={err('cssclass')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('Cancel')}</Button>
            <Button type="submit" loading={busy} data-testid="navitem-save">{t('Save')}</Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
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
        <Select label={t('Group')} placeholder={t('All')} clearable value={group} onChange={setGroup} w={260}
          data={NAV_GROUPS.map((g) => ({ value: g, label: `${g} · ${t(GROUP_LABELS[g]!)}` }))} comboboxProps={{ withinPortal: true }} />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} data-testid="navitem-new">{t('New navigation item')}</Button>
      </Group>
      {q.isError ? <LoadError error={q.error} /> : !q.data ? <TableSkeleton /> : (
        <ScrollTable minWidth={760} testid="navitems-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Title')}</Table.Th>
              <Table.Th>{t('Address')}</Table.Th>
              <Table.Th>{t('Groups')}</Table.Th>
              <Table.Th>{t('Order')}</Table.Th>
              <Table.Th>{t('Language')}</Table.Th>
              <Table.Th><span className="visually-hidden">{t('Actions')}</span></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.length === 0 && <Table.Tr><Table.Td colSpan={6}><Text c="dimmed">{t('No records found.')}</Text></Table.Td></Table.Tr>}
            {list.map((n) => (
              <Table.Tr key={n._id} data-navitem={n._id}>
                <Table.Td>
                  <Text size="sm" fw={500}>{n.title}</Text>
                  {t(n.title) !== n.title && <Text size="xs" c="gray.7">{t(n.title)}</Text>}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}><Text size="sm" ff="monospace">{n.url}</Text></Table.Td>
                <Table.Td><Group gap={4}>{n.groups.map((g) => <Badge key={g} size="sm" variant="light">{g}</Badge>)}</Group></Table.Td>
                <Table.Td>{n.order}</Table.Td>
                <Table.Td>{n.lang || t('All')}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setEditing(n)}>{t('Edit')}</Button>
                    <ConfirmButton label={tk('Remove')} title={tk('Remove this navigation item?')} message={`${n.title} (${n.url})`}
                      onConfirm={async () => { await removeNavItem(n._id!); await navChanged(); addStatus('success', tk('The navigation item has been removed.')); }} />
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
