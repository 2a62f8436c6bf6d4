import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** See migrations/0500_upload_limits.sql: shared throttle counters, one row per bucket and window. */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    bucket: text('bucket').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    used: bigint('used', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // Housekeeping deletes the rows whose window ended.
    index('throttle_counters_expires_idx').on(t.expiresAt),
    check('throttle_counters_bucket_check', sql`length(${t.bucket}) <= 200`),
    check('throttle_counters_used_check', sql`${t.used} >= 0`),
  ],
);
