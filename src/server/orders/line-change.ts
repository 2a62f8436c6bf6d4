import { eq } from 'drizzle-orm';
import type { Locale } from '@/shared/i18n/locale';
import { checkoutValidationMessages } from '@/shared/i18n/messages/checkout-validation';
import { staffOrderMessages } from '@/shared/i18n/messages/staff-orders';
import { stockholmDate } from '@/shared/dates';
import { decimalFromOre } from '@/shared/ledger';
import { invoiceAmounts, ossRateTenths } from '@/shared/invoicing/vat-treatment';
import { milliFromDecimal, milliToDecimalString, toOre } from '@/shared/money';
import type { SellerDetails } from '@/server/config';
import type { Database, Db } from '@/server/db/client';
import { orderLineChanges, orders, type StoredOrderLine } from '@/server/db/orders-schema';
import { enqueueEmail } from '@/server/email';
import { documentsOfOrder, issueChangeInvoice, issueCreditNote, type DocumentRow } from '@/server/ledger';
import { attachUploads, findMissingUploads } from '@/server/uploads';
import { OrderError } from './service';

/**
 * An order's lines changed by staff before production (issue 41). The order keeps its number and
 * its issued documents; the difference is settled by new documents (docs/decisions/0041):
 *
 * - an increase: a supplementary invoice of the difference that refers to the order's invoice;
 * - a decrease: a credit note of the difference against the order's invoices, newest first;
 * - the same amount (3 M become L): no document.
 *
 * An issued invoice is never changed: a document that changes it refers specifically and
 * unambiguously to it (Mervärdesskattelagen 2023:200, 17 kap. 22 §), and the taxable amount is
 * reduced only by a credit note that does so (15 kap., and 17 kap. 22 §). The buyer is emailed
 * once, with what changed and every new document.
 */

export type OrderLineChangeRow = typeof orderLineChanges.$inferSelect;

export interface OrderLineChangeRequest {
  orderNumber: string;
  /** The order's new goods and free lines, priced and checked (checkout's rules, staff's prices). */
  lines: StoredOrderLine[];
  reason: string;
  staffId: number | null;
  seller: SellerDetails;
  locale: Locale;
  /** Runs in the change's transaction once it is stored (staff's audit record). */
  audit?: (tx: Db, change: ChangedOrder) => Promise<void>;
}

export interface ChangedOrder {
  orderId: number;
  changeId: number;
  totalBefore: string;
  totalAfter: string;
  documents: string[];
}

/** The öre an order's lines come to under its VAT rule: total, and the gross sum of the lines. */
function amountsOf(
  lines: readonly StoredOrderLine[],
  vatTreatment: Parameters<typeof invoiceAmounts>[1],
  ossTenths: number | null,
) {
  const totals = lines.map((line) => milliFromDecimal(line.lineTotal));
  const amounts = invoiceAmounts(totals, vatTreatment, ossTenths);
  return { amounts, totalOre: toOre(amounts.total) };
}

/** JSON with each object's keys sorted: jsonb stores keys in its own order, so a line read back differs. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

const sameLines = (a: readonly StoredOrderLine[], b: readonly StoredOrderLine[]) =>
  canonicalJson(a) === canonicalJson(b);

/**
 * Changes the order's lines in one transaction, its row locked (a status change waits): refused
 * (409) once it is in production, shipped or cancelled; its conversion fees (print files) kept;
 * the difference settled by documents; the history row, the buyer's email and the audit record.
 */
