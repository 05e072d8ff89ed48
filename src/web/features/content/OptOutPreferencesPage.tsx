/** /OptOutPreferences: explains the cookie choice and offers it (spec 2 and 4). */
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COOKIE_OPTIN_LABELS } from '../../../domain/constants.ts';
import { effectiveConsent, setConsent, useLocalConsent } from '../../lib/consent.ts';
import { whoamiQuery } from '../../lib/session.ts';
import { addStatus } from '../../lib/status.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ContentPage } from './ContentPage.tsx';
import { tk } from '../../lib/tk.ts';

export default function OptOutPreferencesPage() {
  const { t } = useTranslation();
  const { data } = useQuery(whoamiQuery);
  const local = useLocalConsent();
  const setting = effectiveConsent(data, local);
  useDocumentTitle(t('Cookie preferences'));
  const choose = async (s: 'optin' | 'optout' | 'prompt') => {
    await setConsent(s);
    addStatus('success', tk('Your cookie preference has been saved.'));
  };
  return (
    <Stack gap="lg" data-screen="optout">
      <ContentPage context="OptOutPreferences" />
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-labelledby="cookie-choice">
        <Title order={2} id="cookie-choice" mb="xs">
          {t('Your cookie preference')}
        </Title>
        <Text mb="sm">
          {t(
            'Necessary cookies keep you signed in and remember your language; they are always on. With Opt In you also allow the analytics and video services some pages use. With Opt Out those services are never loaded.',
          )}
        </Text>
        <Group gap="xs" mb="md">
          <Text fw={500}>{t('Current setting')}:</Text>
          <Badge size="lg" variant="light" data-testid="consent-setting" data-setting={setting}>
            {t(COOKIE_OPTIN_LABELS[setting] ?? 'Not Set')}
          </Badge>
        </Group>
        <Group gap="xs">
          <Button onClick={() => void choose('optin')} variant={setting === 'optin' ? 'filled' : 'outline'}>
            {t('Opt In')}
          </Button>
          <Button onClick={() => void choose('optout')} variant={setting === 'optout' ? 'filled' : 'outline'}>
            {t('Opt Out')}
          </Button>
          <Button onClick={() => void choose('prompt')} variant="subtle">
            {t('Ask me again')}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
