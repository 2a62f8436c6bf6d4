import { sql } from 'drizzle-orm';
import { trackingUrl, type StatusDetails } from '@/shared/carriers';
import { isOrderStatus } from '@/shared/order-status';
import type { OrderActivity, OrderTimelineEvent } from '@/shared/order-page';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { listProofs } from '@/server/proofs';

const isoTime = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/** The order's timeline: placed (pending), then every status change, oldest first; and its proofs. */
export async function orderActivity(db: Db, order: { id: number; orderDate: Date }): Promise<OrderActivity> {
  const rows = await queryRows<{ to_status: string; changed_at: string; details: StatusDetails | null }>(
    db,
    sql`SELECT to_status, ${isoTime('changed_at')} AS changed_at, details FROM order_status_events
      WHERE order_id = ${order.id} ORDER BY changed_at, id`,
  );
  const events: OrderTimelineEvent[] = [{ status: 'pending', at: order.orderDate.toISOString() }];
  for (const row of rows) {
    if (!isOrderStatus(row.to_status)) continue;
    const event: OrderTimelineEvent = { status: row.to_status, at: row.changed_at };
    // The buyer sees payment and shipment; a cancel reason stays with the shop.
    const details = row.details;
    if (details?.paidOn && details.amountReceived)
      event.payment = { paidOn: details.paidOn, amount: details.amountReceived };
    if (details?.trackingNumber && details.carrier)
      event.shipment = {
        carrier: details.carrierName ?? '',
        trackingNumber: details.trackingNumber,
        trackingUrl: trackingUrl(details.carrier, details.trackingNumber),
      };
    events.push(event);
  }
  return { events, proofs: await listProofs(db, order.id) };
}
