import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { identityId, timestampTz, createdAt, isoDate } from './schema-columns';
import { locales } from '@/shared/i18n/locale';
import { allSizeCodes } from '@/shared/size-codes';
import type { StoredGroupDesign } from '@/shared/group-orders';
import { oneOf } from './schema-checks';

/** See migrations/5500_group_orders.sql: a group, its design and its two links' token hashes. */
export const groupOrders = pgTable(
  'group_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    closesOn: isoDate('closes_on').notNull(),
    productId: text('product_id').notNull(),
    line: jsonb('line').$type<StoredGroupDesign>().notNull(),
    printName: boolean('print_name').notNull().default(false),
    printNumber: boolean('print_number').notNull().default(false),
    showPrice: boolean('show_price').notNull().default(false),
    language: text('language', { enum: locales }).notNull(),
    shareTokenHash: text('share_token_hash').notNull().unique(),
    organiserTokenHash: text('organiser_token_hash').notNull().unique(),
    createdAt: createdAt(),
    closedAt: timestampTz('closed_at'),
  },
  (t) => [
    check('group_orders_title_check', sql`char_length(${t.title}) BETWEEN 1 AND 80`),
    check('group_orders_product_id_check', sql`char_length(${t.productId}) BETWEEN 1 AND 100`),
    check('group_orders_language_check', oneOf(t.language, locales)),
    check('group_orders_share_token_hash_check', sql`${t.shareTokenHash} ~ '^[0-9a-f]{64}$'`),
    check('group_orders_organiser_token_hash_check', sql`${t.organiserTokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** See migrations/5500_group_orders.sql (sizes: 6551): one member's entry, changed or removed with its edit token. */
export const groupOrderEntries = pgTable(
  'group_order_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groupOrders.id, { onDelete: 'cascade' }),
    editTokenHash: text('edit_token_hash').notNull().unique(),
    memberName: text('member_name').notNull(),
    size: text('size', { enum: allSizeCodes }).notNull(),
    quantity: integer('quantity').notNull(),
    printName: text('print_name'),
    printNumber: text('print_number'),
    createdAt: createdAt(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('group_order_entries_group_idx').on(t.groupId, t.createdAt),
    check('group_order_entries_edit_token_hash_check', sql`${t.editTokenHash} ~ '^[0-9a-f]{64}$'`),
    check('group_order_entries_member_name_check', sql`char_length(${t.memberName}) BETWEEN 1 AND 60`),
    check('group_order_entries_size_check', oneOf(t.size, allSizeCodes)),
    check('group_order_entries_quantity_check', sql`${t.quantity} BETWEEN 1 AND 20`),
    check('group_order_entries_print_name_check', sql`char_length(${t.printName}) BETWEEN 1 AND 14`),
    check('group_order_entries_print_number_check', sql`${t.printNumber} ~ '^[0-9]{1,3}$'`),
  ],
);

/** See migrations/6050_group_entry_receipts.sql: a member's receipt of their own entry. */
export const groupEntryReceipts = pgTable(
  'group_entry_receipts',
  {
    id: identityId(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => groupOrderEntries.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    locale: text('locale', { enum: locales }).notNull(),
    /** sha256 (hex) of the emailed link's token; null until the email is built. */
    tokenHash: text('token_hash').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('group_entry_receipts_entry_idx').on(t.entryId),
    check('group_entry_receipts_email_check', sql`char_length(${t.email}) <= 255`),
    check('group_entry_receipts_locale_check', oneOf(t.locale, locales)),
    check('group_entry_receipts_token_hash_check', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
  ],
);
