/**
 * The ledger's public face for other domains: documents (invoices, supplementary invoices, credit
 * notes) as issued and their PDFs, payments (recordPayment is the one way money enters), the
 * payment state and balance of orders. Its routes are in ./routes.
 */
export {
  checkoutInvoiceSnapshot,
  checkoutSnapshotCompletion,
  documentById,
  documentOfOrder,
  documentPdf,
  documentPdfFileName,
  insertReminderDocument,
  issueCheckoutInvoicesSql,
  takeSeqsSql,
  documentsOfOrder,
  issuedDocument,
  isReminderSnapshot,
  nextSeq,
  orderInvoice,
  orderInvoicePdf,
  orderInvoiceWithPdf,
  orderInvoiceRow,
  type DocumentRow,
  type DocumentSnapshot,
} from './documents';
export {
  LedgerError,
  ledgerSums,
  orderMoney,
  paymentNotice,
  paymentStates,
  paymentsOfOrder,
  invoiceBalanceOre,
  recordPayment,
  type NewPayment,
  type PaymentNotice,
  type RecordedPayment,
} from './payments';
export { euroBalancesOfOrder, euroTotal, recordEurPayment } from './eur-payments';
/** The one rule for a payment's day (not after today, not in a closed month, not before its invoice). */
export {
  closedMonthsOf,
  describePaymentDayProblem,
  paymentDayRule,
  type PaymentDayProblem,
} from './closed-months';
/** The order's money as a route declares it (the admin's order page reads it after every money write). */
export { orderDocumentSchema, orderMoneySchema, orderMoneyShape } from './contract';
export {
  creditOrderInFull,
  hasInvoiceToCredit,
  issueCreditNote,
  type CreditChoice,
  type CreditNoteResult,
} from './credit-notes';
export { issueUpgradeCreditNotes, upgradeCreditReason } from './upgrade-repair';
export {
  issueChangeInvoice,
  issueSupplementaryInvoice,
  supplementaryInvoiceFactsSql,
  supplementaryInvoiceForUpload,
  supplementaryInvoicesOf,
} from './supplementary';
