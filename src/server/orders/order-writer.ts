import { sql } from 'drizzle-orm';
import { PAYMENT_DAYS } from '@/shared/terms';
import type { Database } from '@/server/db/client';
import { orders } from '@/server/db/orders-schema';
import { checkoutSnapshotCompletion } from '@/server/ledger';

/**
 * The `orders` columns a checkout writes, by their Drizzle names; the statement below derives its
 * column list, the JSON record's types and the values from this one list and the Drizzle table.
 * The rest the statement or the database fills: number, invoice sequence, status, dates.
 */
const writtenColumns = [
  'customerType',
  'customerName',
  'customerEmail',
  'customerPhone',
  'customerOrganization',
  'customerOrgNumber',
  'customerPersonalNumber',
  'customerAddress',
  'deliveryAddress',
  'countryCode',
  'items',
  'totalAmount',
  'exVatAmount',
  'vatAmount',
  'vatTreatment',
  'buyerVatNumber',
  'buyerReference',
  'purchaseOrderNumber',
  'buyerPeppolId',
  'billingAddress',
  'viesStatus',
  'viesName',
  'viesRequestId',
  'viesCheckedAt',
  'neededBy',
  'idempotencyKey',
  'requestHash',
  'accessTokenHash',
] as const satisfies readonly (keyof typeof orders.$inferInsert)[];

type WrittenColumn = (typeof writtenColumns)[number];

/** One order as it goes into the `orders` table, priced and checked already (every written column given). */
export type NewOrderRow = Required<Pick<typeof orders.$inferInsert, WrittenColumn>> & {
  /** Print files the order claimed, in the buyer's order (order_print_files). */
  printFiles?: { uploadId: string; kind: 'vector' | 'raster'; position: number; lineIndex?: number | null }[];
  /** The order's invoice as issued, but for its number and dates (checkoutInvoiceSnapshot). */
  invoice: Record<string, unknown>;
  /**
   * Every upload the order uses (line images and print files). They are claimed by the statement
   * that stores the order, so an order the database refuses (its idempotency key taken by another
   * body) claims nothing and its uploads still expire and count against the unattached cap.
   */
  uploadIds: readonly string[];
};

export interface InsertedOrder {
  orderNumber: string;
  totalAmount: string;
}

/** The JSON record's fields: each written column under its Drizzle name, typed as the table types it. */
const recordDefinition = sql.join(
  writtenColumns.map((key) => sql`${sql.identifier(key)} ${sql.raw(orders[key].getSQLType())}`),
  sql`, `,
);
const insertColumns = sql.join(
  writtenColumns.map((key) => sql.identifier(orders[key].name)),
  sql`, `,
);
const insertValues = sql.join(
  writtenColumns.map((key) => sql`input.${sql.identifier(key)}`),
  sql`, `,
);

interface PendingOrder {
  row: NewOrderRow;
  resolve: (order: InsertedOrder | undefined) => void;
  reject: (error: unknown) => void;
}

/** Orders written in one statement at most; a larger queue is written in several. */
const MAX_BATCH = 200;

/**
 * Group commit for orders. Every order takes its invoice number under the counter's row lock, so
 * one order per transaction serialises all checkouts behind one commit (fsync) each. Orders that
 * arrive while a write is in flight wait and go together in the next statement: one lock, one
 * commit, many orders. A lone order is written at once, so nothing waits on a timer.
 */
export class OrderWriter {
  private queue: PendingOrder[] = [];
  private writing = false;

  constructor(private readonly database: Database) {}

  /** The stored order, or undefined when its idempotency key was already used (the caller replays). */
  write(row: NewOrderRow): Promise<InsertedOrder | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        await this.writeBatch(batch);
      }
    } finally {
      this.writing = false;
    }
  }

  /**
   * Writes a batch in one statement. When the database refuses it (one order it cannot store),
   * the batch is split in halves and each half written the same way: one bad order among n costs
   * about 2·log2(n) statements, and the good ones still share their commits, where writing each on
   * its own made 400 good orders wait on 400 commits.
   */
  private async writeBatch(batch: PendingOrder[]): Promise<void> {
    let stored: Map<string, InsertedOrder>;
    try {
      stored = await insertOrders(
        this.database,
        batch.map((pending) => pending.row),
      );
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await this.writeBatch(batch.slice(0, half));
      await this.writeBatch(batch.slice(half));
      return;
    }
    for (const pending of batch) {
      const order = stored.get(pending.row.idempotencyKey);
      // A key twice in one batch: the first is stored, the second replays it.
      stored.delete(pending.row.idempotencyKey);
      pending.resolve(order);
    }
  }
}

