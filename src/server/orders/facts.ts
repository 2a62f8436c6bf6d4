import { sql, type SQL } from 'drizzle-orm';
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
