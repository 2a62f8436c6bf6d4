import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Locale } from '@/shared/i18n/locale';
import { eInvoiceMessages } from '@/shared/i18n/messages/e-invoice';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { sendError } from '@/server/http/errors';
import type { InvoiceDocument } from './invoice-document';
import { sendInvoiceUbl } from './http';
import { eInvoiceRefusal } from './peppol-ubl';

/**
 * The day (Stockholm) the order first shipped, from its status history; null until it has. It is
 * the invoice's actual delivery date (EN 16931 BT-72): a recorded fact, never an estimate.
 */
export async function orderShippedOn(db: Db, orderId: number): Promise<string | null> {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`SELECT to_char(min(changed_at) AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD') AS day
          FROM order_status_events WHERE order_id = ${orderId} AND to_status = 'shipped'`,
  );
  return row?.day ?? null;
}

/**
 * Sends an order's invoice as issued (the ledger's stored document) as a Peppol BIS Billing 3.0
 * e-invoice, or says plainly why there is none: 422 for a private buyer or a buyer without a Peppol
 * address (no e-invoice will come), 409 for an intra-Community supply not yet shipped (it will, once
 * shipped). The delivery date is the one recorded fact added after issue: the day the order first
 * shipped. The buyer's and admin's routes share this.
 */
export async function sendOrderEInvoice(
  reply: FastifyReply,
  db: Db,
  issued: InvoiceDocument,
  orderId: number,
  locale: Locale,
): Promise<FastifyReply> {
  const shippedOn = issued.deliveryDate ? null : await orderShippedOn(db, orderId);
  const invoice = shippedOn ? { ...issued, deliveryDate: shippedOn } : issued;
  const refusal = eInvoiceRefusal(invoice);
  if (refusal) {
    return sendError(reply, refusal === 'not_shipped' ? 409 : 422, eInvoiceMessages[locale][refusal]);
  }
  return sendInvoiceUbl(reply, invoice);
}
