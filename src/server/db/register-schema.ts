import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { staff } from './staff-schema';

/** See migrations/6000_customer_register.sql: a staff note on a customer of the register. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The register's id (a hash of orders.customer_key). */
    customerId: text('customer_id').notNull(),
    body: text('body').notNull(),
    staffId: bigint('staff_id', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('customer_notes_customer_id_check', sql`${t.customerId} ~ '^[0-9a-f]{24}$'`),
    check('customer_notes_body_check', sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
    index('customer_notes_customer_idx').on(t.customerId, t.id),
  ],
);

/** See migrations/6000_customer_register.sql: a delivery address a signed-in buyer saved. */
export const accountAddresses = pgTable(
  'account_addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The account's address, in lower case. */
    email: text('email').notNull(),
    label: text('label').notNull(),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('account_addresses_email_check', sql`${t.email} = lower(${t.email}) AND char_length(${t.email}) <= 255`),
    check('account_addresses_label_check', sql`char_length(${t.label}) <= 60`),
    check('account_addresses_address_check', sql`char_length(${t.address}) BETWEEN 1 AND 300`),
    index('account_addresses_email_idx').on(t.email, t.id),
  ],
);

/** See migrations/6000_customer_register.sql: a buyer's request to erase their personal data. */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The address in lower case while open; its sha256 (hex) once carried out. */
    email: text('email').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: bigint('completed_by', { mode: 'number' }).references(() => staff.id),
    outcome: jsonb('outcome').$type<Record<string, number>>(),
  },
  (t) => [
    check('privacy_requests_email_check', sql`char_length(${t.email}) <= 255`),
    check('privacy_requests_completed_check', sql`(${t.completedAt} IS NULL) = (${t.outcome} IS NULL)`),
    uniqueIndex('privacy_requests_open_idx')
      .on(t.email)
      .where(sql`${t.completedAt} IS NULL`),
    index('privacy_requests_requested_idx').on(t.requestedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
