import type { FastifyReply } from 'fastify';
import type { SellerDetails } from '@/server/config';
import type { InvoiceDocument, InvoiceOrder } from './invoice-document';
import { invoiceContentSecurityPolicy, renderInvoice } from './invoice-html';
import { invoicePdfFileName, renderInvoicePdf } from './invoice-pdf';
import { peppolFileName, renderPeppolUbl } from './peppol-ubl';

/**
 * Sends an invoice as a PDF file: a download (attachment) unless `inline`, never cached, never
 * referred. The buyer's routes and admin's share this.
 */
export async function sendInvoicePdf(
  reply: FastifyReply,
  invoice: InvoiceDocument,
  inline = false,
): Promise<FastifyReply> {
  const pdf = await renderInvoicePdf(invoice);
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename="${invoicePdfFileName(invoice)}"`,
    )
    .type('application/pdf')
    .send(pdf);
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
export function sendInvoice(reply: FastifyReply, order: InvoiceOrder, seller: SellerDetails): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', invoiceContentSecurityPolicy)
    .type('text/html; charset=utf-8')
    .send(renderInvoice(order, seller));
}
