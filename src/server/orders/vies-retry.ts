import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { checkVies, type ViesSettings } from './vies';

/** Orders asked again per housekeeping round: VIES limits how often one may ask. */
const RETRIES_PER_ROUND = 20;

/**
 * Asks VIES again about the VAT numbers it did not answer for at checkout (`vies_status =
 * 'unavailable'`, oldest check first) and stores what it says now: valid (with its name and request
 * identifier, the proof the intra-Community supply's buyer was registered, ML 2023:200 10 kap. 42 §)
 * or invalid. Still no answer: the order waits for the next round. An order it now calls invalid
 * was invoiced without Swedish VAT: the admin sees it as one to re-issue (credit note and a new
 * invoice with VAT); nothing is changed on the invoice by itself. Answers how many were settled.
 */
export async function recheckUnverifiedVatNumbers(
  db: Db,
  settings: ViesSettings | undefined,
): Promise<number> {
  if (!settings) return 0;
  const waiting = await queryRows<{ id: string; vat_number: string }>(
    db,
    sql`SELECT id::text AS id, buyer_vat_number AS vat_number FROM orders
      WHERE vies_status = 'unavailable' AND buyer_vat_number IS NOT NULL
      ORDER BY vies_checked_at, id LIMIT ${RETRIES_PER_ROUND}`,
  );
  let settled = 0;
  for (const order of waiting) {
    const answer = await checkVies(settings, order.vat_number);
    if (answer.status === 'unavailable') {
      // Asked again later, after the others waiting.
      await db.execute(sql`UPDATE orders SET vies_checked_at = now() WHERE id = ${order.id}::bigint`);
      continue;
    }
    // Only an order still waiting is changed (another instance may have settled it meanwhile).
    await db.execute(
      sql`UPDATE orders SET vies_status = ${answer.status}, vies_name = ${answer.name},
          vies_request_id = ${answer.requestIdentifier}, vies_checked_at = now()
        WHERE id = ${order.id}::bigint AND vies_status = 'unavailable'`,
    );
    settled++;
  }
  return settled;
}
