import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, bigintNumber, identityId, timestampTz, createdAt, isoDate } from './schema-columns';
import { locales } from '@/shared/i18n/locale';
import { oneOf } from './schema-checks';
import { staff } from './staff-schema';

/** See migrations/3100_reminders.sql. */
/** A customer statement (kontoutdrag) as emailed. */
export const customerStatements = pgTable(
  'customer_statements',
  {
    id: identityId(),
    customerId: text('customer_id').notNull(),
    asOf: isoDate('as_of').notNull(),
    language: text('language', { enum: locales }).notNull(),
    email: text('email').notNull(),
    pdf: bytea('pdf').notNull(),
    sentBy: text('sent_by'),
    createdAt: createdAt(),
  },
  (t) => [check('customer_statements_language_check', oneOf(t.language, locales))],
);

/** See migrations/6000_customer_register.sql: a staff note on a customer of the register. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: identityId(),
    /** The register's id (a hash of orders.customer_key). */
    customerId: text('customer_id').notNull(),
    body: text('body').notNull(),
    staffId: bigintNumber('staff_id')
      .notNull()
      .references(() => staff.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('customer_notes_customer_id_check', sql`${t.customerId} ~ '^[0-9a-f]{24}$'`),
    check('customer_notes_body_check', sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
    index('customer_notes_customer_idx').on(t.customerId, t.id),
  ],
);

/**
 * See migrations/6000_customer_register.sql: one row per customer (orders.customer_key), kept by
 * triggers on orders, documents and payments, so the register reads a page of an index.
 */
export const customerSummaries = pgTable(
  'customer_summaries',
  {
    customerKey: text('customer_key').primaryKey(),
    orders: integer('orders').notNull().default(0),
    firstOrder: timestampTz('first_order'),
    lastOrder: timestampTz('last_order'),
    latestOrderId: bigintNumber('latest_order_id'),
    documents: integer('documents').notNull().default(0),
    /** Net of every document but reminders (fees and interest are no sale). */
    turnover: numeric('turnover', { precision: 16, scale: 2 })
      .notNull()
      .default(sql`0`),
    /** Every document's total (credit notes negative, reminders included). */
    invoiced: numeric('invoiced', { precision: 16, scale: 2 })
      .notNull()
      .default(sql`0`),
    paid: numeric('paid', { precision: 16, scale: 2 })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    index('customer_summaries_latest_idx').on(t.lastOrder.desc().nullsFirst(), t.customerKey),
    index('customer_summaries_owing_idx')
      .on(t.lastOrder.desc().nullsFirst(), t.customerKey)
      .where(sql`${t.invoiced} <> ${t.paid}`),
  ],
);
