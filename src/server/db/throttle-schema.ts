import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { bigintNumber, timestampTz } from './schema-columns';

/** See migrations/0500_upload_limits.sql: shared throttle counters, one row per bucket and window. */
export const throttleCounters = pgTable(
  'throttle_counters',
  {
    bucket: text('bucket').primaryKey(),
    expiresAt: timestampTz('expires_at').notNull(),
    used: bigintNumber('used').notNull().default(0),
  },
  (t) => [
    // Housekeeping deletes the rows whose window ended.
    index('throttle_counters_expires_idx').on(t.expiresAt),
    check('throttle_counters_bucket_check', sql`length(${t.bucket}) <= 200`),
    check('throttle_counters_used_check', sql`${t.used} >= 0`),
  ],
);
