/** Every UI label has a translation in every language (English is the key and the fallback). */
import { describe, expect, it } from 'vitest';
import { collectKeys, keysInSource, loadLanguage, TRANSLATED_LANGUAGES } from './keys.ts';

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
    const missing = keys.filter((k) => typeof labels[k] !== 'string' || labels[k]!.trim() === '');
    expect(missing, `${missing.length} labels missing in src/domain/i18n/${lang}.json:\n${missing.join('\n')}`).toEqual([]);
  });
});
