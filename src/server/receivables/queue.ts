/**
 * The queue of bank payments no invoice was found for: listed for the admin, who assigns each to an
 * invoice (the payment is then recorded in the ledger, with the day the bank booked it and the
 * bank's reference, so it can never be recorded twice) or marks it not the shop's money.
 */
import { sql } from 'drizzle-orm';
import { stockholmDate } from '@/shared/dates';
import { documentNumberPattern } from '@/shared/ledger';
import type {
  BankFileFormatName,
  BankPaymentState,
  QueuedBankPayment,
  UnmatchedReasonCode,
} from '@/shared/receivables/bank-payments';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { closedMonthsOf, LedgerError, paymentDayRule, recordPayment } from '@/server/ledger';
import { staffNamesSql } from '@/server/staff';
import { kronor } from './amounts';
import { paymentReference } from './import';

interface QueueRow extends Record<string, unknown> {
  id: string;
  amount_milli: string;
  currency: string;
  booked_on: string | null;
  state: BankPaymentState;
  reason: UnmatchedReasonCode | null;
  details: {
    ocrReferences: { reference: string }[];
    references: string[];
    messages: string[];
    payerName?: string;
    payerId?: string;
  };
  format: BankFileFormatName;
  imported_at: string;
  invoice: string | null;
  decided_by: string | null;
  decided_at: string | null;
  note: string | null;
  bank_reference: string;
  document_order_id: string | null;
}

const selectQueue = sql`SELECT b.id::text AS id, b.amount_milli::text AS amount_milli, b.currency,
    to_char(b.booked_on, 'YYYY-MM-DD') AS booked_on, b.state, b.reason, b.details, f.format,
    to_char(f.imported_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS imported_at,
    d.number AS invoice, d.order_id::text AS document_order_id, s.name AS decided_by,
    to_char(b.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS decided_at, b.note, b.bank_reference
  FROM bank_payments b JOIN bank_files f ON f.id = b.bank_file_id
    LEFT JOIN documents d ON d.id = b.document_id LEFT JOIN ${staffNamesSql} s ON s.id = b.decided_by`;

function queued(row: QueueRow): QueuedBankPayment {
  return {
    id: Number(row.id),
    amount: kronor(BigInt(row.amount_milli)),
    currency: row.currency,
    bookedOn: row.booked_on,
    state: row.state,
    reason: row.reason,
    references: [...row.details.ocrReferences.map((r) => r.reference), ...row.details.references],
    messages: row.details.messages,
    payerName: row.details.payerName ?? null,
    payerId: row.details.payerId ?? null,
    format: row.format,
    importedAt: row.imported_at,
    invoice: row.invoice,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    note: row.note,
  };
}

/**
 * The queue: payments waiting for the admin (oldest first), or those decided by hand
 * ('assigned', 'not_ours', newest first), at most `limit`.
 */
export async function bankPaymentQueue(
  db: Db,
  state: 'unmatched' | 'decided',
  limit: number,
): Promise<QueuedBankPayment[]> {
  const rows = await queryRows<QueueRow>(
    db,
    state === 'unmatched'
      ? sql`${selectQueue} WHERE b.state = 'unmatched' ORDER BY b.id LIMIT ${limit}`
      : sql`${selectQueue} WHERE b.state IN ('assigned', 'not_ours') ORDER BY b.decided_at DESC, b.id DESC LIMIT ${limit}`,
  );
  return rows.map(queued);
}

export async function bankPaymentById(db: Db, id: number): Promise<QueuedBankPayment | undefined> {
  const [row] = await queryRows<QueueRow>(db, sql`${selectQueue} WHERE b.id = ${id}::bigint`);
  return row && queued(row);
}

export type QueueDecision =
  | {
      ok: true;
      orderId: number | null;
      invoice: string | null;
      amount: string;
      bookedOn: string | null;
      /** Assigned: the day the payment is recorded on the invoice (assignedDay). */
      paidOn?: string;
    }
  | { ok: false; reason: 'not-found' | 'decided' | 'invoice-not-found' | 'not-assignable' };

/** The waiting payment, locked for the decision; undefined when there is none with that id. */
async function lockWaiting(tx: Db, id: number): Promise<QueueRow | undefined> {
  const [row] = await queryRows<QueueRow>(tx, sql`${selectQueue} WHERE b.id = ${id}::bigint FOR UPDATE OF b`);
  return row;
}

