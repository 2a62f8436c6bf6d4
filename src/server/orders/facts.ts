import { eq, sql, type SQL } from 'drizzle-orm';
import type { StatusDetails } from '@/shared/carriers';
import type { Locale } from '@/shared/i18n/locale';
import type { Db } from '@/server/db/client';
import { orders } from '@/server/db/orders-schema';
import { queryRows } from '@/server/db/query-rows';
import type { OrderRow } from './service';

/**
 * What other domains read of stored orders: answers and SQL fragments for their own statements
 * (so a join stays one statement), never the orders tables themselves.
 */

/**
 * The day (Stockholm) the order first shipped, from its status history; null until it has. It is
 * the invoice's actual delivery date (EN 16931 BT-72): a recorded fact, never an estimate.
 */
export async function orderShippedOn(db: Db, orderId: number | string): Promise<string | null> {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`SELECT to_char(min(changed_at) AT TIME ZONE 'Europe/Stockholm', 'YYYY-MM-DD') AS day
          FROM order_status_events WHERE order_id = ${String(orderId)}::bigint AND to_status = 'shipped'`,
  );
  return row?.day ?? null;
}

/** The stored order with this id (the email outbox renders from it), or undefined. */
export async function orderById(db: Db, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** An order the lookup email lists. */
export interface LookedUpOrder {
  id: number;
  orderNumber: string;
  /** ISO 8601, UTC, microseconds. */
  placedAt: string;
  totalAmount: string;
  status: string;
  countryCode: string;
}

/**
 * What an order lookup's email lists: the language it was asked in and the orders placed with
 * `email` (any case), newest first, at most `limit`; undefined when there is no such lookup.
 */
export async function orderLookupListing(
  db: Db,
  lookupId: number | null,
  email: string,
  limit: number,
): Promise<{ locale: Locale; orders: LookedUpOrder[] } | undefined> {
  const [lookup] = await queryRows<{ locale: Locale }>(
    db,
    sql`SELECT locale FROM order_lookups WHERE id = ${lookupId ?? 0}::bigint`,
  );
  if (!lookup) return undefined;
  return { locale: lookup.locale, orders: await ordersPlacedWith(db, email, limit) };
}

/** An order as a list of the buyer's orders reads it (the SELECT both lists below share). */
interface LookedUpOrderRow extends Record<string, unknown> {
  id: string;
  order_number: string;
  placed_at: string;
  total_amount: string;
  status: string;
  country_code: string;
}

function lookedUpOrder(row: LookedUpOrderRow): LookedUpOrder {
  return {
    id: Number(row.id),
    orderNumber: row.order_number,
    placedAt: row.placed_at,
    totalAmount: row.total_amount,
    status: row.status,
    countryCode: row.country_code,
  };
}

/**
 * The orders placed with `email` (any case), newest first, at most `limit`: what a signed-in
 * buyer's account and an order lookup's email list. Uses orders_customer_email_idx.
 */
export async function ordersPlacedWith(db: Db, email: string, limit: number): Promise<LookedUpOrder[]> {
  const rows = await queryRows<LookedUpOrderRow>(
    db,
    sql`SELECT id::text AS id, order_number, to_char(order_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS placed_at,
          total_amount::text AS total_amount, status, country_code
        FROM orders WHERE lower(customer_email) = lower(${email})
        ORDER BY lower(customer_email), order_date DESC, id DESC LIMIT ${limit}`,
  );
  return rows.map(lookedUpOrder);
}

/** The details a status change recorded (carrier, tracking number); {} without an event or details. */
export async function statusEventDetails(db: Db, eventId: number | null): Promise<StatusDetails> {
  if (eventId === null) return {};
  const [row] = await queryRows<{ details: StatusDetails | null }>(
    db,
    sql`SELECT details FROM order_status_events WHERE id = ${eventId}`,
  );
  return row?.details ?? {};
}

/** Orders' numbers by id, a derived table to join: `LEFT JOIN ${orderNumbersSql} o ON o.id = e.order_id`. */
export const orderNumbersSql: SQL = sql`(SELECT id, order_number FROM orders)`;

/** Cancelled orders' ids, a subquery: `d.order_id NOT IN ${cancelledOrderIdsSql}` (never reminded). */
export const cancelledOrderIdsSql: SQL = sql`(SELECT id FROM orders WHERE status = 'cancelled')`;

/** One change of an order's status, as its history shows it. */
export interface OrderStatusEvent {
  fromStatus: string;
  toStatus: string;
  /** ISO 8601, UTC, microseconds. */
  changedAt: string;
  details: StatusDetails | null;
}

/** An order's status history, oldest first (index on order_id, changed_at): the admin's order page. */
export function statusHistoryQuery(orderId: number | string): SQL {
  return sql`SELECT from_status, to_status,
      to_char(changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS changed_at, details
    FROM order_status_events WHERE order_id = ${String(orderId)}::bigint
    ORDER BY order_status_events.changed_at, order_status_events.id`;
}

export async function orderStatusHistory(db: Db, orderId: number | string): Promise<OrderStatusEvent[]> {
  const rows = await queryRows<{
    from_status: string;
    to_status: string;
    changed_at: string;
    details: StatusDetails | null;
  }>(db, statusHistoryQuery(orderId));
  return rows.map((row) => ({
    fromStatus: row.from_status,
    toStatus: row.to_status,
    changedAt: row.changed_at,
    details: row.details,
  }));
}

/**
 * The organisation number of the newest company order placed with `email` (any case), or
 * undefined: what makes a signed-in buyer a company's first member (docs/accounts.md).
 */
export async function newestCompanyOrgNumber(db: Db, email: string): Promise<string | undefined> {
  const [row] = await queryRows<{ org_number: string }>(
    db,
    sql`SELECT customer_org_number AS org_number FROM orders
        WHERE lower(customer_email) = lower(${email}) AND customer_type = 'company'
          AND customer_org_number IS NOT NULL AND customer_org_number <> ''
        ORDER BY order_date DESC, id DESC LIMIT 1`,
  );
  return row?.org_number;
}

/** A company's order as its account lists it: who placed it, and the company's name on it. */
export interface CompanyOrder extends LookedUpOrder {
  customerEmail: string;
  companyName: string | null;
}

/**
 * A company's orders, newest first, at most `limit`: those placed with its organisation number by
 * one of `emails` (its verified people, lower case), and those of `orderIds` (claimed for it).
 */
export async function companyOrders(
  db: Db,
  company: { orgNumber: string; emails: readonly string[]; orderIds: readonly number[] },
  limit: number,
): Promise<CompanyOrder[]> {
  const rows = await queryRows<LookedUpOrderRow & { customer_email: string; company_name: string | null }>(
    db,
    sql`SELECT id::text AS id, order_number, to_char(order_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS placed_at,
          total_amount::text AS total_amount, status, country_code, customer_email,
          customer_organization AS company_name
        FROM orders
        WHERE (customer_type = 'company' AND customer_org_number = ${company.orgNumber}
               AND lower(customer_email) IN (SELECT jsonb_array_elements_text(${JSON.stringify(company.emails)}::jsonb)))
           OR id IN (SELECT jsonb_array_elements_text(${JSON.stringify(company.orderIds.map(String))}::jsonb)::bigint)
        ORDER BY order_date DESC, id DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({
    ...lookedUpOrder(row),
    customerEmail: row.customer_email,
    companyName: row.company_name,
  }));
}
