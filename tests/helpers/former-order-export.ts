import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { csvBatchQuery } from '@/server/admin/order-export';
import type { CsvFormat } from '@/server/admin/csv';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { itemsSummaryExpression, storedItemsSummaryColumn } from '@/server/db/export-item-cells';
import type { Locale } from '@/shared/i18n/locale';

/**
 * The orders export's batch query as it was before round 4 of the performance work
 * (docs/performance.md): every cell made from the order's columns at export (not the parts stored
 * with it), its money join (four sums as scalar subqueries) and its items summary as a subquery in
 * the line. Kept to show that today's query makes the same bytes
 * (order-export-identical.test.ts) and to measure the two side by side (bench/profile-export.ts).
 */
export const formerMoneyLateral = `LEFT JOIN LATERAL (
    SELECT inv.issued_on AS invoice_date, inv.due_on AS due_date, inv.ocr AS ocr,
      sums.received - sums.refunded AS paid,
      sums.invoiced - sums.credited - (sums.received - sums.refunded) AS balance,
      CASE WHEN sums.invoiced > 0 AND sums.invoiced - sums.credited <= 0 THEN
          CASE WHEN sums.refunded > 0 AND sums.received - sums.refunded <= 0 THEN 'refunded' ELSE 'credited' END
        WHEN sums.received - sums.refunded <= 0 THEN 'unpaid'
        WHEN sums.received - sums.refunded < sums.invoiced - sums.credited THEN 'partly_paid'
        WHEN sums.received - sums.refunded = sums.invoiced - sums.credited THEN 'paid'
        ELSE 'overpaid' END AS payment_state
    FROM (SELECT
        coalesce((SELECT sum(d.total) FROM documents d WHERE d.order_id = orders.id AND d.kind <> 'credit_note'), 0) AS invoiced,
        coalesce((SELECT -sum(d.total) FROM documents d WHERE d.order_id = orders.id AND d.kind = 'credit_note'), 0) AS credited,
        coalesce((SELECT sum(p.amount) FROM payments p JOIN documents d ON d.id = p.document_id
          WHERE d.order_id = orders.id AND p.amount > 0), 0) AS received,
        coalesce((SELECT -sum(p.amount) FROM payments p JOIN documents d ON d.id = p.document_id
          WHERE d.order_id = orders.id AND p.amount < 0), 0) AS refunded) AS sums
    LEFT JOIN documents inv ON inv.order_id = orders.id AND inv.kind = 'invoice'
  ) AS money ON TRUE`;

const dialect = new PgDialect();
const moneyEndMarker = ') AS money ON TRUE';

/** Which of round 4's changes a batch query keeps: each can be put back to the former text. */
export interface ExportQueryParts {
  /** The money sums as one aggregate (today) or as the former scalar subqueries. */
  moneyOnce: boolean;
  /** The items summary as stored with the order (today) or as a subquery in the line. */
  itemsOnce: boolean;
  /** The order's own cells as stored with it (today) or made from its columns at export. */
  lineStored?: boolean;
}

/** The batch query's text (parameters written in) with the chosen parts as they were before. */
export function exportBatchText(
  parts: ExportQueryParts,
  format: CsvFormat,
  locale: Locale,
  batchSize: number,
  cursor?: { date: string; id: string },
): string {
  const query = dialect.sqlToQuery(
    csvBatchQuery({}, cursor, batchSize, format, locale, batchSize, parts.lineStored ?? true),
  );
  let text = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = query.params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
  if (!parts.moneyOnce) {
    const start = text.indexOf('LEFT JOIN LATERAL (\n    SELECT inv.issued_on');
    const end = text.indexOf(moneyEndMarker) + moneyEndMarker.length;
    if (start < 0 || end < moneyEndMarker.length) throw new Error('the money join is not where it was');
    text = text.slice(0, start) + formerMoneyLateral + text.slice(end);
  }
  if (!parts.itemsOnce) {
    if (!text.includes(storedItemsSummaryColumn(locale)))
      throw new Error('the stored items summary is not where it was');
    text = text.replaceAll(storedItemsSummaryColumn(locale), itemsSummaryExpression(locale, 'orders.items'));
  }
  return text;
}

/** The whole export in one batch by the former query. */
export async function formerExport(database: Database, format: CsvFormat, locale: Locale): Promise<string> {
  const text = exportBatchText(
    { moneyOnce: false, itemsOnce: false, lineStored: false },
    format,
    locale,
    1_000_000,
  );
  const [row] = await queryRows<{ lines: string }>(database.db, sql.raw(text));
  return row?.lines ?? '';
}