/**
 * The day an assigned payment is recorded on its invoice, by the ledger's one rule for a payment's
 * day (paymentDayRule, closed-months.ts): the bank's day when the rule takes it; when that day is
 * in a closed month or before the invoice's date, the day of the assignment, the day the money
 * moves from the suspense account 2999 to 1510 in the SIE (sie-money.ts), in the open period
 * (Bokföringslagen 5 kap.; BFNAR 2013:2; docs/decisions/0075). Today passes the rule too: the
 * current month cannot be closed and the invoice exists.
 */
async function assignedDay(
  tx: Db,
  invoice: { number: string; issuedOn: string },
  bookedOn: string,
): Promise<string> {
  const today = stockholmDate(new Date());
  const closedMonths = await closedMonthsOf(tx, [bookedOn, today]);
  if (!paymentDayRule(invoice, bookedOn, { today, closedMonths })) return bookedOn;
  const refused = paymentDayRule(invoice, today, { today, closedMonths });
  if (refused) throw new LedgerError(`A payment cannot be assigned today: ${refused.problem}`);
  return today;
}

/**
 * Records a waiting payment against an invoice (or supplementary invoice) by its number. Only a
 * payment of money received in SEK, in whole öre, with a booking day, can be assigned; a deduction
 * or a foreign currency is marked not ours (or handled in the accounts by hand).
 */
export async function assignBankPayment(
  tx: Db,
  id: number,
  invoiceNumber: string,
  person: { id: number; name: string },
  /** An individual's residual up to this (öre) is settled by öresavrundning (SMALL_DIFFERENCE_MAX). */
  settleResidualUpToOre = 0,
): Promise<QueueDecision> {
  const row = await lockWaiting(tx, id);
  if (!row) return { ok: false, reason: 'not-found' };
  if (row.state !== 'unmatched') return { ok: false, reason: 'decided' };
  const milli = BigInt(row.amount_milli);
  if (milli <= 0n || milli % 10n !== 0n || row.currency !== 'SEK' || row.booked_on === null)
    return { ok: false, reason: 'not-assignable' };
  const [document] = documentNumberPattern.test(invoiceNumber)
    ? await queryRows<{ id: string; order_id: string; number: string; issued_on: string }>(
        tx,
        sql`SELECT id::text AS id, order_id::text AS order_id, number, to_char(issued_on, 'YYYY-MM-DD') AS issued_on
          FROM documents WHERE number = ${invoiceNumber} AND kind <> 'credit_note'`,
      )
    : [];
  if (!document) return { ok: false, reason: 'invoice-not-found' };
  const paidOn = await assignedDay(
    tx,
    { number: document.number, issuedOn: document.issued_on },
    row.booked_on,
  );
  await recordPayment(tx, {
    documentId: Number(document.id),
    amountOre: Number(milli / 10n),
    paidOn,
    method: row.format === 'bgmax' ? 'bankgiro' : 'bank_transfer',
    reference: paymentReference(row.details),
    externalReference: row.bank_reference,
    recordedBy: person.name,
    settleResidualUpToOre,
  });
  await tx.execute(
    sql`UPDATE bank_payments SET state = 'assigned', document_id = ${document.id}::bigint,
      decided_by = ${person.id}::bigint, decided_at = now() WHERE id = ${id}::bigint`,
  );
  return {
    ok: true,
    orderId: Number(document.order_id),
    invoice: invoiceNumber,
    amount: kronor(milli),
    bookedOn: row.booked_on,
    paidOn,
  };
}

/** Marks a waiting payment as not the shop's money (paid to the wrong bankgiro, a bank's test). */
export async function markNotOurs(
  tx: Db,
  id: number,
  note: string | null,
  person: { id: number },
): Promise<QueueDecision> {
  const row = await lockWaiting(tx, id);
  if (!row) return { ok: false, reason: 'not-found' };
  if (row.state !== 'unmatched') return { ok: false, reason: 'decided' };
  await tx.execute(
    sql`UPDATE bank_payments SET state = 'not_ours', note = ${note}, decided_by = ${person.id}::bigint,
      decided_at = now() WHERE id = ${id}::bigint`,
  );
  return {
    ok: true,
    orderId: null,
    invoice: null,
    amount: kronor(BigInt(row.amount_milli)),
    bookedOn: row.booked_on,
  };
}
