/**
 * What Swedish law lets the shop charge when an invoice is paid late: dröjsmålsränta, and either
 * förseningsersättning (companies) or a reminder fee (individuals, when the terms say so). Pure
 * computations on exact money; a reminder stores what they gave when it is issued.
 */
import { addDays, isCalendarDate, type CalendarDate } from '@/shared/dates';
import { milliFromDecimal, type Milli } from '@/shared/money';
import { daysBetween, lastDayToPay } from './aging';

/**
 * Riksbanken's reference rate from a day on, in hundredths of a percentage point (2,00 % → 200;
 * it has been negative). Räntelagen (1975:635) 9 §: Riksbanken sets it for each calendar
 * half-year, from 1 January and 1 July.
 */
export interface ReferenceRate {
  from: CalendarDate;
  basisPoints: number;
}

/** Räntelagen 6 §: dröjsmålsränta is the reference rate in force at each time plus 8 percentage points. */
export const LATE_INTEREST_MARGIN_BASIS_POINTS = 800;

/**
 * Interest is per day, actual/365: each late day earns balance × annual rate / 365, whatever the
 * year's length (the convention of Swedish invoicing; a leap year's 366th day earns like any other).
 */
export const DAY_COUNT_BASIS = 365;

/** Lag (1981:739) om ersättning för inkassokostnader m.m. 4 a §: 450 kr, once per claim. */
export const LATE_PAYMENT_COMPENSATION: Milli = milliFromDecimal('450');

/** Lag (1981:739) 4 § andra stycket 1: at most 60 kr for a written payment reminder. */
export const REMINDER_FEE_MAX: Milli = milliFromDecimal('60');

/** "2.00", "-0.50", "4": the setting's form of a reference rate, to hundredths of a percent. */
export function parseRatePercent(value: string): number | undefined {
  const match = /^(-?)(\d{1,2})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return undefined;
  const hundredths = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -hundredths : hundredths;
}

/** "2.00@2026-01-01,1.75@2026-07-01" (percent@from, comma-separated): oldest first after parsing. */
export function parseReferenceRates(value: string): ReferenceRate[] | undefined {
  const rates: ReferenceRate[] = [];
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [rate, from] = part.split('@');
    const basisPoints = rate === undefined ? undefined : parseRatePercent(rate);
    if (basisPoints === undefined || from === undefined || !isCalendarDate(from)) return undefined;
    rates.push({ from, basisPoints });
  }
  if (rates.length === 0) return undefined;
  return rates.sort((a, b) => a.from.localeCompare(b.from));
}

/** The reference rate in force on a day: the latest from-date on or before it (else the earliest known). */
export function referenceRateOn(rates: readonly ReferenceRate[], day: CalendarDate): ReferenceRate {
  let inForce: ReferenceRate | undefined;
  let earliest: ReferenceRate | undefined;
  for (const rate of rates) {
    if (rate.from <= day && (!inForce || rate.from > inForce.from)) inForce = rate;
    if (!earliest || rate.from < earliest.from) earliest = rate;
  }
  const found = inForce ?? earliest;
  if (!found) throw new Error('No reference rate configured');
  return found;
}

export interface InterestPeriod {
  /** First and last late day of the period, both counted. */
  from: CalendarDate;
  to: CalendarDate;
  days: number;
  /** The unpaid amount interest ran on. */
  principal: Milli;
  referenceRateBasisPoints: number;
  /** Reference rate + 8 percentage points, per year. */
  annualRateBasisPoints: number;
  /** principal × annual rate × days / 365, rounded half-up to öre. */
  interest: Milli;
}

export interface LateInterest {
  total: Milli;
  periods: InterestPeriod[];
  /** The last day the buyer could pay on time: interest runs from the day after. */
  lastDayToPay: CalendarDate;
}

export interface LateInterestInput {
  /** The invoice's amount to pay (VAT included). */
  amount: Milli;
  dueDate: CalendarDate;
  /** Interest is counted up to and including this day. */
  until: CalendarDate;
  /** Payments made: the day a payment arrives is its last late day; interest on it stops after. */
  payments?: readonly { paidOn: CalendarDate; amount: Milli }[];
  rates: readonly ReferenceRate[];
  /**
   * Interest already charged up to and including this day (an earlier reminder's): those days are
   * not counted again, so reminders of one invoice never charge the same day twice.
   */
  chargedUntil?: CalendarDate | null;
}

