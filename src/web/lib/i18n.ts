/**
 * Labels: the English text is the key and the fallback. Translations are not bundled: the server
 * delivers the map for the user's language (`loc` of whoami and setlang) and it is fed in here.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { RTL_LANGUAGES, DEFAULT_LANG } from '../../domain/constants.ts';

export const i18n = i18next.createInstance();

const warned = new Set<string>();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  resources: {},
  // Keys are English sentences: no nesting, no namespaces, no escaping (React escapes).
  keySeparator: false,
  nsSeparator: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false, bindI18nStore: 'added' },
  // A label missing in the user's language is loud in development and quiet in production.
  saveMissing: import.meta.env.DEV,
  missingKeyHandler: (lngs, _ns, key) => {
    const lng = lngs[0];
    if (!lng || lng === DEFAULT_LANG || warned.has(`${lng}:${key}`)) return;
    warned.add(`${lng}:${key}`);
    console.warn(`[i18n] missing ${lng} label: ${JSON.stringify(key)}`);
  },
});

export const isRtl = (lang: string) => (RTL_LANGUAGES as readonly string[]).includes(lang);

function setDocumentLanguage(lang: string) {
  const html = document.documentElement;
  if (html.lang !== lang) html.lang = lang;
  const dir = isRtl(lang) ? 'rtl' : 'ltr';
  // Mantine's DirectionProvider watches this attribute and mirrors its components.
  if (html.dir !== dir) html.dir = dir;
}

/** Switches labels and document direction to `lang`, adding `loc` (English -> translation) first. */
export function applyLanguage(lang: string, loc: Record<string, string> | null | undefined): void {
  if (loc) i18n.addResourceBundle(lang, 'translation', loc, true, true);
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  setDocumentLanguage(lang);
  try { localStorage.setItem(LAST_LANG_KEY, lang); } catch { /* storage unavailable */ }
}

// The last language's direction applies before the first answer arrives, so an Arabic page does
// not open left to right and then flip. Labels still wait for the server's map.
const LAST_LANG_KEY = 'lang';
if (typeof document !== 'undefined') {
  try {
    const last = localStorage.getItem(LAST_LANG_KEY);
    if (last && /^[a-z]{2}$/.test(last)) setDocumentLanguage(last);
  } catch { /* storage unavailable */ }
}

/** Translates a message coming from the server (English text) outside React. */
export const translate = (text: string) => i18n.t(text);
