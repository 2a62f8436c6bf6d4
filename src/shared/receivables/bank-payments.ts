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
 * day, or one whose day the ledger's payment-day rule refuses against the invoice it names: in a
 * closed month, or before the invoice's date; docs/decisions/0075).
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
  'closed_month',
  'before_invoice',
] as const;
export type UnmatchedReasonCode = (typeof unmatchedReasons)[number];

/** Why a line of a bank file was not recorded on the invoice it names (docs/decisions/0075). */
export const notBookedReasons = ['future', 'closed_month', 'before_invoice'] as const;
export type NotBookedReason = (typeof notBookedReasons)[number];

/** A line of a bank file not recorded on its invoice for its day, as the import keeps it. */
export interface NotBookedLine {
  reason: NotBookedReason;
  /** The bank's day. */
  bookedOn: string;
  /** "1250.00", as the file states it. */
  amount: string;
  currency: string;
  /** Its OCR reference or first reference, and the payer's name (as the ledger notes a payment). */
  reference: string | null;
  /** The invoice it names (closed_month, before_invoice). */
  invoice: string | null;
  /** The invoice's date (before_invoice). */
  issuedOn: string | null;
  /** The day the books took it on the suspense account (closed_month, before_invoice); null: refused. */
  enteredOn: string | null;
}

/** POST /api/admin/bank-files → 201 (the contract of issue 26; refused and notBooked: issue 42). */
export interface BankFileImportAnswer {
  format: BankFileFormatName;
  payments: number;
  matched: number;
  unmatched: number;
  duplicates: number;
  /** Lines dated after the import's day: not stored, nothing booked (the same file again, later, books them). */
  refused: number;
  /**
   * The lines not recorded on their invoice for their day (at most 100), each with what happened
   * in the reader's language: refused (a future day), or waiting in the queue on the suspense
   * account (a closed month, or a day before the invoice's date).
   */
  notBooked: (NotBookedLine & { message: string })[];
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
