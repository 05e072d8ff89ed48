/** Count labels go through i18next's plural rules: the English forms shipped with the app, six Arabic forms. */
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enPlurals from '../../domain/i18n/en-plurals.json';
import { loadLanguage } from '../../domain/i18n/keys.ts';

const KEY = '{{count}} questions. You need {{percent}}% to pass.';

describe('plural forms', () => {
  it('reads "1 question" in English and the right form for each count in Arabic, Spanish and German', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en',
      fallbackLng: 'en',
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      resources: {
        en: { translation: enPlurals },
        ar: { translation: loadLanguage('ar') },
        es: { translation: loadLanguage('es') },
        de: { translation: loadLanguage('de') },
      },
    });
    expect(i18n.t(KEY, { count: 1, percent: 80 })).toBe('1 question. You need 80% to pass.');
    expect(i18n.t(KEY, { count: 5, percent: 80 })).toBe('5 questions. You need 80% to pass.');
    const ar = i18n.getFixedT('ar');
    expect(ar(KEY, { count: 0, percent: 80 })).toMatch(/^لا توجد أسئلة/);
    expect(ar(KEY, { count: 1, percent: 80 })).toMatch(/^سؤال واحد/);
    expect(ar(KEY, { count: 2, percent: 80 })).toMatch(/^سؤالان/);
    expect(ar(KEY, { count: 5, percent: 80 })).toMatch(/^5 أسئلة/);
    expect(ar(KEY, { count: 11, percent: 80 })).toMatch(/^11 سؤالًا/);
    expect(ar(KEY, { count: 100, percent: 80 })).toMatch(/^100 سؤال\./);
    expect(i18n.getFixedT('es')(KEY, { count: 1, percent: 80 })).toMatch(/^1 pregunta\./);
    expect(i18n.getFixedT('de')(KEY, { count: 3, percent: 80 })).toMatch(/^3 Fragen\./);
  });
});
