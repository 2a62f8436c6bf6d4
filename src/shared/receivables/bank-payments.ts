/**
 * Bank files and the money view as the admin API answers them (server and admin page share these):
 * the import's summary, the queue of payments no invoice was found for, and the open invoices
 * with their aging.
 */
import type { DocumentKind, PaymentState } from '@/shared/ledger';
import type { AgingSummary } from './aging';

export const bankFileFormats = ['bgmax', 'camt054'] as const;
export type BankFileFormatName = (typeof bankFileFormats)[number];
/** A bank file's import: read into the stage, being recorded a batch at a time, recorded. */
export const bankFileImportStates = ['reading', 'recording', 'recorded'] as const;
export type BankFileImportState = (typeof bankFileImportStates)[number];

export const bankPaymentStates = ['pending', 'matched', 'unmatched', 'assigned', 'not_ours'] as const;
export type BankPaymentState = (typeof bankPaymentStates)[number];

/**
 * Why a payment waits in the queue: the matcher's reasons (src/server/receivables/matching.ts) and
 * the import's own (an amount that is not whole öre, a payment the bank reports without a booking
 * day, or one booked on a day after today).
 */
export const unmatchedReasons = [
  'not_sek',
  'deduction',
  'no_reference',
  'unknown_reference',
  'invoice_not_open',
  'amount_differs',
  'ambiguous',
  'not_whole_ore',
  'not_booked',
] as const;
export type UnmatchedReasonCode = (typeof unmatchedReasons)[number];

/** POST /api/admin/bank-files → 201 (the contract of issue 26). */
export interface BankFileImportAnswer {
  format: BankFileFormatName;
  payments: number;
  matched: number;
  unmatched: number;
  duplicates: number;
}

/** One payment of the queue (GET /api/admin/bank-payments). */
export interface QueuedBankPayment {
  id: number;
  /** "1900.00"; negative for a deduction. */
  amount: string;
  currency: string;
  bookedOn: string | null;
  state: BankPaymentState;
  reason: UnmatchedReasonCode | null;
  references: string[];
  messages: string[];
  payerName: string | null;
  payerId: string | null;
  format: BankFileFormatName;
  importedAt: string;
  /** Assigned or matched: the invoice it was recorded against. */
  invoice: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  note: string | null;
}

/** POST /api/admin/bank-payments/:id/assign. */
export interface AssignBankPaymentRequest {
  /** The invoice's number, "INV-1732350000000" (a supplementary invoice's too). */
  invoice: string;
}

/** POST /api/admin/bank-payments/:id/not-ours. */
export interface NotOursRequest {
  note?: string;
}

export const receivablesFilters = ['all', 'overdue', 'due_this_week', 'partly_paid'] as const;
export type ReceivablesFilter = (typeof receivablesFilters)[number];

/** One open invoice of the money view. */
export interface OpenInvoice {
  number: string;
  orderNumber: string;
  /** A reminder's fee and interest are receivables of their own, listed like an invoice. */
  kind: Exclude<DocumentKind, 'credit_note'>;
  customer: string;
  issuedOn: string;
  dueOn: string;
  /** The due date, or the next banking day when it falls on a weekend or public holiday. */
  lastDayToPay: string;
  daysOverdue: number;
  ocr: string | null;
  total: string;
  paid: string;
  balance: string;
  paymentState: PaymentState;
}

/** GET /api/admin/receivables?filter&customer&on. */
export interface ReceivablesAnswer {
  /** The day the view is computed for (Stockholm), YYYY-MM-DD. */
  on: string;
  /** Over every open invoice, whatever the filter; amounts in öre as exact decimal strings. */
  aging: Record<keyof Omit<AgingSummary, 'total'>, { count: number; amount: string }> & { total: string };
  invoices: OpenInvoice[];
  /** More invoices matched than the answer lists (it lists the first 500 by last day to pay). */
  truncated: boolean;
}
