/**
 * Countries are stored as ISO 3166-1 alpha-2 codes and shown through `Intl.DisplayNames` in the
 * reader's language, sorted with that language's collation. Names typed in the past (or sent by API
 * clients) in any of the six languages are turned into codes by `toCountryCode`.
 */

/** The world's sovereign states (UN members plus the two observer states): the default site list. */
export const COUNTRY_CODES: readonly string[] = [
  'AF',
  'AL',
  'DZ',
  'AD',
  'AO',
  'AG',
  'AR',
  'AM',
  'AU',
  'AT',
  'AZ',
  'BS',
  'BH',
  'BD',
  'BB',
  'BY',
  'BE',
  'BZ',
  'BJ',
  'BT',
  'BO',
  'BA',
  'BW',
  'BR',
  'BN',
  'BG',
  'BF',
  'BI',
  'CV',
  'KH',
  'CM',
  'CA',
  'CF',
  'TD',
  'CL',
  'CN',
  'CO',
  'KM',
  'CG',
  'CR',
  'CI',
  'HR',
  'CU',
  'CY',
  'CZ',
  'CD',
  'DK',
  'DJ',
  'DM',
  'DO',
  'EC',
  'EG',
  'SV',
  'GQ',
  'ER',
  'EE',
  'SZ',
  'ET',
  'FJ',
  'FI',
  'FR',
  'GA',
  'GM',
  'GE',
  'DE',
  'GH',
  'GR',
  'GD',
  'GT',
  'GN',
  'GW',
  'GY',
  'HT',
  'VA',
  'HN',
  'HU',
  'IS',
  'IN',
  'ID',
  'IR',
  'IQ',
  'IE',
  'IL',
  'IT',
  'JM',
  'JP',
  'JO',
  'KZ',
  'KE',
  'KI',
  'KW',
  'KG',
  'LA',
  'LV',
  'LB',
  'LS',
  'LR',
  'LY',
  'LI',
  'LT',
  'LU',
  'MG',
  'MW',
  'MY',
  'MV',
  'ML',
  'MT',
  'MH',
  'MR',
  'MU',
  'MX',
  'FM',
  'MD',
  'MC',
  'MN',
  'ME',
  'MA',
  'MZ',
  'MM',
  'NA',
  'NR',
  'NP',
  'NL',
  'NZ',
  'NI',
  'NE',
  'NG',
  'KP',
  'MK',
  'NO',
  'OM',
  'PK',
  'PW',
  'PS',
  'PA',
  'PG',
  'PY',
  'PE',
  'PH',
  'PL',
  'PT',
  'QA',
  'RO',
  'RU',
  'RW',
  'KN',
  'LC',
  'VC',
  'WS',
  'SM',
  'ST',
  'SA',
  'SN',
  'RS',
  'SC',
  'SL',
  'SG',
  'SK',
  'SI',
  'SB',
  'SO',
  'ZA',
  'KR',
  'SS',
  'ES',
  'LK',
  'SD',
  'SR',
  'SE',
  'CH',
  'SY',
  'TJ',
  'TZ',
  'TH',
  'TL',
  'TG',
  'TO',
  'TT',
  'TN',
  'TR',
  'TM',
  'TV',
  'UG',
  'UA',
  'AE',
  'GB',
  'US',
  'UY',
  'UZ',
  'VU',
  'VE',
  'VN',
  'YE',
  'ZM',
  'ZW',
];
const KNOWN = new Set(COUNTRY_CODES);

/** Names the platform's older lists used that Intl spells differently, and common variants. */
const ALIASES: Record<string, string> = {
  'antigua and barbuda': 'AG',
  'bosnia and herzegovina': 'BA',
  'cabo verde': 'CV',
  'cape verde': 'CV',
  congo: 'CG',
  "côte d'ivoire": 'CI',
  "cote d'ivoire": 'CI',
  'ivory coast': 'CI',
  'democratic republic of the congo': 'CD',
  'holy see': 'VA',
  vatican: 'VA',
  myanmar: 'MM',
  burma: 'MM',
  palestine: 'PS',
  'saint kitts and nevis': 'KN',
  'saint lucia': 'LC',
  'saint vincent and the grenadines': 'VC',
  'sao tome and principe': 'ST',
  'trinidad and tobago': 'TT',
  turkey: 'TR',
  türkiye: 'TR',
  usa: 'US',
  'united states of america': 'US',
  uk: 'GB',
  'great britain': 'GB',
  brasil: 'BR',
  russia: 'RU',
  'south korea': 'KR',
  'north korea': 'KP',
  'czech republic': 'CZ',
  swaziland: 'SZ',
  'east timor': 'TL',
  macedonia: 'MK',
};
const NAME_LANGS = ['en', 'es', 'pt', 'fr', 'ar', 'de'];

const fold = (s: string) => s.trim().toLowerCase().normalize('NFC');
let byName: Map<string, string> | null = null;
function names(): Map<string, string> {
  if (byName) return byName;
  byName = new Map(Object.entries(ALIASES));
  for (const lang of NAME_LANGS) {
    const dn = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    for (const code of COUNTRY_CODES) {
      const name = dn.of(code);
      if (name && !byName.has(fold(name))) byName.set(fold(name), code);
    }
  }
  return byName;
}

/** The ISO code of a code or of a country's name in one of the six languages; null when unknown. */
export function toCountryCode(input: string | null | undefined): string | null {
  const v = String(input ?? '').trim();
  if (!v) return null;
  if (/^[a-z]{2}$/i.test(v) && KNOWN.has(v.toUpperCase())) return v.toUpperCase();
  return names().get(fold(v)) ?? null;
}

const displayNames = new Map<string, Intl.DisplayNames>();
/** A stored country in `lang`: the code's name, or the stored text as it is when it is no code. */
export function countryName(stored: string | null | undefined, lang: string): string {
  const v = String(stored ?? '');
  if (!/^[A-Z]{2}$/.test(v)) return v;
  let dn = displayNames.get(lang);
  if (!dn) {
    try {
      dn = new Intl.DisplayNames([lang, 'en'], { type: 'region' });
    } catch {
      dn = new Intl.DisplayNames(['en'], { type: 'region' });
    }
    displayNames.set(lang, dn);
  }
  return dn.of(v) ?? v;
}

/** Choices for a country field: the site's codes named in `lang`, in that language's order. */
export function countryOptions(codes: readonly string[], lang: string): { value: string; label: string }[] {
  const collator = new Intl.Collator([lang, 'en']);
  return codes.map((value) => ({ value, label: countryName(value, lang) })).sort((a, b) => collator.compare(a.label, b.label));
}
