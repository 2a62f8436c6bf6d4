import { sql, type SQL } from 'drizzle-orm';
import type Mail from 'nodemailer/lib/mailer';
import { stockholmDate } from '@/shared/dates';
import { translate } from '@/shared/i18n/define';
import type { AdminPrivacyRequest, ErasureOutcome } from '@/shared/account';
import type { Locale } from '@/shared/i18n/locale';
import { accountPrivacyMessages } from '@/shared/i18n/messages/account-privacy';
import type { Config } from '@/server/config';
import type { Database, Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { buyerEmail, enqueuePrivacyErasureEmail } from '@/server/email';
import { anonymiseQuotesOf } from '@/server/quotes';
import { eraseGroupEntriesOf } from '@/server/group-orders';
import { eraseOrderMessages } from '@/server/order-talk';
import { anonymiseOrders, ERASED_TEXT, orderIdsPlacedWith } from '@/server/orders';
import { recordAudit } from '@/server/staff';
import { tokenHash } from './service';

/**
 * Erasure of a buyer's personal data on request (GDPR art. 17; issue 43, docs/accounts.md,
 * decision 0071). The right does not reach what a legal obligation requires us to keep
 * (art. 17(3)(b)): bokföringslagen (1999:1078) 7 kap. 2 § keeps räkenskapsinformation — invoices
 * and credit notes among it — "fram till och med det sjunde året efter utgången av det kalenderår
 * då räkenskapsåret avslutades". The shop's financial year is the calendar year, so a document
 * issued in year Y is kept through 31 December of Y + 7. An order with such a document keeps its
 * invoicing fields (what `invoiceParties` prints: the buyer's name, organisation, numbers,
 * addresses, email and phone, reference), and its documents are never changed; everything else —
 * the account, sessions, links, saved addresses, the messages of every order, group-order entries
 * the person filled in, quotes — is deleted or anonymised. Orders past that time (or never
 * invoiced) lose the buyer's personal details too.
 */

/** The last calendar year bokföringslagen 7 kap. 2 § keeps a document issued in `issuedYear`. */
export const keptThroughYear = (issuedYear: number) => issuedYear + 7;

export type { AdminPrivacyRequest as PrivacyRequestRow, ErasureOutcome } from '@/shared/account';

const hashed = /^[0-9a-f]{64}$/;

/** Records the signed-in buyer's request (once: an open request answers as it is). */
export async function requestErasure(db: Db, email: string, locale: Locale): Promise<string> {
  await db.execute(
    sql`INSERT INTO privacy_requests (email, locale) VALUES (${email}, ${locale})
      ON CONFLICT (email) WHERE completed_at IS NULL DO NOTHING`,
  );
  const requested = await openErasureRequest(db, email);
  if (!requested) throw new Error('privacy request not stored');
  return requested;
}

/** When the address asked for erasure not yet carried out (ISO), or undefined. */
export async function openErasureRequest(db: Db, email: string): Promise<string | undefined> {
  const [row] = await queryRows<{ requestedAt: string }>(
    db,
    sql`SELECT to_char(requested_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "requestedAt"
      FROM privacy_requests WHERE email = ${email} AND completed_at IS NULL`,
  );
  return row?.requestedAt;
}

/** Every request, open ones first, then the newest: what staff carry out. */
export async function privacyRequestsForStaff(db: Db): Promise<AdminPrivacyRequest[]> {
  const rows = await queryRows<Omit<AdminPrivacyRequest, 'email'> & { email: string }>(
    db,
    sql`SELECT p.id::int AS id, p.email,
        to_char(p.requested_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "requestedAt",
        to_char(p.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "completedAt",
        s.name AS "completedBy", p.outcome,
        CASE WHEN p.completed_at IS NULL
          THEN (SELECT count(*)::int FROM orders o WHERE lower(o.customer_email) = p.email) ELSE 0 END AS orders
      FROM privacy_requests p LEFT JOIN staff s ON s.id = p.completed_by
      ORDER BY p.completed_at IS NULL DESC, p.requested_at DESC, p.id DESC LIMIT 200`,
  );
  return rows.map((row) => ({ ...row, email: hashed.test(row.email) ? null : row.email }));
}

/** Counts what one statement on the account's own tables touched. */
async function counted(db: Db, query: SQL): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`WITH done AS (${query} RETURNING 1) SELECT count(*)::int AS n FROM done`,
  );
  return rows[0]?.n ?? 0;
}

