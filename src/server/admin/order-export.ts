import { sql, type SQL } from 'drizzle-orm';
import type { AdminOrderLine } from '@/shared/admin';
import { defaultLocale, type Locale } from '@/shared/i18n/locale';
import { sizeCodes, type SizeCode } from '@/shared/sizes';
import { createHash } from 'node:crypto';
import { sqlDialect, type Database, type QueryText } from '@/server/db/client';
import { itemsSummaryExpression, storedItemsSummaryColumn } from '@/server/db/export-item-cells';
import { concatSql, csvRowSql, guardedTextSql, type CsvFormat } from './csv';
import { textLiteral } from '@/server/db/sql-literal';
import {
  columnsOfOrders,
  itemCellIndex,
  moneyCells,
  orderLineCells,
  orderMoneyLateral,
  storedLineColumn,
} from './order-export-lines';
import { filterSql, isoTime, type Cursor, type OrderFilter } from './order-query';

/**
 * The admin's CSV export of orders: its columns, the SQL that makes each batch's lines in the
 * database (standard, or Swedish Excel), and the batching per driver.
 */
export const csvHeader = [
  'Ordernummer',
  'Datum',
  'Status',
  'Kundtyp',
  'Namn',
  'Företag',
  'Organisationsnummer',
  'E-post',
  'Telefon',
  'Adress',
  'Leveransadress',
  'Land',
  'Artiklar',
  'Totalt (kr)',
  'Exkl. moms (kr)',
  'Moms (kr)',
  // Invoicing: what the accountant needs to book the invoice (VAT rule, the buyer's VAT number).
  'Momsbehandling',
  'Köparens momsreg.nr',
  'Er referens',
  'Fakturaadress',
  // One column per size: pieces of that size over all the order's lines.
  ...sizeCodes.map((code) => `Storlek ${code}`),
  // Receivables: the order's invoice, and the money over every document of the order.
  'Fakturadatum',
  'Förfallodag',
  'OCR',
  'Betalt (kr)',
  'Kvar att betala (kr)',
  'Betalningsstatus',
];

/** Pieces of each size over all the order's lines: the CSV's size columns. */
export function sizeColumns(items: readonly AdminOrderLine[]): string[] {
  const totals = new Map<SizeCode, number>();
  for (const item of items) {
    for (const code of sizeCodes) totals.set(code, (totals.get(code) ?? 0) + (item.sizes?.[code] ?? 0));
  }
  return sizeCodes.map((code) => String(totals.get(code) ?? 0));
}

/**
 * The export's columns made from an order's lines: items_summary (itemsSummary: "120 × Hoodie
 * (20 S, 50 M, 50 L), 100 × Coupon Booklet") and size_<code> (sizeColumns), from
 * order_export_item_cells (migration 1840_export_item_cells.sql), whose answer orders store in
 * export_item_cells. The same text as the TypeScript functions; csv.test.ts compares them.
 */
export function itemColumnsSql(cells: SQL): SQL {
  return sql`(SELECT cells[${sql.raw(String(itemCellIndex('items_summary')))}] AS items_summary, ${sql.raw(
    sizeCodes.map((code) => `cells[${itemCellIndex(code)}] AS "size_${code}"`).join(', '),
  )} FROM (SELECT ${cells} AS cells) AS item_cells)`;
}

/** The items summary in the reader's language, made from the order's lines at export (itemsSummaryExpression). */
export function itemsSummarySql(locale: Locale): SQL {
  return sql.raw(itemsSummaryExpression(locale, 'orders.items'));
}

/**
 * The items column in the reader's language, as stored with the order when its lines were written
 * (export_items_summary_<locale>, migration 6800, by itemsSummaryExpression). Stored, because made
 * from the lines at export it was about 0.9 s of the database's 3.2 s of CPU per 100 000 exported
 * rows (docs/performance.md, round 4); csv.test.ts holds the stored summaries to orderLineName.
 */
const storedItemsSummary = (locale: Locale): SQL => sql.raw(storedItemsSummaryColumn(locale));

