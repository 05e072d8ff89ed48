/**
 * Audit log: every admin change to a user, role, enrolment, translation, setting or
 * navigation item, newest first, with who, when and what; filters by actor, action and target.
 */
import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tk } from '../../../lib/tk.ts';
import type { PanelProps } from '../panel-props.ts';
import { auditQuery, type AuditEntry } from '../api.ts';
import { LoadError, PanelFrame, ScrollTable, TableSkeleton, dayTime, AdminPagination } from '../../../components/panel-parts.tsx';
import { adminPath } from '../../../lib/paths.ts';

const PAGE_SIZE = 25;

/** The actions the server writes (audit.repository.ts AUDIT), with their labels. */
export const AUDIT_ACTIONS: Record<string, string> = {
  'user.update': tk('Profile changed'),
  'user.roles': tk('Roles changed'),
  'user.remove': tk('Account removed'),
  'enrollment.save': tk('Enrollment saved'),
  'enrollment.remove': tk('Enrollment removed'),
  'translation.set': tk('Translations changed'),
  'settings.update': tk('Site settings changed'),
  'crm.settings': tk('CRM settings changed'),
  'navitem.save': tk('Navigation item saved'),
  'navitem.remove': tk('Navigation item removed'),
};

function show(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.length ? v.map(show).join(', ') : '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

const isChange = (v: unknown): v is { from: unknown; to: unknown } =>
  !!v && typeof v === 'object' && !Array.isArray(v) && 'from' in v && 'to' in v && Object.keys(v).length === 2;

/** `field: from → to` per changed field; other notes as `field: value`. */
export function changeLines(changes: Record<string, unknown>): string[] {
  return Object.entries(changes ?? {}).map(([k, v]) => (isChange(v) ? `${k}: ${show(v.from)} → ${show(v.to)}` : `${k}: ${show(v)}`));
}

function targetLink(e: AuditEntry) {
  if (e.targettype === 'user' && e.action !== 'user.remove') return adminPath('users', e.target);
  if (e.targettype === 'translation') return `/admin/translations?lang=${encodeURIComponent(e.target)}`;
  if (e.targettype === 'settings') return '/admin/settings';
  if (e.targettype === 'crm') return '/admin/crm';
  if (e.targettype === 'navitem' && e.action !== 'navitem.remove') return '/admin/navitems';
  return null;
}

export function AuditTable({ list }: { list: AuditEntry[] }) {
  const { t } = useTranslation();
  if (list.length === 0) return <Text c="dimmed">{t('No records found.')}</Text>;
  return (
    <ScrollTable minWidth={820} testid="audit-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('When')}</Table.Th>
          <Table.Th>{t('Who')}</Table.Th>
          <Table.Th>{t('Action')}</Table.Th>
          <Table.Th>{t('Target')}</Table.Th>
          <Table.Th>{t('Changes')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.map((e) => {
          const link = targetLink(e);
          return (
            <Table.Tr key={e._id} data-action={e.action} data-target={e.target}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dayTime(e.created)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Anchor component={Link} to={adminPath('users', e.actor)}>{e.actoremail}</Anchor>
              </Table.Td>
              <Table.Td>{AUDIT_ACTIONS[e.action] ? t(AUDIT_ACTIONS[e.action]!) : e.action}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text size="xs" c="gray.7">{e.targettype}</Text>
                {link ? <Anchor component={Link} to={link} size="sm">{e.target}</Anchor> : <Text size="sm">{e.target}</Text>}
              </Table.Td>
              <Table.Td><pre className="admin-changes" dir="ltr">{changeLines(e.changes).join('\n')}</pre></Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ScrollTable>
  );
}

export default function AuditPanel(_: PanelProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const actor = params.get('actor') ?? '';
  const action = params.get('action') ?? '';
  const target = params.get('target') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [form, setForm] = useState({ actor, target });
  const q = useQuery(auditQuery({ actor: actor || undefined, action: action || undefined, target: target || undefined, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }));
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) { if (v) next.set(k, v); else next.delete(k); }
    setParams(next, { replace: true });
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    set({ actor: form.actor.trim(), target: form.target.trim(), page: '' });
  };
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PAGE_SIZE));
  return (
    <PanelFrame>
      <form onSubmit={apply} data-testid="audit-filters">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput label={t('Who (email address or user ID)')} value={form.actor} onChange={(e) => setForm({ ...form, actor: e.currentTarget.value })}
            style={{ flex: '1 1 220px' }} name="actor" />
          <Select label={t('Action')} value={action || null} onChange={(v) => set({ action: v ?? '', page: '' })} clearable style={{ flex: '1 1 200px' }}
            placeholder={t('All actions')} data={Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label: t(label) }))}
            data-testid="audit-action" comboboxProps={{ withinPortal: true }} />
          <TextInput label={t('Target (ID)')} value={form.target} onChange={(e) => setForm({ ...form, target: e.currentTarget.value })}
            style={{ flex: '1 1 200px' }} name="target" />
          <Button type="submit">{t('Filter')}</Button>
          {(actor || action || target) && (
            <Button variant="subtle" onClick={() => { setForm({ actor: '', target: '' }); setParams(new URLSearchParams(), { replace: true }); }}>
              {t('Clear filters')}
            </Button>
          )}
        </Group>
      </form>
      <Text size="sm" c="gray.7" aria-live="polite">{t('Entries')}: {q.data ? q.data.total : '…'}</Text>
      {q.isError ? <LoadError error={q.error} /> : !q.data ? <TableSkeleton /> : <AuditTable list={q.data.list} />}
      <AdminPagination total={pages} value={Math.min(page, pages)} onChange={(p) => set({ page: String(p) })} />
    </PanelFrame>
  );
}
