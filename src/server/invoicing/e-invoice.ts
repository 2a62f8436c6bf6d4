import type { FastifyReply } from 'fastify';
import type { Locale } from '@/shared/i18n/locale';
import { eInvoiceMessages } from '@/shared/i18n/messages/e-invoice';
import { sendError } from '@/server/http/errors';
import type { InvoiceDocument } from './invoice-document';
import { sendInvoiceUbl } from './http';
import { eInvoiceRefusal } from './peppol-ubl';

/**
 * Sends an order's invoice as issued (the ledger's stored document) as a Peppol BIS Billing 3.0
 * e-invoice, or says plainly why there is none: 422 for a private buyer or a buyer without a Peppol
 * address (no e-invoice will come), 409 for an intra-Community supply not yet shipped (it will, once
 * shipped). The delivery date is the one recorded fact added after issue: the day the order first
 * shipped, which `firstShipped` answers (the orders domain's orderShippedOn; asked only when the
 * invoice names none). The buyer's and admin's routes share this.
 */
export async function sendOrderEInvoice(
  reply: FastifyReply,
  issued: InvoiceDocument,
  firstShipped: () => Promise<string | null>,
  locale: Locale,
): Promise<FastifyReply> {
  const shippedOn = issued.deliveryDate ? null : await firstShipped();
  const invoice = shippedOn ? { ...issued, deliveryDate: shippedOn } : issued;
  const refusal = eInvoiceRefusal(invoice);
  if (refusal) {
    return sendError(reply, refusal === 'not_shipped' ? 409 : 422, eInvoiceMessages[locale][refusal]);
  }
  return sendInvoiceUbl(reply, invoice);
}
