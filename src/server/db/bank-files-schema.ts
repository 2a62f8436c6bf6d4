import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { bigintNumber, identityId, timestampTz, isoDate } from './schema-columns';
import { bankFileFormats, bankFileImportStates, bankPaymentStates } from '@/shared/receivables/bank-payments';
import { documents } from './ledger-schema';
import { oneOf } from './schema-checks';
import { staff } from './staff-schema';

/** See migrations/3000_bank_files.sql: the bank files the admin imported. */
export const bankFiles = pgTable(
  'bank_files',
  {
    id: identityId(),
    format: text('format', { enum: bankFileFormats }).notNull(),
    fileName: text('file_name'),
    sha256: text('sha256').notNull(),
    importedAt: timestampTz('imported_at').notNull().defaultNow(),
    importedBy: bigintNumber('imported_by').references(() => staff.id),
    payments: integer('payments').notNull(),
    matched: integer('matched').notNull(),
    unmatched: integer('unmatched').notNull(),
    duplicates: integer('duplicates').notNull(),
    state: text('state', { enum: bankFileImportStates }).notNull().default('recorded'),
    heartbeatAt: timestampTz('heartbeat_at').notNull().defaultNow(),
    recordedBy: text('recorded_by'),
    refused: integer('refused').notNull().default(0),
    notBooked: jsonb('not_booked')
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    check('bank_files_format_check', oneOf(t.format, bankFileFormats)),
    check('bank_files_file_name_check', sql`char_length(${t.fileName}) <= 200`),
    check('bank_files_state_check', oneOf(t.state, bankFileImportStates)),
    check('bank_files_recorded_by_check', sql`char_length(${t.recordedBy}) <= 200`),
    index('bank_files_unfinished_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.state} <> 'recorded'`),
  ],
);

/** See migrations/4100_bank_file_imports.sql: payments read from a file not yet recorded. */
export const bankFileStagedPayments = pgTable(
  'bank_file_staged_payments',
  {
    id: identityId(),
    bankFileId: bigintNumber('bank_file_id')
      .notNull()
      .references(() => bankFiles.id),
    bankReference: text('bank_reference').notNull(),
    deposit: integer('deposit').notNull(),
    amountMilli: bigintNumber('amount_milli').notNull(),
    currency: text('currency').notNull(),
    bookedOn: isoDate('booked_on'),
    details: jsonb('details').notNull(),
  },
  (t) => [
    index('bank_file_staged_payments_file_idx').on(t.bankFileId, t.id),
    index('bank_file_staged_payments_day_idx')
      .on(t.bankFileId, t.deposit)
      .where(sql`${t.bookedOn} IS NULL`),
  ],
);

/** Every payment a bank file held, unique by the bank's reference; the unmatched ones are the queue. */
export const bankPayments = pgTable(
  'bank_payments',
  {
    id: identityId(),
    bankFileId: bigintNumber('bank_file_id')
      .notNull()
      .references(() => bankFiles.id),
    bankReference: text('bank_reference').notNull().unique(),
    deposit: integer('deposit').notNull(),
    amountMilli: bigintNumber('amount_milli').notNull(),
    currency: text('currency').notNull(),
    bookedOn: isoDate('booked_on'),
    details: jsonb('details').notNull(),
    state: text('state', { enum: bankPaymentStates }).notNull(),
    reason: text('reason'),
    documentId: bigintNumber('document_id').references(() => documents.id),
    decidedBy: bigintNumber('decided_by').references(() => staff.id),
    decidedAt: timestampTz('decided_at'),
    note: text('note'),
    enteredOn: isoDate('entered_on'),
  },
  (t) => [
    index('bank_payments_file_idx').on(t.bankFileId, t.state, t.id),
    index('bank_payments_queue_idx')
      .on(t.id)
      .where(sql`${t.state} = 'unmatched'`),
    check('bank_payments_state_check', oneOf(t.state, bankPaymentStates)),
    check('bank_payments_note_check', sql`char_length(${t.note}) <= 500`),
    check(
      'bank_payments_decided',
      sql`(${t.state} IN ('assigned', 'not_ours')) = (${t.decidedAt} IS NOT NULL)`,
    ),
  ],
);
