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
