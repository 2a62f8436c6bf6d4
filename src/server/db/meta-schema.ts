import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestampTz } from './schema-columns';

/** Small key/value settings the shop keeps for itself (e.g. the generated admin PIN hash). */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});
