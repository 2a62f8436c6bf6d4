import { sql, type SQL } from 'drizzle-orm';
import type { AdminAttention } from '@/shared/admin';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { recordAudit, staffNamesSql } from '@/server/staff';
import { isoTime } from './order-query';

/**
 * Orders flagged for the owner's attention (issue 38): a production member who may not do
 * something about an order (cancel an invoiced one: its credit note is the money roles') says why,
 * and the owner and bookkeeping see it in the order list and view until one of them clears it.
 * Both are audit entries, written in the same transaction as the change.
 */

/** The order's open flag as a JSON object (reason, raisedBy, raisedAt), or NULL: for a SELECT list. */
export function attentionSql(orderId: SQL): SQL {
  return sql`(SELECT jsonb_build_object('reason', a.reason, 'raisedBy', s.name,
      'raisedAt', ${isoTime(sql`a.raised_at`)})
    FROM order_attention a LEFT JOIN ${staffNamesSql} s ON s.id = a.raised_by
    WHERE a.order_id = ${orderId})`;
}

async function orderIdOf(tx: Db, orderNumber: string): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id::text AS id FROM orders WHERE order_number = ${orderNumber}`,
  );
  return row?.id;
}

/** Flags the order (a new reason replaces an open flag's); false when there is no such order. */
export async function flagOrder(
  db: Db,
  orderNumber: string,
  reason: string,
  staffId: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const orderId = await orderIdOf(tx, orderNumber);
    if (!orderId) return false;
    const [before] = await queryRows<{ reason: string }>(
      tx,
      sql`SELECT reason FROM order_attention WHERE order_id = ${orderId}::bigint FOR UPDATE`,
    );
    await tx.execute(
      sql`INSERT INTO order_attention (order_id, reason, raised_by) VALUES (${orderId}::bigint, ${reason}, ${staffId})
        ON CONFLICT (order_id) DO UPDATE SET reason = EXCLUDED.reason, raised_by = EXCLUDED.raised_by,
          raised_at = now()`,
    );
    await recordAudit(tx, {
      staffId,
      action: 'order_attention',
      target: orderNumber,
      orderId,
      before: before ? { reason: before.reason } : undefined,
      after: { reason },
    });
    return true;
  });
}

/** Clears the order's flag: 'not-found' (no such order), 'not-flagged', or the cleared flag. */
export async function clearOrderFlag(
  db: Db,
  orderNumber: string,
  staffId: number,
): Promise<'not-found' | 'not-flagged' | 'cleared'> {
  return db.transaction(async (tx) => {
    const orderId = await orderIdOf(tx, orderNumber);
    if (!orderId) return 'not-found';
    const [removed] = await queryRows<{ reason: string }>(
      tx,
      sql`DELETE FROM order_attention WHERE order_id = ${orderId}::bigint RETURNING reason`,
    );
    if (!removed) return 'not-flagged';
    await recordAudit(tx, {
      staffId,
      action: 'order_attention_cleared',
      target: orderNumber,
      orderId,
      before: { reason: removed.reason },
    });
    return 'cleared';
  });
}

/** The attention column as read (jsonb → object), for the list and the view. */
export type AttentionColumn = AdminAttention | null;
