import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { locales } from '@/shared/i18n/locale';
import { orders } from './orders-schema';
import { oneOf } from './schema-checks';

/**
 * See migrations/1700_order_lookup_and_supplementary_invoices.sql: a request for links to an
 * address's orders (its email goes to the address stored on `orderId`, the newest of them).
 */
export const orderLookups = pgTable(
  'order_lookups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: locales }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_lookups_order_idx').on(t.orderId),
    check('order_lookups_locale_check', oneOf(t.locale, locales)),
  ],
);

// Supplementary invoices moved into the ledger's documents (migrations/2000_ledger.sql, ledger-schema.ts).
