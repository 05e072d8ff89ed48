/**
 * A language's name in the reader's language ("Arabe" for a French reader), from the browser's own
 * CLDR data (Intl.DisplayNames), so every interface language names every content language without a
 * table of our own. The code is the fallback where the browser has no name.
 */
import { useTranslation } from 'react-i18next';

const cache = new Map<string, Intl.DisplayNames | null>();

export function languageName(code: string | null | undefined, readerLang: string): string {
  if (!code) return '';
  if (!cache.has(readerLang)) {
    try {
      cache.set(readerLang, new Intl.DisplayNames([readerLang, 'en'], { type: 'language' }));
    } catch {
      cache.set(readerLang, null);
    }
  }
  try {
    return cache.get(readerLang)?.of(code) ?? code;
  } catch {
    return code;
  }
}

export function LanguageName({ lang }: { lang: string | null | undefined }) {
  const { i18n } = useTranslation();
  return <>{languageName(lang, i18n.language)}</>;
}
