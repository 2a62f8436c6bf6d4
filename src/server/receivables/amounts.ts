import { decimalFromOre } from '@/shared/ledger';

/** "1900.5" kronor of milli-kr, two decimals (bank files state whole öre; a third decimal is kept). */
export function kronor(milli: bigint): string {
  if (milli % 10n === 0n) return decimalFromOre(Number(milli / 10n));
  const negative = milli < 0n;
  const abs = negative ? -milli : milli;
  return `${negative ? '-' : ''}${abs / 1000n}.${String(abs % 1000n).padStart(3, '0')}`;
}
