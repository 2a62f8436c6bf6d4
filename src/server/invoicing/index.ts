/** Invoicing's public face for other domains: invoice documents, their renderings and the supplementary invoices. Its routes are in ./routes. */
export {
  customisationDetail,
  invoiceForOrder,
  invoiceLanguage,
  supplementaryInvoiceDocument,
  type InvoiceDocument,
  type InvoiceOrder,
} from './invoice-document';
export { fonts as pdfFonts, invoicePdfFileName, renderInvoicePdfShared } from './invoice-pdf';
export { formatInvoiceDate, formatKr, invoiceTexts } from './texts';
export { sendInvoice, sendInvoicePdf, sendInvoiceUbl } from './http';
export { orderShippedOn, sendOrderEInvoice } from './e-invoice';
export { vatNotices } from './vat-notice';
export {
  issueSupplementaryInvoice,
  supplementaryInvoiceById,
  supplementaryInvoiceForUpload,
  supplementaryInvoicesOf,
} from './supplementary';
