/**
 * Receivables: bank files read and matched to invoices by OCR (BgMax, camt.054). Overdue
 * invoices, reminders and the customer ledger build on the pure rules in src/shared/receivables.
 */
export { BankFileError } from './bank-file';
// What a reader takes, then what it gives.
export type { BankFileFormat, BankFileHandler, ByteSource } from './bank-file';
export type { BankFileSummary, BankPayment, PaymentReference } from './bank-file';
export { readBgMax } from './bgmax';
export { readCamt054 } from './camt054';
export { readBankFile } from './read-bank-file';
export {
  lookupKeys,
  matchPayment,
  type Allocation,
  type InvoiceCandidate,
  type LookupKeys,
  type MatchResult,
  type UnmatchedReason,
} from './matching';
