/**
 * The money model shared by server and admin page: document kinds, payment methods, the payment
 * state (derived here and only here from an order's documents and payments), and the admin's
 * amount input. Ledger arithmetic is in whole öre (integers): every document and payment amount has
 * two decimals, and some are negative (credit notes, refunds).
 */

/**
 * Kinds of documents. A reminder (påminnelse) carries what it charges besides the invoice it
 * reminds of (a fee and interest, src/shared/receivables/reminders.ts), payable like an invoice;
 * zero when it charges nothing.
 */
export const documentKinds = ['invoice', 'supplementary_invoice', 'credit_note', 'reminder'] as const;
export type DocumentKind = (typeof documentKinds)[number];

export const paymentMethods = ['bank_transfer', 'bankgiro', 'card', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentStates = ['unpaid', 'partly_paid', 'paid', 'overpaid', 'credited', 'refunded'] as const;
export type PaymentState = (typeof paymentStates)[number];

/** An order's money in öre: what was invoiced, credited, received and paid back. */
export interface LedgerSums {
  /** Invoices and supplementary invoices, the sum of their totals (≥ 0). */
  invoiced: number;
  /** Credit notes, the sum of their totals as a positive number. */
  credited: number;
  /** Money received (positive payments). */
  received: number;
  /** Money paid back (refunds), as a positive number. */
  refunded: number;
}

/** What is still to pay (negative: money owed back to the buyer). */
export function balanceOre(sums: LedgerSums): number {
  return sums.invoiced - sums.credited - (sums.received - sums.refunded);
}

/**
 * The payment state of an order (or of one invoice with its credit notes and payments):
 * - credited: everything invoiced has been credited (a negative balance then is money to refund);
 * - refunded: everything credited, and the money received has gone back;
 * - otherwise by what was paid against what is owed: unpaid, partly_paid, paid, overpaid.
 */
export function paymentState(sums: LedgerSums): PaymentState {
  const owed = sums.invoiced - sums.credited;
  const paid = sums.received - sums.refunded;
  if (sums.invoiced > 0 && owed <= 0) {
    return sums.refunded > 0 && paid <= 0 ? 'refunded' : 'credited';
  }
  if (paid <= 0) return 'unpaid';
  if (paid < owed) return 'partly_paid';
  return paid === owed ? 'paid' : 'overpaid';
}

const decimalPattern = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/;

/** "-12.5" → -1250 öre. Throws on anything else: amounts come from the database or parseAmountInput. */
export function oreFromDecimal(decimal: string): number {
  const match = decimalPattern.exec(decimal);
  if (!match) throw new Error(`Not an amount with at most two decimals: ${decimal}`);
  const ore = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -ore : ore;
}

/** -1250 → "-12.50": the API's and the database's form. */
export function decimalFromOre(ore: number): string {
  const sign = ore < 0 ? '-' : '';
  const abs = Math.abs(ore);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The largest amount one payment or credit may have: 9 999 999 999,99 kr (numeric(14, 2)). */
export const MAX_AMOUNT_ORE = 999_999_999_999;

/** Thousands grouped by a space (or the no-break spaces a formatted number carries), or none. */
const groupedInput = /^\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d{1,2})?$/;
const plainInput = /^\d{1,10}(?:[.,]\d{1,2})?$/;

/**
 * An amount as the admin types it, Swedish or plain: "10 000,00", "10000,00", "10000.00", "10 000".
 * Answers öre, or undefined when it is not such an amount (a sign, letters, three decimals, a
 * misplaced space). Zero is an amount here; callers decide whether it may be.
 */
export function parseAmountInput(input: string): number | undefined {
  const trimmed = input.trim();
  if (trimmed.length === 0 || trimmed.length > 20) return undefined;
  if (!plainInput.test(trimmed) && !groupedInput.test(trimmed)) return undefined;
  const [whole = '', fraction = ''] = trimmed.replace(/[ \u00a0\u202f]/g, '').split(/[.,]/);
  const ore = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return ore > MAX_AMOUNT_ORE ? undefined : ore;
}

/** One payment as the admin API lists it (refunds negative). */
export interface LedgerPayment {
  amount: string;
  /** The day the money arrived (or left, for a refund), YYYY-MM-DD. */
  paidOn: string;
  /** The invoice it pays (a refund: the invoice whose money went back). */
  invoice: string;
  method: PaymentMethod;
  reference: string | null;
  recordedBy: string | null;
  /** A payment of a EUR invoice: the euros paid and the SEK the bank booked (`amount` is the SEK it cleared). */
  currency?: 'EUR';
  amountInCurrency?: string;
  bookedSek?: string;
  /** No money: a residual settled by öresavrundning (BAS 3740), and why when set by hand. */
  settlement?: 'rounding';
  settlementReason?: string | null;
}

/** One document as the admin API lists it. */
export interface LedgerDocument {
  kind: DocumentKind;
  number: string;
  issuedOn: string;
  /** The due date of an invoice; null for a credit note. */
  dueOn: string | null;
  /** Negative for a credit note. */
  total: string;
  net: string;
  vat: string;
  /** A URL the admin session (or the buyer's token, on the order page) can GET. */
  pdf: string;
  /**
   * The document's Peppol e-invoice (UBL Invoice, or CreditNote for a credit note), at the same
   * address with .xml; null when there is none (a private buyer, no Peppol address).
   */
  xml: string | null;
  /** A credit note: the invoice it corrects, and why. */
  corrects: string | null;
  reason: string | null;
  /** An invoice: what is still to pay on it after its credit notes and payments. */
  balance: string | null;
  /** A reminder: the invoice it reminds of. */
  reminds?: string;
  /** The currency the document is made out in; a EUR document also its total and what is left of it in EUR. */
  currency: 'SEK' | 'EUR';
  totalInCurrency?: string;
  /** An invoice's balance in EUR (null for a credit note). */
  balanceInCurrency?: string | null;
}

/** The money of one order as the admin's order detail shows it. */
export interface OrderMoney {
  paymentState: PaymentState;
  /** What is still to pay over every document of the order ("2000.00"); negative when owed back. */
  balance: string;
  payments: LedgerPayment[];
  documents: LedgerDocument[];
}

/** POST /api/admin/orders/:number/payments. */
export interface RecordPaymentRequest {
  /** "1000.00" or Swedish "1 000,00"; more than zero. */
  amount: string;
  /** YYYY-MM-DD, today in Stockholm at the latest. */
  paidOn: string;
  reference?: string;
  method?: PaymentMethod;
  /** A supplementary invoice's number; the order's own invoice when left out. */
  invoice?: string;
  /** EUR: `amount` is in euros (a EUR invoice only) and `bookedSek` the SEK the bank booked. */
  currency?: 'SEK' | 'EUR';
  bookedSek?: string;
}

/** POST /api/admin/orders/:number/credit-notes: whole lines (by index) or an amount, with a reason. */
export interface CreditNoteRequest {
  /** The invoice to credit; the order's own invoice when left out. */
  invoice?: string;
  reason: string;
  /** Indexes of the invoice's lines to credit in full. */
  lines?: number[];
  /** An amount including VAT to credit ("500,00"), at most what is left of the invoice. */
  amount?: string;
}

/** POST /api/admin/orders/:number/refunds: money paid back to the buyer. */
export interface RefundRequest {
  amount: string;
  paidOn: string;
  reference?: string;
  method?: PaymentMethod;
  invoice?: string;
}

/** One line of the invoice journal (GET /api/admin/journal?from&to): a document in number order. */
export interface JournalEntry {
  kind: DocumentKind;
  number: string;
  issuedOn: string;
  customer: string;
  /** A credit note: the invoice it corrects. */
  corrects: string | null;
  net: string;
  vat: string;
  /** Negative for a credit note. */
  total: string;
  /** An invoice: what was paid on it (refunds subtracted); null for a credit note. */
  paid: string | null;
  /** An invoice: what is left after its credit notes and payments; null for a credit note. */
  balance: string | null;
  /** The BAS sales account the document's net is booked to (the SIE export's, bas-accounts.ts). */
  account: string;
}

/** Where the admin opens a document's PDF. */
export function adminDocumentPdfPath(orderNumber: string, documentNumber: string): string {
  return `/api/admin/orders/${encodeURIComponent(orderNumber)}/documents/${encodeURIComponent(documentNumber)}.pdf`;
}

/** Where the buyer opens a document's PDF (add `?token=`, or send the order token header). */
export function buyerDocumentPdfPath(orderNumber: string, documentNumber: string): string {
  return `/api/orders/${encodeURIComponent(orderNumber)}/documents/${encodeURIComponent(documentNumber)}.pdf`;
}

/** Document numbers: invoices INV-<seq>, credit notes KR-<seq>, reminders PAM-<seq>, one series. */
export const documentNumberPattern = /^(?:INV|KR|PAM)-\d{1,19}$/;
