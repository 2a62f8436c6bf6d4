import { bigint, check, date, index, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { locales } from '@/shared/i18n/locale';
import { orders, type StoredOrderLine } from './orders-schema';

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
  (t) => [index('order_lookups_order_idx').on(t.orderId)],
);

/** See the same migration: an invoice added to an order after it was placed, numbered in the same series. */
export const supplementaryInvoices = pgTable(
  'supplementary_invoices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    invoiceNumber: text('invoice_number').notNull().unique(),
    invoiceSeq: bigint('invoice_seq', { mode: 'number' }).notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The print file whose conversion it charges: one invoice per file. */
    uploadId: text('upload_id').notNull().unique(),
    items: jsonb('items').$type<StoredOrderLine[]>().notNull(),
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }).notNull(),
    exVatAmount: numeric('ex_vat_amount', { precision: 14, scale: 2 }).notNull(),
    vatAmount: numeric('vat_amount', { precision: 14, scale: 2 }).notNull(),
    /** Its payment (migrations/1820_supplementary_invoice_payments.sql): all three or none. */
    paidOn: date('paid_on', { mode: 'string' }),
    amountReceived: numeric('amount_received', { precision: 14, scale: 2 }),
    paymentRecordedAt: timestamp('payment_recorded_at', { withTimezone: true }),
  },
  (t) => [
    index('supplementary_invoices_order_idx').on(t.orderId, t.issuedAt),
    index('supplementary_invoices_issued_idx').on(t.issuedAt),
    index('supplementary_invoices_paid_idx')
      .on(t.paidOn)
      .where(sql`${t.paidOn} IS NOT NULL`),
    check('supplementary_invoices_total_amount_check', sql`${t.totalAmount} > 0`),
    check(
      'supplementary_invoices_payment_complete',
      sql`(${t.paidOn} IS NULL) = (${t.amountReceived} IS NULL) AND (${t.paidOn} IS NULL) = (${t.paymentRecordedAt} IS NULL)`,
    ),
  ],
);
