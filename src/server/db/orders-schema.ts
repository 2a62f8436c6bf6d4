import { bigint, check, index, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Customisation } from '../../shared/customisation';

export const orderStatuses = ['pending', 'paid', 'in_production', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** A priced line as the server stored it. Money as exact decimal strings ("5718.75"). */
export interface StoredOrderLine {
  productId: string;
  name: string;
  quantity: number;
  /** Per-unit price, up to three decimals ("114.375"). */
  unitPrice: string;
  lineTotal: string;
  customisation?: Customisation;
}

/** See migrations/0100_orders.sql for the reasons behind each column. */
export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNumber: text('order_number').notNull().unique(),
    invoiceSeq: bigint('invoice_seq', { mode: 'number' }).notNull().unique(),
    customerType: text('customer_type', { enum: ['personal', 'company'] }).notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerOrganization: text('customer_organization'),
    customerOrgNumber: text('customer_org_number'),
    customerPersonalNumber: text('customer_personal_number'),
    customerAddress: text('customer_address').notNull(),
    deliveryAddress: text('delivery_address').notNull(),
    countryCode: text('country_code').notNull(),
    items: jsonb('items').$type<StoredOrderLine[]>().notNull(),
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }).notNull(),
    exVatAmount: numeric('ex_vat_amount', { precision: 14, scale: 2 }).notNull(),
    vatAmount: numeric('vat_amount', { precision: 14, scale: 2 }).notNull(),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
    /** sha256 of the buyer's idempotency key (the key itself is the secret behind the access token). */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    requestHash: text('request_hash').notNull(),
    accessTokenHash: text('access_token_hash').notNull(),
  },
  (t) => [
    index('orders_order_date_idx').on(t.orderDate.desc(), t.id.desc()),
    index('orders_status_date_idx').on(t.status, t.orderDate.desc(), t.id.desc()),
    check('orders_total_positive', sql`${t.totalAmount} > 0`),
  ],
);

export const invoiceCounter = pgTable('invoice_counter', {
  id: integer('id').primaryKey(),
  lastValue: bigint('last_value', { mode: 'number' }).notNull(),
});
