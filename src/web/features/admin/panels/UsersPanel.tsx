/**
 * Users: search by name or e-mail, filter by role, page through; one user's page shows the
 * profile, roles (editable), classes (edit, remove, add to a class), the audit trail and account removal.
 */
import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COOKIE_OPTIN_LABELS, ROLES } from '../../../../domain/constants.ts';
import type { EnrollmentRow, Role, User } from '../../../../domain/types.ts';
import { countryName } from '../../../../domain/countries.ts';
import { queryClient } from '../../../lib/query.ts';
import { addStatus } from '../../../lib/status.ts';
import { setSessionUser, useSession } from '../../../lib/session.ts';
import { tk } from '../../../lib/tk.ts';
import type { PanelProps } from '../panel-props.ts';
import { EndUserSessionsButton, ResetTwoFactorButton } from '../EndUserSessionsButton.tsx';
import { adminUserQuery, auditQuery, crmSyncUser, removeEnrollment, removeUser, saveUser, userEnrollmentsQuery } from '../api.ts';
import {
  ConfirmButton,
  FieldList,
  LoadError,
  PanelFrame,
  ScrollTable,
  TableSkeleton,
  day,
  dayTime,
  errorMessage,
  fullName,
} from '../../../components/panel-parts.tsx';
import { AddToClassForm, EnrollmentEditModal, enrollmentsChanged } from '../enrollment-parts.tsx';
import { AuditTable } from './AuditPanel.tsx';
import { usersPage } from '../../../lib/tables-api.ts';
import { DataTable, type DataColumn } from '../../../components/DataTable.tsx';
import { LanguageName, languageName } from '../../../components/LanguageName.tsx';
import { BulkActionBar, useRowSelection } from '../../../components/BulkActionBar.tsx';
import { runBulkAction } from '../../../lib/data/staff.ts';
import { ClassPicker } from '../enrollment-parts.tsx';
import { adminPanelPath, adminPath, userCommentsPath, userEnrollmentPath, userProfilePath, withQuery } from '../../../lib/paths.ts';

/** Course, then class, for the bulk bar's enrol and remove actions. */
function BulkClassPicker({ value, onChange }: { value: string | null; onChange: (v: string | null) => void }) {
  const [course, setCourse] = useState<string | null>(null);
  return <ClassPicker course={course} classid={value} onCourse={setCourse} onClass={onChange} />;
}

export function SuspendedBadge() {
  const { t } = useTranslation();
  return (
    <Badge size="sm" color="red.8" variant="filled" data-testid="suspended-badge">
      {t('Suspended')}
    </Badge>
  );
}

export const ROLE_LABELS: Record<Role, string> = { cms: tk('Editor (cms)'), admin: tk('Administrator (admin)') };

export function RoleBadges({ roles }: { roles: Role[] }) {
  const { t } = useTranslation();
  if (!roles?.length)
    return (
      <Text span size="sm" c="dimmed">
        {t('Learner')}
      </Text>
    );
  return (
    <Group gap={4}>
      {roles.map((r) => (
        <Badge key={r} size="sm" variant="filled" color={r === 'admin' ? 'grape.8' : 'teal.9'} data-role={r}>
          {t(ROLE_NAMES[r] ?? r)}
        </Badge>
      ))}
    </Group>
  );
}

/** Role names as the screens show them, in the reader's language (the stored names are cms and admin). */
export const ROLE_NAMES: Record<Role, string> = { cms: tk('Editor'), admin: tk('Administrator') };

function userColumns(lang: string, t: (k: string) => string): DataColumn<User>[] {
  return [
    {
      id: 'name',
      header: tk('Name'),
      cell: (u) => (
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={adminPath('users', u._id)} data-testid="user-link">
            {fullName(u)}
          </Anchor>
          {u.suspended && <SuspendedBadge />}
        </Group>
      ),
      csv: (u) => fullName(u),
    },
    { id: 'email', header: tk('Email'), cell: (u) => <span style={{ overflowWrap: 'anywhere' }}>{u.email}</span>, csv: (u) => u.email },
    {
      id: 'roles',
      header: tk('Roles'),
      sortable: false,
      cell: (u) => <RoleBadges roles={u.roles} />,
      csv: (u) => (u.roles?.length ? u.roles.map((r) => t(ROLE_NAMES[r])).join(', ') : t('Learner')),
    },
    {
      id: 'lang',
      header: tk('Language'),
      sortable: false,
      cell: (u) => <LanguageName lang={u.lang} />,
      csv: (u) => languageName(u.lang, lang),
    },
    {
      id: 'country',
      header: tk('Country'),
      sortable: false,
      cell: (u) => countryName(u.country, lang),
      csv: (u) => countryName(u.country, lang),
    },
    { id: 'created', header: tk('Created'), cell: (u) => day(u.created), csv: (u) => day(u.created) },
    { id: 'lastseen', header: tk('Last seen'), sortable: false, cell: (u) => day(u.lastseen), csv: (u) => day(u.lastseen) },
  ];
}

