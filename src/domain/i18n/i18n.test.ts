/** Every UI label has a translation in every language (English is the key and the fallback). */
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { collectKeys, I18N_DIR, keysInSource, loadLanguage, TRANSLATED_LANGUAGES } from './keys.ts';

/** A count label ("{{count}} questions") is looked up by i18next as key_one, key_other... per language. */
const isCountLabel = (k: string) => k.includes('{{count}}');
const pluralForms = (lang: string) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
/** Plural forms missing for the count labels among `keys`, in `labels` of `lang`. */
export function missingPluralForms(keys: string[], labels: Record<string, string>, lang: string): string[] {
  return keys
    .filter(isCountLabel)
    .flatMap((k) => pluralForms(lang).map((f) => `${k}_${f}`))
    .filter(
      (k) =>
        typeof labels[k] !== 'string' || labels[k]!.trim() === '' || (!labels[k]!.includes('{{count}}') && !/_(zero|one|two)$/.test(k)),
    );
}

describe('label extraction', () => {
  it('finds t(), tk() and Trans keys, skipping templates with values', () => {
    const src = `t('Login'); t("Don't worry"); i18n.t('Menu', { x }); tk('Profile'); <Trans i18nKey="Hello" />; t(\`A \${b}\`); format('x'); at('no')`;
    expect(keysInSource(src)).toEqual(['Login', "Don't worry", 'Menu', 'Profile', 'Hello']);
  });
});

describe.each(TRANSLATED_LANGUAGES)('labels in %s', (lang) => {
  it('has a translation for every label', async () => {
    const keys = await collectKeys();
    expect(keys.length).toBeGreaterThan(100);
    const labels = loadLanguage(lang);
    const missing = keys.filter((k) => !isCountLabel(k) && (typeof labels[k] !== 'string' || labels[k]!.trim() === ''));
    expect(missing, `${missing.length} labels missing in src/domain/i18n/${lang}.json:\n${missing.join('\n')}`).toEqual([]);
  });
});

describe.each(['en', ...TRANSLATED_LANGUAGES])('count labels in %s', (lang) => {
  it('have every plural form of the language (i18next plural rules)', async () => {
    const keys = await collectKeys();
    expect(keys.filter(isCountLabel).length).toBeGreaterThan(0);
    // English is the key, but "1 questions" needs its own forms: they ship with the web app.
    const labels =
      lang === 'en'
        ? (JSON.parse(fs.readFileSync(path.join(I18N_DIR, 'en-plurals.json'), 'utf8')) as Record<string, string>)
        : loadLanguage(lang);
    const missing = missingPluralForms(keys, labels, lang);
    expect(missing, `${missing.length} plural forms missing in ${lang}:\n${missing.join('\n')}`).toEqual([]);
  });
});

describe('the plural check', () => {
  it('fails on a count label without plural forms', () => {
    expect(missingPluralForms(['{{count}} lessons', 'Plain'], { '{{count}} lessons': '{{count}} Lektionen' }, 'de')).toEqual([
      '{{count}} lessons_one',
      '{{count}} lessons_other',
    ]);
    expect(
      missingPluralForms(
        ['{{count}} lessons'],
        { '{{count}} lessons_one': 'Eine Lektion', '{{count}} lessons_other': '{{count}} Lektionen' },
        'de',
      ),
    ).toEqual([]);
    expect(missingPluralForms(['{{count}} lessons'], { '{{count}} lessons_one': 'x', '{{count}} lessons_other': 'x' }, 'ar'))
      // zero, two, few and many are missing; 'other' does not show the number.
      .toHaveLength(5);
    expect(missingPluralForms(['{{count}} lessons'], { '{{count}} lessons_one': 'x', '{{count}} lessons_other': 'x' }, 'ar')).toEqual(
      expect.arrayContaining([
        '{{count}} lessons_zero',
        '{{count}} lessons_two',
        '{{count}} lessons_few',
        '{{count}} lessons_many',
        '{{count}} lessons_other',
      ]),
    );
  });
});
