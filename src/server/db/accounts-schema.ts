import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintNumber, identityId, timestampTz, createdAt } from './schema-columns';
import { locales } from '@/shared/i18n/locale';
import { orders } from './orders-schema';
import { quotes } from './quotes-schema';
import { oneOf } from './schema-checks';
import { staff } from './staff-schema';

/** See migrations/5950_account_companies.sql: a company account, by organisation number. */
export const accountCompanies = pgTable(
  'account_companies',
  {
    /** As orders store it (a Swedish number normalised to NNNNNN-NNNN). */
    orgNumber: text('org_number').primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [check('account_companies_org_number_check', sql`char_length(${t.orgNumber}) BETWEEN 1 AND 20`)],
);

/** How a person came to a company: its first verified buyer, a member's invitation, or staff. */
export const companyMemberOrigins = ['first_order', 'member', 'staff'] as const;

/** See migrations/5950_account_companies.sql: a person of a company (one company per address). */
export const accountCompanyMembers = pgTable(
  'account_company_members',
  {
    /** Lower case. */
    email: text('email').primaryKey(),
    orgNumber: text('org_number')
      .notNull()
      .references(() => accountCompanies.orgNumber, { onDelete: 'cascade' }),
    addedBy: text('added_by', { enum: companyMemberOrigins }).notNull(),
    /** The inviting member's address; null for the first buyer and for staff. */
    invitedBy: text('invited_by'),
    addedAt: timestampTz('added_at').notNull().defaultNow(),
    /** When the address first signed in by a link as a member; null while only invited. */
    verifiedAt: timestampTz('verified_at'),
  },
  (t) => [
    check(
      'account_company_members_email_check',
      sql`${t.email} = lower(${t.email}) AND char_length(${t.email}) <= 255`,
    ),
    check('account_company_members_added_by_check', oneOf(t.addedBy, companyMemberOrigins)),
    index('account_company_members_org_idx').on(t.orgNumber),
  ],
);

/**
 * See migrations/5950_account_companies.sql and 6750_company_quote_claims.sql: a stranger's order
 * or quote a member claimed for the company (exactly one of the two, each claimed once).
 */
export const accountCompanyClaims = pgTable(
  'account_company_claims',
  {
    id: identityId(),
    orderId: bigintNumber('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    quoteId: bigintNumber('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    orgNumber: text('org_number')
      .notNull()
      .references(() => accountCompanies.orgNumber, { onDelete: 'cascade' }),
    claimedBy: text('claimed_by').notNull(),
    claimedAt: timestampTz('claimed_at').notNull().defaultNow(),
  },
  (t) => [
    index('account_company_claims_org_idx').on(t.orgNumber),
    uniqueIndex('account_company_claims_order_idx').on(t.orderId),
    uniqueIndex('account_company_claims_quote_idx').on(t.quoteId),
    check('account_company_claims_subject_check', sql`num_nonnulls(${t.orderId}, ${t.quoteId}) = 1`),
  ],
);

/**
 * See migrations/5400_accounts.sql: one request for a sign-in link. The link's token is made when
 * the outbox sends the email (the database never holds a usable token, only its sha256) and is
 * good for 15 minutes from then, once.
 */
export const accountSignInLinks = pgTable(
  'account_sign_in_links',
  {
    id: identityId(),
    /** As the buyer typed it, trimmed; compared in lower case. */
    email: text('email').notNull(),
    locale: text('locale', { enum: locales }).notNull(),
    createdAt: createdAt(),
    /** sha256 (hex) of the emailed token; null until the email is built. */
    tokenHash: text('token_hash').unique(),
    expiresAt: timestampTz('expires_at'),
    usedAt: timestampTz('used_at'),
    /** An invitation to this company's account (migration 5950); null for a plain sign-in. */
    companyOrgNumber: text('company_org_number').references(() => accountCompanies.orgNumber, {
      onDelete: 'cascade',
    }),
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
    id: identityId(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the link proved, in lower case. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
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
    id: identityId(),
    /** The account's address, in lower case. */
    email: text('email').notNull(),
    label: text('label').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
    /** The delivery country, ISO 3166-1 alpha-2 (migrations/6650_account_address_country.sql). */
    country: text('country').notNull(),
  },
  (t) => [
    check(
      'account_addresses_email_check',
      sql`${t.email} = lower(${t.email}) AND char_length(${t.email}) <= 255`,
    ),
    check('account_addresses_label_check', sql`char_length(${t.label}) <= 60`),
    check('account_addresses_address_check', sql`char_length(${t.address}) BETWEEN 1 AND 300`),
    check('account_addresses_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
    index('account_addresses_email_idx').on(t.email, t.id),
  ],
);

/** See migrations/6000_customer_register.sql: a buyer's request to erase their personal data. */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: identityId(),
    /** The address in lower case while open; its sha256 (hex) once carried out. */
    email: text('email').notNull(),
    requestedAt: timestampTz('requested_at').notNull().defaultNow(),
    completedAt: timestampTz('completed_at'),
    completedBy: bigintNumber('completed_by').references(() => staff.id),
    outcome: jsonb('outcome').$type<Record<string, number>>(),
    /** The language the buyer asked in: the "done" email's (migrations/6500_privacy_erasure.sql). */
    locale: text('locale', { enum: locales }).notNull().default('sv'),
  },
  (t) => [
    check('privacy_requests_email_check', sql`char_length(${t.email}) <= 255`),
    check('privacy_requests_locale_check', oneOf(t.locale, locales)),
    check('privacy_requests_completed_check', sql`(${t.completedAt} IS NULL) = (${t.outcome} IS NULL)`),
    uniqueIndex('privacy_requests_open_idx')
      .on(t.email)
      .where(sql`${t.completedAt} IS NULL`),
    index('privacy_requests_requested_idx').on(t.requestedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
