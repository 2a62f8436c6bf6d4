/**
 * When an invoice is late, and by how much: the last day to pay, days overdue and the aging
 * buckets of the receivables ledger. Calendar dates of Stockholm only (dates.ts), so the browser
 * and the server put an invoice in the same bucket on the same day.
 */
import { addDays, dueDate, stockholmDate, type CalendarDate } from '@/shared/dates';
import { isWorkingDay } from '@/shared/working-days';
import type { Milli } from '@/shared/money';

/**
 * The last day the buyer can pay without being late: the due date, or the next banking day when
 * the due date falls on a weekend or a Swedish public holiday (or midsommar-, jul- or nyårsafton),
 * as lag (1930:173) om beräkning av lagstadgad tid 2 § has it for payments and Swedish banks do.
 */
export function lastDayToPay(dueDate: CalendarDate): CalendarDate {
  let day = dueDate;
  while (!isWorkingDay(day)) day = addDays(day, 1);
  return day;
}

/**
 * The due date an invoice states: PAYMENT_DAYS after its date in Stockholm, moved to the last day to
 * pay when it falls on a day banks are closed. One date on the invoice: "due 27 December, last day
 * to pay 28 December" read as two due dates to a buyer.
 */
export function invoiceDueDate(issued: Date | string): CalendarDate {
  return lastDayToPay(dueDate(issued));
}

/**
 * Each Stockholm date around `now` (the day before, the day, the day after) with the due date an
 * invoice issued on it states: the checkout's statement takes its order date from the database's
 * clock and picks its due date here, so the working-day calendar stays in one place (working-days.ts).
 */
export function invoiceDueDatesAround(now: Date): Record<CalendarDate, CalendarDate> {
  const today = stockholmDate(now);
  const dates: Record<CalendarDate, CalendarDate> = {};
  for (const offset of [-1, 0, 1]) {
    const day = addDays(today, offset);
    dates[day] = invoiceDueDate(`${day}T12:00:00Z`);
  }
  return dates;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Days past the last day to pay on `today` (0 while not late). */
export function daysOverdue(dueDate: CalendarDate, today: CalendarDate): number {
  return Math.max(0, daysBetween(lastDayToPay(dueDate), today));
}

export const agingBuckets = ['not_due', 'days_1_30', 'days_31_60', 'days_61_90', 'over_90'] as const;
export type AgingBucket = (typeof agingBuckets)[number];

export function agingBucket(dueDate: CalendarDate, today: CalendarDate): AgingBucket {
  const days = daysOverdue(dueDate, today);
  if (days === 0) return 'not_due';
  if (days <= 30) return 'days_1_30';
  if (days <= 60) return 'days_31_60';
  if (days <= 90) return 'days_61_90';
  return 'over_90';
}

export interface AgingLine {
  dueDate: CalendarDate;
  /** What is still to pay on the invoice (negative when money is owed back). */
  balance: Milli;
}

export type AgingSummary = Record<AgingBucket, { count: number; amount: Milli }> & { total: Milli };

/**
 * Open balances per bucket. The total is the plain sum of every balance given, so it equals the
 * receivables account (1510) over the same documents and payments.
 */
export function agingSummary(lines: Iterable<AgingLine>, today: CalendarDate): AgingSummary {
  const summary = {
    not_due: { count: 0, amount: 0 },
    days_1_30: { count: 0, amount: 0 },
    days_31_60: { count: 0, amount: 0 },
    days_61_90: { count: 0, amount: 0 },
    over_90: { count: 0, amount: 0 },
    total: 0,
  };
  for (const line of lines) {
    const bucket = summary[agingBucket(line.dueDate, today)];
    bucket.count += 1;
    bucket.amount += line.balance;
    summary.total += line.balance;
  }
  return summary as AgingSummary;
}
