/**
 * Reminders (påminnelser) and the customer ledger: what a reminder charges on the day it is sent,
 * the shop's settings for it (the individual reminder fee of the terms, the automatic schedule),
 * and the shapes the admin API answers. Pure; the server stores what these give when it issues
 * a reminder, and never recomputes an issued one.
 */
import { addDays, isCalendarDate, type CalendarDate } from '@/shared/dates';
import { milliFromDecimal, type Milli } from '@/shared/money';
import { daysOverdue, lastDayToPay } from './aging';
import {
  lateInterest,
  REMINDER_FEE_MAX,
  reminderFee,
  type BuyerKind,
  type InterestPeriod,
  type ReferenceRate,
  type ReminderFee,
} from './late-payment';

/** A reminder's own charges (fee and interest) are due this many days after it is sent. */
export const REMINDER_PAYMENT_DAYS = 10;

/** The reminder fee the terms of purchase set for individuals, from the day the terms said so. */
export interface ReminderFeeTerm {
  from: CalendarDate;
  amount: Milli;
}

/**
 * "60@2026-01-01" or "60@2026-01-01,0@2027-01-01": the reminder fee for individuals (kronor, at
 * most two decimals, at most 60 kr) and the day the terms of purchase started to say so. Lag
 * (1981:739) 2 §: a reminder fee is owed only when it was agreed when the debt arose, so an order
 * placed before an entry's day is charged what the terms said then (nothing before the first).
 * Empty: the terms set no reminder fee. Answers undefined for anything else (the setting is refused).
 */
export function parseReminderFeeTerms(value: string): ReminderFeeTerm[] | undefined {
  const terms: ReminderFeeTerm[] = [];
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [amount, from] = part.split('@');
    if (amount === undefined || from === undefined || !/^\d{1,2}(?:\.\d{1,2})?$/.test(amount))
      return undefined;
    if (!isCalendarDate(from)) return undefined;
    const milli = milliFromDecimal(amount);
    if (milli > REMINDER_FEE_MAX) return undefined;
    terms.push({ from, amount: milli });
  }
  return terms.sort((a, b) => a.from.localeCompare(b.from));
}

/** The individual reminder fee the terms set on a day (0 before the first entry). */
export function reminderFeeOn(terms: readonly ReminderFeeTerm[], day: CalendarDate): Milli {
  let amount = 0 as Milli;
  for (const term of terms) if (term.from <= day) amount = term.amount;
  return amount;
}

/** "10,30": days after the last day to pay at which the shop sends reminders by itself; empty: off. */
export function parseReminderSchedule(value: string): number[] | undefined {
  const days = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (days.some((d) => !/^\d{1,3}$/.test(d) || Number(d) < 1)) return undefined;
  const numbers = days.map(Number);
  if (numbers.some((d, i) => i > 0 && d <= (numbers[i - 1] ?? 0))) return undefined;
  return numbers;
}

/**
 * The step of the schedule due for an invoice today (1-based), and the day it became due; none
 * before the first step's day. A step counts as done when any reminder of the invoice (sent by
 * hand or by the schedule) was sent on or after that day, so the schedule never sends twice for
 * one step and never right after the admin sent one.
 */
export function scheduledStep(
  schedule: readonly number[],
  dueDate: CalendarDate,
  today: CalendarDate,
): { step: number; dueOn: CalendarDate } | undefined {
  const late = daysOverdue(dueDate, today);
  let found: { step: number; dueOn: CalendarDate } | undefined;
  schedule.forEach((days, index) => {
    if (days <= late) found = { step: index + 1, dueOn: addDays(lastDayToPay(dueDate), days) };
  });
  return found;
}

