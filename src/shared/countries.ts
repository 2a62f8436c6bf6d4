/** SPEC §3: the countries a buyer can deliver to, by ISO 3166-1 alpha-2 code (the United Kingdom is GB). Default SE. */
export const countries = [
  ['SE', 'Sweden'],
  ['NO', 'Norway'],
  ['DK', 'Denmark'],
  ['FI', 'Finland'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['NL', 'Netherlands'],
  ['BE', 'Belgium'],
  ['AT', 'Austria'],
  ['CH', 'Switzerland'],
  ['PL', 'Poland'],
  ['CZ', 'Czech Republic'],
  ['IE', 'Ireland'],
  ['PT', 'Portugal'],
  ['GR', 'Greece'],
  ['HU', 'Hungary'],
  ['RO', 'Romania'],
  ['BG', 'Bulgaria'],
  ['HR', 'Croatia'],
  ['SK', 'Slovakia'],
  ['SI', 'Slovenia'],
  ['LT', 'Lithuania'],
  ['LV', 'Latvia'],
  ['EE', 'Estonia'],
  ['LU', 'Luxembourg'],
  ['MT', 'Malta'],
  ['CY', 'Cyprus'],
  ['IS', 'Iceland'],
  ['GB', 'United Kingdom'],
] as const satisfies readonly (readonly [string, string])[];

export type CountryCode = (typeof countries)[number][0];
export const countryCodes = countries.map(([code]) => code) as [CountryCode, ...CountryCode[]];
export const defaultCountry: CountryCode = 'SE';

export function countryName(code: string): string | undefined {
  return countries.find(([c]) => c === code)?.[1];
}

const swedishRegionNames = new Intl.DisplayNames(['sv'], { type: 'region', fallback: 'none' });

/** A country's name in a language: the spec's English list, Swedish from the standard region names ("Sverige"). */
export function countryNameIn(locale: 'sv' | 'en', code: string): string | undefined {
  const english = countryName(code);
  if (locale === 'en' || !english) return english;
  return swedishRegionNames.of(code) ?? english;
}