export async function changeOrderLines(
  database: Database,
  request: OrderLineChangeRequest,
): Promise<ChangedOrder> {
  const t = staffOrderMessages[request.locale];
  return database.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, request.orderNumber))
      .for('update');
    if (!order) throw new OrderError(404, t.orderNotFound);

    const { after, before, changed, differenceOre } = planLineChange(order, request.lines, request.locale);

    const documents: string[] = [];
    if (differenceOre > 0) {
      const invoice = await orderOwnInvoice(tx, order.id);
      const { invoiceNumber } = await issueChangeInvoice(
        tx,
        order,
        {
          amountOre: grossDifferenceOre(order.items, after),
          // In the invoice's language, as its other lines.
          description: staffOrderMessages[invoice.language].changeLine({
            invoice: invoice.number,
            reason: request.reason,
          }),
          supplements: { number: invoice.number, issuedOn: invoice.issuedOn },
        },
        request.seller,
      );
      documents.push(invoiceNumber);
    } else if (differenceOre < 0) {
      documents.push(...(await creditDecrease(tx, order.id, -differenceOre, request)));
    }

    const uploadIds = [
      ...new Set(request.lines.flatMap((l) => l.customisation?.prints.map((p) => p.uploadId) ?? [])),
    ];
    // A print staff add names an image the shop has (the order's own): an unknown one is refused
    // with the checkout's words, and the whole change with it.
    if (uploadIds.length > 0 && (await attachUploads(tx, uploadIds)).length > 0)
      throw new OrderError(400, checkoutValidationMessages[request.locale].uploadMissing);
    await tx
      .update(orders)
      .set({
        items: after,
        totalAmount: milliToDecimalString(changed.amounts.total),
        exVatAmount: milliToDecimalString(changed.amounts.net),
        vatAmount: milliToDecimalString(changed.amounts.vat),
      })
      .where(eq(orders.id, order.id));
    const [stored] = await tx
      .insert(orderLineChanges)
      .values({
        orderId: order.id,
        changedBy: request.staffId,
        reason: request.reason,
        itemsBefore: order.items,
        itemsAfter: after,
        totalBefore: milliToDecimalString(before.amounts.total),
        totalAfter: milliToDecimalString(changed.amounts.total),
        documentNumbers: documents,
      })
      .returning({ id: orderLineChanges.id });
    if (!stored) throw new Error('the order change was not stored');
    await enqueueEmail(tx, { orderId: order.id, kind: 'order_change', ref: stored.id });
    const result: ChangedOrder = {
      orderId: order.id,
      changeId: stored.id,
      totalBefore: order.totalAmount,
      totalAfter: milliToDecimalString(changed.amounts.total),
      documents,
    };
    await request.audit?.(tx, result);
    return result;
  });
}

const oreOf = (decimal: string) => toOre(milliFromDecimal(decimal));

/**
 * What a change makes of the order: its lines after (the conversion fees of its print files kept,
 * they belong to the file, not to a line staff edit), the amounts before and after, the difference
 * in öre. Refused (409) once the order is in production, shipped or cancelled; 400 when nothing changes.
 */
function planLineChange(
  order: typeof orders.$inferSelect,
  lines: readonly StoredOrderLine[],
  locale: Locale,
) {
  const t = staffOrderMessages[locale];
  if (order.status === 'in_production') throw new OrderError(409, t.inProduction);
  if (order.status !== 'pending') throw new OrderError(409, t.notChangeable);
  // A raster print file's conversion fee belongs to the file, not to a line staff edit.
  const fees = order.items.filter((line) => line.fee !== undefined);
  const after = [...lines, ...fees];
  if (sameLines(after, order.items)) throw new OrderError(400, t.nothingChanged);
  // Under OSS the buyer country's rate of today, as the documents of the change are issued.
  const ossTenths = ossRateTenths(order.vatTreatment, order.countryCode, stockholmDate(new Date()));
  const before = amountsOf(order.items, order.vatTreatment, ossTenths);
  const changed = amountsOf(after, order.vatTreatment, ossTenths);
  const differenceOre = changed.totalOre - oreOf(order.totalAmount);
  return { after, before, changed, differenceOre };
}

/** What saving a change would do, told to staff before they save it (the editor's preview). */
export interface LineChangePreview {
  totalBefore: string;
  totalAfter: string;
  /** After minus before, decimal kronor: positive is a supplementary invoice, negative credit notes. */
  difference: string;
  settledBy: 'supplementary_invoice' | 'credit_note' | 'none';
  /** The order's lines after the change, priced (fees of print files included). */
  lines: StoredOrderLine[];
}

