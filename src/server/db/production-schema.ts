import { pgTable } from 'drizzle-orm/pg-core';
import { bigintNumber, timestampTz } from './schema-columns';
import { orders } from './orders-schema';
import { staff } from './staff-schema';

/**
 * Jobs whose blanks staff have ordered from the supplier (migrations/5100_order_talk.sql), owned
 * by the production domain: one row per order while the mark is set, with who set it and when.
 */
export const blanksOrdered = pgTable('blanks_ordered', {
  orderId: bigintNumber('order_id')
    .primaryKey()
    .references(() => orders.id),
  markedBy: bigintNumber('marked_by')
    .notNull()
    .references(() => staff.id),
  markedAt: timestampTz('marked_at').notNull().defaultNow(),
});
