import { sql } from 'drizzle-orm';
import { decimalFromOre, oreFromDecimal } from '@/shared/ledger';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';

/**
 * Small differences (issue 42): a private buyer who pays 12 718 for 12 718,75 is not chased for
 * 0,75. What is left is settled by öresavrundning, a ledger row that is no money (payments with
 * settlement = 'rounding', booked debit 3740 Öres- och kronutjämning, credit 1510), never by a
 * credit note: the sale and its VAT stay what was invoiced (ML 2023:200, 17 kap. 22 § is for a
 * changed price; a residual is a payment short by öre). Automatic up to SMALL_DIFFERENCE_MAX for
 * individuals when a payment leaves such a residual; by hand (any buyer, up to
 * MANUAL_SETTLEMENT_MAX_ORE) with the admin's reason.
 */

/** The most the admin may settle by hand: beyond it a difference is a credit note or a bad debt, not rounding. */
export const MANUAL_SETTLEMENT_MAX_ORE = 10_000;

/** What is left on one invoice (öre) and whether its buyer is an individual. */
async function residualOf(
  tx: Db,
  documentId: number,
): Promise<{ balanceOre: number; personal: boolean } | undefined> {
  const [row] = await queryRows<{ balance: string; personal: boolean }>(
    tx,
    sql`SELECT (d.total
        + coalesce((SELECT sum(c.total) FROM documents c WHERE c.corrects_document_id = d.id), 0)
        - coalesce((SELECT sum(p.amount) FROM payments p WHERE p.document_id = d.id), 0))::text AS balance,
        o.customer_type = 'personal' AS personal
      FROM documents d JOIN orders o ON o.id = d.order_id
      WHERE d.id = ${documentId}::bigint AND d.kind <> 'credit_note'`,
  );
  return row && { balanceOre: oreFromDecimal(row.balance), personal: row.personal };
}

async function insertRounding(
  tx: Db,
  documentId: number,
  amountOre: number,
  day: string,
  recordedBy: string | null,
  reason: string | null,
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO payments (document_id, amount, paid_on, method, recorded_by, settlement, settlement_reason)
      VALUES (${documentId}::bigint, ${decimalFromOre(amountOre)}::numeric, ${day}::date, 'other',
        ${recordedBy}, 'rounding', ${reason})`,
  );
}

/**
 * After money received: an individual's invoice left short by at most `limitOre` is settled on
 * the payment's day, in the payment's transaction (the buyer's email then says nothing is left).
 */
export async function settleSmallResidual(
  tx: Db,
  documentId: number,
  day: string,
  limitOre: number,
  recordedBy: string | null | undefined,
): Promise<number> {
  const residual = await residualOf(tx, documentId);
  if (!residual?.personal || residual.balanceOre <= 0 || residual.balanceOre > limitOre) return 0;
  await insertRounding(tx, documentId, residual.balanceOre, day, recordedBy ?? null, null);
  return residual.balanceOre;
}

export type HandSettlement =
  { ok: true; settledOre: number } | { ok: false; reason: 'nothing-left' | 'too-much'; balanceOre: number };

/** The admin settles what is left of an invoice, with a reason, dated `day`. The invoice row is locked. */
export async function settleResidualByHand(
  tx: Db,
  documentId: number,
  day: string,
  reason: string,
  recordedBy: string,
): Promise<HandSettlement> {
  await tx.execute(sql`SELECT id FROM documents WHERE id = ${documentId}::bigint FOR UPDATE`);
  const residual = await residualOf(tx, documentId);
  const balanceOre = residual?.balanceOre ?? 0;
  if (balanceOre <= 0) return { ok: false, reason: 'nothing-left', balanceOre };
  if (balanceOre > MANUAL_SETTLEMENT_MAX_ORE) return { ok: false, reason: 'too-much', balanceOre };
  await insertRounding(tx, documentId, balanceOre, day, recordedBy, reason);
  return { ok: true, settledOre: balanceOre };
}
