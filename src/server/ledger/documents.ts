import { sql, type SQL } from 'drizzle-orm';
import { stockholmDate, type CalendarDate } from '@/shared/dates';
import type { DocumentKind } from '@/shared/ledger';
import type { Locale } from '@/shared/i18n/locale';
import type { VatTreatment } from '@/shared/invoicing/vat-treatment';
import { PAYMENT_DAYS } from '@/shared/terms';
import { invoiceDueDate } from '@/shared/receivables/aging';
import type { SellerDetails } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { StoredOrderLine } from '@/server/db/orders-schema';
import { queryRows } from '@/server/db/query-rows';
import type { ReminderSnapshot } from '@/shared/receivables/reminders';
import {
  eInvoiceRefusal,
  invoiceForOrder,
  renderPdf,
  renderReminderPdfOffThread,
  supplementaryInvoiceDocument,
  type InvoiceDocument,
  type InvoiceOrder,
} from '@/server/invoicing';

/**
 * Documents as stored (table documents, migrations/2000_ledger.sql): each one's snapshot is the
 * InvoiceDocument every renderer prints, as JSON (its dates as ISO text). Issued documents are
 * never rebuilt from the order, the catalogue or the settings: only read back.
 */

/** An InvoiceDocument as JSON keeps it: the issue time as ISO text. */
export type DocumentSnapshot = Omit<InvoiceDocument, 'issueDate' | 'deliveryDate'> & {
  issueDate: string;
  deliveryDate: string | null;
};

/** The snapshot of an invoice issued before documents were stored: completed at first use. */
interface LegacySnapshot {
  legacy: true;
  /** A supplementary invoice's lines (the order's own invoice has the order's). */
  items?: StoredOrderLine[];
}

export function toSnapshot(document: InvoiceDocument): DocumentSnapshot {
  return JSON.parse(JSON.stringify(document)) as DocumentSnapshot;
}

export function fromSnapshot(snapshot: DocumentSnapshot): InvoiceDocument {
  return { ...snapshot, issueDate: new Date(snapshot.issueDate) };
}

/** The fields of the order's invoice that the checkout's statement fills in (its number and dates). */
const numberedFields = ['invoiceNumber', 'orderNumber', 'ocr', 'issueDate', 'dueDate'] as const;

/**
 * The order's invoice as the checkout stores it, without what only its statement knows (the
 * number from the series, the OCR and the dates): `insertOrders` adds those in SQL.
 */
export function checkoutInvoiceSnapshot(
  order: Omit<InvoiceOrder, 'orderNumber' | 'orderDate'>,
  seller: SellerDetails,
): Record<string, unknown> {
  const snapshot: Record<string, unknown> = {
    // Today: the day the statement issues it, whose rate an OSS invoice charges (its dates are
    // replaced in SQL).
    ...toSnapshot(invoiceForOrder({ ...order, orderNumber: 'INV-0', orderDate: new Date() }, seller)),
  };
  for (const field of numberedFields) delete snapshot[field];
  return snapshot;
}

/**
 * The SQL that completes a checkout snapshot from the inserted order row `o` (order_number,
 * order_date): the same fields buildInvoice sets, computed the same way (the due date PAYMENT_DAYS
 * calendar days after the Stockholm order date; OCR by ocr_reference(), which mirrors ocrReference()).
 */
export function checkoutSnapshotCompletion(orderRow: string, dueDates: SQL): ReturnType<typeof sql> {
  const o = sql.raw(orderRow);
  return sql`jsonb_build_object(
      'invoiceNumber', ${o}.order_number, 'orderNumber', ${o}.order_number,
      'ocr', ocr_reference(substr(${o}.order_number, 5)),
      'issueDate', to_char(${o}.order_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'dueDate', to_char(${checkoutDueOn(orderRow, dueDates)}, 'YYYY-MM-DD'))`;
}

/**
 * The due date of a checkout's invoice: `dueDates` (invoiceDueDatesAround, a jsonb map from the
 * Stockholm date to the due date it gives, moved past days banks are closed) picks it by the order's
 * Stockholm date; a date outside the map falls back to PAYMENT_DAYS calendar days.
 */
function checkoutDueOn(orderRow: string, dueDates: SQL): SQL {
  const day = sql`(${sql.raw(orderRow)}.order_date AT TIME ZONE 'Europe/Stockholm')::date`;
  return sql`coalesce((${dueDates} ->> to_char(${day}, 'YYYY-MM-DD'))::date, ${day} + ${PAYMENT_DAYS}::integer)`;
}

