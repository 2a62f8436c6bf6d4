import type { CalendarDate } from '@/shared/dates';
import type { CurrencyCode } from '@/shared/currencies';

/**
 * Invoicing in another currency than SEK (issue: an EU buyer shopping in EUR paid SEK abroad).
 *
 * The shop's prices, its ledger, payments and SIE stay in SEK: a euro invoice is the SEK invoice
 * with every amount also stated in EUR, converted once at the order's rate and stored with the
 * document (the rate, where it came from, the day it was read), so nothing is ever recomputed.
 *
 * The law: amounts on an invoice may be in any currency, but the VAT to pay in Sweden must also be
 * stated in SEK, the seller's accounting currency (Mervärdesskattelagen 2023:200, 17 kap. 29 §;
 * before 1 July 2023 ML 1994:200, 11 kap. 11 §; the VAT directive art. 230). Here the SEK VAT is
 * not a conversion at all: the prices are set in SEK and the VAT is the ledger's own amount. The
 * EUR figures are derived from it at the rate; 8 kap. 21–23 §§ ML (a rate of Riksbanken or the ECB)
 * govern converting a foreign price into SEK, which never happens here.
 */

/** The currencies an invoice can be made out in. */
export const invoiceCurrencies = ['SEK', 'EUR'] as const;
export type InvoiceCurrency = (typeof invoiceCurrencies)[number];

/** Where a rate came from: the rates service's host, or the shop's fixed fallback rates (SPEC §8). */
export const FIXED_RATE_SOURCE = 'fixed';

/** The rate an order's documents are converted at, stored with the order and each document. */
export interface InvoiceCurrencyRate {
  code: 'EUR';
  /** EUR per 1 SEK, exact as read ("0.088"): the same rate the shop showed its prices at. */
  rate: string;
  /** The rates service's host ("api.exchangerate-api.com"), or FIXED_RATE_SOURCE. */
  source: string;
  /** The day (Stockholm) the rate was read. */
  date: CalendarDate;
}

/** Buyers outside Sweden may be invoiced in EUR; a buyer in Sweden always in SEK. */
export function mayInvoiceIn(currency: InvoiceCurrency, country: string): boolean {
  return currency === 'SEK' || country !== 'SE';
}

/** What the checkout offers first: EUR when the buyer shops in EUR and lives outside Sweden. */
export function defaultInvoiceCurrency(shopCurrency: CurrencyCode, country: string): InvoiceCurrency {
  return shopCurrency === 'EUR' && country !== 'SE' ? 'EUR' : 'SEK';
}

/** "0.088000" → "0.088" (a loop: no regular expression that backtracks on a long run of zeros). */
export function trimTrailingZeros(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '0') end--;
  return text.slice(0, end);
}

const rateDecimal = /^0\.\d{1,12}$|^[1-9]\d{0,5}(?:\.\d{1,12})?$/;

/**
 * A rate as a decimal string, from the rates service's number: at most 12 decimals, so a
 * conversion is exact integer arithmetic; undefined for nonsense (0, negative, not finite).
 */
export function rateDecimalFrom(rate: number): string | undefined {
  if (!Number.isFinite(rate) || rate <= 0 || rate >= 1e6) return undefined;
  const text = trimTrailingZeros(rate.toFixed(12)).replace(/\.$/, '');
  return rateDecimal.test(text) ? text : undefined;
}

/** Numerator and power of ten of a rate string ("0.088" → 88n, 1000n). */
function rateParts(rate: string): { numerator: bigint; denominator: bigint } {
  if (!rateDecimal.test(rate)) throw new Error(`Not a rate: ${rate}`);
  const [whole = '0', fraction = ''] = rate.split('.');
  return { numerator: BigInt(`${whole}${fraction}`), denominator: 10n ** BigInt(fraction.length) };
}

/** Divides, rounding half away from zero (a credit note's negative amounts mirror its invoice's). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const quotient = (abs * 2n + denominator) / (denominator * 2n);
  return negative ? -quotient : quotient;
}

/** Splits a signed decimal string ("-12.375") into its sign and digits scaled to `decimals`. */
function scaled(decimal: string, decimals: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!match) throw new Error(`Not an amount: ${decimal}`);
  const fraction = (match[3] ?? '').padEnd(decimals, '0');
  if (fraction.length > decimals) throw new Error(`More than ${decimals} decimals: ${decimal}`);
  const value = BigInt(`${match[2]}${fraction}`);
  return match[1] === '-' ? -value : value;
}

function decimalString(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const text = `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative ? `-${text}` : text;
}

/**
 * An amount in SEK (up to three decimals) in the other currency at `rate`, rounded half away from
 * zero to `decimals` (2 for amounts, 3 for unit prices): "3912.50" at "0.088" → "344.30".
 */
export function convertAmount(sek: string, rate: string, decimals: 2 | 3 = 2): string {
  const { numerator, denominator } = rateParts(rate);
  // sek × 1000 (milli) × rate → in 1/10^decimals of the currency.
  const milli = scaled(sek, 3);
  const converted = divideRounded(milli * numerator * 10n ** BigInt(decimals), denominator * 1000n);
  return decimalString(converted, decimals);
}

/** SEK per one EUR, for people ("1 EUR = 11,3636 SEK"): four decimals, as banks quote it. */
export function sekPerUnit(rate: string): string {
  const { numerator, denominator } = rateParts(rate);
  return decimalString(divideRounded(denominator * 10_000n, numerator), 4);
}

/**
 * Amounts in SEK (exact decimal strings) shown in another currency so that they add up to their
 * sum converted once: each converted, the rounding cent(s) put on the largest, as an invoice's
 * line nets are (BR-CO-10). The cart's lines without VAT then add up to the amount to pay.
 */
export function convertAddingUp(
  sekParts: readonly string[],
  rate: string,
): { parts: string[]; total: string } {
  const milliSum = sekParts.reduce((sum, part) => sum + scaled(part, 3), 0n);
  const total = convertAmount(decimalString(milliSum, 3), rate);
  const cents = sekParts.map((part) => scaled(convertAmount(part, rate), 2));
  const difference = scaled(total, 2) - cents.reduce((sum, value) => sum + value, 0n);
  if (difference !== 0n && cents.length > 0) {
    const abs = (value: bigint) => (value < 0n ? -value : value);
    let largest = 0;
    cents.forEach((value, index) => {
      if (abs(value) > abs(cents[largest] ?? 0n)) largest = index;
    });
    cents[largest] = (cents[largest] ?? 0n) + difference;
  }
  return { parts: cents.map((value) => decimalString(value, 2)), total };
}
