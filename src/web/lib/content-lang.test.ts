import { describe, expect, it } from 'vitest';
import { contentLang } from './content-lang.ts';

describe('contentLang', () => {
  it('marks text in another language with that language and its direction', () => {
    expect(contentLang('en', 'ar')).toEqual({ lang: 'en', dir: 'ltr' });
    expect(contentLang('ar', 'en')).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(contentLang('es', 'de')).toEqual({ lang: 'es', dir: 'ltr' });
  });
  it('leaves text in the interface language, or of no known language, to the page', () => {
    expect(contentLang('ar', 'ar')).toEqual({});
    expect(contentLang(undefined, 'ar')).toEqual({});
    expect(contentLang('', 'en')).toEqual({});
  });
});
