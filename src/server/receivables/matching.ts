/**
 * Which invoice a bank payment pays. First by OCR reference (the shop's references carry a length
 * digit and a Luhn check digit, src/shared/invoicing/ocr-reference.ts, so a reference that
 * matches is no accident); then, for a payment without a usable OCR reference, by an invoice
 * number (or OCR reference) written in its free text together with an amount equal to that
 * invoice's open balance. Anything else waits in the queue for the admin.
 *
 * Pure: the caller looks the invoices up by `lookupKeys` and hands them in.
 */
import { isValidOcrReference } from '@/shared/invoicing/ocr-reference';
import { isValidRfReference } from '@/shared/invoicing/rf-reference';
import type { Milli } from '@/shared/money';
import type { BankPayment } from './bank-file';

export interface InvoiceCandidate {
  /** The document number, "INV-1732350000000". */
  number: string;
  ocr: string;
  /** What is still to pay on it; 0 or less when it is paid or credited. */
  balance: Milli;
  currency?: string;
}

export interface LookupKeys {
  /** OCR references to look up exactly. */
  ocrs: string[];
  /** Digit runs of the free text: an invoice number's digits or an OCR reference typed in a message. */
  digitRuns: string[];
}

export interface Allocation {
  invoice: string;
  amount: Milli;
}

export type UnmatchedReason =
  | 'not_sek'
  | 'deduction'
  | 'no_reference'
  | 'unknown_reference'
  | 'invoice_not_open'
  | 'amount_differs'
  | 'ambiguous';

export type MatchResult =
  | { matched: true; by: 'ocr' | 'text'; allocations: Allocation[] }
  | { matched: false; reason: UnmatchedReason };

type MatchInput = Pick<BankPayment, 'amount' | 'currency' | 'ocrReferences' | 'references' | 'messages'>;

/** Digit runs this long are worth looking up: the shop's invoice numbers have 13, OCR references 15. */
const MIN_RUN = 6;
const MAX_RUN = 25;
const MAX_KEYS = 50;

function digitsOnly(reference: string): string | undefined {
  const compact = reference.replace(/[\s-]/g, '');
  return /^\d+$/.test(compact) ? compact : undefined;
}

/** Runs of digits in a text, each 6–25 long, in order; linear, no backtracking. */
export function digitRuns(text: string): string[] {
  const runs: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : -1;
    const isDigit = code >= 48 && code <= 57;
    if (isDigit && start < 0) start = i;
    if (!isDigit && start >= 0) {
      if (i - start >= MIN_RUN && i - start <= MAX_RUN) runs.push(text.slice(start, i));
      start = -1;
    }
  }
  return runs;
}

/**
 * The OCR reference inside an RF creditor reference (ISO 11649) whose check digits hold: a EUR
 * invoice gives "RF" + check digits + its OCR (src/shared/invoicing/rf-reference.ts), which a
 * foreign payer's bank passes on (camt.054 CdtrRefInf/Ref, type SCOR).
 */
export function ocrOfRfReference(reference: string): string | undefined {
  const compact = reference.replace(/[\s-]/g, '').toUpperCase();
  if (!compact.startsWith('RF') || !isValidRfReference(compact)) return undefined;
  return digitsOnly(compact.slice(4));
}

/** The OCR references of a payment that deserve an exact lookup: the bank's, and valid typed ones. */
function ocrCandidates(payment: MatchInput): { checked: string[]; typed: string[] } {
  const checked = payment.ocrReferences.map(
    (r) => digitsOnly(r.reference) ?? ocrOfRfReference(r.reference) ?? r.reference,
  );
  const typed = payment.references
    .map((reference) => digitsOnly(reference) ?? ocrOfRfReference(reference))
    .filter((r): r is string => r !== undefined && isValidOcrReference(r) && !checked.includes(r));
  return { checked, typed };
}

function freeText(payment: MatchInput): string[] {
  return [...payment.references, ...payment.messages];
}

