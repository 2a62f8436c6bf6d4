import { milliToKr, type Milli } from '../../shared/money';

const sek = new Intl.NumberFormat('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 0 });

/** "5 718,75" — Swedish grouping and decimal comma, always two decimals. */
export function formatAmount(kr: number): string {
  return sek.format(kr);
}

/** "5 718,75 kr" */
export function formatSek(amount: Milli): string {
  return `${formatAmount(milliToKr(amount))} kr`;
}

/** "1 000" */
export function formatCount(n: number): string {
  return whole.format(n);
}
