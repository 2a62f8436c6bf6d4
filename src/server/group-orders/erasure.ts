import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';

/**
 * Erasure (GDPR art. 17, src/server/accounts/erasure.ts): the group-order entries a person filled
 * in (their receipt names the address) lose the member's name; the size and quantity the organiser
 * ordered stay. The receipts, which hold the address, go. Answers how many entries were erased.
 */
export async function eraseGroupEntriesOf(tx: Db, email: string, erased: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`WITH erased AS (
        UPDATE group_order_entries SET member_name = ${erased}
        WHERE id IN (SELECT entry_id FROM group_entry_receipts WHERE lower(email) = ${email}) RETURNING 1)
      SELECT count(*)::int AS n FROM erased`,
  );
  await tx.execute(sql`DELETE FROM group_entry_receipts WHERE lower(email) = ${email}`);
  return rows[0]?.n ?? 0;
}
