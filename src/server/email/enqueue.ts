import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { emailKinds, emailOutbox, type EmailKind } from '@/server/db/outbox-schema';

/**
 * The one way into the email outbox: a domain queues mail in its own transaction, so the email is
 * sent exactly when what it tells of is committed. The outbox worker (outbox-worker.ts) sends it.
 */
export interface QueuedEmail {
  orderId: number | string;
  kind: EmailKind;
  /** The status event, proof, decision, lookup, document or payment the email is about. */
  ref?: number | string | null;
}

/** Queues one email in the caller's transaction. */
export async function enqueueEmail(tx: Db, email: QueuedEmail): Promise<void> {
  await tx.insert(emailOutbox).values({
    orderId: Number(email.orderId),
    kind: email.kind,
    ref: email.ref === undefined || email.ref === null ? null : Number(email.ref),
  });
}

/**
 * Queues one email unless one of the same kind for the order is still waiting to be sent: a reader
 * told "there is something new, read it here" needs one such email, not one per message.
 * Answers whether it queued.
 */
export async function enqueueEmailUnlessWaiting(tx: Db, email: QueuedEmail): Promise<boolean> {
  const result = await tx.execute(
    sql`INSERT INTO email_outbox (order_id, kind, ref)
      SELECT ${Number(email.orderId)}::bigint, ${email.kind}, ${email.ref === undefined || email.ref === null ? null : Number(email.ref)}::bigint
      WHERE NOT EXISTS (SELECT 1 FROM email_outbox WHERE order_id = ${Number(email.orderId)}::bigint
        AND kind = ${email.kind} AND status = 'pending')
      RETURNING id`,
  );
  return ((result as { rows?: unknown[] }).rows?.length ?? 0) > 0;
}

/** An email about a quote (no order yet): the quote's email to its buyer, or the shop's notice. */
export interface QueuedQuoteEmail {
  quoteId: number;
  kind: Extract<EmailKind, 'quote' | 'quote_expiry_reminder' | 'shop_notice_quote_declined'>;
  /** The quote's version the email sends. */
  ref?: number | null;
}

/** Queues one quote email in the caller's transaction (sent once per quote, kind and version). */
export async function enqueueQuoteEmail(tx: Db, email: QueuedQuoteEmail): Promise<void> {
  await tx
    .insert(emailOutbox)
    .values({ quoteId: email.quoteId, kind: email.kind, ref: email.ref ?? null })
    .onConflictDoNothing();
}

/** Queues the email of an account's sign-in link (or a company's invitation) in the caller's transaction (once per link). */
export async function enqueueAccountSignInEmail(
  tx: Db,
  accountLinkId: number,
  kind: 'account_sign_in' | 'account_company_invite' = 'account_sign_in',
): Promise<void> {
  await tx.insert(emailOutbox).values({ accountLinkId, kind }).onConflictDoNothing();
}

/** Queues a group-order member's receipt of their entry in the caller's transaction (once per receipt). */
export async function enqueueGroupReceiptEmail(tx: Db, groupReceiptId: number): Promise<void> {
  await tx.insert(emailOutbox).values({ groupReceiptId, kind: 'group_entry_receipt' }).onConflictDoNothing();
}

/** Emails queued by a set-based statement: one row per row of `from` (and per kind, given several). */
export interface QueuedEmailsSql {
  /** The rows the emails come from, e.g. sql`inserted` or sql`document, inserted WHERE ...`. */
  from: SQL;
  /** The order id of a row, e.g. sql`inserted.id`. */
  orderId: SQL;
  /** One kind for every row, or several: each row then queues one email of each. */
  kind: EmailKind | readonly EmailKind[];
  ref?: SQL;
}

/**
 * The INSERT of `enqueueEmail` as an SQL fragment for a data-modifying CTE, so a statement that
 * writes many rows (checkout's orders, a payment, a lookup) queues their emails in that same
 * statement: `queued AS (${enqueueEmailsSql({ ... })})`.
 */
export function enqueueEmailsSql(emails: QueuedEmailsSql): SQL {
  const kinds: readonly EmailKind[] = typeof emails.kind === 'string' ? [emails.kind] : emails.kind;
  // Kinds are written as literals (the statement stays one shape for the planner); only known ones.
  for (const kind of kinds)
    if (!emailKinds.includes(kind)) throw new Error(`unknown email kind ${String(kind)}`);
  const ref = emails.ref ?? sql`NULL`;
  if (kinds.length === 1)
    return sql`INSERT INTO email_outbox (order_id, kind, ref)
      SELECT ${emails.orderId}, ${sql.raw(`'${kinds[0]}'`)}, ${ref} FROM ${emails.from}`;
  const kindList = sql.raw(kinds.map((kind) => `'${kind}'`).join(', '));
  return sql`INSERT INTO email_outbox (order_id, kind, ref)
    SELECT ${emails.orderId}, queued_kind, ${ref} FROM ${emails.from}, unnest(ARRAY[${kindList}]) AS queued_kind`;
}

/** Queues the email telling a buyer their erasure is done, in the caller's transaction (once per request; migration 6500). */
export async function enqueuePrivacyErasureEmail(tx: Db, privacyRequestId: number): Promise<void> {
  await tx
    .insert(emailOutbox)
    .values({ privacyRequestId, kind: 'privacy_erasure_done' })
    .onConflictDoNothing();
}