export type DocumentRow = {
  id: number;
  orderId: number;
  kind: DocumentKind;
  number: string;
  seq: number;
  /** ISO time of issue. */
  issuedAt: string;
  issuedOn: CalendarDate;
  dueOn: CalendarDate | null;
  language: Locale;
  vatTreatment: VatTreatment;
  net: string;
  vat: string;
  total: string;
  ocr: string | null;
  correctsDocumentId: number | null;
  reason: string | null;
  snapshot: DocumentSnapshot | LegacySnapshot | ReminderSnapshot;
};

export const documentColumns =
  sql.raw(`d.id::integer AS id, d.order_id::integer AS "orderId", d.kind, d.number,
  d.seq::text AS seq, to_char(d.issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "issuedAt",
  to_char(d.issued_on, 'YYYY-MM-DD') AS "issuedOn", to_char(d.due_on, 'YYYY-MM-DD') AS "dueOn",
  d.language, d.vat_treatment AS "vatTreatment", d.net::text AS net, d.vat::text AS vat, d.total::text AS total,
  d.ocr, d.corrects_document_id::integer AS "correctsDocumentId", d.reason, d.snapshot`);

function toRow(row: DocumentRow): DocumentRow {
  return { ...row, seq: Number(row.seq) };
}

export async function documentById(db: Db, id: number): Promise<DocumentRow | undefined> {
  const [row] = await queryRows<DocumentRow>(
    db,
    sql`SELECT ${documentColumns} FROM documents d WHERE d.id = ${id}::bigint`,
  );
  return row && toRow(row);
}

/** One document of an order by its number; undefined for any other number or order. */
export async function documentOfOrder(
  db: Db,
  orderId: number,
  number: string,
): Promise<DocumentRow | undefined> {
  const [row] = await queryRows<DocumentRow>(
    db,
    sql`SELECT ${documentColumns} FROM documents d WHERE d.number = ${number} AND d.order_id = ${orderId}::bigint`,
  );
  return row && toRow(row);
}

/**
 * An order's own invoice (kind invoice). An order written straight into the table (a seed, a bench,
 * never a checkout) gets its invoice document here at first use, as the ledger's migration gave
 * every order placed before it: the order's number, date and amounts, its snapshot completed from
 * the order when first rendered (issuedDocument).
 */
export async function orderInvoiceRow(db: Db, orderId: number): Promise<DocumentRow | undefined> {
  const read = async () =>
    (
      await queryRows<DocumentRow>(
        db,
        sql`SELECT ${documentColumns} FROM documents d WHERE d.order_id = ${orderId}::bigint AND d.kind = 'invoice'
          ORDER BY d.seq LIMIT 1`,
      )
    )[0];
  const row = await read();
  if (row) return toRow(row);
  await db.execute(
    sql`INSERT INTO documents (order_id, kind, number, seq, issued_at, issued_on, due_on, language, vat_treatment,
        net, vat, total, ocr, snapshot)
      SELECT id, 'invoice', order_number, invoice_seq, order_date, (order_date AT TIME ZONE 'Europe/Stockholm')::date,
        (order_date AT TIME ZONE 'Europe/Stockholm')::date + ${PAYMENT_DAYS}::integer,
        CASE WHEN country_code = 'SE' THEN 'sv' ELSE 'en' END, vat_treatment, ex_vat_amount, vat_amount, total_amount,
        CASE WHEN order_number ~ '^INV-[0-9]{1,23}$' THEN ocr_reference(substr(order_number, 5)) END,
        '{"legacy": true}'::jsonb
      FROM orders WHERE id = ${orderId}::bigint AND total_amount > 0
      ON CONFLICT DO NOTHING`,
  );
  const made = await read();
  return made && toRow(made);
}

/** Every document of an order, in number order (its invoice made first if it had none, see orderInvoiceRow). */
export async function documentsOfOrder(db: Db, orderId: number): Promise<DocumentRow[]> {
  await orderInvoiceRow(db, orderId);
  const rows = await queryRows<DocumentRow>(
    db,
    sql`SELECT ${documentColumns} FROM documents d WHERE d.order_id = ${orderId}::bigint ORDER BY d.seq`,
  );
  return rows.map(toRow);
}

/**
 * Whether the document has a Peppol e-invoice: a business or public buyer with a Peppol address.
 * One not yet shipped (an intra-Community supply) has one to come: its route says why it waits.
 * A snapshot from before documents were stored is completed at the route, which decides then.
 */
export function hasEInvoice(row: DocumentRow): boolean {
  if (isReminderSnapshot(row.snapshot)) return false;
  if (isLegacy(row.snapshot)) return true;
  const refusal = eInvoiceRefusal(fromSnapshot(row.snapshot));
  return refusal === null || refusal === 'not_shipped';
}

