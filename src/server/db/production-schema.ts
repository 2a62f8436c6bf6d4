import { bigint, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders-schema';
import { staff } from './staff-schema';

/**
 * Jobs whose blanks staff have ordered from the supplier (migrations/5100_order_talk.sql), owned
 * by the production domain: one row per order while the mark is set, with who set it and when.
 */
export const blanksOrdered = pgTable('blanks_ordered', {
  orderId: bigint('order_id', { mode: 'number' })
    .primaryKey()
    .references(() => orders.id),
  markedBy: bigint('marked_by', { mode: 'number' })
    .notNull()
    .references(() => staff.id),
  markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
});
