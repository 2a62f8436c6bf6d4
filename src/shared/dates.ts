/**
 * Dates as buyers and accountants see them: always the calendar of Stockholm, whatever the time
 * zone of the browser or the server. Every date shown on a page, an email or a document goes
 * through `formatDate`/`formatDateTime`; date arithmetic (the due date) is on calendar dates.
 */
import { PAYMENT_DAYS } from './terms';

export const SHOP_TIME_ZONE = 'Europe/Stockholm';

/** A calendar date, "2026-12-23". */
export type CalendarDate = string & { readonly __kind: 'calendar-date' };

const calendarDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): value is CalendarDate {
  const match = calendarDatePattern.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

const isoDateInStockholm = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Stockholm calendar date of an instant: 2026-11-23T23:30Z → "2026-11-24". */
export function stockholmDate(instant: Date | string): CalendarDate {
  const parts = isoDateInStockholm.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}` as CalendarDate;
}

/** Calendar arithmetic: "2026-11-24" + 30 → "2026-12-24" (no time of day, no DST surprises). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const match = calendarDatePattern.exec(date);
  if (!match) throw new Error(`Not a calendar date: ${date}`);
  const utc = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return utc.toISOString().slice(0, 10) as CalendarDate;
}

/** The invoice's due date: PAYMENT_DAYS after the order's date in Stockholm. */
export function dueDate(orderDate: Date | string): CalendarDate {
  return addDays(stockholmDate(orderDate), PAYMENT_DAYS);
}

/** short "2026-12-23", long "23 December 2026", full with the weekday "Wednesday, 23 December 2026" (delivery dates). */
export type DateStyle = 'short' | 'long' | 'full';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * THE date formatter. An instant (Date or ISO time) shows its Stockholm date; a calendar date
 * ("2026-12-23") shows as that date. sv-SE short: "2026-12-23"; en-GB long: "23 December 2026".
 */
export function formatDate(value: Date | string, locale = 'sv-SE', style: DateStyle = 'short'): string {
  const calendar = typeof value === 'string' && isCalendarDate(value) ? value : stockholmDate(value);
  const [year, month, day] = calendar.split('-').map(Number);
  const noonUtc = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, 12));
  return dateFormat(locale, { timeZone: 'UTC', dateStyle: style }).format(noonUtc);
}

/** "2026-03-02 11:00": an instant with its Stockholm time of day (admin lists, status history). */
export function formatDateTime(value: Date | string, locale = 'sv-SE'): string {
  return dateFormat(locale, { timeZone: SHOP_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(value),
  );
}
