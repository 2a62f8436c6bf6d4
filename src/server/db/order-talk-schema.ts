import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { bigintNumber, identityId, timestampTz } from './schema-columns';
import { messageAuthors } from '@/shared/order-talk';
import { orders } from './orders-schema';
import { oneOf } from './schema-checks';
import { staff } from './staff-schema';
import { uploads } from './uploads-schema';

/**
 * Staff's internal notes on an order (migrations/5100_order_talk.sql), owned by the order-talk
 * domain (src/server/order-talk): who wrote what and when; "for production" puts it on the job
 * ticket. Never shown to the buyer. Kept forever, like the audit.
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: identityId(),
    orderId: bigintNumber('order_id')
      .notNull()
      .references(() => orders.id),
    text: text('text').notNull(),
    forProduction: boolean('for_production').notNull().default(false),
    writtenBy: bigintNumber('written_by')
      .notNull()
      .references(() => staff.id),
    writtenAt: timestampTz('written_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_notes_order_idx').on(t.orderId, t.id),
    check('order_notes_text_check', sql`char_length(${t.text}) BETWEEN 1 AND 2000`),
  ],
);

/**
 * The thread between the buyer and the shop on one order (migrations/5100_order_talk.sql): the
 * buyer's messages (author 'buyer', no staff) and the shop's answers (author 'shop', the staff
 * member who wrote it). Kept forever; nothing is edited.
 */
export const orderMessages = pgTable(
  'order_messages',
  {
    id: identityId(),
    orderId: bigintNumber('order_id')
      .notNull()
      .references(() => orders.id),
    author: text('author', { enum: messageAuthors }).notNull(),
    text: text('text').notNull(),
    staffId: bigintNumber('staff_id').references(() => staff.id),
    /** The buyer's file with the message (migrations/6200_order_message_files.sql), claimed by attachUploads. */
    uploadId: text('upload_id')
      .unique()
      .references(() => uploads.id),
    writtenAt: timestampTz('written_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_messages_order_idx').on(t.orderId, t.id),
    check('order_messages_author_check', oneOf(t.author, messageAuthors)),
    check('order_messages_text_check', sql`char_length(${t.text}) BETWEEN 1 AND 2000`),
    check('order_messages_shop_has_staff', sql`(${t.author} = 'shop') = (${t.staffId} IS NOT NULL)`),
    check('order_messages_file_from_buyer', sql`${t.uploadId} IS NULL OR ${t.author} = 'buyer'`),
  ],
);