/** The address's orders, split by whether bokföringslagen still keeps one of their documents. */
async function splitOrders(
  tx: Db,
  email: string,
  thisYear: number,
): Promise<{ kept: number[]; free: number[] }> {
  const ids = await orderIdsPlacedWith(tx, email);
  if (ids.length === 0) return { kept: [], free: [] };
  const issued = await queryRows<{ orderId: number; lastYear: number }>(
    tx,
    sql`SELECT order_id::int AS "orderId", max(extract(year FROM issued_on))::int AS "lastYear"
      FROM documents WHERE order_id IN (${sql.join(
        ids.map((id) => sql`${id}::bigint`),
        sql`, `,
      )}) GROUP BY order_id`,
  );
  const kept = new Set(
    issued.filter((row) => keptThroughYear(row.lastYear) >= thisYear).map((row) => row.orderId),
  );
  return { kept: ids.filter((id) => kept.has(id)), free: ids.filter((id) => !kept.has(id)) };
}

/** The account's own rows, the messages of its orders, its quotes and group entries. */
async function eraseAccountRows(
  tx: Db,
  email: string,
  orderIds: number[],
): Promise<Omit<ErasureOutcome, 'ordersKept' | 'ordersAnonymised'>> {
  const messages = await eraseOrderMessages(tx, orderIds);
  const quotes = await anonymiseQuotesOf(tx, email, ERASED_TEXT);
  const groupEntries = await eraseGroupEntriesOf(tx, email, ERASED_TEXT);
  const sessions = await counted(tx, sql`DELETE FROM account_sessions WHERE email = ${email}`);
  // A link's unsent email goes with it (ON DELETE CASCADE).
  const signInLinks = await counted(tx, sql`DELETE FROM account_sign_in_links WHERE lower(email) = ${email}`);
  const addresses = await counted(tx, sql`DELETE FROM account_addresses WHERE email = ${email}`);
  const memberships = await counted(tx, sql`DELETE FROM account_company_members WHERE email = ${email}`);
  await tx.execute(sql`UPDATE account_company_members SET invited_by = NULL WHERE invited_by = ${email}`);
  await tx.execute(
    sql`UPDATE account_company_claims SET claimed_by = ${ERASED_TEXT} WHERE lower(claimed_by) = ${email}`,
  );
  return { messages, quotes, sessions, signInLinks, addresses, memberships, groupEntries };
}

/**
 * Carries out an open request in one transaction and queues the email that says so; the address
 * stays on the request only until that email is sent (forgetErasureAddress). Undefined: no such
 * request; 'done': carried out already.
 */
export async function carryOutErasure(
  database: Database,
  requestId: number,
  staffId: number,
  now = new Date(),
): Promise<ErasureOutcome | 'done' | undefined> {
  return database.db.transaction(async (tx) => {
    const [request] = await queryRows<{ email: string; open: boolean }>(
      tx,
      sql`SELECT email, completed_at IS NULL AS open FROM privacy_requests WHERE id = ${requestId}::bigint FOR UPDATE`,
    );
    if (!request) return undefined;
    if (!request.open) return 'done';
    const email = request.email.trim().toLowerCase();
    const { kept, free } = await splitOrders(tx, email, Number(stockholmDate(now).slice(0, 4)));
    await anonymiseOrders(tx, free);
    const rows = await eraseAccountRows(tx, email, [...kept, ...free]);
    const outcome: ErasureOutcome = { ordersKept: kept.length, ordersAnonymised: free.length, ...rows };
    await tx.execute(
      sql`UPDATE privacy_requests SET completed_at = now(), completed_by = ${staffId}::bigint,
          outcome = ${JSON.stringify(outcome)}::jsonb WHERE id = ${requestId}::bigint`,
    );
    await enqueuePrivacyErasureEmail(tx, requestId);
    await recordAudit(tx, {
      staffId,
      action: 'privacy_erasure',
      target: `privacy request ${requestId}`,
      after: outcome,
    });
    return outcome;
  });
}

/** The "done" email, in the language the buyer asked in; it carries no stranger text. */
export async function buildErasureDoneEmail(
  db: Db,
  config: Config,
  requestId: number,
): Promise<Mail.Options> {
  const [request] = await queryRows<{ email: string; locale: Locale }>(
    db,
    sql`SELECT email, locale FROM privacy_requests WHERE id = ${requestId}::bigint AND completed_at IS NOT NULL`,
  );
  if (!request || hashed.test(request.email))
    throw new Error(`privacy request ${requestId} has no address to tell`);
  const t = translate(accountPrivacyMessages, request.locale);
  return buyerEmail(
    config,
    { customerEmail: request.email },
    { language: request.locale, subject: t.emailSubject, body: [t.emailBody, '', t.emailKept] },
  );
}

/** After the "done" email is sent: the request keeps the address's sha256 only. */
export async function forgetErasureAddress(db: Db, requestId: number): Promise<void> {
  const [request] = await queryRows<{ email: string }>(
    db,
    sql`SELECT email FROM privacy_requests WHERE id = ${requestId}::bigint AND completed_at IS NOT NULL`,
  );
  if (!request || hashed.test(request.email)) return;
  await db.execute(
    sql`UPDATE privacy_requests SET email = ${tokenHash(request.email)} WHERE id = ${requestId}::bigint`,
  );
}
