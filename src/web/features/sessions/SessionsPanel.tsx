/**
 * The account's Sessions panel: every browser signed in to the account (device, address and a coarse
 * place, last seen), this one marked; sign out one, or every other one, with the password given again.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, PasswordInput, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SessionRecord } from '../../../domain/types.ts';
import { queryClient } from '../../lib/query.ts';
import { addStatus } from '../../lib/status.ts';
import { tk } from '../../lib/tk.ts';
import { dayTime, errorMessage } from '../../components/panel-parts.tsx';
import { endOtherSessions, endSession, listSessions, sessionsKey } from '../../lib/data/sessions.ts';

const PLACES: Record<SessionRecord['place'], string> = {
  local: tk('This computer'),
  private: tk('Local network'),
  internet: tk('Internet'),
};

export default function SessionsPanel() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: sessionsKey, queryFn: listSessions });
  const [error, setError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  // One call at a time; `key` says which button shows it is working (a session's id, or 'others').
  const ending = useMutation({
    mutationFn: ({ fn }: { key: string; fn: () => Promise<{ list: SessionRecord[] }>; done: string }) => fn(),
    onMutate: () => setError(null),
    onSuccess: (r, { done }) => {
      setPassword('');
      queryClient.setQueryData(sessionsKey, { list: r.list });
      addStatus('success', done);
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const busy = ending.isPending ? ending.variables.key : null;
  const run = (key: string, fn: () => Promise<{ list: SessionRecord[] }>, done: string) => ending.mutate({ key, fn, done });

  if (q.isError)
    return (
      <Alert color="red" role="alert">
        {t(errorMessage(q.error))}
      </Alert>
    );
  const list = q.data?.list ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" data-testid="sessions-panel">
      <Stack>
        <Text>{t('These browsers are signed in to your account. Sign out any you do not recognise.')}</Text>
        {error && (
          <Alert color="red" role="alert" data-testid="sessions-error">
            {t(error)}
          </Alert>
        )}
        <PasswordInput
          label={t('Password')}
          description={t('Enter your password to sign out a session.')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          visibilityToggleButtonProps={{ 'aria-label': t('Show or hide password') }}
          maw={360}
          data-testid="sessions-password"
        />
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-busy={q.isPending}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Device')}</Table.Th>
                <Table.Th>{t('Place')}</Table.Th>
                <Table.Th>{t('Signed in')}</Table.Th>
                <Table.Th>{t('Last seen')}</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">{t('Actions')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((s) => (
                <Table.Tr key={s._id} data-testid="session-row" data-current={s.current}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <bdi>{s.device === 'Unknown device' ? t('Unknown device') : s.device}</bdi>
                      {s.current && (
                        <Badge variant="filled" color="teal.9" data-testid="this-device">
                          {t('This device')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {t(PLACES[s.place])} <bdi dir="ltr">({s.ip})</bdi>
                  </Table.Td>
                  <Table.Td>
                    <bdi dir="ltr">{dayTime(s.created)}</bdi>
                  </Table.Td>
                  <Table.Td>
                    <bdi dir="ltr">{dayTime(s.lastseen)}</bdi>
                  </Table.Td>
                  <Table.Td>
                    {!s.current && (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        loading={busy === s._id}
                        data-testid="session-end"
                        aria-label={`${t('Sign out')}: ${s.device}, ${s.ip}`}
                        onClick={() => run(s._id, () => endSession(s._id, password), tk('The session has been ended.'))}
                      >
                        {t('Sign out')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button
            variant="light"
            color="red"
            disabled={others === 0}
            loading={busy === 'others'}
            data-testid="sessions-end-others"
            onClick={() => run('others', () => endOtherSessions(password), tk('All other sessions have been ended.'))}
          >
            {t('Sign out all other sessions')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