function isLegacy(snapshot: DocumentRow['snapshot']): snapshot is LegacySnapshot {
  return 'legacy' in snapshot;
}

/** A reminder's snapshot (its own shape: src/shared/receivables/reminders.ts). */
export function isReminderSnapshot(snapshot: DocumentRow['snapshot']): snapshot is ReminderSnapshot {
  return 'kind' in snapshot && snapshot.kind === 'reminder';
}

/**
 * The document as issued. An invoice from before documents were stored is completed once from its
 * order (with the seller's details as they are at that first use: the best record there is) and
 * kept, so it never changes again.
 */
export async function issuedDocument(
  db: Db,
  row: DocumentRow,
  seller: SellerDetails,
): Promise<InvoiceDocument> {
  if (isReminderSnapshot(row.snapshot))
    throw new Error(`document ${row.number} is a reminder, not an invoice`);
  if (!isLegacy(row.snapshot)) return fromSnapshot(row.snapshot);
  const [order] = await queryRows<InvoiceOrder>(
    db,
    sql`SELECT order_number AS "orderNumber", order_date AS "orderDate", customer_type AS "customerType",
        customer_name AS "customerName", customer_email AS "customerEmail", customer_phone AS "customerPhone",
        customer_organization AS "customerOrganization", customer_org_number AS "customerOrgNumber",
        customer_personal_number AS "customerPersonalNumber", delivery_address AS "deliveryAddress",
        country_code AS "countryCode", items, total_amount::text AS "totalAmount",
        ex_vat_amount::text AS "exVatAmount", vat_amount::text AS "vatAmount", vat_treatment AS "vatTreatment",
        buyer_vat_number AS "buyerVatNumber", buyer_reference AS "buyerReference",
        purchase_order_number AS "purchaseOrderNumber", buyer_peppol_id AS "buyerPeppolId",
        billing_address AS "billingAddress"
      FROM orders WHERE id = ${row.orderId}::bigint`,
  );
  if (!order) throw new Error(`order of document ${row.number} not found`);
  const orderRow = { ...order, orderDate: new Date(order.orderDate) };
  const issued =
    row.kind === 'supplementary_invoice'
      ? supplementaryInvoiceDocument(
          orderRow,
          {
            invoiceNumber: row.number,
            issuedAt: new Date(row.issuedAt),
            items: row.snapshot.items ?? [],
          },
          seller,
        )
      : invoiceForOrder(orderRow, seller);
  const [stored] = await queryRows<{ snapshot: DocumentSnapshot }>(
    db,
    sql`UPDATE documents SET snapshot = ${JSON.stringify(toSnapshot(issued))}::jsonb
      WHERE id = ${row.id}::bigint AND snapshot ? 'legacy' RETURNING snapshot`,
  );
  if (stored) return fromSnapshot(stored.snapshot);
  // Completed by someone else meanwhile: theirs is the one kept.
  const again = await documentById(db, row.id);
  if (!again || isLegacy(again.snapshot) || isReminderSnapshot(again.snapshot))
    throw new Error(`document ${row.number} lost its snapshot`);
  return fromSnapshot(again.snapshot);
}

/**
 * The document's PDF: rendered once from its snapshot and stored, then always those bytes (a
 * setting changed later, a new version of the renderer or of its font cannot change a PDF already
 * sent). The first reader renders it; two at once store one and both answer the stored one.
 */
