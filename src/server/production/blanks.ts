import { findProduct } from '@/shared/catalogue';
import type { CalendarDate } from '@/shared/dates';
import { stockholmToday } from '@/shared/delivery';
import type { Locale } from '@/shared/i18n/locale';
import { colourName } from '@/shared/i18n/messages/colours';
import { productName } from '@/shared/i18n/messages/product-names';
import { orderStatuses } from '@/shared/order-status';
import type { BlanksJob, BlanksList, BlanksRow } from '@/shared/production';
import { sql } from 'drizzle-orm';
import { queryRows } from '@/server/db/query-rows';
import { staffNamesSql } from '@/server/staff';
import { allSizeCodes as sizeCodes } from '@/shared/sizes';
import type { Db } from '@/server/db/client';
import { loadJobs } from './board';

/** Jobs whose blanks may still need buying: open, and not yet in production. */
const notStarted = orderStatuses.filter((s) => s !== 'in_production' && s !== 'shipped' && s !== 'cancelled');

/** Products that are printed on a bought blank (garments, caps, hats, bags, scarves), not made from paper. */
function isBlank(productId: string): boolean {
  const product = findProduct(productId);
  return product !== undefined && product.category !== 'tryckprodukter';
}

const sizeOrder = (size: string) => {
  const index = (sizeCodes as readonly string[]).indexOf(size);
  return index === -1 ? sizeCodes.length : index;
};

/** The jobs whose blanks staff have marked ordered: who and when, by order id. */
async function blanksMarks(
  db: Db,
  orderIds: readonly number[],
): Promise<Map<number, { by: string; at: string }>> {
  if (orderIds.length === 0) return new Map();
  const rows = await queryRows<{ order_id: string; by: string | null; at: string }>(
    db,
    sql`SELECT b.order_id::text AS order_id, s.name AS by,
          to_char(b.marked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at
        FROM blanks_ordered b LEFT JOIN ${staffNamesSql} s ON s.id = b.marked_by
        WHERE b.order_id = ANY(${`{${orderIds.join(',')}}`}::bigint[])`,
  );
  return new Map(rows.map((row) => [Number(row.order_id), { by: row.by ?? '', at: row.at }]));
}

/**
 * The pieces to buy for jobs not yet in production: all of them, or those due from `from` to `to`
 * (inclusive). One row per product, colour and size (size '' for one-size products), with which
 * job needs how many and whether its blanks are marked ordered; and the jobs with their marks.
 * Rows ordered by product, colour and size; jobs by date.
 */
export async function blanksToOrder(
  db: Db,
  range: { from: CalendarDate; to: CalendarDate } | undefined,
  today: CalendarDate = stockholmToday(),
): Promise<Omit<BlanksList, 'from' | 'to'>> {
  const { jobs, orderIds } = await loadJobs(db, notStarted, today);
  const listed = jobs.filter((job) => !range || (job.shipBy >= range.from && job.shipBy <= range.to));
  const marks = await blanksMarks(
    db,
    listed.map((job) => orderIds.get(job.orderNumber) ?? 0),
  );
  const markOf = (orderNumber: string) => marks.get(orderIds.get(orderNumber) ?? 0) ?? null;
  const rows = new Map<string, BlanksRow>();
  const blanksJobs: BlanksJob[] = [];
  for (const job of listed) {
    const ordered = markOf(job.orderNumber) !== null;
    let needsBlanks = false;
    for (const line of job.lines) {
      if (!isBlank(line.productId)) continue;
      needsBlanks = true;
      const colour = line.options?.colour ?? '';
      const split: [string, number][] = line.sizes
        ? sizeCodes.flatMap((code): [string, number][] => {
            const n = line.sizes?.[code] ?? 0;
            return n > 0 ? [[code, n]] : [];
          })
        : [['', line.quantity]];
      for (const [size, pieces] of split) {
        const key = `${line.productId}\u0000${colour}\u0000${size}`;
        const row = rows.get(key) ?? {
          productId: line.productId,
          colour,
          size,
          pieces: 0,
          toOrder: 0,
          jobs: [],
        };
        row.pieces += pieces;
        if (!ordered) row.toOrder += pieces;
        const jobRow = row.jobs.find((j) => j.orderNumber === job.orderNumber);
        if (jobRow) jobRow.pieces += pieces;
        else
          row.jobs.push({ orderNumber: job.orderNumber, pieces, shipBy: job.shipBy, blanksOrdered: ordered });
        rows.set(key, row);
      }
    }
    if (needsBlanks)
      blanksJobs.push({
        orderNumber: job.orderNumber,
        customer: job.customer,
        shipBy: job.shipBy,
        blanksOrdered: markOf(job.orderNumber),
      });
  }
  return {
    rows: [...rows.values()].sort(
      (a, b) =>
        a.productId.localeCompare(b.productId) ||
        a.colour.localeCompare(b.colour) ||
        sizeOrder(a.size) - sizeOrder(b.size),
    ),
    jobs: blanksJobs.sort(
      (a, b) => a.shipBy.localeCompare(b.shipBy) || a.orderNumber.localeCompare(b.orderNumber),
    ),
  };
}

/** Sets or clears the job's "blanks ordered" mark (setting it again keeps who set it first). */
export async function markBlanksOrdered(
  db: Db,
  orderId: number,
  staffId: number,
  ordered: boolean,
): Promise<void> {
  await db.execute(
    ordered
      ? sql`INSERT INTO blanks_ordered (order_id, marked_by) VALUES (${orderId}::bigint, ${staffId})
          ON CONFLICT (order_id) DO NOTHING`
      : sql`DELETE FROM blanks_ordered WHERE order_id = ${orderId}::bigint`,
  );
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The supplier's CSV: product, colour and size (ids and names in the staff's language), pieces. */
export function blanksCsv(rows: readonly BlanksRow[], locale: Locale): string {
  const header = ['product', 'product_name', 'colour', 'colour_name', 'size', 'pieces'];
  const lines = rows.map((row) =>
    [
      row.productId,
      // The owner's name in the staff's language (a product added in admin has no message-file name).
      productName(locale, findProduct(row.productId) ?? { id: row.productId, name: row.productId }),
      row.colour,
      row.colour ? colourName(locale, row.colour) : '',
      row.size,
      row.pieces,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
