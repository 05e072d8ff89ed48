/**
 * Users: search by name or e-mail, filter by role, page through; one user's page shows the
 * profile, roles (editable), classes (edit, remove, add to a class), the audit trail and account removal.
 */
import { useState } from 'react';
import {
  Alert, Anchor, Badge, Button, Checkbox, Group, Paper, SegmentedControl, Stack, Table, Text, TextInput, Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COOKIE_OPTIN_LABELS, LANGUAGE_NAMES, ROLES } from '../../../../domain/constants.ts';
import type { Role, User } from '../../../../domain/types.ts';
import { countryName } from '../../../../domain/countries.ts';
import { queryClient } from '../../../lib/query.ts';
import { addStatus } from '../../../lib/status.ts';
import { setSessionUser, useSession } from '../../../lib/session.ts';
import { tk } from '../../../lib/tk.ts';
import type { PanelProps } from '../panel-props.ts';
import { EndUserSessionsButton, ResetTwoFactorButton } from '../EndUserSessionsButton.tsx';
import {
  adminUserQuery, auditQuery, crmSyncUser, removeEnrollment, removeUser, saveUser, userEnrollmentsQuery, usersQuery, type AdminEnrollment,
} from '../api.ts';
import {
  AdminPagination, ConfirmButton, FieldList, LoadError, PanelFrame, ScrollTable, TableSkeleton, day, dayTime, errorMessage, fullName,
} from '../../../components/panel-parts.tsx';
import { AddToClassForm, EnrollmentEditModal, enrollmentsChanged } from '../enrollment-parts.tsx';
import { AuditTable } from './AuditPanel.tsx';
import { BulkActionBar, SelectAllCheckbox, SelectCheckbox, useRowSelection } from '../../../components/BulkActionBar.tsx';
import { ClassPicker } from '../enrollment-parts.tsx';
import { runBulkAction } from '../../../lib/data/staff.ts';

/** Course, then class, for the bulk bar's enrol and remove actions. */
function BulkClassPicker({ value, onChange }: { value: string | null; onChange: (v: string | null) => void }) {
  const [course, setCourse] = useState<string | null>(null);
  return <ClassPicker course={course} classid={value} onCourse={setCourse} onClass={onChange} />;
}

export function SuspendedBadge() {
  const { t } = useTranslation();
  return <Badge size="sm" color="red.8" variant="filled" data-testid="suspended-badge">{t('Suspended')}</Badge>;
}
import { adminPath } from '../../../lib/paths.ts';

const PAGE_SIZE = 25;
export const ROLE_LABELS: Record<Role, string> = { cms: tk('Editor (cms)'), admin: tk('Administrator (admin)') };

export function RoleBadges({ roles }: { roles: Role[] }) {
  const { t } = useTranslation();
  if (!roles?.length) return <Text span size="sm" c="dimmed">{t('Learner')}</Text>;
  return <Group gap={4}>{roles.map((r) => <Badge key={r} size="sm" variant="filled" color={r === 'admin' ? 'grape.8' : 'teal.9'}>{r}</Badge>)}</Group>;
}

