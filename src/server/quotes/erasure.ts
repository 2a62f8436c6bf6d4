import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';

/**
 * Erasure (GDPR art. 17, src/server/accounts/erasure.ts): the quotes made for an address lose the
 * buyer's personal details (a quote is no räkenskapsinformation; an accepted one's order keeps
 * what its invoice needs). The shape of `customer` stays, so the quote's page still opens.
 */
export async function anonymiseQuotesOf(tx: Db, email: string, erased: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`WITH erased AS (
        UPDATE quotes SET customer_name = ${erased}, customer_email = 'raderad-q' || id || '@example.invalid',
          customer = customer || jsonb_build_object('name', ${erased}::text,
            'email', 'raderad-q' || id || '@example.invalid', 'phone', '', 'personalNumber', '',
            'address', ${erased}::text, 'billingAddress', '', 'buyerReference', '')
        WHERE lower(customer_email) = ${email} RETURNING 1)
      SELECT count(*)::int AS n FROM erased`,
  );
  return rows[0]?.n ?? 0;
}
