import type { FastifyReply } from 'fastify';
import type { InvoiceDocument } from './invoice-document';
import { invoiceContentSecurityPolicy, renderInvoiceHtml } from './invoice-html';
import { renderPdf } from './document-workers';
import { invoicePdfFileName } from './invoice-pdf';
import { peppolFileName, renderPeppolUbl } from './peppol-ubl';

/**
 * Sends PDF bytes as a file: a download (attachment) unless `inline`, never cached, never
 * referred. The buyer's routes and admin's share this.
 */
export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string, inline = false): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${fileName}"`)
    .type('application/pdf')
    .send(pdf);
}

/** Renders an invoice as a PDF and sends it (an issued document's stored bytes go through sendPdf). */
export async function sendInvoicePdf(
  reply: FastifyReply,
  invoice: InvoiceDocument,
  inline = false,
): Promise<FastifyReply> {
  return sendPdf(reply, await renderPdf(invoice), invoicePdfFileName(invoice), inline);
}

/** Sends an invoice as Peppol BIS Billing 3.0 UBL XML (a download). */
export function sendInvoiceUbl(reply: FastifyReply, invoice: InvoiceDocument): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${peppolFileName(invoice)}"`)
    .type('application/xml; charset=utf-8')
    .send(renderPeppolUbl(invoice));
}

/** The invoice page as its own document: its own CSP (an inline style by hash), never cached or referred. */
export function sendInvoice(reply: FastifyReply, invoice: InvoiceDocument): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', invoiceContentSecurityPolicy)
    .type('text/html; charset=utf-8')
    .send(renderInvoiceHtml(invoice));
}
