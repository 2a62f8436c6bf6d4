import { enqueueEmail } from '@/server/email';
import { sql, type SQL } from 'drizzle-orm';
import type { SupplementaryInvoiceSummary } from '@/shared/supplementary-invoices';
import type { SellerDetails } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { StoredOrderLine } from '@/server/db/orders-schema';
import { queryRows } from '@/server/db/query-rows';
import { decimalFromOre } from '@/shared/ledger';
import { supplementaryInvoiceDocument, type InvoiceDocument, type InvoiceOrder } from '@/server/invoicing';
import { insertDocument, nextSeq } from './documents';

/**
 * Supplementary invoices: charges added to an order after it was placed (a raster print file's
 * conversion). Documents like every other (kind supplementary_invoice), numbered in the one series,
 * paid through the same payments.
 */

/**
 * Issues a supplementary invoice with `items` (priced VAT-inclusive) for the order, inside the
 * caller's transaction: the next number of the series, the order's buyer and VAT treatment, today's
 * seller details, stored as issued, and the buyer's email queued. `uploadId` is the print file it
 * charges for; the table allows one invoice per file.
 */
export async function issueSupplementaryInvoice(
  tx: Db,
  order: InvoiceOrder & { id: number },
  uploadId: string,
  items: readonly StoredOrderLine[],
  seller: SellerDetails,
): Promise<{ id: number; invoiceNumber: string }> {
  const seq = await nextSeq(tx);
  const issuedAt = new Date();
  const invoiceNumber = `INV-${seq}`;
  const issued = supplementaryInvoiceDocument(order, { invoiceNumber, issuedAt, items: [...items] }, seller);
  const id = await insertDocument(
    tx,
    { orderId: order.id, kind: 'supplementary_invoice', seq, issuedAt, uploadId },
    issued,
  );
  await enqueueEmail(tx, { orderId: order.id, kind: 'supplementary_invoice', ref: id });
  return { id, invoiceNumber };
}

/**
 * Issues the supplementary invoice of an order change's increase (issue 41) in the caller's
 * transaction: one line for the difference (VAT included, split by the order's VAT treatment), the
 * next number of the series, today's seller details, and a reference to the invoice it adds to
 * (Mervärdesskattelagen 2023:200, 17 kap. 22 §; docs/decisions/0041). No email of its own: the
 * change's email carries it with every document the change issued.
 */
export async function issueChangeInvoice(
  tx: Db,
  order: InvoiceOrder & { id: number },
  change: { amountOre: number; description: string; supplements: { number: string; issuedOn: string } },
  seller: SellerDetails,
): Promise<{ id: number; invoiceNumber: string }> {
  if (!Number.isSafeInteger(change.amountOre) || change.amountOre <= 0)
    throw new Error('a change invoice charges a positive amount');
  const amount = decimalFromOre(change.amountOre);
  const seq = await nextSeq(tx);
  const issuedAt = new Date();
  const invoiceNumber = `INV-${seq}`;
  const item: StoredOrderLine = {
    productId: ORDER_CHANGE_CODE,
    name: change.description,
    names: { sv: change.description, en: change.description },
    quantity: 1,
    unitPrice: amount,
    lineTotal: amount,
  };
  const issued: InvoiceDocument = {
    ...supplementaryInvoiceDocument(order, { invoiceNumber, issuedAt, items: [item] }, seller),
    supplements: { invoiceNumber: change.supplements.number, issueDate: change.supplements.issuedOn },
  };
  const id = await insertDocument(
    tx,
    { orderId: order.id, kind: 'supplementary_invoice', seq, issuedAt },
    issued,
  );
  return { id, invoiceNumber };
}

/** The item code of an order change's line on its supplementary invoice (no product has it). */
export const ORDER_CHANGE_CODE = 'ORDER-CHANGE';

/**
 * The documents that charge for an uploaded print file (supplementary invoices) as a derived table
 * for a join in another domain's statement: id, order_id, upload_id (the file), number, total.
 * E.g. `LEFT JOIN ${supplementaryInvoiceFactsSql} s ON s.upload_id = f.upload_id`.
 */
export const supplementaryInvoiceFactsSql: SQL = sql`(SELECT id, order_id, upload_id, number, total
  FROM documents WHERE upload_id IS NOT NULL)`;

interface SummaryRow extends Record<string, unknown> {
  number: string;
  issued_at: string;
  due_on: string;
  total: string;
  print_file_name: string | null;
  for_print_file: boolean;
  paid_on: string | null;
  received: string | null;
}

const summaryColumns = sql`d.number, to_char(d.issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS issued_at,
  to_char(d.due_on, 'YYYY-MM-DD') AS due_on, d.total::text AS total,
  (SELECT coalesce(line->>'printFileName', line->>'detail')
    FROM jsonb_array_elements(coalesce(d.snapshot->'lines', d.snapshot->'items')) AS line
    WHERE line ? 'printFileName' OR line ? 'detail' LIMIT 1) AS print_file_name,
  d.upload_id IS NOT NULL AS for_print_file,
  (SELECT to_char(max(p.paid_on), 'YYYY-MM-DD') FROM payments p WHERE p.document_id = d.id) AS paid_on,
  (SELECT sum(p.amount)::text FROM payments p WHERE p.document_id = d.id) AS received`;

function summary(row: SummaryRow, orderNumber: string): SupplementaryInvoiceSummary {
  return {
    invoiceNumber: row.number,
    orderNumber,
    issuedAt: row.issued_at,
    dueDate: row.due_on,
    total: row.total,
    printFileName: row.print_file_name,
    charges: row.for_print_file ? 'conversion' : 'change',
    payment: row.paid_on && row.received ? { paidOn: row.paid_on, amount: row.received } : null,
  };
}

/** An order's supplementary invoices, oldest first, with what was received on each. */
export async function supplementaryInvoicesOf(
  db: Db,
  order: { id: number | string; orderNumber: string },
): Promise<SupplementaryInvoiceSummary[]> {
  const rows = await queryRows<SummaryRow>(
    db,
    sql`SELECT ${summaryColumns} FROM documents d
      WHERE d.order_id = ${String(order.id)}::bigint AND d.kind = 'supplementary_invoice' ORDER BY d.seq`,
  );
  return rows.map((row) => summary(row, order.orderNumber));
}

/** The supplementary invoice that charges for the print file `uploadId`, if any. */
export async function supplementaryInvoiceForUpload(
  db: Db,
  order: { orderNumber: string },
  uploadId: string,
): Promise<SupplementaryInvoiceSummary | null> {
  const [row] = await queryRows<SummaryRow>(
    db,
    sql`SELECT ${summaryColumns} FROM documents d WHERE d.upload_id = ${uploadId}`,
  );
  return row ? summary(row, order.orderNumber) : null;
}
