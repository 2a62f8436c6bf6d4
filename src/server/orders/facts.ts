import { sql, type SQL } from 'drizzle-orm';
import type { StatusDetails } from '@/shared/carriers';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';

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

/** Orders' numbers by id, a derived table to join: `LEFT JOIN ${orderNumbersSql} o ON o.id = e.order_id`. */
export const orderNumbersSql: SQL = sql`(SELECT id, order_number FROM orders)`;

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
