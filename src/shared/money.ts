import { withoutVat } from './vat-rate';
/**
 * Money is never a float. Prices are held as integers of 1/1000 kr ("milli-kronor") because some
 * unit prices have three decimals (hoodie 114.375 kr). Line totals are rounded half-up to whole öre.
 */
export type Milli = number & { readonly __unit: 'milli-kr' };

export const MILLI_PER_KR = 1000;
const MILLI_PER_ORE = 10;

/** Parses a decimal kronor literal such as "114.375" exactly (no float arithmetic). */
export function milliFromDecimal(kr: string): Milli {
  const match = /^(\d+)(?:\.(\d{1,3}))?$/.exec(kr);
  if (!match) throw new Error(`Not a kronor amount with at most 3 decimals: ${kr}`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(3, '0'));
  return (whole * MILLI_PER_KR + fraction) as Milli;
}

export function milliFromOre(ore: number): Milli {
  return (ore * MILLI_PER_ORE) as Milli;
}

/** Rounds half-up to whole öre. Amounts are never negative here. */
export function roundToOre(amount: number): Milli {
  return (Math.floor((amount + MILLI_PER_ORE / 2) / MILLI_PER_ORE) * MILLI_PER_ORE) as Milli;
}

/** quantity × unit price, rounded half-up to whole öre. Exact while the product is below 2^53. */
export function lineTotal(unitPrice: Milli, quantity: number): Milli {
  return roundToOre(unitPrice * quantity);
}

export function sumMilli(amounts: readonly Milli[]): Milli {
  return amounts.reduce((sum, amount) => sum + amount, 0) as Milli;
}

export function toOre(amount: Milli): number {
  return Math.round(amount / MILLI_PER_ORE);
}

/** VAT is included (VAT_RATE_PERCENT): ex-VAT = total without VAT rounded half-up to öre, VAT is the remainder. */
export function splitVat(total: Milli): { exVat: Milli; vat: Milli } {
  const totalOre = toOre(total);
  const exVatOre = withoutVat(totalOre);
  return { exVat: milliFromOre(exVatOre), vat: milliFromOre(totalOre - exVatOre) };
}

/** Exact decimal string with two decimals, e.g. 5718750 → "5718.75". For storage and APIs. */
export function milliToDecimalString(amount: Milli): string {
  const ore = toOre(amount);
  const kr = Math.floor(ore / 100);
  return `${kr}.${String(ore % 100).padStart(2, '0')}`;
}

/** Exact decimal string keeping three decimals where needed, e.g. 114375 → "114.375". */
export function unitPriceToString(amount: Milli): string {
  const kr = Math.floor(amount / MILLI_PER_KR);
  const rest = amount % MILLI_PER_KR;
  if (rest === 0) return String(kr);
  return `${kr}.${String(rest)
    .padStart(3, '0')
    .replace(/0{1,2}$/, '')}`;
}

export function milliToKr(amount: Milli): number {
  return amount / MILLI_PER_KR;
}
