import { ossRateTenths, vatPercent, type VatTreatment } from '@/shared/invoicing/vat-treatment';
import { stockholmDate } from '@/shared/dates';
import { sql, type SQL } from 'drizzle-orm';
import {
  nextStatuses,
  type AdminJobDetailBase,
  type AdminJobLine,
  type AdminJobOrderDetail,
  type AdminOrderDetail,
  type AdminOrderLine,
  type AdminVies,
} from '@/shared/admin';
import type { Locale } from '@/shared/i18n/locale';
import type { Db } from '@/server/db/client';
import { orderPrintFiles } from '@/server/print-files';
import { pixelSizesOf } from '@/server/uploads';
import { orderLineChangesOf, orderStatusHistory, readErasable } from '@/server/orders';
import { quoteNumberOfOrder } from '@/server/quotes';
import { listProofs } from '@/server/proofs';
import { notesOf, threadOf } from '@/server/order-talk';
import { productionBlock } from '@/shared/proofs';
import { orderAdminMessages } from '@/shared/i18n/messages/order-admin';
import { hasInvoiceToCredit, orderMoney, supplementaryInvoicesOf } from '@/server/ledger';
import { adminDocumentPdfPath } from '@/shared/ledger';
import { queryRows } from '@/server/db/query-rows';
import { isoTime } from './order-query';
import { itemNames, summaryColumns, toJobSummary, type SummaryRow } from './order-list';

/**
 * One order as the admin's order page shows it: the stored order with its status history, proofs,
 * print files and delivery estimate (every role), and its money from the ledger (the money roles).
 */
interface DetailRow extends SummaryRow {
  customer_type: 'personal' | 'company';
  customer_org_number: string | null;
  customer_personal_number: string | null;
  customer_address: string;
  delivery_address: string;
  ex_vat_amount: string;
  vat_amount: string;
  vat_treatment: VatTreatment;
  buyer_vat_number: string | null;
  buyer_reference: string | null;
  billing_address: string | null;
  status_changed_at: string;
  vies_status: AdminVies['status'] | null;
  vies_name: string | null;
  vies_request_id: string | null;
  vies_checked_at: string | null;
}

/** One order by its number (unique index). */
export function orderDetailQuery(orderNumber: string): SQL {
  return sql`SELECT ${summaryColumns}, customer_type, customer_org_number, customer_personal_number, customer_address,
      delivery_address, ex_vat_amount::text AS ex_vat_amount, vat_amount::text AS vat_amount,
      vat_treatment, buyer_vat_number, buyer_reference, billing_address,
      ${isoTime(sql`status_changed_at`)} AS status_changed_at,
      vies_status, vies_name, vies_request_id, ${isoTime(sql`vies_checked_at`)} AS vies_checked_at
    FROM orders WHERE order_number = ${orderNumber}`;
}

/**
 * What the job needs of a line, field by field (an allow list: a field added to stored lines later
 * reaches production only when named here): never its unit price or line total.
 */
function jobLine(line: AdminOrderLine): AdminJobLine {
  const job: AdminJobLine = { productId: line.productId, name: line.name, quantity: line.quantity };
  if (line.names) job.names = line.names;
  if (line.customisation) job.customisation = line.customisation;
  if (line.sizes) job.sizes = line.sizes;
  if (line.options) job.options = line.options;
  if (line.notes) job.notes = line.notes;
  if (line.tierQuantity !== undefined) job.tierQuantity = line.tierQuantity;
  if (line.fee) job.fee = line.fee;
  if (line.printFileId) job.printFileId = line.printFileId;
  if (line.printFileName) job.printFileName = line.printFileName;
  return job;
}

async function detailRow(db: Db, orderNumber: string): Promise<DetailRow | undefined> {
  const [row] = await queryRows<DetailRow>(db, orderDetailQuery(orderNumber));
  return row;
}

