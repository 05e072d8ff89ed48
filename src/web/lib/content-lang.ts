/**
 * Text an editor wrote in a course's language, shown inside the interface's language. When the two
 * differ (an English course opened in the Arabic interface, an Arabic one in the English interface)
 * the text carries its own `lang` and `dir`: its punctuation and alignment follow its own direction
 * instead of the page's ("What online learning is." would otherwise end with its full stop on the
 * left), and screen readers read it in its own language (WCAG 3.1.2, language of parts). The
 * interface around it (labels, buttons, badges) keeps the page's language and direction.
 */
import { useTranslation } from 'react-i18next';
import { isRtl } from './i18n.ts';

export interface ContentLang {
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

export function contentLang(textLang: string | undefined, uiLang: string): ContentLang {
  if (!textLang || textLang === uiLang) return {};
  return { lang: textLang, dir: isRtl(textLang) ? 'rtl' : 'ltr' };
}

/** `lang` and `dir` for text in `textLang` inside the interface's current language. */
export function useContentLang(textLang: string | undefined): ContentLang {
  const { i18n } = useTranslation();
  return contentLang(textLang, i18n.language);
}
