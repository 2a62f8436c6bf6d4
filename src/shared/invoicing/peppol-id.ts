import { luhnValid } from '@/shared/swedish-id';

/**
 * Peppol participant identifiers (the buyer's electronic address, EN 16931 BT-49): a scheme from the
 * Electronic Address Scheme (EAS) code list and a value, written "0007:5567321707". Peppol BIS
 * Billing 3.0 accepts only EAS codes (rule PEPPOL-EN16931-CL008; an email address, "EM", is not
 * one). The shop derives the address from the buyer's Swedish organisation number or VAT number
 * where the code list has a scheme for it; a buyer's own "Peppol ID" given at checkout wins.
 */

/** The EAS codes the shop derives or accepts (a subset of the code list, 2025 release). */
export const easSchemes = {
  '0007': 'Swedish organisation number (Bolagsverket)',
  '0088': 'GLN (GS1)',
  '0184': 'Danish CVR number',
  '0192': 'Norwegian organisation number',
  '0196': 'Icelandic kennitala',
  '0208': 'Belgian enterprise number',
  '0211': 'Italian VAT number (Partita IVA)',
  '0213': 'Finnish VAT number',
  '0216': 'Finnish OVT code',
  '9910': 'Hungarian VAT number',
  '9914': 'Austrian VAT number',
  '9920': 'Spanish VAT number',
  '9925': 'Belgian VAT number',
  '9926': 'Bulgarian VAT number',
  '9927': 'Swiss VAT number',
  '9928': 'Cypriot VAT number',
  '9929': 'Czech VAT number',
  '9930': 'German VAT number',
  '9931': 'Estonian VAT number',
  '9932': 'UK VAT number',
  '9933': 'Greek VAT number',
  '9934': 'Croatian VAT number',
  '9935': 'Irish VAT number',
  '9937': 'Lithuanian VAT number',
  '9938': 'Luxembourg VAT number',
  '9939': 'Latvian VAT number',
  '9943': 'Maltese VAT number',
  '9944': 'Dutch VAT number',
  '9945': 'Polish VAT number',
  '9946': 'Portuguese VAT number',
  '9947': 'Romanian VAT number',
  '9949': 'Slovenian VAT number',
  '9950': 'Slovak VAT number',
  '9957': 'French VAT number',
} as const;

export type EasScheme = keyof typeof easSchemes;

export interface PeppolId {
  scheme: EasScheme;
  value: string;
}

/**
 * The EAS scheme for a VAT number by its country (the VAT number's own prefix, EL for Greece).
 * Denmark's VAT number is its CVR number (0184, the digits); Sweden has no VAT scheme in the list
 * (its companies are addressed by organisation number, 0007).
 */
const vatSchemeByCountry: Partial<Record<string, EasScheme>> = {
  AT: '9914',
  BE: '9925',
  BG: '9926',
  CH: '9927',
  CY: '9928',
  CZ: '9929',
  DE: '9930',
  DK: '0184',
  EE: '9931',
  ES: '9920',
  FI: '0213',
  FR: '9957',
  GB: '9932',
  GR: '9933',
  HR: '9934',
  HU: '9910',
  IE: '9935',
  IT: '0211',
  LT: '9937',
  LU: '9938',
  LV: '9939',
  MT: '9943',
  NL: '9944',
  PL: '9945',
  PT: '9946',
  RO: '9947',
  SI: '9949',
  SK: '9950',
};

export function isEasScheme(value: string): value is EasScheme {
  return Object.hasOwn(easSchemes, value);
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** A GLN: 13 digits, the last a GS1 check digit (weights 3 and 1 from the right). */
function isGln(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const sum = [...value.slice(0, 12)]
    .reverse()
    .reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(value[12]);
}

/** A Norwegian organisation number: 9 digits, the last a mod 11 check digit (weights 3 2 7 6 5 4 3 2). */
export function isNorwegianOrgNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(value[i]), 0);
  return (11 - (sum % 11)) % 11 === Number(value[8]);
}

/** "0007:5567321707" as scheme and value; null unless the scheme is known and the value plausible. */
export function parsePeppolId(text: string): PeppolId | null {
  const match = /^(\d{4}):([A-Za-z0-9][A-Za-z0-9.\-_]{0,49})$/.exec(text.trim());
  if (!match) return null;
  const [, scheme = '', value = ''] = match;
  if (!isEasScheme(scheme)) return null;
  // Swedish organisation numbers are 10 digits (Peppol SE-R-003 writes them so); GLN 13 digits.
  if (scheme === '0007' && !(/^\d{10}$/.test(value) && luhnValid(value))) return null;
  if (scheme === '0088' && !isGln(value)) return null;
  if (scheme === '0192' && !isNorwegianOrgNumber(value)) return null;
  return { scheme, value: scheme.startsWith('99') ? value.toUpperCase() : value };
}

export function formatPeppolId(id: PeppolId): string {
  return `${id.scheme}:${id.value}`;
}

export interface PeppolBuyer {
  customerType: 'personal' | 'company';
  countryCode: string;
  orgNumber: string | null;
  vatNumber: string | null;
}

/**
 * The buyer's electronic address derived from what the shop knows: a Swedish company by its
 * organisation number (0007); a Norwegian one by its 9-digit organisation number (0192); any other
 * company by its VAT number where the code list has that country's scheme. Null when none fits
 * (then the buyer must give a Peppol ID for an e-invoice).
 */
export function derivedPeppolId(buyer: PeppolBuyer): PeppolId | null {
  if (buyer.customerType !== 'company') return null;
  const org = digitsOf(buyer.orgNumber ?? '');
  if (buyer.countryCode === 'SE') return org.length === 10 ? { scheme: '0007', value: org } : null;
  if (buyer.countryCode === 'NO' && isNorwegianOrgNumber(org)) return { scheme: '0192', value: org };
  const vat = (buyer.vatNumber ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (vat === '') return null;
  const scheme = vatSchemeByCountry[buyer.countryCode];
  if (!scheme) return null;
  // The 99xx VAT schemes take the VAT number with its country prefix; CVR takes the digits.
  return scheme === '0184' ? { scheme, value: digitsOf(vat) } : { scheme, value: vat };
}

/** A typed Peppol ID as stored: trimmed, a VAT-scheme value in upper case; as typed when unreadable. */
export function formatPeppolIdText(text: string): string {
  const id = parsePeppolId(text);
  return id ? formatPeppolId(id) : text.trim();
}
