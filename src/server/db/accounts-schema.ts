import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { locales } from '@/shared/i18n/locale';
import { oneOf } from './schema-checks';
import { staff } from './staff-schema';

/**
 * See migrations/5400_accounts.sql: one request for a sign-in link. The link's token is made when
 * the outbox sends the email (the database never holds a usable token, only its sha256) and is
 * good for 15 minutes from then, once.
 */
export const accountSignInLinks = pgTable(
  'account_sign_in_links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** As the buyer typed it, trimmed; compared in lower case. */
    email: text('email').notNull(),
    locale: text('locale', { enum: locales }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** sha256 (hex) of the emailed token; null until the email is built. */
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    check('account_sign_in_links_locale_check', oneOf(t.locale, locales)),
    check('account_sign_in_links_email_check', sql`char_length(${t.email}) <= 255`),
    check('account_sign_in_links_token_hash_check', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    index('account_sign_in_links_created_idx').on(t.createdAt),
  ],
);

/** See migrations/5400_accounts.sql: a signed-in browser (the cookie's token hashed), 30 days at most. */
export const accountSessions = pgTable(
  'account_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the link proved, in lower case. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('account_sessions_token_hash_check', sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check('account_sessions_email_check', sql`${t.email} = lower(${t.email})`),
    index('account_sessions_email_idx').on(t.email),
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
    check(
      'account_addresses_email_check',
      sql`${t.email} = lower(${t.email}) AND char_length(${t.email}) <= 255`,
    ),
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
