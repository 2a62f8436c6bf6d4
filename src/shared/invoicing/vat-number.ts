import {
  austria,
  belgium,
  bulgaria,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  type Country,
} from 'jsvat';
import type { CountryCode } from '@/shared/countries';

/**
 * EU VAT numbers of buyers in other member states: the country prefix, that country's format and,
 * where the country defines one, its check digits (jsvat holds the per-country rules). This only
 * says a number is well-formed; whether it is registered is VIES's question, not ours.
 */

/** The EU member states among the shop's countries, Sweden excluded, with each one's jsvat rules. */
const otherEuMemberRules = {
  AT: austria,
  BE: belgium,
  BG: bulgaria,
  CY: cyprus,
  CZ: czechRepublic,
  DE: germany,
  DK: denmark,
  EE: estonia,
  ES: spain,
  FI: finland,
  FR: france,
  GR: greece,
  HR: croatia,
  HU: hungary,
  IE: ireland,
  IT: italy,
  LT: lithuania,
  LU: luxembourg,
  LV: latvia,
  MT: malta,
  NL: netherlands,
  PL: poland,
  PT: portugal,
  RO: romania,
  SI: slovenia,
  SK: slovakiaRepublic,
} as const satisfies Partial<Record<CountryCode, Country>>;

export type OtherEuCountry = keyof typeof otherEuMemberRules;

/** The other EU member states' ISO codes (Sweden left out). */
export const otherEuCountries = Object.keys(otherEuMemberRules) as OtherEuCountry[];

export function isOtherEuCountry(country: string): country is OtherEuCountry {
  return Object.hasOwn(otherEuMemberRules, country);
}

/** An EU member state (Sweden included). */
export function isEuCountry(country: string): boolean {
  return country === 'SE' || isOtherEuCountry(country);
}

/** The prefix a VAT number carries: the ISO code, except Greece, which uses EL. */
export function vatPrefix(country: OtherEuCountry): string {
  return country === 'GR' ? 'EL' : country;
}

/** Upper case without spaces, dots, dashes or slashes: "de 136 695 976" → "DE136695976". */
export function normaliseVatNumber(value: string): string {
  return value.toUpperCase().replace(/[\s.\-/]+/g, '');
}

export type VatNumberCheck = 'ok' | 'prefix' | 'format' | 'checksum';

/** Checks a VAT number given for a buyer in `country` (another EU member state). */
export function checkEuVatNumber(value: string, country: OtherEuCountry): VatNumberCheck {
  const vat = normaliseVatNumber(value);
  const rules = otherEuMemberRules[country];
  if (!vat.startsWith(vatPrefix(country))) return 'prefix';
  const result = checkVAT(vat, [rules]);
  if (!result.isValidFormat) return 'format';
  return result.isValid ? 'ok' : 'checksum';
}

/**
 * GET /api/vat-numbers/:vatNumber?country=DE: what VIES says of an EU company's VAT number, asked by
 * the cart before ordering (the checkout asks again). `unchecked`: the shop does not ask VIES
 * (VIES_URL empty), or the number is not well-formed for the country (the format check says so).
 */
export interface VatNumberCheckAnswer {
  status: 'valid' | 'invalid' | 'unavailable' | 'unchecked';
}

export function vatNumberCheckPath(vatNumber: string, country: string): string {
  return `/api/vat-numbers/${encodeURIComponent(normaliseVatNumber(vatNumber))}?country=${encodeURIComponent(country)}`;
}