function UserList() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const role = (params.get('role') ?? '') as '' | Role;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useQuery(usersQuery({ search: debounced || undefined, role: role || undefined, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }));
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) { if (v) next.set(k, v); else next.delete(k); }
    setParams(next, { replace: true });
  };
  const onSearch = (v: string) => {
    setSearch(v);
    set({ q: v.trim(), page: '' });
  };
  const total = q.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const selection = useRowSelection();
  const pageIds = q.data?.list.map((u) => u._id) ?? [];

  return (
    <PanelFrame>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput label={t('Search by name or email')} leftSection={<IconSearch size={16} aria-hidden />} value={search}
          onChange={(e) => onSearch(e.currentTarget.value)} style={{ flex: '1 1 260px' }} data-testid="user-search" type="search" />
        <div>
          <Text size="sm" fw={500} id="role-filter-label" mb={4}>{t('Role')}</Text>
          <SegmentedControl aria-labelledby="role-filter-label" value={role} onChange={(v) => set({ role: v, page: '' })}
            data={[{ value: '', label: t('All users') }, { value: 'cms', label: 'cms' }, { value: 'admin', label: 'admin' }]} />
        </div>
      </Group>
      <Text size="sm" c="gray.7" aria-live="polite" data-testid="user-total">
        {t('Users found')}: {q.data ? total : '…'}
      </Text>
      <BulkActionBar selection={selection} total={total} filter={{ q: debounced || undefined, role: role || undefined }}
        actions={['enroll', 'unenroll', 'setRoles', 'suspend', 'reactivate', 'message']}
        classPicker={(value, onChange) => <BulkClassPicker value={value} onChange={onChange} />}
        onDone={() => queryClient.invalidateQueries({ predicate: (x) => x.queryKey[0] === 'users' || x.queryKey[0] === 'audit' })} />
      {q.isError ? <LoadError error={q.error} /> : !q.data ? <TableSkeleton /> : (
        <ScrollTable minWidth={760} testid="user-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th><SelectAllCheckbox selection={selection} pageIds={pageIds} /></Table.Th>
              <Table.Th>{t('Name')}</Table.Th>
              <Table.Th>{t('Email')}</Table.Th>
              <Table.Th>{t('Roles')}</Table.Th>
              <Table.Th>{t('Language')}</Table.Th>
              <Table.Th>{t('Country')}</Table.Th>
              <Table.Th>{t('Created')}</Table.Th>
              <Table.Th>{t('Last seen')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.list.length === 0 && (
              <Table.Tr><Table.Td colSpan={8}><Text c="dimmed">{t('No records found.')}</Text></Table.Td></Table.Tr>
            )}
            {q.data.list.map((u) => (
              <Table.Tr key={u._id} data-user={u.email}>
                <Table.Td><SelectCheckbox selection={selection} id={u._id} label={fullName(u)} /></Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Anchor component={Link} to={adminPath('users', u._id)} data-testid="user-link">{fullName(u)}</Anchor>
                    {u.suspended && <SuspendedBadge />}
                  </Group>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.email}</Table.Td>
                <Table.Td><RoleBadges roles={u.roles} /></Table.Td>
                <Table.Td>{u.lang}</Table.Td>
                <Table.Td>{countryName(u.country, i18n.language)}</Table.Td>
                <Table.Td>{day(u.created)}</Table.Td>
                <Table.Td>{day(u.lastseen)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
      <AdminPagination total={pages} value={Math.min(page, pages)} onChange={(p) => set({ page: String(p) })} testid="user-pages" />
    </PanelFrame>
  );
}

function RolesEditor({ user }: { user: User }) {
  const { t } = useTranslation();
  const session = useSession();
  const [roles, setRoles] = useState<Role[]>(user.roles ?? []);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dirty = [...roles].sort().join() !== [...(user.roles ?? [])].sort().join();
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await saveUser({ _id: user._id, roles });
      queryClient.setQueryData(adminUserQuery(user._id).queryKey, saved);
      if (session.user?._id === saved._id) setSessionUser({ ...session.user, ...saved });
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'users' || q.queryKey[0] === 'audit' });
      addStatus('success', tk('The roles have been saved.'));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs">
      {error && <Alert color="red" role="alert">{t(error)}</Alert>}
      <Checkbox.Group label={t('Roles')} description={t('Editors edit content; administrators also have the admin area.')}
        value={roles} onChange={(v) => setRoles(v as Role[])} data-testid="roles">
        <Group mt={6}>
          {ROLES.map((r) => <Checkbox key={r} value={r} label={t(ROLE_LABELS[r])} data-testid={`role-${r}`} />)}
        </Group>
      </Checkbox.Group>
      <Group>
        <Button onClick={save} disabled={!dirty} loading={busy} data-testid="roles-save">{t('Save roles')}</Button>
      </Group>
    </Stack>
  );
}

function UserEnrollments({ user }: { user: User }) {
  const { t } = useTranslation();
  const q = useQuery(userEnrollmentsQuery(user._id));
  const [editing, setEditing] = useState<AdminEnrollment | null>(null);
  return (
    <Stack gap="sm">
      {q.isError ? <LoadError error={q.error} /> : !q.data ? <TableSkeleton /> : q.data.length === 0 ? (
        <Text c="dimmed">{t('No records found.')}</Text>
      ) : (
        <ScrollTable minWidth={720} testid="user-enrollments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Course')}</Table.Th>
              <Table.Th>{t('Class')}</Table.Th>
              <Table.Th>{t('Enrolled')}</Table.Th>
              <Table.Th>{t('Completed')}</Table.Th>
              <Table.Th>{t('Progress')}</Table.Th>
              <Table.Th><span className="visually-hidden">{t('Actions')}</span></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.map((e) => (
              <Table.Tr key={e._id}>
                <Table.Td>{e.coursetitle ?? e.course}</Table.Td>
                <Table.Td>
                  {e.classexists === false ? <Text span c="dimmed">{t('This class no longer exists')}</Text> : (
                    <Anchor component={Link} to={adminPath('classes', e.course, e.classid)}>
                      {e.classname ?? e.classid}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>{day(e.regdate)}</Table.Td>
                <Table.Td>{day(e.completed)}</Table.Td>
                <Table.Td>{e.percentcomplete ?? 0}%</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setEditing(e)}>{t('Edit')}</Button>
                    <ConfirmButton label={tk('Remove')} title={tk('Remove this enrollment?')}
                      message={`${e.coursetitle ?? e.course} · ${e.classname ?? e.classid}: ${t('The progress of this enrollment will be lost.')}`}
                      onConfirm={async () => { await removeEnrollment(e._id); await enrollmentsChanged(); addStatus('success', tk('The enrollment has been removed.')); }} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
      <Paper withBorder p="sm" radius="md">
        <Title order={4} mb="xs">{t('Add User to Class')}</Title>
        <AddToClassForm user={user._id} />
      </Paper>
      <EnrollmentEditModal enrollment={editing} withDescription title={t('Edit enrollment')} onClose={() => setEditing(null)} />
    </Stack>
  );
}

function CrmSyncButton({ id }: { id: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const sync = async () => {
    setBusy(true);
    setResult(null);
    try {
      const r = await crmSyncUser(id);
      setResult({ ok: r.result?.status !== 'error', text: r.result ? `${t('CRM')}: ${r.result.status}${r.result.message ? ` (${r.result.message})` : ''}` : t('Done') });
    } catch (err) {
      setResult({ ok: false, text: t(errorMessage(err)) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs">
      <Button size="xs" variant="light" onClick={sync} loading={busy} data-testid="crm-sync-user">{t('Sync to CRM')}</Button>
      {result && <Text size="sm" c={result.ok ? 'green.8' : 'red.8'} role="status">{result.text}</Text>}
    </Group>
  );
}

function UserDetail({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user: me } = useSession();
  const q = useQuery(adminUserQuery(id));
  const audit = useQuery(auditQuery({ target: id, skip: 0, limit: 10 }));
  if (q.isPending) return <TableSkeleton />;
  if (q.isError) return <LoadError error={q.error} />;
  const u = q.data;
  const hosted = Object.keys(u.instructor ?? {}).length;
  return (
    <Stack gap="md" data-testid="user-detail" data-user={u.email}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Group gap="xs"><Title order={2}>{fullName(u)}</Title>{u.suspended && <SuspendedBadge />}</Group>
          <Text c="gray.7" style={{ overflowWrap: 'anywhere' }}>{u.email}</Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to={`/user/profile/${encodeURIComponent(u._id)}`} variant="light" size="xs">{t('Edit Profile')}</Button>
          <Button component={Link} to={`/user/enrollment/${encodeURIComponent(u._id)}`} variant="light" size="xs">{t('Classes')}</Button>
          <Button component={Link} to={`/user/comments/${encodeURIComponent(u._id)}`} variant="light" size="xs">{t('User Comments')}</Button>
        </Group>
      </Group>
      <Paper withBorder p="md" radius="md">
        <FieldList rows={[
          [t('Roles'), <RoleBadges key="r" roles={u.roles} />],
          [t('Language'), LANGUAGE_NAMES[u.lang] ?? u.lang],
          [t('Country'), countryName(u.country, i18n.language)], [t('City'), u.city ?? ''], [t('Phone'), <bdi key="p" dir="ltr">{u.phone ?? ''}</bdi>],
          [t('Cookie preference'), t(COOKIE_OPTIN_LABELS[u.cookieoptin?.setting ?? 'prompt'] ?? 'Not Set')],
          [t('Classes'), String(u.classes?.length ?? 0)], [t('Hosted classes'), String(hosted)],
          [t('Created'), dayTime(u.created)], [t('Last seen'), dayTime(u.lastseen)],
        ]} />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <RolesEditor key={(u.roles ?? []).join()} user={u} />
      </Paper>
      <section>
        <Title order={3} mb="xs">{t('Enrollments')}</Title>
        <UserEnrollments user={u} />
      </section>
      <section>
        <Group justify="space-between" mb="xs">
          <Title order={3}>{t('Audit log')}</Title>
          <Anchor component={Link} to={`/admin/audit?target=${encodeURIComponent(u._id)}`} size="sm">{t('Show all')}</Anchor>
        </Group>
        {audit.isError ? <LoadError error={audit.error} /> : !audit.data ? <TableSkeleton /> : <AuditTable list={audit.data.list} />}
      </section>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <CrmSyncButton id={u._id} />
          <Group>
            <EndUserSessionsButton id={u._id} name={`${fullName(u)} <${u.email}>`} />
            <ResetTwoFactorButton id={u._id} name={`${fullName(u)} <${u.email}>`} />
          </Group>
          {me?._id !== u._id && (
            <Group>
              <ConfirmButton label={u.suspended ? tk('Reactivate') : tk('Suspend')} testid="user-suspend"
                title={u.suspended ? tk('Reactivate this account?') : tk('Suspend this account?')}
                buttonProps={{ color: u.suspended ? 'teal' : 'orange' }}
                message={`${fullName(u)} <${u.email}>: ${u.suspended ? t('The account can sign in again.') : t('The account cannot sign in and its sessions end now. Its data, enrollments and certificates stay.')}`}
                onConfirm={async () => {
                  await runBulkAction({ action: u.suspended ? 'reactivate' : 'suspend', selection: { ids: [u._id] } });
                  await queryClient.invalidateQueries({ predicate: (x) => ['users', 'user', 'audit'].includes(String(x.queryKey[0])) });
                }} />
              <ConfirmButton label={tk('Remove account')} title={tk('Remove this account?')} testid="user-remove"
                message={`${fullName(u)} <${u.email}>: ${t('The account, its enrollments and progress are removed for good.')} ${t('Classes')}: ${u.classes?.length ?? 0}. ${t('Removed: the profile, enrollments, progress, quiz and exam results, sessions and notice settings. Certificates already issued stay verifiable.')}`}
                onConfirm={async () => {
                  await removeUser(u._id);
                  // Leave the removed account's screen first: a query dropped while this screen still
                  // watches it is fetched again at once, and the server answers 404 for the account.
                  navigate('/admin/users');
                  addStatus('success', tk('The account has been removed.'));
                  await new Promise((r) => setTimeout(r, 0));
                  queryClient.removeQueries({ queryKey: adminUserQuery(u._id).queryKey });
                  await queryClient.invalidateQueries({ predicate: (x) => ['users', 'audit', 'stats', 'reports'].includes(String(x.queryKey[0])) });
                }} />
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

export default function UsersPanel({ rest }: PanelProps) {
  const { t } = useTranslation();
  const [id] = rest;
  if (!id) return <UserList />;
  return (
    <Stack gap="sm">
      <Anchor component={Link} to="/admin/users" size="sm">{t('All users')}</Anchor>
      <UserDetail id={id} />
    </Stack>
  );
}