/**
 * One batch of the export, newest first after the cursor, as texts of joined CSV lines (made by the
 * database, see csvRowSql) in the batch's order: one text when `linesPerText` is at least the batch,
 * else one row per `linesPerText` orders. Texts instead of a row per order: the driver's per-row
 * work was most of Node's share of an export. Not one text of the whole batch on PostgreSQL: a
 * text of 1 000 lines (about 350 kB) is copied whole several times on its way out (the aggregate's
 * growing buffer, the result tuple, the output function, the message), each copy out of the
 * processor's cache and into freshly mapped memory (page faults), which was a third of the
 * backend's time for the batch; texts of 100 lines stay in the cache (docs/performance.md, round 4).
 */
export function csvBatchQuery(
  filter: OrderFilter,
  cursor: Cursor | undefined,
  batchSize: number,
  format: CsvFormat = 'standard',
  /** The reader's language: the items column's words (the admin's, as every admin route answers). */
  locale: Locale = defaultLocale,
  linesPerText: number = batchSize,
  /** false: every cell made from the order's columns at export, as before the parts were stored. */
  storedLine = true,
): SQL {
  const items = storedItemsSummary(locale);
  // The order's own cells and its money cells as stored with it (order-export-lines.ts), and the
  // items cell in the reader's language between them; or, as before, every cell made here.
  const line = storedLine
    ? concatSql([
        sql.raw(`orders.${storedLineColumn(format, 'head')}`),
        guardedTextSql(items),
        sql.raw(`orders.${storedLineColumn(format, 'tail')}`),
        sql.raw(`orders.${storedLineColumn(format, 'money')}`),
        sql.raw(textLiteral('"\r\n')),
      ])
    : formerLine(format, items);
  // One query level under the batch: a subquery of orders.* under each line (the former shape)
  // carried every wide row through a second scan (1.9 s against 1.0 s for 200 000 rows).
  const orders = sql`FROM orders ${storedLine ? sql`` : sql.raw(orderMoneyLateral('orders.id'))}
      WHERE ${exportFilterSql(filter, cursor)} ORDER BY orders.order_date DESC, orders.id DESC LIMIT ${limitSql(batchSize)}`;
  if (linesPerText >= batchSize)
    return sql`SELECT coalesce(string_agg(page.line, '' ORDER BY page.order_date DESC, page.id DESC), '') AS lines
    FROM (SELECT ${line} AS line, orders.order_date, orders.id ${orders}) AS page`;
  // Each order's place in the batch (row_number over the batch's own order) puts it in its text.
  return sql`SELECT string_agg(page.line, '' ORDER BY page.order_date DESC, page.id DESC) AS lines
    FROM (SELECT ${line} AS line, orders.order_date, orders.id,
        (row_number() OVER (ORDER BY orders.order_date DESC, orders.id DESC) - 1) / ${limitSql(linesPerText)} AS part
      ${orders}) AS page
    GROUP BY page.part ORDER BY page.part`;
}

/** A line with every cell made from the order's columns and the money lateral, as before 0088. */
function formerLine(format: CsvFormat, items: SQL): SQL {
  const { head, tail } = orderLineCells(format, columnsOfOrders);
  return csvRowSql([...head, items, ...tail, ...moneyCells(format)], format);
}

/**
 * Where the batch after `cursor` ends: the keyset position of its last order, read from the index
 * alone (no line is made), or undefined when fewer than a whole batch remain.
 */
export function csvBoundaryQuery(filter: OrderFilter, cursor: Cursor | undefined, batchSize: number): SQL {
  return sql`SELECT ${isoTime(sql`order_date`)} AS order_date, id::text AS id FROM orders
    WHERE ${exportFilterSql(filter, cursor)} ORDER BY orders.order_date DESC, orders.id DESC
    OFFSET ${limitSql(batchSize - 1)} LIMIT 1`;
}

