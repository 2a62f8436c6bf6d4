import { sql } from 'drizzle-orm';
import { trackingUrl, type StatusDetails } from '@/shared/carriers';
import { isOrderStatus } from '@/shared/order-status';
import type { OrderActivity, OrderTimelineEvent } from '@/shared/order-page';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { listProofs } from '@/server/proofs';
import { paymentsOfOrder } from '@/server/ledger';

const isoTime = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/** The order's timeline: placed (pending), then every job state change, oldest first; its proofs and payments. */
export async function orderActivity(db: Db, order: { id: number; orderDate: Date }): Promise<OrderActivity> {
  const rows = await queryRows<{ to_status: string; changed_at: string; details: StatusDetails | null }>(
    db,
    sql`SELECT to_status, ${isoTime('changed_at')} AS changed_at, details FROM order_status_events
      WHERE order_id = ${order.id} ORDER BY changed_at, id`,
  );
  const events: OrderTimelineEvent[] = [{ status: 'pending', at: order.orderDate.toISOString() }];
  for (const row of rows) {
    // Steps of before the ledger ('paid') are payments now, listed with them.
    if (!isOrderStatus(row.to_status)) continue;
    const event: OrderTimelineEvent = { status: row.to_status, at: row.changed_at };
    // The buyer sees the shipment; a cancel reason stays with the shop.
    const details = row.details;
    if (details?.trackingNumber && details.carrier)
      event.shipment = {
        carrier: details.carrierName ?? '',
        trackingNumber: details.trackingNumber,
        trackingUrl: trackingUrl(details.carrier, details.trackingNumber),
      };
    events.push(event);
  }
  const [proofs, payments] = await Promise.all([listProofs(db, order.id), paymentsOfOrder(db, order.id)]);
  return {
    events,
    proofs,
    payments: payments.map((payment) => ({ paidOn: payment.paidOn, amount: payment.amount })),
  };
}