/** What the caller should look up for a payment: at most 50 keys, whatever the file holds. */
export function lookupKeys(payment: MatchInput): LookupKeys {
  const { checked, typed } = ocrCandidates(payment);
  const ocrs = [...new Set([...checked, ...typed])].slice(0, MAX_KEYS);
  const runs = new Set<string>();
  for (const text of freeText(payment)) for (const run of digitRuns(text)) runs.add(run);
  return { ocrs, digitRuns: [...runs].slice(0, MAX_KEYS) };
}

const numberDigits = (invoice: InvoiceCandidate): string => invoice.number.replace(/\D/g, '');

/** Decides where a payment goes, given the invoices its keys found (any others are ignored). */
export function matchPayment(payment: MatchInput, invoices: readonly InvoiceCandidate[]): MatchResult {
  if (payment.currency !== 'SEK') return { matched: false, reason: 'not_sek' };
  if (payment.amount <= 0) return { matched: false, reason: 'deduction' };

  const byOcr = new Map(invoices.map((invoice) => [invoice.ocr, invoice]));
  const { checked, typed } = ocrCandidates(payment);
  const referenced = [...checked, ...typed];
  if (referenced.length > 0) {
    const unknownChecked = checked.some((reference) => !byOcr.has(reference));
    const found = referenced.map((reference) => byOcr.get(reference)).filter((i) => i !== undefined);
    if (found.length > 0 && !unknownChecked) return allocate(payment, checked, found);
  }

  const runs = new Set(freeText(payment).flatMap(digitRuns));
  const named = invoices.filter((invoice) => runs.has(numberDigits(invoice)) || runs.has(invoice.ocr));
  if (named.length === 0)
    return {
      matched: false,
      reason: referenced.length > 0 || runs.size > 0 ? 'unknown_reference' : 'no_reference',
    };
  const exact = named.filter((invoice) => invoice.balance === payment.amount);
  if (exact.length === 1 && exact[0]) {
    return { matched: true, by: 'text', allocations: [{ invoice: exact[0].number, amount: payment.amount }] };
  }
  if (exact.length > 1) return { matched: false, reason: 'ambiguous' };
  return { matched: false, reason: named.some((i) => i.balance > 0) ? 'amount_differs' : 'invoice_not_open' };
}

/**
 * Splits a payment over the invoices its OCR references name. One invoice takes the whole amount
 * (a part payment leaves a balance, an overpayment shows as overpaid). Several take the amounts
 * the bank stated per reference when those add up to the payment; otherwise each in turn takes
 * its open balance and the last takes what is left.
 */
function allocate(
  payment: MatchInput,
  checked: readonly string[],
  found: readonly InvoiceCandidate[],
): MatchResult {
  const invoices = [...new Map(found.map((invoice) => [invoice.number, invoice])).values()];
  if (invoices.some((invoice) => invoice.balance <= 0)) return { matched: false, reason: 'invoice_not_open' };
  const only = invoices[0];
  if (invoices.length === 1 && only) {
    return { matched: true, by: 'ocr', allocations: [{ invoice: only.number, amount: payment.amount }] };
  }

  const stated = payment.ocrReferences.map((reference) => reference.amount);
  if (
    checked.length === invoices.length &&
    stated.every((amount): amount is Milli => amount !== undefined && amount > 0) &&
    stated.reduce((sum, amount) => sum + amount, 0) === payment.amount
  ) {
    return {
      matched: true,
      by: 'ocr',
      allocations: invoices.map((invoice, i) => ({ invoice: invoice.number, amount: stated[i] as Milli })),
    };
  }

  const allocations: Allocation[] = [];
  let left: number = payment.amount;
  invoices.forEach((invoice, i) => {
    const last = i === invoices.length - 1;
    const amount = last ? left : Math.min(left, invoice.balance);
    if (amount > 0) allocations.push({ invoice: invoice.number, amount: amount as Milli });
    left -= amount;
  });
  return { matched: true, by: 'ocr', allocations };
}
