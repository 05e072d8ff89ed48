/**
 * Labels: the English text is the key and the fallback. Translations are not bundled: the server
 * delivers the map for the user's language (`loc` of whoami and setlang) and it is fed in here.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { RTL_LANGUAGES, DEFAULT_LANG } from '../../domain/constants.ts';
// English is the key, but a count label needs its singular too ("1 question"): a few bundled forms.
import enPlurals from '../../domain/i18n/en-plurals.json';

export const i18n = i18next.createInstance();

const warned = new Set<string>();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  resources: { [DEFAULT_LANG]: { translation: enPlurals } },
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

let arabicFont: Promise<unknown> | null = null;
/**
 * The Arabic face (about 50 KB a weight) is fetched only when an Arabic page is shown; other
 * languages use the system faces named in the theme, so they download no font at all.
 */
function loadFontFor(lang: string) {
  if (lang === 'ar')
    arabicFont ??= Promise.all([
      import('@fontsource/noto-sans-arabic/arabic-400.css'),
      import('@fontsource/noto-sans-arabic/arabic-700.css'),
    ]).catch(() => {
      arabicFont = null;
    });
}

function setDocumentLanguage(lang: string) {
  loadFontFor(lang);
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
  try {
    localStorage.setItem(LAST_LANG_KEY, lang);
  } catch {
    /* storage unavailable */
  }
}

// The last language's direction applies before the first answer arrives, so an Arabic page does
// not open left to right and then flip. Labels still wait for the server's map.
const LAST_LANG_KEY = 'lang';
if (typeof document !== 'undefined') {
  try {
    const last = localStorage.getItem(LAST_LANG_KEY);
    if (last && /^[a-z]{2}$/.test(last)) setDocumentLanguage(last);
  } catch {
    /* storage unavailable */
  }
}
