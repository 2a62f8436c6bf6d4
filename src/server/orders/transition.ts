import { enqueueEmail } from '@/server/email';
import { sql } from 'drizzle-orm';
import type { StatusDetails } from '@/shared/carriers';
import { nextStatuses, type OrderStatus } from '@/shared/order-status';
import type { productionBlock } from '@/shared/proofs';
import type { VatTreatment } from '@/shared/invoicing/vat-treatment';
import type { SellerDetails } from '@/server/config';
import type { Db } from '@/server/db/client';
import type { EmailKind } from '@/server/db/outbox-schema';
import { queryRows } from '@/server/db/query-rows';
import { creditOrderInFull, hasInvoiceToCredit } from '@/server/ledger';

/**
 * The job's state machine: received (pending) → in production → shipped, and any unfinished job
 * may be cancelled. Money is not a step: payments make an order paid (src/server/ledger), so an
 * order on invoice terms goes into production unpaid once its proof is approved.
 */

export type StatusChange =
  | { ok: true; from: OrderStatus; creditNotes: string[] }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'not-allowed'; from: OrderStatus }
  | { ok: false; reason: 'refused'; refusal: StatusRefusal }
  /** The caller may not cancel this order: cancelling would (or would not) issue a credit note. */
  | { ok: false; reason: 'cancel-forbidden'; issuesCreditNote: boolean };

/** Why a guard refuses a step: a key of the status messages, said in the admin's language. */
export type StatusRefusal = NonNullable<ReturnType<typeof productionBlock>>;

/**
 * Checks a step may be taken now beyond the allowed order (e.g. the latest proof approved before
 * production); answers why not, or undefined. Runs in the transaction, order row locked.
 */
export type StatusGuard = (
  tx: Db,
  order: { id: string; status: OrderStatus },
  to: OrderStatus,
) => Promise<StatusRefusal | undefined>;

/** The buyer's email for each step that matters to them (sent through the outbox). */
const statusEmails: Partial<Record<OrderStatus, EmailKind>> = {
  in_production: 'in_production',
  shipped: 'shipped',
  cancelled: 'cancelled',
};

export interface TransitionOptions {
  /** Extra conditions for a step (the proof approved before production). */
  guard?: StatusGuard | undefined;
  /** The seller's details today: a cancellation's credit notes are new documents. */
  seller: SellerDetails;
  /**
   * Whether the caller may cancel, given whether cancelling issues a credit note (an invoice with
   * something left to credit): asked in the transaction, order row locked, before anything is
   * written, so a refused cancellation issues, sends and numbers nothing. Any caller by default.
   * The buyer's cancellation also asks the order's proofs (in the same transaction).
   */
  mayCancel?: (issuesCreditNote: boolean, tx: Db, order: LockedOrder) => boolean | Promise<boolean>;
  /** Writes what else belongs with the step in its transaction (the staff audit record, a notice). */
  record?: (
    tx: Db,
    change: { orderId: string; from: OrderStatus; details: StatusDetails | null; eventId: string },
  ) => Promise<void>;
}

/**
 * Moves an order one allowed step, in one transaction with the order row locked: the new state
 * and its time, a history row with what the step recorded (cancel reason, shipment), the buyer's
 * email, and on cancellation a credit note for what is left of each of its invoices (an invoiced
 * sale is reversed only by a credit note, Mervärdesskattelagen 2023:200, 17 kap. 22 §).
 */
export async function transition(
  db: Db,
  orderNumber: string,
  to: OrderStatus,
  details: StatusDetails | null,
  options: TransitionOptions,
): Promise<StatusChange> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, { number: orderNumber });
    if (!row) return { ok: false, reason: 'not-found' } as const;
    if (!nextStatuses[row.status].includes(to))
      return { ok: false, reason: 'not-allowed', from: row.status } as const;
    if (to === 'cancelled' && options.mayCancel) {
      const issuesCreditNote = await hasInvoiceToCredit(tx, Number(row.id));
      if (!(await options.mayCancel(issuesCreditNote, tx, row)))
        return { ok: false, reason: 'cancel-forbidden', issuesCreditNote } as const;
    }
    const refusal = await options.guard?.(tx, row, to);
    if (refusal) return { ok: false, reason: 'refused', refusal } as const;
    await tx.execute(
      sql`UPDATE orders SET status = ${to}, status_changed_at = now() WHERE id = ${row.id}::bigint`,
    );
    const [event] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO order_status_events (order_id, from_status, to_status, details)
        VALUES (${row.id}::bigint, ${row.status}, ${to}, ${details ? JSON.stringify(details) : null}::jsonb)
        RETURNING id::text AS id`,
    );
    const email = statusEmails[to];
    if (email && event) {
      await enqueueEmail(tx, { orderId: row.id, kind: email, ref: event.id });
    }
    const creditNotes = to === 'cancelled' ? await creditOrderInFull(tx, Number(row.id), options.seller) : [];
    if (!event) throw new Error('status event not recorded');
    await options.record?.(tx, { orderId: row.id, from: row.status, details, eventId: event.id });
    return { ok: true, from: row.status, creditNotes } as const;
  });
}

/** An order as locked for a change: its id (as text), state and VAT treatment. */
export interface LockedOrder {
  id: string;
  status: OrderStatus;
  vatTreatment: VatTreatment;
}

/**
 * Locks an order's row for the rest of the caller's transaction (FOR UPDATE), by number or id, and
 * answers its state; undefined when there is no such order. What another domain changes about an
 * order (a proof, a print file) is decided against the state read here, so a status change waits.
 */
export async function lockOrder(
  tx: Db,
  order: { number: string } | { id: number | string },
): Promise<LockedOrder | undefined> {
  const where = 'number' in order ? sql`order_number = ${order.number}` : sql`id = ${order.id}::bigint`;
  const [row] = await queryRows<{ id: string; status: OrderStatus; vat_treatment: VatTreatment }>(
    tx,
    sql`SELECT id::text AS id, status, vat_treatment FROM orders WHERE ${where} FOR UPDATE`,
  );
  return row && { id: row.id, status: row.status, vatTreatment: row.vat_treatment };
}
