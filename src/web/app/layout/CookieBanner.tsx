import { PRIVACY_PAGE } from '../../../domain/constants.ts';
import { Button, Group, Paper, Text, Anchor } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { effectiveConsent, setConsent, useLocalConsent } from '../../lib/consent.ts';
import { whoamiQuery } from '../../lib/session.ts';

/** Shown while the cookie setting is prompt (spec 4). */
export function CookieBanner() {
  const { t } = useTranslation();
  const { data } = useQuery(whoamiQuery);
  const local = useLocalConsent();
  if (!data || data.config?.showCookieOptIn === false) return null;
  if (effectiveConsent(data, local) !== 'prompt') return null;
  return (
    <Paper
      component="section"
      withBorder
      shadow="sm"
      p="md"
      className="cookie-banner"
      aria-label={t('Cookie preferences')}
      data-testid="cookie-banner"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 320px' }}>
          <IconCookie size={28} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">
            {t('We use cookies to keep you signed in and, with your permission, to measure how the site is used.')}{' '}
            <Anchor component={Link} to="/OptOutPreferences">
              {t('Cookie preferences')}
            </Anchor>
            {' · '}
            <Anchor component={Link} to={`/${PRIVACY_PAGE}`} data-testid="cookie-privacy-link">
              {t('Privacy notice')}
            </Anchor>
          </Text>
        </Group>
        <Group gap="xs">
          <Button variant="default" onClick={() => void setConsent('optout')} data-testid="cookie-optout">
            {t('Opt Out')}
          </Button>
          <Button onClick={() => void setConsent('optin')} data-testid="cookie-optin">
            {t('Opt In')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
