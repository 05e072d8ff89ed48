/**
 * Audit log: every admin change to a user, role, enrolment, translation, setting or
 * navigation item, newest first, with who, when and what; filters by actor, action and target.
 */
import { useState } from 'react';
import { Anchor, Button, Loader, Select, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { tk } from '../../../lib/tk.ts';
import { fieldError, zodErrors } from '../../../lib/forms.ts';
import type { PanelProps } from '../panel-props.ts';
import type { AuditAction } from '../../../../domain/audit.ts';
import { AuditTableFiltersSchema } from '../../../../domain/staff-tables.ts';
import type { AuditEntry } from '../api.ts';
import { auditPage, auditTargets } from '../../../lib/tables-api.ts';
import { PanelFrame, ScrollTable, dayTime } from '../../../components/panel-parts.tsx';
import { DataTable, type DataColumn } from '../../../components/DataTable.tsx';
import { adminPanelPath, adminPath, withQuery } from '../../../lib/paths.ts';
import { AppModal } from '../../../components/AppModal.tsx';

/** Every action the server writes, with its label; a new action without one does not compile. */
export const AUDIT_ACTIONS: Record<AuditAction, string> = {
  'user.update': tk('Profile changed'),
  'user.roles': tk('Roles changed'),
  'user.remove': tk('Account removed'),
  'user.erase': tk('Account erased'),
  'user.retentionWarning': tk('Inactive account warned before removal'),
  'users.import': tk('Users imported'),
  'users.bulk.enroll': tk('Users enrolled in a class'),
  'users.bulk.unenroll': tk('Users removed from a class'),
  'users.bulk.setRoles': tk('Roles set for several users'),
  'users.bulk.suspend': tk('Users suspended'),
  'users.bulk.reactivate': tk('Users reactivated'),
  'users.bulk.message': tk('Message sent to users'),
  'enrollment.save': tk('Enrollment saved'),
  'enrollment.remove': tk('Enrollment removed'),
  'exam.grantAttempt': tk('Extra exam attempt granted'),
  'translation.set': tk('Translations changed'),
  'settings.update': tk('Site settings changed'),
  'security.settings': tk('Security settings changed'),
  'crm.settings': tk('CRM settings changed'),
  'navitem.save': tk('Navigation item saved'),
  'navitem.remove': tk('Navigation item removed'),
  'content.save': tk('Content saved'),
  'content.remove': tk('Content removed'),
  'content.restore': tk('Content version restored'),
  'course.save': tk('Course saved'),
  'course.remove': tk('Course removed'),
  'course.restore': tk('Course version restored'),
  'course.copy': tk('Course copied into another language'),
  'lesson.save': tk('Lesson saved'),
  'lesson.remove': tk('Lesson removed'),
  'lesson.restore': tk('Lesson version restored'),
  'material.save': tk('Material saved'),
  'material.remove': tk('Material removed'),
  'material.restore': tk('Material version restored'),
  'class.save': tk('Class saved'),
  'class.remove': tk('Class removed'),
  'file.save': tk('File saved'),
  'file.remove': tk('File removed'),
  'sessions.endall': tk('All sessions ended'),
  'twofactor.reset': tk('Two-factor sign-in reset'),
};
const actionLabel = (action: string) => AUDIT_ACTIONS[action as AuditAction] as string | undefined;

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
  if (e.targettype === 'translation') return withQuery(adminPanelPath('translations'), { lang: e.target });
  if (e.targettype === 'settings') return '/admin/settings';
  if (e.targettype === 'crm') return '/admin/crm';
  if (e.targettype === 'navitem' && e.action !== 'navitem.remove') return '/admin/navitems';
  return null;
}

/** The audit table's columns (the same cells as the user page's short list). */
const AUDIT_COLUMNS: DataColumn<AuditEntry>[] = [
  {
    id: 'created',
    header: tk('When'),
    cell: (e) => <span style={{ whiteSpace: 'nowrap' }}>{dayTime(e.created)}</span>,
    csv: (e) => e.created,
  },
  {
    id: 'actoremail',
    header: tk('Who'),
    cell: (e) => (
      <Anchor component={Link} to={adminPath('users', e.actor)} style={{ overflowWrap: 'anywhere' }}>
        {e.actoremail}
      </Anchor>
    ),
    csv: (e) => e.actoremail,
  },
  { id: 'action', header: tk('Action'), cell: (e) => <ActionName action={e.action} />, csv: (e) => e.action },
  { id: 'target', header: tk('Target'), cell: (e) => <TargetCell e={e} />, csv: (e) => `${e.targettype}: ${e.target}` },
  {
    id: 'changes',
    header: tk('Changes'),
    sortable: false,
    cell: (e) => (
      <>
        <pre className="admin-changes" dir="ltr">
          {changeLines(e.changes).join('\n')}
        </pre>
        {e.targets ? <TargetsButton entry={e} /> : null}
      </>
    ),
    csv: (e) => changeLines(e.changes).join('\n'),
  },
];

