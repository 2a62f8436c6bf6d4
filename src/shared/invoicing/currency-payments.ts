import { convertAmount } from './invoice-currency';

/**
 * Paying a EUR invoice (issue 42). The receivable is booked in SEK (the ledger stays in SEK); a
 * payment in euros clears SEK at the invoice's own rate, so paying exactly what is left in euros
 * leaves nothing in SEK either. What the bank booked in SEK besides that is the exchange
 * difference (BAS 3960/7960, money-accounts.ts). Every amount here is whole öre or cent.
 */

const ratePattern = /^(\d{1,6})(?:\.(\d{1,12}))?$/;

/** A rate string's numerator and power of ten ("0.088" → 88n / 1000n). */
function rateFraction(rate: string): { numerator: bigint; denominator: bigint } {
  const match = ratePattern.exec(rate);
  if (!match) throw new Error(`Not a rate: ${rate}`);
  const fraction = match[2] ?? '';
  const numerator = BigInt(`${match[1]}${fraction}`);
  if (numerator === 0n) throw new Error(`Not a rate: ${rate}`);
  return { numerator, denominator: 10n ** BigInt(fraction.length) };
}

/** Cents of EUR in öre at `rate` (EUR per SEK), rounded half away from zero. */
export function oreFromCents(cents: number, rate: string): number {
  const { numerator, denominator } = rateFraction(rate);
  const negative = cents < 0;
  const abs = BigInt(Math.abs(cents)) * denominator;
  const ore = (abs * 2n + numerator) / (numerator * 2n);
  return Number(negative ? -ore : ore);
}

/** Öre in cents of EUR at `rate`, the way every document amount was converted (convertAmount). */
export function centsFromOre(ore: number, rate: string): number {
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  const decimal = `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  const [whole = '0', fraction = '00'] = convertAmount(decimal, rate).replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction);
  return decimal.startsWith('-') ? -cents : cents;
}

/**
 * The SEK (öre) a payment of `paidCents` clears from an invoice whose open balance is
 * `balanceOre` (in SEK) and `balanceCents` (in EUR): exactly the SEK balance when the euros are
 * exactly the euro balance; otherwise the euros at the invoice's rate (what is paid beyond the
 * balance too, which is then owed back).
 */
export function clearedOre(
  paidCents: number,
  balanceCents: number,
  balanceOre: number,
  rate: string,
): number {
  if (balanceOre > 0 && balanceCents > 0) {
    if (paidCents === balanceCents) return balanceOre;
    if (paidCents > balanceCents) return balanceOre + oreFromCents(paidCents - balanceCents, rate);
    return Math.min(oreFromCents(paidCents, rate), balanceOre - 1);
  }
  return oreFromCents(paidCents, rate);
}
