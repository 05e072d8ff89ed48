/** The e-mail notices a learner gets, each of which they can turn off: enrolment, certificate, replies. */
import { Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTICE_KINDS, type NoticeKind } from '../../../domain/staff.ts';
import { queryClient } from '../../lib/query.ts';
import { addStatus } from '../../lib/status.ts';
import { tk } from '../../lib/tk.ts';
import { getNotices, noticesQueryKey, setNotices } from '../../lib/data/staff.ts';

const LABELS: Record<NoticeKind, string> = {
  enrollment: tk('When my enrollment in a class is confirmed'),
  certificate: tk('When my certificate is issued'),
  reply: tk('When someone replies to my post'),
};

export function NoticeSettings() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: noticesQueryKey, queryFn: getNotices });
  const save = useMutation({
    mutationFn: setNotices,
    onSuccess: (data) => {
      queryClient.setQueryData(noticesQueryKey, data);
      addStatus('success', tk('Your notice settings have been saved.'));
    },
  });
  const off = new Set(q.data?.off ?? []);
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      radius="md"
      component="section"
      aria-labelledby="notices-title"
      data-testid="notice-settings"
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id="notices-title">
          {t('E-mail notices')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('Send me an e-mail:')}
        </Text>
        {NOTICE_KINDS.map((k) => (
          <Checkbox
            key={k}
            label={t(LABELS[k])}
            checked={!off.has(k)}
            disabled={!q.data || save.isPending}
            data-testid={`notice-${k}`}
            onChange={(e) => {
              const next = new Set(off);
              if (e.currentTarget.checked) next.delete(k);
              else next.add(k);
              save.mutate([...next]);
            }}
          />
        ))}
      </Stack>
    </Paper>
  );
}
