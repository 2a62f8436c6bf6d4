import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { bytea, bigintNumber, identityId, timestampTz, createdAt, money, isoDate } from './schema-columns';
import { documentKinds, paymentMethods } from '@/shared/ledger';
import { locales } from '@/shared/i18n/locale';
import { vatTreatments } from '@/shared/invoicing/vat-treatment';
import { orders } from './orders-schema';
import { oneOf, indexWhereSet } from './schema-checks';
import { uploads } from './uploads-schema';

/**
 * See migrations/2000_ledger.sql: every invoice, supplementary invoice and credit note as issued.
 * Amounts are exact decimal strings, negative on a credit note; `snapshot` is the whole document.
 */
export const documents = pgTable(
  'documents',
  {
    id: identityId(),
    orderId: bigintNumber('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: documentKinds }).notNull(),
    number: text('number').notNull().unique(),
    seq: bigintNumber('seq').notNull().unique(),
    issuedAt: timestampTz('issued_at').notNull().defaultNow(),
    issuedOn: isoDate('issued_on').notNull(),
    dueOn: isoDate('due_on'),
    language: text('language', { enum: locales }).notNull(),
    vatTreatment: text('vat_treatment', { enum: vatTreatments }).notNull(),
    net: money('net').notNull(),
    vat: money('vat').notNull(),
    total: money('total').notNull(),
    ocr: text('ocr'),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    correctsDocumentId: bigintNumber('corrects_document_id').references((): AnyPgColumn => documents.id),
    reason: text('reason'),
    uploadId: text('upload_id')
      .unique()
      .references(() => uploads.id),
  },
  (t) => [
    index('documents_order_idx').on(t.orderId, t.seq),
    index('documents_issued_idx').on(t.issuedOn, t.seq),
    indexWhereSet('documents_corrects_idx', t.correctsDocumentId),
    indexWhereSet('documents_ocr_idx', t.ocr),
    check('documents_kind_check', oneOf(t.kind, documentKinds)),
    check('documents_language_check', oneOf(t.language, locales)),
    check('documents_vat_treatment_check', oneOf(t.vatTreatment, vatTreatments)),
    check('documents_amounts_add_up', sql`${t.net} + ${t.vat} = ${t.total}`),
    check(
      'documents_sign',
      sql`CASE WHEN ${t.kind} = 'credit_note' THEN ${t.total} < 0 WHEN ${t.kind} = 'reminder' THEN ${t.total} >= 0 ELSE ${t.total} > 0 END`,
    ),
    check(
      'documents_credit_note_corrects',
      sql`(${t.kind} = 'credit_note') = (${t.correctsDocumentId} IS NOT NULL)`,
    ),
  ],
);

/** A document's PDF as first rendered from its snapshot, kept byte for byte. */
export const documentPdfs = pgTable('document_pdfs', {
  documentId: bigintNumber('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  pdf: bytea('pdf').notNull(),
  createdAt: createdAt(),
});

/** Money received (positive) or paid back (negative, a refund) against one invoice. */
export const payments = pgTable(
  'payments',
  {
    id: identityId(),
    documentId: bigintNumber('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    paidOn: isoDate('paid_on').notNull(),
    method: text('method', { enum: paymentMethods }).notNull(),
    reference: text('reference'),
    externalReference: text('external_reference').unique(),
    recordedBy: text('recorded_by'),
    createdAt: createdAt(),
    /** A EUR payment (migration 5300): the euros paid and the SEK the bank booked; `amount` is the SEK cleared. */
    currency: text('currency', { enum: ['EUR'] }),
    amountInCurrency: money('amount_in_currency'),
    bookedSek: money('booked_sek'),
    /** No money: a residual closed by öresavrundning (BAS 3740), with the admin's reason when by hand. */
    settlement: text('settlement', { enum: ['rounding'] }),
    settlementReason: text('settlement_reason'),
  },
  (t) => [
    index('payments_document_idx').on(t.documentId, t.paidOn),
    index('payments_paid_on_idx').on(t.paidOn, t.id),
    check('payments_amount_check', sql`${t.amount} <> 0`),
    check('payments_method_check', oneOf(t.method, paymentMethods)),
    check('payments_currency_check', oneOf(t.currency, ['EUR'])),
    check('payments_settlement_check', oneOf(t.settlement, ['rounding'])),
    check('payments_settlement_reason_check', sql`char_length(${t.settlementReason}) <= 500`),
    check(
      'payments_currency_amounts',
      sql`(${t.currency} IS NULL) = (${t.amountInCurrency} IS NULL) AND (${t.currency} IS NULL) = (${t.bookedSek} IS NULL)`,
    ),
    check('payments_settlement_no_currency', sql`${t.settlement} IS NULL OR ${t.currency} IS NULL`),
  ],
);

/** One row: the last number of the one series of invoices and other documents (migrations/0100_orders.sql). */
export const invoiceCounter = pgTable(
  'invoice_counter',
  {
    id: integer('id').primaryKey(),
    lastValue: bigintNumber('last_value').notNull(),
  },
  (t) => [check('invoice_counter_id_check', sql`${t.id} = 1`)],
);

/**
 * Orders cancelled before the ledger existed whose invoices were never credited (migration 5310):
 * the server issues their credit notes at start, dated `due_at` (src/server/ledger/upgrade-repair.ts).
 */
export const ledgerUpgradeCredits = pgTable(
  'ledger_upgrade_credits',
  {
    orderId: bigintNumber('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    dueAt: timestampTz('due_at').notNull().defaultNow(),
    doneAt: timestampTz('done_at'),
  },
  (t) => [
    index('ledger_upgrade_credits_open_idx')
      .on(t.orderId)
      .where(sql`${t.doneAt} IS NULL`),
  ],
);

/** Months the bookkeeper closed (migrations/5200_closed_months.sql): nothing is dated in one. */
export const closedMonths = pgTable(
  'closed_months',
  {
    month: text('month').primaryKey(),
    closedAt: timestampTz('closed_at').notNull().defaultNow(),
    closedBy: text('closed_by'),
  },
  (t) => [check('closed_months_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)],
);

/**
 * The net of the documents issued each Stockholm day, reminders left out, in 16 slots: the
 * dashboard's net turnover, kept by statement triggers on documents (migrations/6900_document_net_days.sql).
 */
export const documentNetDays = pgTable(
  'document_net_days',
  {
    day: isoDate('day').notNull(),
    slot: smallint('slot').notNull(),
    net: numeric('net', { precision: 20, scale: 2 })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.slot] }),
    check('document_net_days_slot_check', sql`${t.slot} >= 0 AND ${t.slot} < 16`),
  ],
);
