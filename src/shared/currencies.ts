export const currencyCodes = ['SEK', 'EUR', 'USD', 'GBP', 'NOK', 'DKK'] as const;
export type CurrencyCode = (typeof currencyCodes)[number];

export interface Currency {
  code: CurrencyCode;
  symbol: string;
  name: string;
}

export const currencies: readonly Currency[] = [
  { code: 'SEK', symbol: 'kr', name: 'Swedish Krona' },
  { code: 'EUR', symbol: '€', name: 'Euro' },
  { code: 'USD', symbol: '$', name: 'US Dollar' },
  { code: 'GBP', symbol: '£', name: 'British Pound' },
  { code: 'NOK', symbol: 'kr', name: 'Norwegian Krone' },
  { code: 'DKK', symbol: 'kr', name: 'Danish Krone' },
];

export type Rates = Record<CurrencyCode, number>;

/** SPEC §8: used whenever the rates service cannot be reached or answers nonsense. */
export const fallbackRates: Rates = { SEK: 1, EUR: 0.088, USD: 0.096, GBP: 0.076, NOK: 1.03, DKK: 0.66 };

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (currencyCodes as readonly string[]).includes(value);
}

const euroCountries = new Set([
  'AT',
  'BE',
  'CY',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PT',
  'SK',
  'SI',
  'ES',
]);

/** SPEC §4: preselection of the currency dialog from the detected country. */
export function currencyForCountry(country: string | null | undefined): CurrencyCode {
  switch (country?.toUpperCase()) {
    case 'SE':
      return 'SEK';
    case 'NO':
      return 'NOK';
    case 'DK':
      return 'DKK';
    case 'GB':
      return 'GBP';
    case 'US':
      return 'USD';
    default:
      return country && euroCountries.has(country.toUpperCase()) ? 'EUR' : 'SEK';
  }
}

export interface CurrencyAnswer {
  rates: Rates;
  /** True when the rates are the fixed fallback, not the live service's. */
  fallback: boolean;
  country: string | null;
}
