import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '@/shared/dates';
import { milliFromDecimal, type Milli } from '@/shared/money';
import {
  lateInterest,
  LATE_PAYMENT_COMPENSATION,
  parseRatePercent,
  parseReferenceRates,
  referenceRateOn,
  reminderFee,
  type ReferenceRate,
} from './late-payment';

const day = (value: string): CalendarDate => value as CalendarDate;
const kr = (value: string): Milli => milliFromDecimal(value);
const rates: ReferenceRate[] = [
  { from: day('2026-01-01'), basisPoints: 200 },
  { from: day('2026-07-01'), basisPoints: 175 },
];

describe('dröjsmålsränta (räntelagen 6 §: reference rate + 8 points, per day, actual/365)', () => {
  it('40 days on 10 000 kr at a 2,00 % reference rate: 10 % a year, 109,59 kr', () => {
    const interest = lateInterest({
      amount: kr('10000'),
      dueDate: day('2026-03-02'),
      until: day('2026-04-11'),
      rates,
    });
    expect(interest).toEqual({
      lastDayToPay: '2026-03-02',
      total: kr('109.59'),
      periods: [
        {
          from: '2026-03-03',
          to: '2026-04-11',
          days: 40,
          principal: kr('10000'),
          referenceRateBasisPoints: 200,
          annualRateBasisPoints: 1000,
          // 10 000 × 10 % × 40 / 365 = 109,589… → 109,59
          interest: kr('109.59'),
        },
      ],
    });
  });

  it('changes rate on the day the new reference rate applies', () => {
    const interest = lateInterest({
      amount: kr('10000'),
      dueDate: day('2026-06-20'),
      until: day('2026-07-10'),
      rates,
    });
    expect(interest.periods.map((p) => [p.from, p.to, p.days, p.annualRateBasisPoints, p.interest])).toEqual([
      // 20 June 2026 is a Saturday: the last day to pay is Monday the 22nd.
      ['2026-06-23', '2026-06-30', 8, 1000, kr('21.92')],
      ['2026-07-01', '2026-07-10', 10, 975, kr('26.71')],
    ]);
    expect(interest.total).toBe(kr('48.63'));
  });

  it('runs on what is still unpaid: a part payment lowers it from the day after it arrived', () => {
    const interest = lateInterest({
      amount: kr('10000'),
      dueDate: day('2026-03-02'),
      until: day('2026-03-12'),
      payments: [{ paidOn: day('2026-03-08'), amount: kr('6000') }],
      rates,
    });
    expect(interest.periods.map((p) => [p.from, p.to, p.principal, p.interest])).toEqual([
      // The day the money arrives is still a late day for it.
      ['2026-03-03', '2026-03-08', kr('10000'), kr('16.44')],
      ['2026-03-09', '2026-03-12', kr('4000'), kr('4.38')],
    ]);
  });

  it('is nothing when paid on the last day to pay, or paid in full', () => {
    expect(
      lateInterest({ amount: kr('500'), dueDate: day('2026-11-28'), until: day('2026-11-30'), rates }).total,
    ).toBe(0);
    const paidUp = lateInterest({
      amount: kr('500'),
      dueDate: day('2026-03-02'),
      until: day('2026-04-02'),
      payments: [{ paidOn: day('2026-03-01'), amount: kr('500') }],
      rates,
    });
    expect(paidUp).toMatchObject({ total: 0, periods: [] });
  });

  it('rounds each period half-up to whole öre', () => {
    // 18,25 kr × 10 % / 365 = 0,005 kr: half an öre, rounded up to 0,01.
    expect(
      lateInterest({ amount: kr('18.25'), dueDate: day('2026-03-02'), until: day('2026-03-03'), rates })
        .total,
    ).toBe(kr('0.01'));
  });

  it('takes a negative reference rate as it is (-0,50 % + 8 = 7,50 %)', () => {
    const interest = lateInterest({
      amount: kr('3650'),
      dueDate: day('2019-03-01'),
      until: day('2019-03-11'),
      rates: [{ from: day('2019-01-01'), basisPoints: -50 }],
    });
    expect(interest.periods[0]).toMatchObject({ annualRateBasisPoints: 750, days: 10, interest: kr('7.50') });
  });
});

describe('the reference-rate setting', () => {
  it('reads rates with their from-dates, oldest first', () => {
    expect(parseReferenceRates('1.75@2026-07-01, 2.00@2026-01-01')).toEqual([
      { from: '2026-01-01', basisPoints: 200 },
      { from: '2026-07-01', basisPoints: 175 },
    ]);
    expect(parseRatePercent('-0.5')).toBe(-50);
    for (const bad of [
      '',
      '2,00@2026-01-01',
      '2%@2026-01-01',
      '2.00',
      '2.00@2026-13-01',
      '2.005@2026-01-01',
    ]) {
      expect(parseReferenceRates(bad)).toBeUndefined();
    }
  });

  it('applies the latest rate from on or before the day, the earliest before any', () => {
    expect(referenceRateOn(rates, day('2026-06-30')).basisPoints).toBe(200);
    expect(referenceRateOn(rates, day('2026-07-01')).basisPoints).toBe(175);
    expect(referenceRateOn(rates, day('2025-12-31')).basisPoints).toBe(200);
  });
});

describe('the fee of a reminder (lag 1981:739)', () => {
  it('a company: förseningsersättning 450 kr, once per invoice', () => {
    expect(
      reminderFee({ buyer: 'company', compensationCharged: false, individualReminderFee: kr('60') }),
    ).toEqual({
      kind: 'late_payment_compensation',
      amount: LATE_PAYMENT_COMPENSATION,
    });
    expect(LATE_PAYMENT_COMPENSATION).toBe(kr('450'));
    expect(
      reminderFee({ buyer: 'company', compensationCharged: true, individualReminderFee: kr('60') }),
    ).toBeNull();
  });

  it('an individual: only the fee the terms set, at most 60 kr', () => {
    expect(
      reminderFee({ buyer: 'individual', compensationCharged: false, individualReminderFee: 0 as Milli }),
    ).toBeNull();
    expect(
      reminderFee({ buyer: 'individual', compensationCharged: false, individualReminderFee: kr('45') }),
    ).toEqual({
      kind: 'reminder_fee',
      amount: kr('45'),
    });
    expect(
      reminderFee({ buyer: 'individual', compensationCharged: false, individualReminderFee: kr('100') }),
    ).toEqual({
      kind: 'reminder_fee',
      amount: kr('60'),
    });
  });
});