/**
 * The change planned but not stored: the same pricing, refusals and difference as
 * changeOrderLines, read without a lock (the save checks everything again in its transaction).
 */
export async function previewOrderLines(
  database: Database,
  request: Pick<OrderLineChangeRequest, 'orderNumber' | 'lines' | 'locale'>,
): Promise<LineChangePreview> {
  const [order] = await database.db.select().from(orders).where(eq(orders.orderNumber, request.orderNumber));
  if (!order) throw new OrderError(404, staffOrderMessages[request.locale].orderNotFound);
  const { after, changed, differenceOre } = planLineChange(order, request.lines, request.locale);
  const uploadIds = request.lines.flatMap((l) => l.customisation?.prints.map((p) => p.uploadId) ?? []);
  if (uploadIds.length > 0 && (await findMissingUploads(database, uploadIds)).length > 0)
    throw new OrderError(400, checkoutValidationMessages[request.locale].uploadMissing);
  return {
    totalBefore: order.totalAmount,
    totalAfter: milliToDecimalString(changed.amounts.total),
    difference: decimalFromOre(differenceOre),
    settledBy: differenceOre > 0 ? 'supplementary_invoice' : differenceOre < 0 ? 'credit_note' : 'none',
    lines: after,
  };
}

/**
 * The increase as the supplementary invoice's one line states it: VAT included, like every line of
 * the shop (the invoice splits it by the order's VAT rule, as it split the order's own lines).
 */
function grossDifferenceOre(before: readonly StoredOrderLine[], after: readonly StoredOrderLine[]): number {
  const gross = (lines: readonly StoredOrderLine[]) =>
    lines.reduce((sum, line) => sum + toOre(milliFromDecimal(line.lineTotal)), 0);
  return gross(after) - gross(before);
}

/** The order's own invoice (the checkout's): the one a change's supplementary invoice refers to. */
async function orderOwnInvoice(tx: Db, orderId: number): Promise<DocumentRow> {
  const invoice = (await documentsOfOrder(tx, orderId)).find((document) => document.kind === 'invoice');
  if (!invoice) throw new Error(`order ${orderId} has no invoice`);
  return invoice;
}

/**
 * Credits `amountOre` against the order's invoices, newest first, each up to what is left of it
 * (a supplementary invoice's charge is reduced before the order's own invoice).
 */
async function creditDecrease(
  tx: Db,
  orderId: number,
  amountOre: number,
  request: OrderLineChangeRequest,
): Promise<string[]> {
  const t = staffOrderMessages;
  const invoices = (await documentsOfOrder(tx, orderId))
    .filter((document) => document.kind === 'invoice' || document.kind === 'supplementary_invoice')
    .reverse();
  const issued: string[] = [];
  let left = amountOre;
  for (const invoice of invoices) {
    if (left <= 0) break;
    const reason = t[invoice.language].changeCredit({ reason: request.reason });
    const credit = (ore: number) =>
      issueCreditNote(tx, invoice, { kind: 'amount', amountOre: ore }, reason, request.seller, {
        email: false,
      });
    let amount = left;
    let result = await credit(amount);
    if (!result.ok && result.reason === 'too-much') {
      amount = result.maxOre;
      result = await credit(amount);
    }
    if (!result.ok) continue;
    issued.push(result.number);
    left -= amount;
  }
  if (left > 0) throw new Error(`order ${orderId}: ${left} öre of a decrease found no invoice to credit`);
  return issued;
}

/** The order's changes by staff, oldest first (its admin page's history and the change email). */
export async function orderLineChangesOf(db: Db, orderId: number): Promise<OrderLineChangeRow[]> {
  return db
    .select()
    .from(orderLineChanges)
    .where(eq(orderLineChanges.orderId, orderId))
    .orderBy(orderLineChanges.id);
}

/** One change by its id (the outbox's email of it). */
export async function orderLineChangeById(db: Db, id: number): Promise<OrderLineChangeRow | undefined> {
  const [row] = await db.select().from(orderLineChanges).where(eq(orderLineChanges.id, id));
  return row;
}
