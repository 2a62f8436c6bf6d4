import { sql } from 'drizzle-orm';
import type { SellerDetails } from '@/server/config';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { issueCreditNote } from './credit-notes';
import { documentsOfOrder } from './documents';

/**
 * The upgrade repair (issue 42, migration 5310): orders cancelled before the ledger existed kept an
 * open invoice. Each gets, once, a credit note for what is left of each of its invoices
 * (Mervärdesskattelagen 2023:200, 17 kap. 22 §), dated the moment the migration ran (the day the
 * error was found and corrected: a correction is booked when it is made, Bokföringslagen 5 kap. 5 §),
 * with a note saying why; no email (the buyer was told of the cancellation then).
 */

/** The note on each such credit note, in the invoice's language. */
export const upgradeCreditReason = {
  sv: 'Beställningen avbröts innan fakturorna bokfördes som dokument; kreditfakturan rättar det vid uppgraderingen.',
  en: 'The order was cancelled before invoices were kept as documents; this credit note corrects that at the upgrade.',
} as const;

/** Issues the credit notes the migration listed (each order in its own transaction); answers how many orders. */
export async function issueUpgradeCreditNotes(db: Db, seller: SellerDetails, limit = 200): Promise<number> {
  const due = await queryRows<{ order_id: string; due_at: string }>(
    db,
    sql`SELECT order_id::text AS order_id, to_char(due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS due_at
      FROM ledger_upgrade_credits WHERE done_at IS NULL ORDER BY order_id LIMIT ${limit}`,
  );
  for (const row of due) {
    const orderId = Number(row.order_id);
    await db.transaction(async (tx) => {
      const [open] = await queryRows<{ order_id: string }>(
        tx,
        sql`SELECT order_id::text AS order_id FROM ledger_upgrade_credits
          WHERE order_id = ${orderId}::bigint AND done_at IS NULL FOR UPDATE SKIP LOCKED`,
      );
      if (!open) return;
      for (const document of await documentsOfOrder(tx, orderId)) {
        if (document.kind !== 'invoice' && document.kind !== 'supplementary_invoice') continue;
        await issueCreditNote(
          tx,
          document,
          { kind: 'remaining' },
          upgradeCreditReason[document.language],
          seller,
          {
            issuedAt: new Date(row.due_at),
            email: false,
          },
        );
      }
      await tx.execute(
        sql`UPDATE ledger_upgrade_credits SET done_at = now() WHERE order_id = ${orderId}::bigint`,
      );
    });
  }
  return due.length;
}
