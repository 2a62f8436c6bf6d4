import { bigint, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { orders } from './orders-schema';

export const emailKinds = ['buyer_confirmation', 'shop_notice'] as const;
export type EmailKind = (typeof emailKinds)[number];

/** See migrations/0110_outbox.sql. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: emailKinds }).notNull(),
    status: text('status', { enum: ['pending', 'sent'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [unique().on(t.orderId, t.kind)],
);
