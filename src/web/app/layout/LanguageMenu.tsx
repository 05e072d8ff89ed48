import { Button } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, PUBLIC_LANGUAGES } from '../../../domain/constants.ts';
import { useSession } from '../../lib/session.ts';
import { useLanguageSwitch } from '../../lib/use-language-switch.ts';
import { DropdownMenu } from '../../components/DropdownMenu.tsx';

/** The language switcher of the top bar: the public languages of the site config. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { config, lang } = useSession();
  const switchTo = useLanguageSwitch();
  const languages = config?.publiclanguages?.length ? config.publiclanguages : [...PUBLIC_LANGUAGES];
  return (
    <DropdownMenu
      width={200}
      heading={t('Language')}
      items={languages.map((code) => ({
        key: code,
        lang: code,
        label: LANGUAGE_NAMES[code] ?? code,
        current: code === lang,
        icon: code === lang ? <IconCheck size={16} aria-hidden /> : <span style={{ width: 16, flex: 'none' }} aria-hidden />,
        onSelect: () => void switchTo(code),
        testId: `language-${code}`,
      }))}
      renderTrigger={(props) => (
        <Button
          {...props}
          variant="subtle"
          color="dark"
          px="xs"
          leftSection={<IconLanguage size={20} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`${t('Language')}: ${LANGUAGE_NAMES[lang] ?? lang}`}
          data-testid="language-menu"
        >
          <span className="hide-narrow" lang={lang}>
            {LANGUAGE_NAMES[lang] ?? lang}
          </span>
        </Button>
      )}
    />
  );
}
