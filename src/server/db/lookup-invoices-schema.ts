import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { bigintNumber, identityId, createdAt } from './schema-columns';
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
    id: identityId(),
    orderId: bigintNumber('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    locale: text('locale', { enum: locales }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_lookups_order_idx').on(t.orderId),
    check('order_lookups_locale_check', oneOf(t.locale, locales)),
  ],
);

// Supplementary invoices moved into the ledger's documents (migrations/2000_ledger.sql, ledger-schema.ts).
