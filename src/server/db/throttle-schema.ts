import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** See migrations/0500_upload_limits.sql: shared throttle counters, one row per bucket and window. */
export const throttleCounters = pgTable('throttle_counters', {
  bucket: text('bucket').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  used: bigint('used', { mode: 'number' }).notNull().default(0),
});