export interface ReminderChargesInput {
  buyer: BuyerKind;
  /** What the invoice asks, less its credit notes. */
  amount: Milli;
  dueDate: CalendarDate;
  /** The reminder's day: interest is counted up to and including it. */
  today: CalendarDate;
  payments: readonly { paidOn: CalendarDate; amount: Milli }[];
  rates: readonly ReferenceRate[];
  /** An earlier reminder of the invoice charged a fee (förseningsersättning or a reminder fee). */
  feeCharged: boolean;
  /** Interest already charged by earlier reminders, up to and including this day. */
  interestChargedUntil: CalendarDate | null;
  /** The individual reminder fee the terms set when the order was placed (0: none). */
  individualReminderFee: Milli;
}

export interface ReminderCharges {
  fee: ReminderFee | null;
  interest: Milli;
  periods: InterestPeriod[];
  total: Milli;
}

/**
 * What a reminder charges: the fee the law and the terms allow (late-payment.ts: 450 kr
 * förseningsersättning for a company, once per invoice; for an individual only the reminder fee
 * the terms set, at most 60 kr) and the dröjsmålsränta not charged before, up to the reminder's day.
 *
 * One fee per invoice, whatever the buyer: lag (1981:739) 4 b § counts förseningsersättning
 * against any reminder fee, and for an individual the shop reads the 60 kr of förordning
 * (1981:1057) 2 § as the most one invoice's reminders may cost together (the cautious reading).
 */
export function reminderCharges(input: ReminderChargesInput): ReminderCharges {
  const fee = input.feeCharged
    ? null
    : reminderFee({
        buyer: input.buyer,
        compensationCharged: false,
        individualReminderFee: input.individualReminderFee,
      });
  const interest = lateInterest({
    amount: input.amount,
    dueDate: input.dueDate,
    until: input.today,
    payments: input.payments,
    rates: input.rates,
    chargedUntil: input.interestChargedUntil,
  });
  return {
    fee,
    interest: interest.total,
    periods: interest.periods,
    total: ((fee?.amount ?? 0) + interest.total) as Milli,
  };
}

/** One interest period as a reminder stores and prints it (amounts as exact decimal strings). */
export interface ReminderInterestPeriod {
  from: string;
  to: string;
  days: number;
  /** The unpaid amount interest ran on. */
  principal: string;
  /** Riksbanken's reference rate and the rate charged (reference + 8), percent ("2.00", "10.00"). */
  referenceRate: string;
  annualRate: string;
  interest: string;
}

/**
 * A reminder as issued and stored (documents.snapshot of kind 'reminder'): everything its PDF and
 * email print, so neither reads today's settings or balances.
 */
export interface ReminderSnapshot {
  kind: 'reminder';
  number: string;
  orderNumber: string;
  /** ISO time of issue, and its day in Stockholm. */
  issueDate: string;
  issuedOn: string;
  /** When the reminder's own charges are due (REMINDER_PAYMENT_DAYS after it). */
  dueDate: string;
  language: 'sv' | 'en';
  /** The reminder's own OCR reference (its fee and interest); null when it charges nothing. */
  ocr: string | null;
  buyerKind: BuyerKind;
  seller: {
    name: string;
    address: string;
    orgNumber: string;
    vatNumber: string;
    email: string;
    phone: string;
    bankgiro: string;
    iban: string;
    bic: string;
  };
  buyer: { name: string; address: string; email: string; reference: string | null };
  /** The invoice reminded of, as it stood on the reminder's day. */
  invoice: {
    number: string;
    ocr: string | null;
    issuedOn: string;
    dueDate: string;
    lastDayToPay: string;
    total: string;
    credited: string;
    paid: string;
    /** Still to pay on the invoice itself. */
    balance: string;
    daysOverdue: number;
  };
  fee: { kind: ReminderFee['kind']; amount: string } | null;
  interest: { total: string; periods: ReminderInterestPeriod[] };
  /** Fee + interest: the reminder's own amount. */
  total: string;
  /** The invoice's balance + the reminder's own amount: everything to pay now. */
  toPay: string;
  /** Which step of the automatic schedule sent it; null: sent by the admin. */
  step: number | null;
}

/** Why a reminder cannot be sent for an invoice now. */
export type ReminderBlock = 'not_overdue' | 'paid' | 'credited' | 'disputed';