const writers = new WeakMap<Database, OrderWriter>();

export function orderWriterFor(database: Database): OrderWriter {
  let writer = writers.get(database);
  if (!writer) {
    writer = new OrderWriter(database);
    writers.set(database, writer);
  }
  return writer;
}

/**
 * One statement, so one round trip and one implicit transaction: take a run of invoice numbers
 * under the counter's row lock (strictly increasing across transactions and instances, even within
 * one millisecond; the first is at least now in milliseconds), store the orders in arrival order
 * with their invoices (documents, the snapshot completed with its number and dates), queue their
 * two emails each, record their print files and claim their uploads. A key already used inserts nothing (its number is a harmless gap).
 * The rows travel as one JSON parameter, which both drivers (PGlite, node-postgres) pass as text.
 */
async function insertOrders(
  database: Database,
  rows: readonly NewOrderRow[],
): Promise<Map<string, InsertedOrder>> {
  const count = rows.length;
  const input = JSON.stringify(rows.map((row, index) => ({ ...row, ord: index + 1 })));
  const result: unknown = await database.db.execute(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${input}::jsonb)
        AS r(ord int, ${recordDefinition}, "printFiles" jsonb, invoice jsonb, "uploadIds" jsonb)
    ), counter AS (
      UPDATE invoice_counter
      SET last_value = greatest((extract(epoch from clock_timestamp()) * 1000)::bigint + ${count} - 1, last_value + ${count})
      WHERE id = 1
      RETURNING last_value - ${count} AS base
    ), inserted AS (
      INSERT INTO orders (order_number, invoice_seq, ${insertColumns})
      SELECT 'INV-' || (counter.base + input.ord), counter.base + input.ord, ${insertValues}
      FROM input, counter
      ORDER BY input.ord
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, idempotency_key, order_number, invoice_seq, order_date, vat_treatment, ex_vat_amount,
        vat_amount, total_amount
    ), invoices AS (
      INSERT INTO documents (order_id, kind, number, seq, issued_at, issued_on, due_on, language, vat_treatment,
        net, vat, total, ocr, snapshot)
      SELECT inserted.id, 'invoice', inserted.order_number, inserted.invoice_seq, inserted.order_date,
        (inserted.order_date AT TIME ZONE 'Europe/Stockholm')::date,
        (inserted.order_date AT TIME ZONE 'Europe/Stockholm')::date + ${PAYMENT_DAYS}::integer,
        input.invoice->>'language', inserted.vat_treatment, inserted.ex_vat_amount, inserted.vat_amount,
        inserted.total_amount, ocr_reference(inserted.invoice_seq::text),
        input.invoice || ${checkoutSnapshotCompletion('inserted')}
      FROM inserted JOIN input ON input."idempotencyKey" = inserted.idempotency_key
    ), files AS (
      INSERT INTO order_print_files (order_id, upload_id, kind, position, line_index)
      SELECT inserted.id, f."uploadId", f.kind, f.position, f."lineIndex"
      FROM inserted JOIN input ON input."idempotencyKey" = inserted.idempotency_key,
        jsonb_to_recordset(coalesce(input."printFiles", '[]'::jsonb)) AS f("uploadId" text, kind text, position int, "lineIndex" int)
    ), claimed AS (
      UPDATE uploads SET attached_at = coalesce(uploads.attached_at, now())
      FROM inserted JOIN input ON input."idempotencyKey" = inserted.idempotency_key,
        jsonb_array_elements_text(input."uploadIds") AS used(id)
      WHERE uploads.id = used.id
    ), queued AS (
      INSERT INTO email_outbox (order_id, kind)
      SELECT inserted.id, kind FROM inserted, unnest(ARRAY['buyer_confirmation', 'shop_notice']) AS kind
    )
    SELECT idempotency_key, order_number, total_amount::text AS total_amount FROM inserted
  `);
  const stored = new Map<string, InsertedOrder>();
  type ReturnedRow = { idempotency_key: string; order_number: string; total_amount: string };
  for (const row of (result as { rows: ReturnedRow[] }).rows) {
    stored.set(row.idempotency_key, { orderNumber: row.order_number, totalAmount: row.total_amount });
  }
  return stored;
}
