/** Invoicing's public face: how a document reads (the InvoiceDocument) and its renderings (HTML, PDF, Peppol UBL, SIE lines). What is issued and stored is the ledger's (src/server/ledger). */
export {
  buildInvoice,
  inDocumentCurrency,
  invoiceForOrder,
  withInvoiceCurrency,
  invoiceLanguage,
  supplementaryInvoiceDocument,
  type ForeignAmounts,
  type InvoiceDocument,
  type InvoiceLine,
  type InvoiceLineInput,
  type InvoiceOrder,
} from './invoice-document';
export { sendOrderEInvoice } from './e-invoice';
export { eInvoiceRefusal } from './peppol-ubl';
export { vatNotices } from './vat-notice';
export {
  invoicePdfFileName,
  renderInvoicePdf,
  renderInvoicePdfShared,
  renderQuotePdf,
  startPdfDocument,
  type QuotePdfFacts,
} from './invoice-pdf';
export {
  configureDocumentWorkers,
  renderOffThread,
  renderPdf,
  renderReminderPdfOffThread,
  renderStatementPdfOffThread,
  sendMailOffThread,
  type DocumentTask,
  type PooledTask,
  type DocumentTaskAnswer,
  type MailTarget,
} from './document-workers';
export { formatInvoiceDate, formatInvoiceMoney, formatKr, invoiceTexts } from './texts';
export { sendInvoice, sendInvoicePdf, sendInvoiceUbl, sendPdf } from './http';
export { invoiceContentSecurityPolicy, renderInvoiceHtml } from './invoice-html';
export {
  encodeSieLines,
  pc8Text,
  sieAccounts,
  sieHeaderLines,
  sieInvoiceVerification,
  siePaymentVerification,
  sieReminderVerification,
  type SieHeader,
  type SieInvoice,
  type SiePayment,
  type SieReminder,
} from './sie';
export {
  renderReminderPdf,
  renderStatementPdf,
  type StatementDocument,
  type StatementLine,
} from './receivables-pdf';