/** The job part every role reads: customer, lines without prices, history, proofs, files. */
async function jobDetail(
  db: Db,
  row: DetailRow,
  locale: Locale | undefined,
  reader: 'money' | 'job',
): Promise<AdminJobDetailBase> {
  const events = await orderStatusHistory(db, row.id);
  const proofs = await listProofs(db, row.id);
  const block = nextStatuses[row.status].includes('in_production') ? productionBlock(proofs) : undefined;
  return {
    ...toJobSummary(row, locale),
    customerType: row.customer_type,
    customerOrgNumber: row.customer_org_number,
    customerPersonalNumber: row.customer_personal_number,
    customerAddress: readErasable(row.customer_address, row.customer_email, locale),
    deliveryAddress: readErasable(row.delivery_address, row.customer_email, locale),
    countryCode: row.country_code,
    items: itemNames(row.items, locale).map(jobLine),
    buyerReference: row.buyer_reference,
    statusChangedAt: row.status_changed_at,
    printFiles: await orderPrintFiles(db, row.id, row.items),
    imageSizes: await pixelSizesOf(
      db,
      row.items.flatMap((line) => line.customisation?.prints.map((print) => print.uploadId) ?? []),
    ),
    events,
    proofs,
    productionBlockedReason: block ? orderAdminMessages[locale ?? 'sv'][block] : null,
    cancelBy: (await hasInvoiceToCredit(db, Number(row.id))) ? 'money' : 'production',
    // Production reads no note or message naming money (issue 38).
    notes: await notesOf(db, row.id, reader),
    messages: await threadOf(db, row.id, reader),
  };
}

/**
 * The order as production reads it (issue 38): the job, built without reading a document or
 * payment; a step's recorded payment (an old "paid" step's date and amount) is left out of the
 * history.
 */
export async function orderJobDetail(
  db: Db,
  orderNumber: string,
  locale?: Locale,
): Promise<AdminJobOrderDetail | undefined> {
  const row = await detailRow(db, orderNumber);
  if (!row) return undefined;
  const job = await jobDetail(db, row, locale, 'job');
  return {
    view: 'job',
    ...job,
    events: job.events.map((event) => {
      if (!event.details) return event;
      const { paidOn: _paidOn, amountReceived: _amountReceived, ...rest } = event.details;
      return { ...event, details: Object.keys(rest).length > 0 ? rest : null };
    }),
  };
}

/** The order with its money: the money roles' view. */
export async function orderDetail(
  db: Db,
  orderNumber: string,
  /** Product names in this language (the admin page's); as stored when not given. */
  locale?: Locale,
): Promise<AdminOrderDetail | undefined> {
  const row = await detailRow(db, orderNumber);
  if (!row) return undefined;
  const money = await orderMoney(
    db,
    { id: Number(row.id), orderNumber: row.order_number },
    adminDocumentPdfPath,
  );
  return {
    view: 'money',
    ...(await jobDetail(db, row, locale, 'money')),
    ...money,
    totalAmount: row.total_amount,
    items: itemNames(row.items, locale),
    exVatAmount: row.ex_vat_amount,
    vatAmount: row.vat_amount,
    vatTreatment: row.vat_treatment,
    // Under OSS the buyer country's rate of the order's day, as its invoice charged it.
    vatPercent: vatPercent(
      row.vat_treatment,
      ossRateTenths(row.vat_treatment, row.country_code, stockholmDate(row.order_date)),
    ),
    buyerVatNumber: row.buyer_vat_number,
    billingAddress: row.billing_address,
    supplementaryInvoices: await supplementaryInvoicesOf(db, { id: row.id, orderNumber: row.order_number }),
    quoteNumber: await quoteNumberOfOrder(db, row.order_number),
    lineChanges: (await orderLineChangesOf(db, Number(row.id))).map((change) => ({
      at: change.createdAt.toISOString(),
      reason: change.reason,
      totalBefore: change.totalBefore,
      totalAfter: change.totalAfter,
      documents: change.documentNumbers,
    })),
    vies: row.vies_status
      ? {
          status: row.vies_status,
          name: row.vies_name,
          requestId: row.vies_request_id,
          checkedAt: row.vies_checked_at,
          reissue: row.vies_status === 'invalid' && row.vat_treatment === 'reverse_charge',
        }
      : null,
  };
}
