import { sql } from 'drizzle-orm';
import { dueDate, stockholmDate } from '@/shared/dates';
import { invoiceAmounts, type VatTreatment } from '@/shared/invoicing/vat-treatment';
import { milliFromDecimal, milliToDecimalString } from '@/shared/money';
import type { SupplementaryInvoiceSummary } from '@/shared/supplementary-invoices';
import type { Db } from '@/server/db/client';
import type { StoredOrderLine } from '@/server/db/orders-schema';
import { queryRows } from '@/server/db/query-rows';
import type { SupplementaryInvoiceRecord } from './invoice-document';

/**
 * Supplementary invoices (table supplementary_invoices): charges added to an order after it was
 * placed. Numbers come from the orders' counter, so every invoice number of the shop is unique and
 * increasing whichever table it is in.
 */

/**
 * Issues a supplementary invoice with `items` (priced VAT-inclusive, like every price) for the
 * order, inside the caller's transaction: the next number of the series, amounts by the order's
 * VAT treatment, and the buyer's email queued in the same statement. `uploadId` is the print file
 * it charges for; the table allows one invoice per file.
 */
export async function issueSupplementaryInvoice(
  tx: Db,
  order: { id: number; vatTreatment: VatTreatment },
  uploadId: string,
  items: readonly StoredOrderLine[],
): Promise<{ id: number; invoiceNumber: string }> {
  const amounts = invoiceAmounts(
    items.map((line) => milliFromDecimal(line.lineTotal)),
    order.vatTreatment,
  );
  const [row] = await queryRows<{ id: string; invoice_number: string }>(
    tx,
    sql`WITH counter AS (
        UPDATE invoice_counter
        SET last_value = greatest((extract(epoch from clock_timestamp()) * 1000)::bigint, last_value + 1)
        WHERE id = 1
        RETURNING last_value
      ), invoice AS (
        INSERT INTO supplementary_invoices (order_id, invoice_number, invoice_seq, upload_id, items,
          total_amount, ex_vat_amount, vat_amount)
        SELECT ${order.id}::bigint, 'INV-' || counter.last_value, counter.last_value, ${uploadId},
          ${JSON.stringify(items)}::jsonb, ${milliToDecimalString(amounts.total)}::numeric,
          ${milliToDecimalString(amounts.net)}::numeric, ${milliToDecimalString(amounts.vat)}::numeric
        FROM counter
        RETURNING id, order_id, invoice_number
      ), queued AS (
        INSERT INTO email_outbox (order_id, kind, ref)
        SELECT order_id, 'supplementary_invoice', id FROM invoice
      )
      SELECT id::text AS id, invoice_number FROM invoice`,
  );
  if (!row) throw new Error('supplementary invoice not stored');
  return { id: Number(row.id), invoiceNumber: row.invoice_number };
}

interface InvoiceRow extends Record<string, unknown> {
  id: string;
  invoice_number: string;
  issued_at: string;
  upload_id: string;
  items: StoredOrderLine[];
  total_amount: string;
  paid_on: string | null;
  amount_received: string | null;
}

const columns = sql.raw(
  `id::text AS id, invoice_number, to_char(issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS issued_at,
   upload_id, items, total_amount::text AS total_amount, to_char(paid_on, 'YYYY-MM-DD') AS paid_on,
   amount_received::text AS amount_received`,
);

function summary(row: InvoiceRow, orderNumber: string): SupplementaryInvoiceSummary {
  return {
    invoiceNumber: row.invoice_number,
    orderNumber,
    issuedAt: row.issued_at,
    dueDate: dueDate(row.issued_at),
    total: row.total_amount,
    printFileName: row.items.find((line) => line.printFileName)?.printFileName ?? null,
    payment: row.paid_on && row.amount_received ? { paidOn: row.paid_on, amount: row.amount_received } : null,
  };
}

export type RecordPaymentResult =
  | { ok: true; invoice: SupplementaryInvoiceSummary }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'already-paid' | 'before-issue'; date: string };