/** An invoice's dispute (bestridande): it holds reminders until lifted. */
export interface InvoiceDispute {
  note: string;
  by: string;
  at: string;
}

/** One invoice of an order as the reminder panel shows it (GET /api/admin/orders/:number/reminders). */
export interface ReminderInvoiceState {
  number: string;
  kind: 'invoice' | 'supplementary_invoice';
  dueOn: string;
  lastDayToPay: string;
  daysOverdue: number;
  balance: string;
  dispute: InvoiceDispute | null;
  /** Null when a reminder can be sent now. */
  blocked: ReminderBlock | null;
  /** What a reminder sent today would charge. */
  preview: { fee: string; feeKind: ReminderFee['kind'] | null; interest: string; total: string } | null;
  /** Reminders already sent for it, oldest first. */
  reminders: { number: string; issuedOn: string; total: string; step: number | null }[];
}

export interface OrderRemindersAnswer {
  buyerKind: BuyerKind;
  invoices: ReminderInvoiceState[];
  /** The automatic schedule (days after the last day to pay); empty: off. */
  schedule: number[];
}

/** POST /api/admin/orders/:number/reminders `{ invoice? }` → 201. */
export interface SendReminderAnswer {
  reminder: string;
  total: string;
}

/** POST /api/admin/orders/:number/dispute `{ note, invoice? }`; DELETE lifts it. */
export interface DisputeRequest {
  note: string;
  invoice?: string;
}

/** A customer with an open balance in the customer ledger (GET /api/admin/customers). */
export interface CustomerSummary {
  /** An opaque id of the customer (a hash of its identity). */
  id: string;
  kind: 'company' | 'individual';
  name: string;
  /** Organisation number (companies), the masked personnummer or the email (individuals). */
  identity: string;
  email: string;
  orders: number;
  /** Open balance over every document and payment up to the day asked (negative: owed back). */
  balance: string;
  /** Of it, past the last day to pay. */
  overdue: string;
}

export interface CustomerList {
  asOf: string;
  customers: CustomerSummary[];
  /** The sum of every listed customer's balance: equals the receivables account 1510 that day. */
  total: string;
}

/** One line of a customer's ledger: a document (debit, or credit for a credit note) or a payment. */
export interface CustomerLedgerLine {
  date: string;
  kind: 'invoice' | 'supplementary_invoice' | 'credit_note' | 'reminder' | 'payment' | 'refund';
  /** The document's number, or the invoice a payment paid. */
  number: string;
  orderNumber: string;
  dueOn: string | null;
  /** Positive raises what the customer owes, negative lowers it. */
  amount: string;
  /** The running balance after this line. */
  balance: string;
  /** A document's PDF for the admin. */
  pdf: string | null;
}

export interface CustomerOpenItem {
  number: string;
  kind: 'invoice' | 'supplementary_invoice' | 'reminder';
  orderNumber: string;
  issuedOn: string;
  dueOn: string | null;
  daysOverdue: number;
  balance: string;
}

export interface CustomerLedger extends CustomerSummary {
  asOf: string;
  lines: CustomerLedgerLine[];
  open: CustomerOpenItem[];
  /** Where the kontoutdrag PDF is (GET) and sent (POST …/statement/email). */
  statementPdf: string;
}

export const customerPaths = {
  list: '/api/admin/customers',
  one: (id: string) => `/api/admin/customers/${encodeURIComponent(id)}`,
  statementPdf: (id: string) => `/api/admin/customers/${encodeURIComponent(id)}/statement.pdf`,
  statementEmail: (id: string) => `/api/admin/customers/${encodeURIComponent(id)}/statement/email`,
} as const;

export const reminderPaths = {
  state: (orderNumber: string) => `/api/admin/orders/${encodeURIComponent(orderNumber)}/reminders`,
  dispute: (orderNumber: string) => `/api/admin/orders/${encodeURIComponent(orderNumber)}/dispute`,
} as const;

/** Customer ids are 24 hex digits (a hash of the identity). */
export const customerIdPattern = /^[0-9a-f]{24}$/;
