import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { certificatePath } from '../../lib/paths.ts';

/**
 * /app_users/certificate/{courseid} is served by the server; links to it open in a new tab. Seeing
 * this screen means the address reached the app instead.
 */
export default function CertificatePage() {
  const { t } = useTranslation();
  const { courseid = '' } = useParams();
  const href = certificatePath(courseid);
  return (
    <Stack data-screen="certificate" data-course={courseid}>
      <Title order={1}>{t('Certificate')}</Title>
      <Text>{t('Your certificate opens in a new tab.')}</Text>
      <Anchor href={href} target="_blank" rel="noopener">
        {t('Open the certificate')}
      </Anchor>
    </Stack>
  );
}