/**
 * The export's orders after `cursor`: filterSql's, with the cursor's two values read by one-row
 * subqueries (init plans), so that the planner estimates the rows after any cursor alike. With the
 * values themselves, each batch's plan was costed on where its cursor falls (the histogram), and a
 * prepared statement's generic plan, costed on a default, never looked cheap enough to keep:
 * PostgreSQL planned every batch again (1.5 to 2 ms of its 13 to 17 ms for 1 000 orders). The index
 * walk is the same: an init plan's value is a constant for the scan.
 */
function exportFilterSql(filter: OrderFilter, cursor: Cursor | undefined): SQL {
  const orders = filterSql(filter, undefined);
  return cursor
    ? sql`${orders} AND (orders.order_date, orders.id) < ((SELECT ${cursor.date}::timestamptz), (SELECT ${cursor.id}::bigint))`
    : orders;
}

/**
 * A batch size written into the statement, not a parameter: a prepared statement's generic plan
 * (csvBatches) knows how many rows it reads, so PostgreSQL keeps that plan instead of planning
 * each batch again.
 */
const limitSql = (rows: number) => sql.raw(String(Math.max(0, Math.trunc(rows))));

/**
 * How an export reads its batches: orders per batch, how many batches are made at once, and how
 * many orders' lines the database joins into each text it answers (csvBatchQuery).
 */
export interface ExportBatching {
  batchSize: number;
  parallel: number;
  /** Default: the whole batch in one text. */
  linesPerText?: number;
}

/**
 * How each database reads an export. PostgreSQL makes two batches at once on two connections:
 * making the lines is its work, on its own cores. Its batches stay small because each batch's text
 * is one large string in the server's heap: over a 1 000 000-row export, the server's memory late
 * on peaked 16 MB above its early peak with 1 000 orders a batch (155 000 rows/s), 31 MB with
 * 2 000 (182 000) and 42 to 60 MB with 5 000. The embedded database runs one query at a time in
 * this process, so a second batch in flight would only queue (and a checkout would wait behind
 * both): one batch at a time, of 5 000, which pays a plan and an index descent per 5 000 rows
 * (124 000 against 111 000 rows/s with 2 000, in process, 200 000 orders; about 40 ms of the
 * database per batch). Both answer a batch in texts of 100 orders' lines, handed on one by one:
 * on PostgreSQL they stay in the processor's cache on their way out of the backend (a fifth less
 * CPU per row than one text per batch, decision 0086; with 2 000 a batch, texts of 100 cost more
 * again). In the server's heap a text of 100 lines (about 35 kB) is an ordinary young object,
 * freed by the next minor collection; a batch's text of 5 000 lines (1.7 MB, or that text joined
 * from its parts) is a large object, freed only by a full collection, which V8 puts off while the
 * heap grows. On PGlite at 300 000 orders the server's late peak over its early one fell from
 * 26 to 51 MB to 0.5 to 20 MB, at the same speed (docs/performance.md, round 4).
 */
export const exportBatching: Record<Database['kind'], ExportBatching> = {
  postgres: { batchSize: 1000, parallel: 2, linesPerText: 100 },
  pglite: { batchSize: 5000, parallel: 1, linesPerText: 100 },
};

/**
 * Every filtered order as CSV text, one batch of lines at a time. A keyset cursor on
 * (order_date, id) walks the index, so each batch is a short query (no transaction held open for
 * the length of a download, and the embedded database keeps serving checkouts between batches).
 * Making the lines is the database's work and the export's bottleneck, so the next batch's start
 * is found first from the index (csvBoundaryQuery) and up to `parallel` batches are made at once
 * on separate connections while the caller writes out the oldest; at most that many batches are
 * in memory, whatever the number of orders, and a slow download pauses the reading.
 */