export async function documentPdf(db: Db, row: DocumentRow, seller: SellerDetails): Promise<Buffer> {
  const stored = await storedPdf(db, row.id);
  if (stored) return stored;
  const pdf = isReminderSnapshot(row.snapshot)
    ? await renderReminderPdfOffThread(row.snapshot)
    : await renderPdf(await withDeliveryDate(db, row, await issuedDocument(db, row, seller)));
  // Two senders may render the same document at once: the first stored bytes win, so every email
  // and download of it carries the same file. RETURNING answers only when this one stored them.
  const inserted = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO document_pdfs (document_id, pdf) VALUES (${row.id}::bigint, ${pdf})
      ON CONFLICT (document_id) DO NOTHING RETURNING document_id::text AS id`,
  );
  if (inserted.length > 0) return pdf;
  return (await storedPdf(db, row.id)) ?? pdf;
}

/**
 * An invoice's delivery date as its PDF states it (decision 0066): the day the order first shipped
 * when that is known as the PDF is first rendered, the same recorded fact the e-invoice adds as
 * BT-72. Mervärdesskattelagen (2023:200) 17 kap. 24 § (directive 2006/112/EC art. 226 point 7)
 * asks for the date of supply in so far as it can be determined and differs from the invoice's
 * date; an invoice rendered before the goods ship cannot know it and states none. The PDF is
 * stored as rendered (documentPdf), so shipping later never changes a PDF already made.
 */
async function withDeliveryDate(db: Db, row: DocumentRow, issued: InvoiceDocument): Promise<InvoiceDocument> {
  if (issued.deliveryDate || row.kind === 'credit_note') return issued;
  const [shipped] = await queryRows<{ day: string | null }>(
    db,
    sql`SELECT to_char(min(changed_at) AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD') AS day
      FROM order_status_events WHERE order_id = ${row.orderId}::bigint AND to_status = 'shipped'`,
  );
  return shipped?.day ? { ...issued, deliveryDate: shipped.day } : issued;
}

async function storedPdf(db: Db, documentId: number): Promise<Buffer | undefined> {
  const [row] = await queryRows<{ pdf: Uint8Array }>(
    db,
    sql`SELECT pdf FROM document_pdfs WHERE document_id = ${documentId}::bigint`,
  );
  return row ? Buffer.from(row.pdf) : undefined;
}

/** "Invoice_INV-1.pdf", "Kreditfaktura_KR-2.pdf" / "CreditNote_KR-2.pdf", "Paminnelse_PAM-3.pdf" / "Reminder_PAM-3.pdf". */
export function documentPdfFileName(row: Pick<DocumentRow, 'kind' | 'number' | 'language'>): string {
  if (row.kind === 'reminder')
    return `${row.language === 'sv' ? 'Paminnelse' : 'Reminder'}_${row.number}.pdf`;
  if (row.kind === 'credit_note')
    return `${row.language === 'sv' ? 'Kreditfaktura' : 'CreditNote'}_${row.number}.pdf`;
  return `Invoice_${row.number}.pdf`;
}

/**
 * The checkout's run of numbers as an SQL fragment for its one statement (a data-modifying CTE
 * answering `base`: the orders take base + 1 … base + count): at least now in milliseconds and
 * above every number handed out, under the counter's row lock, as nextSeq does for one.
 */
export function takeSeqsSql(count: number | SQL): SQL {
  return sql`UPDATE invoice_counter
    SET last_value = greatest((extract(epoch from clock_timestamp()) * 1000)::bigint + ${count} - 1, last_value + ${count})
    WHERE id = 1
    RETURNING last_value - ${count} AS base`;
}

/**
 * The checkout's invoices as an SQL fragment for its one statement: one invoice per order row of
 * `from`, named `order` there (id, order_number, invoice_seq, order_date, vat_treatment and the
 * amounts as inserted), its snapshot `snapshot` (checkoutInvoiceSnapshot) completed with the number
 * and dates (checkoutSnapshotCompletion).
 */
export function issueCheckoutInvoicesSql(invoices: {
  from: SQL;
  order: string;
  snapshot: SQL;
  dueDates: SQL;
}): SQL {
  const o = sql.raw(invoices.order);
  return sql`INSERT INTO documents (order_id, kind, number, seq, issued_at, issued_on, due_on, language, vat_treatment,
      net, vat, total, ocr, snapshot)
    SELECT ${o}.id, 'invoice', ${o}.order_number, ${o}.invoice_seq, ${o}.order_date,
      (${o}.order_date AT TIME ZONE 'Europe/Stockholm')::date,
      ${checkoutDueOn(invoices.order, invoices.dueDates)},
      ${invoices.snapshot}->>'language', ${o}.vat_treatment, ${o}.ex_vat_amount, ${o}.vat_amount,
      ${o}.total_amount, ocr_reference(${o}.invoice_seq::text),
      ${invoices.snapshot} || ${checkoutSnapshotCompletion(invoices.order, invoices.dueDates)}
    FROM ${invoices.from}`;
}

/**
 * The next number of the one series (invoice_counter, shared with the checkout): at least now in
 * milliseconds and above every number handed out, under the counter's row lock until the caller's
 * transaction ends.
 */
export async function nextSeq(tx: Db): Promise<number> {
  const [row] = await queryRows<{ seq: string }>(
    tx,
    sql`UPDATE invoice_counter
      SET last_value = greatest((extract(epoch from clock_timestamp()) * 1000)::bigint, last_value + 1)
      WHERE id = 1 RETURNING last_value::text AS seq`,
  );
  if (!row) throw new Error('invoice counter missing');
  return Number(row.seq);
}

/**
 * Stores a reminder (påminnelse) as a document of the series in the caller's transaction: its
 * charges are the reminders domain's, the document the ledger's. Answers its id.
 */
export async function insertReminderDocument(
  tx: Db,
  reminder: {
    orderId: number;
    number: string;
    seq: number;
    issuedAt: Date;
    issuedOn: string;
    dueOn: string;
    language: Locale;
    vatTreatment: VatTreatment;
    total: string;
    /** None when the reminder charges nothing (no fee, no interest). */
    ocr: string | null;
    snapshot: ReminderSnapshot;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO documents (order_id, kind, number, seq, issued_at, issued_on, due_on, language, vat_treatment,
        net, vat, total, ocr, snapshot)
      VALUES (${reminder.orderId}::bigint, 'reminder', ${reminder.number}, ${reminder.seq}::bigint,
        ${reminder.issuedAt.toISOString()}::timestamptz, ${reminder.issuedOn}::date, ${reminder.dueOn}::date,
        ${reminder.language}, ${reminder.vatTreatment}, ${reminder.total}::numeric, 0, ${reminder.total}::numeric,
        ${reminder.ocr}, ${JSON.stringify(reminder.snapshot)}::jsonb)
      RETURNING id::text AS id`,
  );
  if (!row) throw new Error('reminder not stored');
  return Number(row.id);
}

