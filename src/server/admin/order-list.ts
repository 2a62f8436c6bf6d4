import { formatCount } from '@/shared/money-format';
import { sql, type SQL } from 'drizzle-orm';
import {
  itemsSummary,
  type AdminJobLine,
  type AdminJobOrderPage,
  type AdminJobSummary,
  type AdminProofState,
  type AdminOrderLine,
  type AdminOrderPage,
  type AdminOrderSummary,
  type OrderStatus,
} from '@/shared/admin';
import { orderDelivery } from '@/shared/delivery';
import { readErasable } from '@/server/orders';
import type { Locale } from '@/shared/i18n/locale';
import { orderLineName } from '@/shared/i18n/order-line-name';
import type { Db } from '@/server/db/client';
import { approvedOnSql, latestProofStateSql } from '@/server/proofs';
import type { CalendarDate } from '@/shared/dates';
import { paymentStates } from '@/server/ledger';
import type { PaymentState } from '@/shared/ledger';
import { queryRows } from '@/server/db/query-rows';
import { encodeCursor, filterSql, isoTime, type Cursor, type OrderFilter } from './order-query';
import { attentionSql, type AttentionColumn } from './attention';

/** The admin's order list: one page of summaries, newest first, with each order's payment state. */
export interface SummaryRow extends Record<string, unknown> {
  id: string;
  order_number: string;
  order_date: string;
  customer_name: string;
  customer_organization: string | null;
  customer_email: string;
  customer_phone: string;
  items: AdminOrderLine[];
  total_amount: string;
  status: OrderStatus;
  country_code: string;
  needed_by: string | null;
  approved_on: CalendarDate | null;
  proof_state: AdminProofState | null;
  attention: AttentionColumn;
}

export const summaryColumns = sql`id::text AS id, order_number, ${isoTime(sql`order_date`)} AS order_date, customer_name,
  customer_organization, customer_email, customer_phone, items, total_amount::text AS total_amount, status,
  country_code, to_char(needed_by, 'YYYY-MM-DD') AS needed_by, ${approvedOnSql(sql`orders.id`)} AS approved_on,
  ${latestProofStateSql(sql`orders.id`)} AS proof_state, ${attentionSql(sql`orders.id`)} AS attention`;

/**
 * The items in the admin's language, named as every reader names a line (orderLineName). Without a
 * language, as stored (the CSV's and the bench's reading).
 */
export function itemNames<Line extends AdminJobLine>(
  items: readonly Line[],
  locale: Locale | undefined,
): Line[] {
  if (!locale) return [...items];
  return items.map((line) => ({ ...line, name: orderLineName(locale, line) }));
}

/** An order as every role sees it in the list: the job, no money. */
export function toJobSummary(row: SummaryRow, locale?: Locale): AdminJobSummary {
  return {
    orderNumber: row.order_number,
    orderDate: row.order_date,
    customerName: readErasable(row.customer_name, row.customer_email, locale),
    customerOrganization: row.customer_organization,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    itemsSummary: itemsSummary(itemNames(row.items, locale), formatCount),
    status: row.status,
    delivery: orderDelivery({
      productIds: row.items.map((line) => line.productId),
      countryCode: row.country_code,
      status: row.status,
      neededBy: row.needed_by,
      // Delivery counts from the day the latest proof was approved (from today until then).
      approvedOn: row.approved_on,
    }),
    proofState: row.proof_state,
    attention: row.attention,
  };
}

/** The money roles' summary: the job with the order's total and payment state. */
export function toSummary(
  row: SummaryRow,
  money: { paymentState: PaymentState; balance: string },
  locale?: Locale,
): AdminOrderSummary {
  return {
    view: 'money',
    ...toJobSummary(row, locale),
    ...money,
    totalAmount: row.total_amount,
  };
}

/** One page and one row more (to know whether a next page exists). */
export function listOrdersQuery(filter: OrderFilter, cursor: Cursor | undefined, limit: number): SQL {
  return sql`SELECT ${summaryColumns} FROM orders WHERE ${filterSql(filter, cursor)}
    ORDER BY orders.order_date DESC, orders.id DESC LIMIT ${limit + 1}`;
}

/** One page of rows (and whether a next page exists). */
async function pageOf(db: Db, filter: OrderFilter, cursor: Cursor | undefined, limit: number) {
  const rows = await queryRows<SummaryRow>(db, listOrdersQuery(filter, cursor, limit));
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last ? encodeCursor({ date: last.order_date, id: last.id }) : null;
  return { page, nextCursor };
}

/** Newest first, keyset-paginated on (order_date, id) so every page uses the index. */
export async function listOrders(
  db: Db,
  filter: OrderFilter,
  cursor: Cursor | undefined,
  limit: number,
  /** Product names in this language (the admin page's); as stored when not given. */
  locale?: Locale,
): Promise<AdminOrderPage> {
  const { page, nextCursor } = await pageOf(db, filter, cursor, limit);
  // The page's payment states in one more query (documents and payments by order, indexed).
  const money = await paymentStates(
    db,
    page.map((row) => Number(row.id)),
  );
  const unpaid = { paymentState: 'unpaid', balance: '0.00' } as const;
  return {
    orders: page.map((row) => toSummary(row, money.get(Number(row.id)) ?? unpaid, locale)),
    nextCursor,
  };
}

/**
 * The same page as production reads it (issue 38): each order's job, built without reading a
 * document or payment, so no amount can reach it.
 */
export async function listOrderJobs(
  db: Db,
  filter: OrderFilter,
  cursor: Cursor | undefined,
  limit: number,
  locale?: Locale,
): Promise<AdminJobOrderPage> {
  const { page, nextCursor } = await pageOf(db, filter, cursor, limit);
  return { orders: page.map((row) => ({ view: 'job', ...toJobSummary(row, locale) })), nextCursor };
}
