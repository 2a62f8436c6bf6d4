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

/** What a buyer may write for their country besides its English and Swedish names: its own names. */
const ownCountryNames: Partial<Record<CountryCode, readonly string[]>> = {
  NO: ['Norge', 'Noreg'],
  DK: ['Danmark'],
  FI: ['Suomi'],
  DE: ['Deutschland'],
  ES: ['España'],
  IT: ['Italia'],
  NL: ['Nederland', 'Holland'],
  BE: ['België', 'Belgique', 'Belgien'],
  AT: ['Österreich'],
  CH: ['Schweiz', 'Suisse', 'Svizzera'],
  PL: ['Polska'],
  CZ: ['Česko', 'Czechia'],
  IE: ['Éire'],
  GR: ['Ελλάδα', 'Hellas'],
  HU: ['Magyarország'],
  RO: ['România'],
  BG: ['България'],
  HR: ['Hrvatska'],
  SK: ['Slovensko'],
  SI: ['Slovenija'],
  LT: ['Lietuva'],
  LV: ['Latvija'],
  EE: ['Eesti'],
  LU: ['Lëtzebuerg'],
  CY: ['Κύπρος'],
  IS: ['Ísland'],
  GB: ['UK', 'Great Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
};

/** True when `text` names the country `code` (any case, a closing full stop aside). */
export function namesCountry(text: string, code: string): boolean {
  let name = text.trim();
  if (name.endsWith('.')) name = name.slice(0, -1).trimEnd();
  const wanted = name.toLocaleLowerCase('sv-SE');
  if (wanted === '') return false;
  const names = [
    code,
    countryNameIn('en', code),
    countryNameIn('sv', code),
    ...(ownCountryNames[code as CountryCode] ?? []),
  ];
  return names.some((candidate) => candidate?.toLocaleLowerCase('sv-SE') === wanted);
}

/**
 * An address without the country its buyer also wrote at its end ("…, 00100 Helsinki, Finland"):
 * every document adds the country from the chosen one, so it would be said twice. The last line,
 * or a one-line address's last comma part, is dropped when it names the country; an address that
 * is nothing but the country stays as typed.
 */
export function withoutTrailingCountry(address: string, code: string): string {
  const lines = address.trimEnd().split('\n');
  const last = lines.at(-1) ?? '';
  if (lines.length > 1 && namesCountry(last, code)) return lines.slice(0, -1).join('\n').trimEnd();
  const comma = last.lastIndexOf(',');
  if (comma > 0 && namesCountry(last.slice(comma + 1), code)) {
    return [...lines.slice(0, -1), last.slice(0, comma).trimEnd()].join('\n');
  }
  return address;
}
