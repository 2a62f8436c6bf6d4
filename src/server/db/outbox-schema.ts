import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigintNumber, identityId, timestampTz, createdAt } from './schema-columns';
import { accountSignInLinks, privacyRequests } from './accounts-schema';
import { groupEntryReceipts } from './group-orders-schema';
import { orders } from './orders-schema';
import { quotes } from './quotes-schema';
import { oneOf, uniqueWhereSet } from './schema-checks';

const emailStatuses = ['pending', 'sent'] as const;

export const emailKinds = [
  'buyer_confirmation',
  'shop_notice',
  /** To the buyer: money received, and what is still to pay (ref = the payment). */
  'payment_received',
  'proof_ready',
  'in_production',
  'shipped',
  'cancelled',
  /** To an address that asked for links to its orders (ref = the order_lookups row). */
  'order_links',
  /** To the shop: the buyer approved a proof or asked for changes (ref = the decision). */
  'shop_notice_proof_decision',
  /** To the buyer: a supplementary invoice, e.g. a raster print file added after ordering (ref = the invoice). */
  'supplementary_invoice',
  /** To the shop: the buyer added a print file after ordering (ref = its position in order_print_files). */
  'shop_notice_print_file',
  /** To the buyer: a credit note with its PDF (ref = the credit note's document). */
  'credit_note',
  /** To the buyer: a reminder (påminnelse) with its PDF (ref = the reminder's document). */
  'reminder',
  /** To a customer: a statement (kontoutdrag) with its PDF (ref = customer_statements). */
  'statement',
  /** To a quote's buyer: the quote with its PDF (quote_id; ref = the version). */
  'quote',
  /** To a quote's buyer: it expires in a few days (quote_id; ref = the version; migration 5700). */
  'quote_expiry_reminder',
  /** To the shop: the buyer declined a quote (quote_id). */
  'shop_notice_quote_declined',
  /** To the shop: the buyer cancelled the order on its page (ref = the status event; migration 4700). */
  'shop_notice_cancelled',
  /** To the buyer: the shop wrote in the order's thread; a link, never the text (ref = the message; 5100). */
  'message_to_buyer',
  /** To the shop: the buyer wrote in the order's thread; a link, never the text (ref = the message; 5100). */
  'shop_notice_message',
  /** To the buyer: money paid back, in the invoice's currency (ref = the refund's payment; 5100). */
  'refund',
  /** To an address that asked to sign in to its account: the one-time link (account_link_id; migration 5400). */
  'account_sign_in',
  /** To an address a company's member invited: a one-time sign-in link to the company's account (account_link_id; migration 5950). */
  'account_company_invite',
  /** To the buyer: staff changed the order's lines, with the documents that settled it (ref = order_line_changes; migration 5000). */
  'order_change',
  /** To a group order's member who left an address: a receipt of their own entry, a link and no stranger text (group_receipt_id; migration 6050). */
  'group_entry_receipt',
  /** To a buyer who asked for erasure: it is done (privacy_request_id; migration 6500). */
  'privacy_erasure_done',
] as const;
export type EmailKind = (typeof emailKinds)[number];

/** See migrations/0110_outbox.sql. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: identityId(),
    /** The order an email is about; null for a quote's (migrations/4500_quotes.sql). */
    orderId: bigintNumber('order_id').references(() => orders.id),
    quoteId: bigintNumber('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    /** The sign-in link an account email sends (migrations/5400_accounts.sql). */
    accountLinkId: bigintNumber('account_link_id').references(() => accountSignInLinks.id, {
      onDelete: 'cascade',
    }),
    /** The group-order entry's receipt an email sends (migrations/6050_group_entry_receipts.sql). */
    groupReceiptId: bigintNumber('group_receipt_id').references(() => groupEntryReceipts.id, {
      onDelete: 'cascade',
    }),
    /** The erasure whose "done" email this is (migrations/6500_privacy_erasure.sql). */
    privacyRequestId: bigintNumber('privacy_request_id').references(() => privacyRequests.id, {
      onDelete: 'cascade',
    }),
    kind: text('kind', { enum: emailKinds }).notNull(),
    /** The status event, proof, decision, lookup or supplementary invoice an email is about (1500, 1600, 1700). */
    ref: bigintNumber('ref'),
    status: text('status', { enum: emailStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestampTz('sent_at'),
  },
  // One email per order, kind and event/proof (ref); emails without a ref once per order and kind.
  (t) => [
    uniqueIndex('email_outbox_order_kind_ref_idx').on(t.orderId, t.kind, sql`coalesce(${t.ref}, 0)`),
    uniqueIndex('email_outbox_quote_kind_ref_idx')
      .on(t.quoteId, t.kind, sql`coalesce(${t.ref}, 0)`)
      .where(sql`${t.quoteId} IS NOT NULL`),
    // Each email is about one thing: an order, a quote, a sign-in link or a group entry's receipt.
    check(
      'email_outbox_one_subject',
      sql`num_nonnulls(${t.privacyRequestId}, ${t.groupReceiptId}, ${t.orderId}, ${t.quoteId}, ${t.accountLinkId}) = 1`,
    ),
    uniqueWhereSet('email_outbox_account_link_idx', t.accountLinkId),
    uniqueWhereSet('email_outbox_group_receipt_idx', t.groupReceiptId),
    uniqueWhereSet('email_outbox_privacy_request_idx', t.privacyRequestId),
    // The sender's queue: pending rows by when they are due.
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    check('email_outbox_kind_check', oneOf(t.kind, emailKinds)),
    check('email_outbox_status_check', oneOf(t.status, emailStatuses)),
  ],
);