/**
 * Records a supplementary invoice's payment (the day the money arrived, the amount; by default
 * today and the invoice's total), once: a second recording, or a day before the invoice's own
 * Stockholm issue date, changes nothing and says why.
 */
export async function recordSupplementaryPayment(
  db: Db,
  order: { id: number; orderNumber: string },
  invoiceNumber: string,
  payment: { paidOn?: string | undefined; amountReceived?: string | undefined },
): Promise<RecordPaymentResult> {
  if (!/^INV-\d{1,19}$/.test(invoiceNumber)) return { ok: false, reason: 'not-found' };
  const paidOn = payment.paidOn ?? stockholmDate(new Date());
  const issuedOn = sql`(issued_at AT TIME ZONE 'Europe/Stockholm')::date`;
  const [updated] = await queryRows<InvoiceRow>(
    db,
    sql`UPDATE supplementary_invoices
        SET paid_on = ${paidOn}::date, amount_received = coalesce(${payment.amountReceived ?? null}::numeric, total_amount),
          payment_recorded_at = now()
        WHERE order_id = ${order.id}::bigint AND invoice_number = ${invoiceNumber}
          AND paid_on IS NULL AND ${paidOn}::date >= ${issuedOn}
        RETURNING ${columns}`,
  );
  if (updated) return { ok: true, invoice: summary(updated, order.orderNumber) };
  const [existing] = await queryRows<{ paid_on: string | null; issued_on: string }>(
    db,
    sql`SELECT to_char(paid_on, 'YYYY-MM-DD') AS paid_on, to_char(${issuedOn}, 'YYYY-MM-DD') AS issued_on
        FROM supplementary_invoices WHERE order_id = ${order.id}::bigint AND invoice_number = ${invoiceNumber}`,
  );
  if (!existing) return { ok: false, reason: 'not-found' };
  return existing.paid_on
    ? { ok: false, reason: 'already-paid', date: existing.paid_on }
    : { ok: false, reason: 'before-issue', date: existing.issued_on };
}

/** An order's supplementary invoices, oldest first. */
export async function supplementaryInvoicesOf(
  db: Db,
  order: { id: number | string; orderNumber: string },
): Promise<SupplementaryInvoiceSummary[]> {
  const rows = await queryRows<InvoiceRow>(
    db,
    sql`SELECT ${columns} FROM supplementary_invoices
        WHERE order_id = ${String(order.id)}::bigint ORDER BY issued_at, id`,
  );
  return rows.map((row) => summary(row, order.orderNumber));
}

/** The supplementary invoice that charges for the print file `uploadId`, if any. */
export async function supplementaryInvoiceForUpload(
  db: Db,
  order: { orderNumber: string },
  uploadId: string,
): Promise<SupplementaryInvoiceSummary | null> {
  const [row] = await queryRows<InvoiceRow>(
    db,
    sql`SELECT ${columns} FROM supplementary_invoices WHERE upload_id = ${uploadId}`,
  );
  return row ? summary(row, order.orderNumber) : null;
}

/** One supplementary invoice of the order, for its documents; undefined for any other number. */
export async function findSupplementaryInvoice(
  db: Db,
  orderId: number,
  invoiceNumber: string,
): Promise<SupplementaryInvoiceRecord | undefined> {
  if (!/^INV-\d{1,19}$/.test(invoiceNumber)) return undefined;
  const [row] = await queryRows<InvoiceRow>(
    db,
    sql`SELECT ${columns} FROM supplementary_invoices
        WHERE order_id = ${orderId}::bigint AND invoice_number = ${invoiceNumber}`,
  );
  return row && { invoiceNumber: row.invoice_number, issuedAt: new Date(row.issued_at), items: row.items };
}

/** The supplementary invoice with this id (an outbox row's ref). */
export async function supplementaryInvoiceById(
  db: Db,
  id: number,
): Promise<SupplementaryInvoiceRecord | undefined> {
  const [row] = await queryRows<InvoiceRow>(
    db,
    sql`SELECT ${columns} FROM supplementary_invoices WHERE id = ${id}::bigint`,
  );
  return row && { invoiceNumber: row.invoice_number, issuedAt: new Date(row.issued_at), items: row.items };
}
