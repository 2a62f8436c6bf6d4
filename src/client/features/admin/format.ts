import { milliFromDecimal } from '../../../shared/money';
import { formatSek } from '../../lib/format';

const dateTime = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Stockholm' });

/** "2026-03-02 11:00" in Swedish time. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** "5 718,75 kr" from an exact decimal string. */
export function formatKr(decimal: string): string {
  try {
    return formatSek(milliFromDecimal(decimal));
  } catch {
    return `${decimal} kr`;
  }
}

const unit = new Intl.NumberFormat('sv-SE', { minimumFractionDigits: 2, maximumFractionDigits: 3 });

/** Unit prices keep their third decimal: "114,375 kr". */
export function formatUnitKr(decimal: string): string {
  const value = Number(decimal);
  return Number.isFinite(value) ? `${unit.format(value)} kr` : `${decimal} kr`;
}
