import { ActionIcon, Anchor, Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COPYRIGHT_YEAR, PRIVACY_PAGE } from '../../../domain/constants.ts';
import { tk } from '../../lib/tk.ts';
import { useSession } from '../../lib/session.ts';
import { SmartLink } from '../../components/SmartLink.tsx';
import { NavIcon } from '../../components/NavIcon.tsx';
import { forVisitorsOnly, navItemsIn } from './nav-items.ts';

const COLUMNS = ['footer1', 'footer2', 'footer3', 'footer4'] as const;

/** Link columns footer1..footer4, social icons, copyright 2021 and a powered-by link. */
export function Footer() {
  const { t } = useTranslation();
  const { navitems, lang, config, user } = useSession();
  const columns = COLUMNS.map((g) => navItemsIn(navitems, g, lang).filter((n) => !user || !forVisitorsOnly(n.url))).filter(
    (c) => c.length > 0,
  );
  const social = navItemsIn(navitems, 'social', lang);
  const sitetitle = t(config?.sitetitle ?? tk('Learning Platform'));
  const org = config?.organizationurl?.[lang] ?? config?.organizationurl?.en;
  const poweredBy = config?.poweredby ?? { title: 'Open Learning Commons', url: org ?? 'https://github.com/' };
  // The privacy notice is always reachable, even when no footer column links to it.
  const privacyLinked = columns.some((items) => items.some((item) => item.url === `/${PRIVACY_PAGE}`));
  return (
    <Box component="footer" className="site-footer" px="md" py="lg" data-testid="site-footer">
      {columns.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(columns.length, 4) }} spacing="lg" mb="lg">
          {columns.map((items, i) => (
            <Stack key={i} gap={6} component="nav" aria-label={`${t('Footer links')} ${i + 1}`}>
              {items.map((item) => (
                <SmartLink key={item._id ?? item.url} to={item.url} c="gray.8">
                  {t(item.title)}
                </SmartLink>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        {/* Kept left to right so "© 2021 <name>" reads the same in Arabic. */}
        <Text size="sm" c="gray.8" dir="ltr">
          © {COPYRIGHT_YEAR}{' '}
          {org ? (
            <Anchor href={org} target="_blank" rel="noopener noreferrer" c="gray.8">
              {sitetitle}
            </Anchor>
          ) : (
            sitetitle
          )}
        </Text>
        {social.length > 0 && (
          <Group gap={4} component="nav" aria-label={t('Social media')}>
            {social.map((item) => (
              <ActionIcon
                key={item._id ?? item.url}
                component="a"
                href={item.url}
                target="_blank"
                rel="noopener noreferrer"
                variant="subtle"
                color="gray.8"
                size="lg"
                aria-label={t(item.title)}
                title={t(item.title)}
              >
                <NavIcon name={item.icon ?? item.key ?? item.title} size={20} />
              </ActionIcon>
            ))}
          </Group>
        )}
        {!privacyLinked && (
          <SmartLink to={`/${PRIVACY_PAGE}`} c="gray.8">
            {t('Privacy notice')}
          </SmartLink>
        )}
        <Text size="sm" c="gray.8">
          {t('Powered by')}{' '}
          <Anchor href={poweredBy.url} target="_blank" rel="noopener noreferrer" c="brand.8">
            {t(poweredBy.title)}
          </Anchor>
        </Text>
      </Group>
    </Box>
  );
}
