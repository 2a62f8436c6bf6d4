import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { printFileKinds } from '@/shared/print-files';

/** See migrations/1300_print_files.sql: the print files an order claimed, in the buyer's order. */
export const orderPrintFiles = pgTable(
  'order_print_files',
  {
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    uploadId: text('upload_id').notNull(),
    kind: text('kind', { enum: printFileKinds }).notNull(),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** The line of orders.items the file is for (0-based), null for the whole order (migrations/2300_production.sql). */
    lineIndex: integer('line_index'),
    /** The buyer's note with the file. */
    note: text('note'),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.uploadId] }),
    index('order_print_files_upload_idx').on(t.uploadId),
  ],
);