export async function* csvBatches(
  database: Pick<Database, 'queryPrepared'>,
  filter: OrderFilter,
  format: CsvFormat = 'standard',
  { batchSize, parallel, linesPerText = batchSize }: ExportBatching = exportBatching.postgres,
  locale: Locale = defaultLocale,
): AsyncGenerator<string> {
  type Batch = { texts: string[] };
  /**
   * Reads run ahead of the loop that awaits them: one that fails (the database went away) while the
   * generator waits elsewhere, or sits paused at a yield for a slow download, would be an unhandled
   * rejection, which ends the process. Each is marked handled when it starts; awaiting it still
   * throws, so the export ends as an error (the response is cut off, never completed short).
   */
  const handled = <T>(promise: Promise<T>): Promise<T> => {
    promise.catch(() => undefined);
    return promise;
  };
  const statements = exportStatements(filter, format, batchSize, locale, linesPerText);
  // The batch's texts in order (a batch whose cursor passed the last order has none).
  const read = (cursor: Cursor | undefined) =>
    handled(
      statements
        .run<{ lines: string | null }>(database, 'lines', cursor)
        .then((rows): Batch => ({ texts: rows.flatMap((row) => (row.lines ? [row.lines] : [])) })),
    );
  const boundary = (cursor: Cursor | undefined): Promise<Cursor | undefined> =>
    handled(
      statements
        .run<{ order_date: string; id: string }>(database, 'boundary', cursor)
        .then(([row]) => row && { date: row.order_date, id: row.id }),
    );
  const reading: Promise<Batch | undefined>[] = [read(undefined)];
  // The start of the batch after the last one being read; undefined once the last is reading.
  let nextStart: Promise<Cursor | undefined> | undefined = boundary(undefined);
  try {
    while (reading.length > 0 || nextStart) {
      while (nextStart && reading.length < parallel) {
        const start: Cursor | undefined = await nextStart;
        nextStart = start && boundary(start);
        if (start) reading.push(read(start));
      }
      const batch = await reading.shift();
      if (batch) yield* batch.texts;
    }
  } finally {
    // A download cut short leaves reads in flight: their answers (or errors) are no longer wanted,
    // and each was marked handled when it started.
    reading.length = 0;
  }
}

/** Stand-ins for a cursor's two values while an export's statements are made into text. */
const cursorSlots = { date: '\u0000cursor date', id: '\u0000cursor id' };

/**
 * An export's two statements (a batch's lines, the next batch's start), each made into text once
 * per export, with and without a cursor, and run as prepared statements (named by their text) with
 * each batch's cursor as parameters. Building the lines' SQL and making it into text was about a
 * seventh of the server's time in an export, done again for every batch; planning it, 1.5 to 2 ms
 * of the database's 13 to 17 ms per batch of 1 000 (docs/performance.md, round 4). A search (q)
 * is planned for its term each time: a generic plan cannot know how many orders a term matches.
 */
function exportStatements(
  filter: OrderFilter,
  format: CsvFormat,
  batchSize: number,
  locale: Locale,
  linesPerText: number,
) {
  const made = new Map<string, { name: string | undefined; text: QueryText }>();
  const statement = (kind: 'lines' | 'boundary', cursor: Cursor | undefined) => {
    const key = `${kind} ${cursor ? 'after' : 'first'}`;
    let found = made.get(key);
    if (!found) {
      const query =
        kind === 'lines'
          ? csvBatchQuery(filter, cursor && cursorSlots, batchSize, format, locale, linesPerText)
          : csvBoundaryQuery(filter, cursor && cursorSlots, batchSize);
      const text = sqlDialect.sqlToQuery(query);
      const name = filter.q
        ? undefined
        : `export-${createHash('sha256').update(text.sql).digest('hex').slice(0, 24)}`;
      found = { name, text };
      made.set(key, found);
    }
    return found;
  };
  return {
    run<Row>(
      database: Pick<Database, 'queryPrepared'>,
      kind: 'lines' | 'boundary',
      cursor: Cursor | undefined,
    ) {
      const { name, text } = statement(kind, cursor);
      const params = cursor
        ? text.params.map((value) =>
            value === cursorSlots.date ? cursor.date : value === cursorSlots.id ? cursor.id : value,
          )
        : text.params;
      // Unnamed: PostgreSQL plans it as an ordinary query (PGlite always does).
      return database.queryPrepared<Row>(name ?? '', { sql: text.sql, params });
    },
  };
}
