import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Small key/value settings the shop keeps for itself (e.g. the generated admin PIN hash). */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