/** The whole list of records a bulk entry touched, on demand: a list of 10,000 stays out of the table. */
function TargetsButton({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const list = useQuery({ queryKey: ['audit', 'targets', entry._id], queryFn: () => auditTargets(entry._id), enabled: open });
  return (
    <>
      <Button variant="subtle" size="compact-sm" onClick={() => setOpen(true)} data-testid="audit-targets">
        {t('{{count}} records', { count: entry.targets ?? 0 })}
      </Button>
      <AppModal opened={open} onClose={() => setOpen(false)} title={<ActionName action={entry.action} />} size="lg">
        {list.isPending ? (
          <Loader size="sm" aria-label={t('Loading')} />
        ) : list.isError ? (
          <Text c="red.8" role="alert">
            {list.error.message}
          </Text>
        ) : (
          <ScrollTable minWidth={420} testid="audit-targets-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Name')}</Table.Th>
                <Table.Th>{t('Email')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.targets.map((u) => (
                <Table.Tr key={u._id}>
                  <Table.Td>
                    {u.email ? (
                      <Anchor component={Link} to={adminPath('users', u._id)}>
                        {u.name || u._id}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('Account removed')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <span dir="ltr">{u.email ?? u._id}</span>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        )}
      </AppModal>
    </>
  );
}

function ActionName({ action }: { action: string }) {
  const { t } = useTranslation();
  const label = actionLabel(action);
  return <>{label ? t(label) : action}</>;
}

function TargetCell({ e }: { e: AuditEntry }) {
  const link = targetLink(e);
  return (
    <div style={{ overflowWrap: 'anywhere' }}>
      <Text size="xs" c="gray.7">
        {e.targettype}
      </Text>
      {link ? (
        <Anchor component={Link} to={link} size="sm">
          {e.target}
        </Anchor>
      ) : (
        <Text size="sm">{e.target}</Text>
      )}
    </div>
  );
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
                <Anchor component={Link} to={adminPath('users', e.actor)}>
                  {e.actoremail}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <ActionName action={e.action} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text size="xs" c="gray.7">
                  {e.targettype}
                </Text>
                {link ? (
                  <Anchor component={Link} to={link} size="sm">
                    {e.target}
                  </Anchor>
                ) : (
                  <Text size="sm">{e.target}</Text>
                )}
              </Table.Td>
              <Table.Td>
                <pre className="admin-changes" dir="ltr">
                  {changeLines(e.changes).join('\n')}
                </pre>
              </Table.Td>
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
  const action = params.get('action') ?? '';
  const target = params.get('target') ?? '';
  // The target is checked as the table's page call checks it.
  const form = useForm({ initialValues: { target }, validate: (v) => zodErrors(AuditTableFiltersSchema, v) });
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const apply = form.onSubmit((v) => set({ target: v.target.trim() }));
  const filters = { ...(action ? { action } : {}), ...(target ? { target } : {}) };
  return (
    <PanelFrame>
      <DataTable<AuditEntry>
        testid="audit"
        csvName="audit"
        columns={AUDIT_COLUMNS}
        rowKey={(e) => e._id}
        defaultSort="created"
        defaultDir="desc"
        queryKey={['audit', 'table', filters]}
        fetchPage={(q) => auditPage({ ...q, ...filters })}
        filterLabel={tk('Search')}
        minWidth={820}
        rowProps={(e) => ({ 'data-action': e.action, 'data-target': e.target })}
        toolbar={
          <>
            <Select
              label={t('Action')}
              value={action || null}
              onChange={(v) => set({ action: v ?? '' })}
              clearable
              style={{ flex: '1 1 200px' }}
              placeholder={t('All actions')}
              data={Object.entries(AUDIT_ACTIONS)
                .map(([value, label]) => ({ value, label: t(label) }))
                .sort((a, b) => a.label.localeCompare(b.label))}
              data-testid="audit-action"
              comboboxProps={{ withinPortal: true }}
            />
            <form
              onSubmit={apply}
              data-testid="audit-filters"
              style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flex: '1 1 260px' }}
            >
              <TextInput
                label={t('Target (ID)')}
                {...form.getInputProps('target')}
                error={fieldError(t, form.errors, 'target')}
                style={{ flex: 1 }}
                name="target"
              />
              <Button type="submit">{t('Filter')}</Button>
              {(action || target) && (
                <Button
                  variant="subtle"
                  onClick={() => {
                    form.setFieldValue('target', '');
                    setParams(new URLSearchParams(), { replace: true });
                  }}
                >
                  {t('Clear filters')}
                </Button>
              )}
            </form>
          </>
        }
      />
    </PanelFrame>
  );
}
