import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '@/shared/dates';
import { milliFromDecimal } from '@/shared/money';
import {
  agingBucket,
  agingSummary,
  daysOverdue,
  invoiceDueDate,
  invoiceDueDatesAround,
  lastDayToPay,
} from './aging';

const day = (value: string): CalendarDate => value as CalendarDate;
const kr = milliFromDecimal;

describe('the last day to pay', () => {
  it('is the due date on a banking day', () => {
    expect(lastDayToPay(day('2026-11-25'))).toBe('2026-11-25');
  });

  it('moves to the next banking day from a weekend or a public holiday', () => {
    expect(lastDayToPay(day('2026-11-28'))).toBe('2026-11-30'); // Saturday → Monday
    expect(lastDayToPay(day('2026-12-24'))).toBe('2026-12-28'); // julafton, juldagen, weekend
    expect(lastDayToPay(day('2026-12-31'))).toBe('2027-01-04'); // nyårsafton, nyårsdagen, weekend
    expect(lastDayToPay(day('2027-03-26'))).toBe('2027-03-30'); // långfredagen … annandag påsk
    expect(lastDayToPay(day('2026-06-19'))).toBe('2026-06-22'); // midsommarafton
  });
});

describe("the invoice's due date", () => {
  it('is thirty days on, or the next banking day when banks are closed that day', () => {
    expect(invoiceDueDate('2026-11-23T12:00:00Z')).toBe('2026-12-23');
    // 24 November + 30 = julafton: the invoice states 28 December, one date, not two.
    expect(invoiceDueDate('2026-11-24T12:00:00Z')).toBe('2026-12-28');
    // 23:30 UTC on 23 November is already the 24th in Stockholm.
    expect(invoiceDueDate(new Date('2026-11-23T23:30:00Z'))).toBe('2026-12-28');
    expect(lastDayToPay(invoiceDueDate('2026-11-24T12:00:00Z'))).toBe(invoiceDueDate('2026-11-24T12:00:00Z'));
  });

  it('is given for the Stockholm days around now, for the checkout statement to pick by its own clock', () => {
    expect(invoiceDueDatesAround(new Date('2026-11-24T12:00:00Z'))).toEqual({
      '2026-11-23': '2026-12-23',
      '2026-11-24': '2026-12-28',
      '2026-11-25': '2026-12-28',
    });
  });
});

describe('days overdue and aging buckets', () => {
  it('counts from the last day to pay, not the due date', () => {
    expect(daysOverdue(day('2026-11-28'), day('2026-11-30'))).toBe(0);
    expect(daysOverdue(day('2026-11-28'), day('2026-12-01'))).toBe(1);
    expect(daysOverdue(day('2026-11-25'), day('2026-11-20'))).toBe(0);
  });

  it.each([
    ['2026-11-25', 'not_due'],
    ['2026-11-26', 'days_1_30'],
    ['2026-12-25', 'days_1_30'],
    ['2026-12-26', 'days_31_60'],
    ['2027-01-24', 'days_31_60'],
    ['2027-01-25', 'days_61_90'],
    ['2027-02-23', 'days_61_90'],
    ['2027-02-24', 'over_90'],
  ] as const)('due 2026-11-25, on %s: %s', (today, bucket) => {
    expect(agingBucket(day('2026-11-25'), day(today))).toBe(bucket);
  });

  it('sums every balance into its bucket; the total is the sum of all, overpaid ones included', () => {
    const summary = agingSummary(
      [
        { dueDate: day('2026-12-20'), balance: kr('1000.00') },
        { dueDate: day('2026-11-01'), balance: kr('250.50') },
        { dueDate: day('2026-11-02'), balance: kr('100.00') },
        { dueDate: day('2026-06-01'), balance: kr('9000.00') },
        { dueDate: day('2026-11-10'), balance: (0 - kr('50.00')) as ReturnType<typeof kr> },
      ],
      day('2026-11-25'),
    );
    expect(summary).toEqual({
      not_due: { count: 1, amount: kr('1000.00') },
      days_1_30: { count: 3, amount: kr('300.50') },
      days_31_60: { count: 0, amount: 0 },
      days_61_90: { count: 0, amount: 0 },
      over_90: { count: 1, amount: kr('9000.00') },
      total: kr('10300.50'),
    });
  });
});
