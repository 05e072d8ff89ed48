/** Browser data explorer (admins only); panel store lists the modules. */
import { Alert, List, Stack, Title, Code } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STATE_EXPLORER_MODULES } from '../../../domain/constants.ts';
import { useSession } from '../../lib/session.ts';

export default function UtilPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { panel = 'store' } = useParams();
  if (!user?.isAdmin) return <Navigate replace to="/" />;
  return (
    <Stack data-screen="util" data-panel={panel}>
      <Title order={1}>{t('Data explorer')}</Title>
      {panel === 'store' ? (
        <List>
          {STATE_EXPLORER_MODULES.map((m) => <List.Item key={m}><Code>{m}</Code></List.Item>)}
        </List>
      ) : <Alert color="gray">{t('Unknown panel')}: {panel}</Alert>}
    </Stack>
  );
}