/** Stores one issued document (snapshot and its columns) in the caller's transaction; answers its id. */
export async function insertDocument(
  tx: Db,
  document: {
    orderId: number;
    kind: DocumentKind;
    seq: number;
    issuedAt: Date;
    correctsDocumentId?: number;
    reason?: string;
    uploadId?: string;
  },
  issued: InvoiceDocument,
): Promise<number> {
  const issuedOn = stockholmDate(document.issuedAt);
  const dueOn = document.kind === 'credit_note' ? null : invoiceDueDate(document.issuedAt);
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO documents (order_id, kind, number, seq, issued_at, issued_on, due_on, language, vat_treatment,
        net, vat, total, ocr, snapshot, corrects_document_id, reason, upload_id)
      VALUES (${document.orderId}::bigint, ${document.kind}, ${issued.invoiceNumber}, ${document.seq}::bigint,
        ${document.issuedAt.toISOString()}::timestamptz, ${issuedOn}::date, ${dueOn}::date, ${issued.language},
        ${issued.vatTreatment}, ${issued.net}::numeric, ${issued.vat}::numeric, ${issued.total}::numeric,
        ${document.kind === 'credit_note' ? null : issued.ocr}, ${JSON.stringify(toSnapshot(issued))}::jsonb,
        ${document.correctsDocumentId ?? null}::bigint, ${document.reason ?? null}, ${document.uploadId ?? null})
      RETURNING id::text AS id`,
  );
  if (!row) throw new Error('document not stored');
  return Number(row.id);
}

/**
 * The order's own invoice as issued, for its pages and emails. An order without a stored invoice
 * (written straight into the table by a seed or a bench, never by a checkout) is shown as its
 * order reads today.
 */
export async function orderInvoice(
  db: Db,
  order: InvoiceOrder & { id: number },
  seller: SellerDetails,
): Promise<InvoiceDocument> {
  const row = await orderInvoiceRow(db, order.id);
  return row ? issuedDocument(db, row, seller) : invoiceForOrder(order, seller);
}

/**
 * The order's own invoice and its PDF from one read of its row: what the order's two checkout
 * emails attach (the outbox asks once per order in a claimed batch).
 */
export async function orderInvoiceWithPdf(
  db: Db,
  order: InvoiceOrder & { id: number },
  seller: SellerDetails,
): Promise<{ invoice: InvoiceDocument; pdf: Buffer; fileName: string }> {
  const row = await orderInvoiceRow(db, order.id);
  if (!row) {
    const invoice = invoiceForOrder(order, seller);
    return { invoice, pdf: await renderPdf(invoice), fileName: `Invoice_${invoice.invoiceNumber}.pdf` };
  }
  const [invoice, pdf] = await Promise.all([issuedDocument(db, row, seller), documentPdf(db, row, seller)]);
  return { invoice, pdf, fileName: documentPdfFileName(row) };
}

/** The order's own invoice as a PDF: the stored bytes (rendered and stored at first use). */
export async function orderInvoicePdf(
  db: Db,
  order: InvoiceOrder & { id: number },
  seller: SellerDetails,
): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await orderInvoiceRow(db, order.id);
  if (!row) {
    const invoice = invoiceForOrder(order, seller);
    return { pdf: await renderPdf(invoice), fileName: `Invoice_${invoice.invoiceNumber}.pdf` };
  }
  return { pdf: await documentPdf(db, row, seller), fileName: documentPdfFileName(row) };
}
