/**
 * The one money formatter: Swedish number format ("5 718,75 kr") everywhere, in both languages
 * (SPEC: money always in Swedish format). Amounts stay exact integers of 1/1000 kr until here.
 */
import { milliFromDecimal, milliToKr, type Milli } from './money';

const amountFormat = new Intl.NumberFormat('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Unit prices keep a third decimal where the tier has one (hoodie 114,375 kr). */
const unitPriceFormat = new Intl.NumberFormat('sv-SE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 3,
});
const countFormat = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 0 });

/** "5 718,75": Swedish grouping and decimal comma, always two decimals (any currency's amount). */
export function formatAmount(value: number): string {
  return amountFormat.format(value);
}

/** "114,375": a converted per-unit price with two or three decimals (any currency). */
export function formatUnitAmount(value: number): string {
  return unitPriceFormat.format(value);
}

/** "5 718,75 kr" */
export function formatKr(amount: Milli): string {
  return `${amountFormat.format(milliToKr(amount))} kr`;
}

/** "114,375 kr", "48,00 kr": a per-unit price with two or three decimals. */
export function formatUnitPrice(amount: Milli): string {
  return `${unitPriceFormat.format(milliToKr(amount))} kr`;
}

/** An exact decimal string with an optional minus (credit notes, refunds, a balance owed back). */
function signedMilli(decimal: string): Milli {
  return decimal.startsWith('-')
    ? ((0 - milliFromDecimal(decimal.slice(1))) as Milli)
    : milliFromDecimal(decimal);
}

/** "5 718,75 kr" from an exact decimal string of an API or a row ("5718.75"); "−500,00 kr" from "-500.00". */
export function formatKrDecimal(decimal: string): string {
  return formatKr(signedMilli(decimal));
}

/** "1 110,45 €" from an exact decimal string of euros ("1110.45"); "−50,00 €" from "-50.00". */
export function formatEuroDecimal(decimal: string): string {
  // Milli is thousandths of the unit: kronor here are euros, the arithmetic is the same.
  return `${amountFormat.format(milliToKr(signedMilli(decimal)))} €`;
}

/** "114,375 kr" from an exact decimal string ("114.375"). */
export function formatUnitPriceDecimal(decimal: string): string {
  return formatUnitPrice(signedMilli(decimal));
}

/** "1 000": a whole count (quantities, orders). */
export function formatCount(n: number): string {
  return countFormat.format(n);
}

const lengthFormat = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 2 });

/** A length in cm as every figure is shown, with its decimals ("25,5"): print areas. */
export function formatLength(n: number): string {
  return lengthFormat.format(n);
}
