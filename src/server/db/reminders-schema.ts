import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintNumber, identityId, timestampTz, createdAt, money, isoDate } from './schema-columns';
import { documents } from './ledger-schema';
import { oneOf } from './schema-checks';

const feeKinds = ['late_payment_compensation', 'reminder_fee'] as const;

/** See migrations/3100_reminders.sql: what each reminder charged, and for which invoice. */
export const reminders = pgTable(
  'reminders',
  {
    documentId: bigintNumber('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    invoiceId: bigintNumber('invoice_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    step: integer('step'),
    feeKind: text('fee_kind', { enum: feeKinds }),
    fee: money('fee')
      .notNull()
      .default(sql`0`),
    interest: money('interest')
      .notNull()
      .default(sql`0`),
    interestUntil: isoDate('interest_until').notNull(),
    sentBy: text('sent_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reminders_invoice_idx').on(t.invoiceId, t.documentId),
    uniqueIndex('reminders_invoice_step_idx')
      .on(t.invoiceId, t.step)
      .where(sql`${t.step} IS NOT NULL`),
    uniqueIndex('reminders_one_fee_idx')
      .on(t.invoiceId)
      .where(sql`${t.feeKind} IS NOT NULL`),
    check('reminders_step_check', sql`${t.step} > 0`),
    check('reminders_fee_kind_check', oneOf(t.feeKind, feeKinds)),
  ],
);

/** An invoice the buyer disputes: no reminder while open (lifted_at null). */
export const invoiceDisputes = pgTable(
  'invoice_disputes',
  {
    id: identityId(),
    invoiceId: bigintNumber('invoice_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    openedBy: text('opened_by').notNull(),
    openedAt: timestampTz('opened_at').notNull().defaultNow(),
    liftedBy: text('lifted_by'),
    liftedAt: timestampTz('lifted_at'),
  },
  (t) => [
    uniqueIndex('invoice_disputes_open_idx')
      .on(t.invoiceId)
      .where(sql`${t.liftedAt} IS NULL`),
    check('invoice_disputes_note_check', sql`char_length(${t.note}) BETWEEN 1 AND 1000`),
  ],
);