/**
 * Dröjsmålsränta (räntelagen 3 §: from the due date when it was set in advance, as on an invoice;
 * 4 a § for claims between businesses; 6 § the rate). Each day after the last day to pay (the due
 * date, moved to the next banking day) up to `until` earns interest on what was still unpaid at
 * the start of that day (a payment counts from the day after it arrives), at the reference rate of that day + 8 points. Days with the same unpaid
 * amount and rate form one period, shown with its computation; each period's interest is rounded
 * to öre and the total is their sum.
 */
export function lateInterest(input: LateInterestInput): LateInterest {
  const last = lastDayToPay(input.dueDate);
  const periods: InterestPeriod[] = [];
  const lateDays = daysBetween(last, input.until);
  const payments = [...(input.payments ?? [])].sort((a, b) => a.paidOn.localeCompare(b.paidOn));
  let paidIndex = 0;
  let paidBefore = 0;
  for (let offset = 1; offset <= lateDays; offset++) {
    const day = addDays(last, offset);
    while (paidIndex < payments.length && (payments[paidIndex]?.paidOn ?? day) < day) {
      paidBefore += payments[paidIndex]?.amount ?? 0;
      paidIndex += 1;
    }
    const principal = Math.max(0, input.amount - paidBefore) as Milli;
    if (principal === 0 || (input.chargedUntil && day <= input.chargedUntil)) continue;
    const reference = referenceRateOn(input.rates, day).basisPoints;
    const current = periods.at(-1);
    if (
      current &&
      current.principal === principal &&
      current.referenceRateBasisPoints === reference &&
      addDays(current.to, 1) === day
    ) {
      current.to = day;
      current.days += 1;
    } else {
      periods.push({
        from: day,
        to: day,
        days: 1,
        principal,
        referenceRateBasisPoints: reference,
        annualRateBasisPoints: Math.max(0, reference + LATE_INTEREST_MARGIN_BASIS_POINTS),
        interest: 0 as Milli,
      });
    }
  }
  for (const period of periods) period.interest = periodInterest(period);
  const total = periods.reduce((sum, period) => sum + period.interest, 0) as Milli;
  return { total, periods, lastDayToPay: last };
}

/** principal × rate × days / 365 in exact integers (bigint), rounded half-up to whole öre. */
function periodInterest(period: Pick<InterestPeriod, 'principal' | 'annualRateBasisPoints' | 'days'>): Milli {
  const numerator = BigInt(period.principal) * BigInt(period.annualRateBasisPoints) * BigInt(period.days);
  // milli-kr = numerator / (10 000 basis points × 365); öre = milli-kr / 10.
  const denominator = 10_000n * BigInt(DAY_COUNT_BASIS) * 10n;
  const ore = (2n * numerator + denominator) / (2n * denominator);
  return (Number(ore) * 10) as Milli;
}

export type BuyerKind = 'company' | 'individual';

export interface ReminderFee {
  kind: 'late_payment_compensation' | 'reminder_fee';
  amount: Milli;
}

export interface ReminderFeeInput {
  buyer: BuyerKind;
  /** Whether an earlier reminder of this invoice already charged förseningsersättning. */
  compensationCharged: boolean;
  /** The reminder fee the terms of purchase set for individuals (0 when they set none). */
  individualReminderFee: Milli;
}

/**
 * The fee a reminder may carry.
 * - A company (näringsidkare) owes förseningsersättning of 450 kr once per invoice when it owes
 *   dröjsmålsränta (lag 1981:739, 4 a §); it then replaces any reminder fee, so later reminders
 *   of the same invoice carry none.
 * - An individual owes a reminder fee only when the terms agreed at the purchase say so (2 §),
 *   and at most 60 kr (4 §); anything above is cut to 60 kr.
 */
export function reminderFee(input: ReminderFeeInput): ReminderFee | null {
  if (input.buyer === 'company') {
    return input.compensationCharged
      ? null
      : { kind: 'late_payment_compensation', amount: LATE_PAYMENT_COMPENSATION };
  }
  if (input.individualReminderFee <= 0) return null;
  return { kind: 'reminder_fee', amount: Math.min(input.individualReminderFee, REMINDER_FEE_MAX) as Milli };
}
