import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import type { DocumentRow } from '@/server/ledger';
import { recordAudit } from '@/server/staff';

/**
 * Disputed invoices (bestridda fakturor): a buyer who objects to an invoice is not sent reminders
 * for it while the objection is looked into. The admin marks it with a note; who and when are kept
 * on the row and in the audit record (action 'reminder', as it is what the dispute holds). Lifting
 * it keeps the row and says who lifted it when.
 */

export interface Person {
  staffId: number;
  name: string;
}

/** Opens a dispute; false when one is open already. */
export async function openDispute(
  db: Db,
  invoice: DocumentRow,
  note: string,
  person: Person,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO invoice_disputes (invoice_id, note, opened_by)
        VALUES (${invoice.id}::bigint, ${note}, ${person.name})
        ON CONFLICT (invoice_id) WHERE lifted_at IS NULL DO NOTHING RETURNING id::text AS id`,
    );
    if (rows.length === 0) return false;
    await recordAudit(tx, {
      staffId: person.staffId,
      action: 'reminder',
      target: invoice.number,
      orderId: invoice.orderId,
      after: { disputed: true, note },
    });
    return true;
  });
}

/** Lifts the open dispute; false when there is none. */
export async function liftDispute(db: Db, invoice: DocumentRow, person: Person): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ note: string }>(
      tx,
      sql`UPDATE invoice_disputes SET lifted_at = now(), lifted_by = ${person.name}
        WHERE invoice_id = ${invoice.id}::bigint AND lifted_at IS NULL RETURNING note`,
    );
    const lifted = rows[0];
    if (!lifted) return false;
    await recordAudit(tx, {
      staffId: person.staffId,
      action: 'reminder',
      target: invoice.number,
      orderId: invoice.orderId,
      before: { disputed: true, note: lifted.note },
      after: { disputed: false },
    });
    return true;
  });
}
