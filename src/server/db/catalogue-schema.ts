import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { StoredProduct } from '@/shared/catalogue-record';

/** See migrations/3200_catalogue.sql: one row per product, its record validated before it is written. */
export const catalogueProducts = pgTable(
  'catalogue_products',
  {
    id: text('id').primaryKey(),
    record: jsonb('record').$type<StoredProduct>().notNull(),
    visible: boolean('visible').notNull().default(true),
    sortOrder: integer('sort_order').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('catalogue_products_sort_idx').on(t.sortOrder, t.id),
    check('catalogue_products_id_check', sql`char_length(${t.id}) BETWEEN 1 AND 60`),
    check('catalogue_products_version_check', sql`${t.version} >= 1`),
  ],
);
