import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigintNumber, timestampTz } from './schema-columns';
import { printFileKinds } from '@/shared/print-files';
import { orders } from './orders-schema';
import { oneOf } from './schema-checks';
import { uploads } from './uploads-schema';

/** See migrations/1300_print_files.sql: the print files an order claimed, in the buyer's order. */
export const orderPrintFiles = pgTable(
  'order_print_files',
  {
    orderId: bigintNumber('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id),
    kind: text('kind', { enum: printFileKinds }).notNull(),
    position: integer('position').notNull(),
    addedAt: timestampTz('added_at').notNull().defaultNow(),
    /** The line of orders.items the file is for (0-based), null for the whole order (migrations/2300_production.sql). */
    lineIndex: integer('line_index'),
    /** The buyer's note with the file. */
    note: text('note'),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.uploadId] }),
    index('order_print_files_upload_idx').on(t.uploadId),
    check('order_print_files_kind_check', oneOf(t.kind, printFileKinds)),
    check('order_print_files_position_check', sql`${t.position} >= 0`),
    check('order_print_files_line_index_check', sql`${t.lineIndex} >= 0`),
    check('order_print_files_note_check', sql`char_length(${t.note}) <= 1000`),
  ],
);