function UserList() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const role = (params.get('role') ?? '') as '' | Role;
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const columns = useMemo(() => userColumns(i18n.language, t), [i18n.language, t]);
  const selection = useRowSelection();
  return (
    <PanelFrame>
      <DataTable<User>
        testid="user"
        csvName="users"
        columns={columns}
        rowKey={(u) => u._id}
        defaultSort="name"
        queryKey={['users', 'list', role]}
        fetchPage={(q) => usersPage({ ...q, ...(role ? { role } : {}) })}
        minWidth={760}
        filterLabel={tk('Search by name or email')}
        rowProps={(u) => ({ 'data-user': u.email })}
        selection={selection}
        selectLabel={(u) => fullName(u)}
        initialFilter={params.get('q') ?? ''}
        bulk={({ total, q }) => (
          <BulkActionBar
            selection={selection}
            total={total}
            filter={{ q, role: role || undefined }}
            actions={['enroll', 'unenroll', 'setRoles', 'suspend', 'reactivate', 'message']}
            classPicker={(value, onChange) => <BulkClassPicker value={value} onChange={onChange} />}
            onDone={() => queryClient.invalidateQueries({ predicate: (x) => x.queryKey[0] === 'users' || x.queryKey[0] === 'audit' })}
          />
        )}
        toolbar={
          <div>
            <Text size="sm" fw={500} id="role-filter-label" mb={4}>
              {t('Role')}
            </Text>
            <SegmentedControl
              aria-labelledby="role-filter-label"
              value={role}
              onChange={(v) => set({ role: v })}
              data={[
                { value: '', label: t('All users') },
                { value: 'cms', label: t(ROLE_NAMES.cms) },
                { value: 'admin', label: t(ROLE_NAMES.admin) },
              ]}
            />
          </div>
        }
      />
    </PanelFrame>
  );
}

function RolesEditor({ user }: { user: User }) {
  const { t } = useTranslation();
  const session = useSession();
  const [roles, setRoles] = useState<Role[]>(user.roles ?? []);
  const [error, setError] = useState<string | null>(null);
  const dirty = [...roles].sort().join() !== [...(user.roles ?? [])].sort().join();
  const save = useMutation({
    mutationFn: () => saveUser({ _id: user._id, roles }),
    onMutate: () => setError(null),
    onSuccess: async (saved) => {
      queryClient.setQueryData(adminUserQuery(user._id).queryKey, saved);
      if (session.user?._id === saved._id) setSessionUser({ ...session.user, ...saved });
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'users' || q.queryKey[0] === 'audit' });
      addStatus('success', tk('The roles have been saved.'));
    },
    onError: (err) => setError(errorMessage(err)),
  });
  return (
    <Stack gap="xs">
      {error && (
        <Alert color="red" role="alert">
          {t(error)}
        </Alert>
      )}
      <Checkbox.Group
        label={t('Roles')}
        description={t('Editors edit content; administrators also have the admin area.')}
        value={roles}
        onChange={(v) => setRoles(v as Role[])}
        data-testid="roles"
      >
        <Group mt={6}>
          {ROLES.map((r) => (
            <Checkbox key={r} value={r} label={t(ROLE_LABELS[r])} data-testid={`role-${r}`} />
          ))}
        </Group>
      </Checkbox.Group>
      <Group>
        <Button onClick={() => save.mutate()} disabled={!dirty} loading={save.isPending} data-testid="roles-save">
          {t('Save roles')}
        </Button>
      </Group>
    </Stack>
  );
}

