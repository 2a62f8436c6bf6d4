import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { locales } from '@/shared/i18n/locale';
import { oneOf } from './schema-checks';

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
