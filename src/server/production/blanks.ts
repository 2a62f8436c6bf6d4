import { findProduct } from '@/shared/catalogue';
import type { CalendarDate } from '@/shared/dates';
import { stockholmToday } from '@/shared/delivery';
import type { Locale } from '@/shared/i18n/locale';
import { colourName } from '@/shared/i18n/messages/colours';
import { productName } from '@/shared/i18n/messages/product-names';
import { orderStatuses } from '@/shared/order-status';
import type { BlanksRow } from '@/shared/production';
import { sizeCodes } from '@/shared/sizes';
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

/**
 * The pieces to buy for jobs due from `from` to `to` (inclusive) that are not yet in production:
 * one row per product, colour and size (size '' for one-size products), with which job needs how
 * many. Ordered by product, colour and size.
 */
export async function blanksToOrder(
  db: Db,
  from: CalendarDate,
  to: CalendarDate,
  today: CalendarDate = stockholmToday(),
): Promise<BlanksRow[]> {
  const { jobs } = await loadJobs(db, notStarted, today);
  const rows = new Map<string, BlanksRow>();
  for (const job of jobs) {
    if (job.shipBy < from || job.shipBy > to) continue;
    for (const line of job.lines) {
      if (!isBlank(line.productId)) continue;
      const colour = line.options?.colour ?? '';
      const split: [string, number][] = line.sizes
        ? sizeCodes.flatMap((code): [string, number][] => {
            const n = line.sizes?.[code] ?? 0;
            return n > 0 ? [[code, n]] : [];
          })
        : [['', line.quantity]];
      for (const [size, pieces] of split) {
        const key = `${line.productId}\u0000${colour}\u0000${size}`;
        const row = rows.get(key) ?? { productId: line.productId, colour, size, pieces: 0, jobs: [] };
        row.pieces += pieces;
        const jobRow = row.jobs.find((j) => j.orderNumber === job.orderNumber);
        if (jobRow) jobRow.pieces += pieces;
        else row.jobs.push({ orderNumber: job.orderNumber, pieces, shipBy: job.shipBy });
        rows.set(key, row);
      }
    }
  }
  return [...rows.values()].sort(
    (a, b) =>
      a.productId.localeCompare(b.productId) ||
      a.colour.localeCompare(b.colour) ||
      sizeOrder(a.size) - sizeOrder(b.size),
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
      productName(locale, { id: row.productId, name: findProduct(row.productId)?.name ?? row.productId }),
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