function UserEnrollments({ user }: { user: User }) {
  const { t } = useTranslation();
  const q = useQuery(userEnrollmentsQuery(user._id));
  const [editing, setEditing] = useState<EnrollmentRow | null>(null);
  return (
    <Stack gap="sm">
      {q.isError ? (
        <LoadError error={q.error} />
      ) : !q.data ? (
        <TableSkeleton />
      ) : q.data.length === 0 ? (
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
              <Table.Th>
                <span className="visually-hidden">{t('Actions')}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.map((e) => (
              <Table.Tr key={e._id}>
                <Table.Td>{e.coursetitle ?? e.course}</Table.Td>
                <Table.Td>
                  {e.classexists === false ? (
                    <Text span c="dimmed">
                      {t('This class no longer exists')}
                    </Text>
                  ) : (
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
                    <Button size="xs" variant="light" onClick={() => setEditing(e)}>
                      {t('Edit')}
                    </Button>
                    <ConfirmButton
                      label={tk('Remove')}
                      title={tk('Remove this enrollment?')}
                      message={`${e.coursetitle ?? e.course} · ${e.classname ?? e.classid}: ${t('The progress of this enrollment will be lost.')}`}
                      onConfirm={async () => {
                        await removeEnrollment(e._id);
                        await enrollmentsChanged();
                        addStatus('success', tk('The enrollment has been removed.'));
                      }}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
      <Paper withBorder p="sm" radius="md">
        <Title order={4} mb="xs">
          {t('Add User to Class')}
        </Title>
        <AddToClassForm user={user._id} />
      </Paper>
      <EnrollmentEditModal enrollment={editing} withDescription title={t('Edit enrollment')} onClose={() => setEditing(null)} />
    </Stack>
  );
}

function CrmSyncButton({ id }: { id: string }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const sync = useMutation({
    mutationFn: () => crmSyncUser(id),
    onMutate: () => setResult(null),
    onSuccess: (r) =>
      setResult({
        ok: r.result?.status !== 'error',
        text: r.result ? `${t('CRM')}: ${r.result.status}${r.result.message ? ` (${r.result.message})` : ''}` : t('Done'),
      }),
    onError: (err) => setResult({ ok: false, text: t(errorMessage(err)) }),
  });
  return (
    <Group gap="xs">
      <Button size="xs" variant="light" onClick={() => sync.mutate()} loading={sync.isPending} data-testid="crm-sync-user">
        {t('Sync to CRM')}
      </Button>
      {result && (
        <Text size="sm" c={result.ok ? 'green.8' : 'red.8'} role="status">
          {result.text}
        </Text>
      )}
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
          <Group gap="xs">
            <Title order={2}>{fullName(u)}</Title>
            {u.suspended && <SuspendedBadge />}
          </Group>
          <Text c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {u.email}
          </Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to={userProfilePath(u._id)} variant="light" size="xs">
            {t('Edit Profile')}
          </Button>
          <Button component={Link} to={userEnrollmentPath(u._id)} variant="light" size="xs">
            {t('Classes')}
          </Button>
          <Button component={Link} to={userCommentsPath(u._id)} variant="light" size="xs">
            {t('User Comments')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="md" radius="md">
        <FieldList
          rows={[
            [t('Roles'), <RoleBadges key="r" roles={u.roles} />],
            [t('Language'), languageName(u.lang, i18n.language)],
            [t('Country'), countryName(u.country, i18n.language)],
            [t('City'), u.city ?? ''],
            [
              t('Phone'),
              <bdi key="p" dir="ltr">
                {u.phone ?? ''}
              </bdi>,
            ],
            [t('Cookie preference'), t(COOKIE_OPTIN_LABELS[u.cookieoptin?.setting ?? 'prompt'] ?? 'Not Set')],
            [t('Classes'), String(u.classes?.length ?? 0)],
            [t('Hosted classes'), String(hosted)],
            [t('Created'), dayTime(u.created)],
            [t('Last seen'), dayTime(u.lastseen)],
          ]}
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <RolesEditor key={(u.roles ?? []).join()} user={u} />
      </Paper>
      <section>
        <Title order={3} mb="xs">
          {t('Enrollments')}
        </Title>
        <UserEnrollments user={u} />
      </section>
      <section>
        <Group justify="space-between" mb="xs">
          <Title order={3}>{t('Audit log')}</Title>
          <Anchor component={Link} to={withQuery(adminPanelPath('audit'), { target: u._id })} size="sm">
            {t('Show all')}
          </Anchor>
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
              <ConfirmButton
                label={u.suspended ? tk('Reactivate') : tk('Suspend')}
                testid="user-suspend"
                title={u.suspended ? tk('Reactivate this account?') : tk('Suspend this account?')}
                buttonProps={{ color: u.suspended ? 'teal.9' : 'orange.9' }}
                message={`${fullName(u)} <${u.email}>: ${u.suspended ? t('The account can sign in again.') : t('The account cannot sign in and its sessions end now. Its data, enrollments and certificates stay.')}`}
                onConfirm={async () => {
                  await runBulkAction({ action: u.suspended ? 'reactivate' : 'suspend', selection: { ids: [u._id] } });
                  await queryClient.invalidateQueries({ predicate: (x) => ['users', 'user', 'audit'].includes(String(x.queryKey[0])) });
                }}
              />
              <ConfirmButton
                label={tk('Remove account')}
                title={tk('Remove this account?')}
                testid="user-remove"
                message={`${fullName(u)} <${u.email}>: ${t('The account, its enrollments and progress are removed for good.')} ${t('Classes')}: ${u.classes?.length ?? 0}. ${t('Removed: the profile, enrollments, progress, quiz and exam results, sessions and notice settings. Certificates already issued stay verifiable.')}`}
                onConfirm={async () => {
                  await removeUser(u._id);
                  // Leave the removed account's screen first: a query dropped while this screen still
                  // watches it is fetched again at once, and the server answers 404 for the account.
                  navigate('/admin/users');
                  addStatus('success', tk('The account has been removed.'));
                  await new Promise((r) => setTimeout(r, 0));
                  queryClient.removeQueries({ queryKey: adminUserQuery(u._id).queryKey });
                  await queryClient.invalidateQueries({
                    predicate: (x) => ['users', 'audit', 'stats', 'reports'].includes(String(x.queryKey[0])),
                  });
                }}
              />
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
      <Anchor component={Link} to="/admin/users" size="sm">
        {t('All users')}
      </Anchor>
      <UserDetail id={id} />
    </Stack>
  );
}
