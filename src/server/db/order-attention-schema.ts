import { sql } from 'drizzle-orm';
import { check, pgTable, text } from 'drizzle-orm/pg-core';
import { bigintNumber, timestampTz } from './schema-columns';
import { orders } from './orders-schema';
import { staff } from './staff-schema';

/**
 * Orders flagged for the owner's attention (migrations/4200_order_attention.sql), owned by the
 * admin domain (src/server/admin/attention.ts): one open flag per order, deleted when cleared.
 */
export const orderAttention = pgTable(
  'order_attention',
  {
    orderId: bigintNumber('order_id')
      .primaryKey()
      .references(() => orders.id),
    reason: text('reason').notNull(),
    raisedBy: bigintNumber('raised_by')
      .notNull()
      .references(() => staff.id),
    raisedAt: timestampTz('raised_at').notNull().defaultNow(),
  },
  (t) => [check('order_attention_reason_check', sql`char_length(${t.reason}) BETWEEN 1 AND 300`)],
);
