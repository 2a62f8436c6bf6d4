import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';

/** What an erased message reads. */
export const ERASED_MESSAGE = '[Raderat på kundens begäran]';

/**
 * Erasure (GDPR art. 17, src/server/accounts/erasure.ts): the texts of the orders' threads, both
 * sides (a message is no räkenskapsinformation). Answers how many messages were erased.
 */
export async function eraseOrderMessages(tx: Db, orderIds: readonly number[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`WITH erased AS (
        UPDATE order_messages SET text = ${ERASED_MESSAGE}
        WHERE order_id IN (${sql.join(
          orderIds.map((id) => sql`${id}::bigint`),
          sql`, `,
        )}) RETURNING 1)
      SELECT count(*)::int AS n FROM erased`,
  );
  return rows[0]?.n ?? 0;
}
