import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders-schema';
import { staff } from './staff-schema';

/**
 * Orders flagged for the owner's attention (migrations/4200_order_attention.sql), owned by the
 * admin domain (src/server/admin/attention.ts): one open flag per order, deleted when cleared.
 */
export const orderAttention = pgTable(
  'order_attention',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .primaryKey()
      .references(() => orders.id),
    reason: text('reason').notNull(),
    raisedBy: bigint('raised_by', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('order_attention_reason_check', sql`char_length(${t.reason}) BETWEEN 1 AND 300`)],
);
