import { sql, type SQL } from 'drizzle-orm';
import type { AdminStats } from '@/shared/admin';
import type { Db } from '@/server/db/client';
import { stockholmDate } from '@/shared/dates';
import { queryRows } from '@/server/db/query-rows';

/** Dashboard totals: 16 rows kept by a trigger (migration 0300), never a scan of orders. */
export function statsQuery(): SQL {
  return sql`SELECT sum(order_count)::text AS n, sum(total_amount)::text AS total,
      CASE WHEN sum(order_count) = 0 THEN '0' ELSE round(sum(total_amount) / sum(order_count))::text END AS average
    FROM order_totals`;
}

export async function orderStats(db: Db): Promise<AdminStats> {
  const to = stockholmDate(new Date());
  const from = `${to.slice(0, 4)}-01-01`;
  const [[row], [net]] = await Promise.all([
    queryRows<{ n: string; total: string; average: string }>(db, statsQuery()),
    // Net turnover (nettoomsättning, Årsredovisningslagen 1995:1554, 1 kap. 3 §: sales less VAT and
    // reductions): the ledger's documents of the year, credit notes' negative nets included. A
    // reminder's fee and interest are no sale (the SIE books them to 3930 and 8313): left out. Read
    // from the day totals the documents' triggers keep (migrations/6900_document_net_days.sql), not
    // from the year's documents, which at 10 000 000 orders took seconds.
    queryRows<{ amount: string }>(
      db,
      sql`SELECT coalesce(sum(net), 0)::numeric(16, 2)::text AS amount FROM document_net_days
        WHERE day >= ${from}::date AND day <= ${to}::date`,
    ),
  ]);
  const total = row?.total ?? '0';
  return {
    totalOrders: Number(row?.n ?? 0),
    totalTurnover: total.includes('.') ? total : `${total}.00`,
    averageOrderValue: row?.average ?? '0',
    netTurnover: { amount: net?.amount ?? '0.00', from, to },
  };
}
