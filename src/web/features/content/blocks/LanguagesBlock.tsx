import { Anchor, Button, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Content } from '../../../../domain/types.ts';
import { LANGUAGE_NAMES, PUBLIC_LANGUAGES } from '../../../../domain/constants.ts';
import { useSession } from '../../../lib/session.ts';
import { useLanguageSwitch } from '../../../lib/use-language-switch.ts';
import { HtmlBody } from '../../../components/HtmlBody.tsx';
import { adminPath } from '../../../lib/paths.ts';

/** Language list (small screens only): the public languages of the site config. */
export function LanguagesBlock({ block, editing }: { block: Content; editing: boolean }) {
  const { t } = useTranslation();
  const { config, lang } = useSession();
  const switchTo = useLanguageSwitch();
  const languages = config?.publiclanguages?.length ? config.publiclanguages : [...PUBLIC_LANGUAGES];
  return (
    <div className="languages-block">
      {block.title && (
        <Title order={2} mb="sm">
          {block.title}
        </Title>
      )}
      <HtmlBody html={block.body} />
      <Group gap="xs" mt="xs">
        {languages.map((code) => (
          <Button
            key={code}
            lang={code}
            variant={code === lang ? 'filled' : 'default'}
            onClick={() => void switchTo(code)}
            aria-pressed={code === lang}
          >
            {LANGUAGE_NAMES[code] ?? code}
          </Button>
        ))}
      </Group>
      {editing && (
        <Anchor component={Link} to={adminPath('content', block._id)} size="sm" mt="xs" display="block">
          {t('Edit')}
        </Anchor>
      )}
    </div>
  );
}
