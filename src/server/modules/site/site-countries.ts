/** The site's country list: ISO codes (every sovereign state when the list is left empty). */
import { COUNTRY_CODES, toCountryCode } from '../../../domain/countries.ts';
import type { SiteConfig } from '../../../domain/types.ts';

export const siteCountryCodes = (config: Pick<SiteConfig, 'countries'>): readonly string[] =>
  config.countries?.length ? config.countries : COUNTRY_CODES;

/** The code of a country given as code or name when it is on the site's list; null otherwise. */
export function siteCountry(input: string | null | undefined, config: Pick<SiteConfig, 'countries'>): string | null {
  const code = toCountryCode(input);
  return code && siteCountryCodes(config).includes(code) ? code : null;
}
