import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytea, bigintNumber, identityId, timestampTz, createdAt, money, isoDate } from './schema-columns';
import { locales } from '@/shared/i18n/locale';
import type { InvoiceCurrencyRate } from '@/shared/invoicing/invoice-currency';
import { vatTreatments } from '@/shared/invoicing/vat-treatment';
import { quoteSources, storedQuoteStatuses, type QuoteCustomer } from '@/shared/quotes';
import type { StoredOrderLine } from './orders-schema';
import { oneOf } from './schema-checks';

/** See migrations/4500_quotes.sql: the year's last quote number (Q-<year>-<seq>). */
export const quoteCounters = pgTable(
  'quote_counters',
  {
    year: integer('year').primaryKey(),
    lastSeq: integer('last_seq').notNull(),
  },
  (t) => [
    check('quote_counters_year_check', sql`${t.year} >= 2000 AND ${t.year} <= 9999`),
    check('quote_counters_last_seq_check', sql`${t.lastSeq} > 0`),
  ],
);

/** See migrations/4500_quotes.sql: a quote, its buyer and what the buyer decided. */
export const quotes = pgTable(
  'quotes',
  {
    id: identityId(),
    quoteNumber: text('quote_number').notNull().unique(),
    status: text('status', { enum: storedQuoteStatuses }).notNull().default('sent'),
    source: text('source', { enum: quoteSources }).notNull(),
    language: text('language', { enum: locales }).notNull(),
    customer: jsonb('customer').$type<QuoteCustomer>().notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    accessTokenHash: text('access_token_hash').notNull(),
    currentVersion: integer('current_version').notNull().default(1),
    createdBy: bigintNumber('created_by'),
    createdAt: createdAt(),
    acceptedOrderNumber: text('accepted_order_number').unique(),
    acceptKeyHash: text('accept_key_hash').unique(),
    acceptedBy: text('accepted_by'),
    acceptedAt: timestampTz('accepted_at'),
    declinedAt: timestampTz('declined_at'),
    declineReason: text('decline_reason'),
    /** Housekeeping found it past its last valid day (migrations/5700_quote_expiry.sql). */
    expiredAt: timestampTz('expired_at'),
    /** The version whose reminder before expiry was queued (one per version; migration 5700). */
    expiryRemindedVersion: integer('expiry_reminded_version'),
  },
  (t) => [
    index('quotes_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A customer's quotes in the register (migrations/6000_customer_register.sql).
    index('quotes_customer_email_idx').on(sql`lower(${t.customerEmail})`),
    index('quotes_open_idx')
      .on(t.id)
      .where(sql`${t.status} IN ('draft', 'sent') AND ${t.expiredAt} IS NULL`),
    check('quotes_quote_number_check', sql`${t.quoteNumber} ~ '^Q-[0-9]{4}-[0-9]{4,9}$'`),
    check('quotes_status_check', oneOf(t.status, storedQuoteStatuses)),
    check('quotes_source_check', oneOf(t.source, quoteSources)),
    check('quotes_language_check', oneOf(t.language, locales)),
    check('quotes_access_token_hash_check', sql`${t.accessTokenHash} ~ '^[0-9a-f]{64}$'`),
    check('quotes_current_version_check', sql`${t.currentVersion} > 0`),
    check('quotes_decline_reason_check', sql`char_length(${t.declineReason}) <= 1000`),
  ],
);

/** See migrations/4500_quotes.sql: each version of a quote as given, never changed. */
export const quoteVersions = pgTable(
  'quote_versions',
  {
    quoteId: bigintNumber('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    createdAt: createdAt(),
    validUntil: isoDate('valid_until').notNull(),
    vatTreatment: text('vat_treatment', { enum: vatTreatments }).notNull(),
    lines: jsonb('lines').$type<StoredOrderLine[]>().notNull(),
    totalAmount: money('total_amount').notNull(),
    exVatAmount: money('ex_vat_amount').notNull(),
    vatAmount: money('vat_amount').notNull(),
    invoiceCurrency: jsonb('invoice_currency').$type<InvoiceCurrencyRate>(),
    note: text('note'),
    neededBy: isoDate('needed_by'),
    pdf: bytea('pdf'),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.version] }),
    check('quote_versions_version_check', sql`${t.version} > 0`),
    check('quote_versions_vat_treatment_check', oneOf(t.vatTreatment, vatTreatments)),
    check('quote_versions_total_amount_check', sql`${t.totalAmount} >= 0`),
    check('quote_versions_note_check', sql`char_length(${t.note}) <= 2000`),
  ],
);

/** See migrations/4500_quotes.sql: the hashed tokens of the links in a quote's emails. */
export const quoteLinks = pgTable(
  'quote_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    quoteId: bigintNumber('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('quote_links_quote_idx').on(t.quoteId)],
);
