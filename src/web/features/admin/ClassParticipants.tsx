/** A class's participants for admins: details, edit and remove each enrolment, add a user to the class. */
import { useMemo, useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PARTICIPANT_PAGE_SIZE } from '../../../domain/constants.ts';
import { addStatus } from '../../lib/status.ts';
import { tk } from '../../lib/tk.ts';
import { participantsPage, type ParticipantRow } from '../../lib/tables-api.ts';
import { DataTable, type DataColumn } from '../../components/DataTable.tsx';
import { removeEnrollment } from './api.ts';
import { ConfirmButton, day, fullName } from '../../components/panel-parts.tsx';
import { AddToClassForm, EnrollmentEditModal, enrollmentsChanged } from './enrollment-parts.tsx';
import { BulkActionBar, useRowSelection } from '../../components/BulkActionBar.tsx';
import { adminPath } from '../../lib/paths.ts';

function Actions({ p, onEdit }: { p: ParticipantRow; onEdit: (p: ParticipantRow) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => onEdit(p)}>
        {t('Edit')}
      </Button>
      <ConfirmButton
        label={tk('Remove')}
        title={tk('Remove this enrollment?')}
        message={`${fullName(p)} <${p.email}>: ${t('The progress of this enrollment will be lost.')}`}
        onConfirm={async () => {
          await removeEnrollment(p._id);
          await enrollmentsChanged();
          addStatus('success', tk('The enrollment has been removed.'));
        }}
      />
    </Group>
  );
}

export function ClassParticipants({ classid }: { classid: string }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<ParticipantRow | null>(null);
  const columns = useMemo<DataColumn<ParticipantRow>[]>(
    () => [
      {
        id: 'name',
        header: tk('Name'),
        cell: (p) => (
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} to={adminPath('users', p.user)}>
              {fullName(p)}
            </Anchor>
            {p.suspended && (
              <Badge size="sm" color="red.8" variant="filled">
                {t('Suspended')}
              </Badge>
            )}
          </Group>
        ),
        csv: (p) => fullName(p),
      },
      { id: 'email', header: tk('Email'), cell: (p) => <span style={{ overflowWrap: 'anywhere' }}>{p.email}</span>, csv: (p) => p.email },
      { id: 'date', header: tk('Enrolled'), cell: (p) => day(p.regdate), csv: (p) => day(p.regdate) },
      {
        id: 'lastactivity',
        header: tk('Last activity'),
        sortable: false,
        cell: (p) => day(p.lastactivity),
        csv: (p) => day(p.lastactivity),
      },
      { id: 'lessons', header: tk('Lessons'), sortable: false, cell: (p) => p.lessoncount ?? 0, csv: (p) => p.lessoncount ?? 0 },
      {
        id: 'progress',
        header: tk('Progress'),
        sortable: false,
        cell: (p) => `${Math.round(p.percentcomplete ?? 0)}%`,
        csv: (p) => Math.round(p.percentcomplete ?? 0),
      },
      {
        id: 'completed',
        header: tk('Completed'),
        cell: (p) => day(p.completeddate) || (p.completed ? '✓' : '—'),
        csv: (p) => day(p.completeddate),
      },
      {
        id: 'certificate',
        header: tk('Certificate'),
        sortable: false,
        cell: (p) => (p.certificate ? (p.certcode ?? '✓') : '—'),
        csv: (p) => p.certcode ?? '',
      },
      { id: 'actions', header: tk('Actions'), sortable: false, cell: (p) => <Actions p={p} onEdit={setEditing} /> },
    ],
    [t],
  );
  const selection = useRowSelection();
  return (
    <Stack gap="sm">
      <DataTable<ParticipantRow>
        testid="participants"
        csvName={`participants-${classid}`}
        columns={columns}
        rowKey={(p) => p._id}
        defaultSort="name"
        pageSize={PARTICIPANT_PAGE_SIZE}
        queryKey={['enrollment', 'participants', classid]}
        minWidth={960}
        fetchPage={(q) => participantsPage({ ...q, classid })}
        filterLabel={tk('Search by name or email')}
        rowProps={(p) => ({ 'data-user': p.email })}
        selection={selection}
        selectId={(p) => p.user}
        selectLabel={(p) => fullName(p)}
        bulk={({ total }) => (
          <BulkActionBar
            selection={selection}
            total={total}
            filter={{ classid }}
            fixedClass={classid}
            actions={['unenroll', 'message', 'suspend', 'reactivate']}
            onDone={() => enrollmentsChanged()}
          />
        )}
      />
      <Paper withBorder p="sm" radius="md">
        <Title order={3} size="h4" mb="xs">
          {t('Add User to Class')}
        </Title>
        <AddToClassForm classid={classid} />
      </Paper>
      <EnrollmentEditModal
        enrollment={editing ? { _id: editing._id, regdate: editing.regdate, completed: editing.completeddate } : null}
        title={editing ? `${t('Edit enrollment')}: ${fullName(editing)}` : ''}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
