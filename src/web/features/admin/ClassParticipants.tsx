/** A class's participants for admins: details, edit and remove each enrolment, add a user to the class. */
import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PARTICIPANT_PAGE_SIZE } from '../../../domain/constants.ts';
import { addStatus } from '../../lib/status.ts';
import { tk } from '../../lib/tk.ts';
import { participantsQuery, removeEnrollment, type Participant } from './api.ts';
import { ConfirmButton, LoadError, ScrollTable, TableSkeleton, day, fullName, AdminPagination } from '../../components/panel-parts.tsx';
import { AddToClassForm, EnrollmentEditModal, enrollmentsChanged } from './enrollment-parts.tsx';
import { BulkActionBar, SelectAllCheckbox, SelectCheckbox, useRowSelection } from '../../components/BulkActionBar.tsx';
import { adminPath } from '../../lib/paths.ts';

export function ClassParticipants({ classid }: { classid: string }) {
  const { t } = useTranslation();
  const q = useQuery(participantsQuery(classid));
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Participant | null>(null);
  const list = q.data ?? [];
  const pages = Math.max(1, Math.ceil(list.length / PARTICIPANT_PAGE_SIZE));
  const shown = list.slice((Math.min(page, pages) - 1) * PARTICIPANT_PAGE_SIZE, Math.min(page, pages) * PARTICIPANT_PAGE_SIZE);
  const selection = useRowSelection();
  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.7">{t('Participants')}: {q.data ? list.length : '…'}</Text>
      <BulkActionBar selection={selection} total={list.length} filter={{ classid }} fixedClass={classid}
        actions={['unenroll', 'message', 'suspend', 'reactivate']} onDone={() => enrollmentsChanged()} />
      {q.isError ? <LoadError error={q.error} /> : !q.data ? <TableSkeleton /> : list.length === 0 ? (
        <Text c="dimmed">{t('No records found.')}</Text>
      ) : (
        <ScrollTable minWidth={860} testid="participants">
          <Table.Thead>
            <Table.Tr>
              <Table.Th><SelectAllCheckbox selection={selection} pageIds={shown.map((p) => p.user)} /></Table.Th>
              <Table.Th>{t('Name')}</Table.Th>
              <Table.Th>{t('Email')}</Table.Th>
              <Table.Th>{t('Enrolled')}</Table.Th>
              <Table.Th>{t('Last activity')}</Table.Th>
              <Table.Th>{t('Lessons')}</Table.Th>
              <Table.Th>{t('Progress')}</Table.Th>
              <Table.Th>{t('Completed')}</Table.Th>
              <Table.Th><span className="visually-hidden">{t('Actions')}</span></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((p) => (
              <Table.Tr key={p._id} data-user={p.email}>
                <Table.Td><SelectCheckbox selection={selection} id={p.user} label={fullName(p)} /></Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Anchor component={Link} to={adminPath('users', p.user)}>{fullName(p)}</Anchor>
                    {p.suspended && <Badge size="sm" color="red.8" variant="filled">{t('Suspended')}</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.email}</Table.Td>
                <Table.Td>{day(p.regdate)}</Table.Td>
                <Table.Td>{day(p.lastactivity)}</Table.Td>
                <Table.Td>{p.lessons ?? 0}</Table.Td>
                <Table.Td>{p.percentcomplete ?? 0}%</Table.Td>
                <Table.Td>{day(p.completed)}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setEditing(p)}>{t('Edit')}</Button>
                    <ConfirmButton label={tk('Remove')} title={tk('Remove this enrollment?')}
                      message={`${fullName(p)} <${p.email}>: ${t('The progress of this enrollment will be lost.')}`}
                      onConfirm={async () => { await removeEnrollment(p._id); await enrollmentsChanged(); addStatus('success', tk('The enrollment has been removed.')); }} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
      <AdminPagination total={pages} value={Math.min(page, pages)} onChange={setPage} />
      <Paper withBorder p="sm" radius="md">
        <Title order={3} size="h4" mb="xs">{t('Add User to Class')}</Title>
        <AddToClassForm classid={classid} />
      </Paper>
      <EnrollmentEditModal enrollment={editing} title={editing ? `${t('Edit enrollment')}: ${fullName(editing)}` : ''} onClose={() => setEditing(null)} />
    </Stack>
  );
}
