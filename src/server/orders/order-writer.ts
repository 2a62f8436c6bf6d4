import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import type { StoredOrderLine } from '@/server/db/orders-schema';
import type { VatTreatment } from '@/shared/invoicing/vat-treatment';

/** One order as it goes into the `orders` table (column names), priced and checked already. */
export interface NewOrderRow {
  customer_type: 'personal' | 'company';
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_organization: string | null;
  customer_org_number: string | null;
  customer_personal_number: string | null;
  customer_address: string;
  delivery_address: string;
  country_code: string;
  items: StoredOrderLine[];
  total_amount: string;
  ex_vat_amount: string;
  vat_amount: string;
  vat_treatment: VatTreatment;
  buyer_vat_number: string | null;
  buyer_reference: string | null;
  billing_address: string | null;
  /** "2026-12-23" or null. */
  needed_by: string | null;
  idempotency_key: string;
  request_hash: string;
  access_token_hash: string;
  /** Print files the order claimed, in the buyer's order (order_print_files). */
  print_files?: { upload_id: string; kind: 'vector' | 'raster'; position: number }[];
}

export interface InsertedOrder {
  order_number: string;
  total_amount: string;
}

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
      const order = stored.get(pending.row.idempotency_key);
      // A key twice in one batch: the first is stored, the second replays it.
      stored.delete(pending.row.idempotency_key);
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
 * one millisecond; the first is at least now in milliseconds), store the orders in arrival order,
 * queue their two emails each, and record their print files. A key already used inserts nothing (its number is a harmless gap).
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
      SELECT * FROM jsonb_to_recordset(${input}::jsonb) AS r(
        ord int, customer_type text, customer_name text, customer_email text, customer_phone text,
        customer_organization text, customer_org_number text, customer_personal_number text,
        customer_address text, delivery_address text, country_code text, items jsonb,
        total_amount numeric, ex_vat_amount numeric, vat_amount numeric,
        vat_treatment text, buyer_vat_number text, buyer_reference text, billing_address text,
        needed_by date, idempotency_key text, request_hash text, access_token_hash text, print_files jsonb
      )
    ), counter AS (
      UPDATE invoice_counter
      SET last_value = greatest((extract(epoch from clock_timestamp()) * 1000)::bigint + ${count} - 1, last_value + ${count})
      WHERE id = 1
      RETURNING last_value - ${count} AS base
    ), inserted AS (
      INSERT INTO orders (
        order_number, invoice_seq, customer_type, customer_name, customer_email, customer_phone,
        customer_organization, customer_org_number, customer_personal_number, customer_address,
        delivery_address, country_code, items, total_amount, ex_vat_amount, vat_amount,
        vat_treatment, buyer_vat_number, buyer_reference, billing_address, needed_by,
        idempotency_key, request_hash, access_token_hash
      )
      SELECT 'INV-' || (counter.base + input.ord), counter.base + input.ord, input.customer_type,
        input.customer_name, input.customer_email, input.customer_phone, input.customer_organization,
        input.customer_org_number, input.customer_personal_number, input.customer_address,
        input.delivery_address, input.country_code, input.items, input.total_amount, input.ex_vat_amount,
        input.vat_amount, input.vat_treatment, input.buyer_vat_number, input.buyer_reference,
        input.billing_address, input.needed_by, input.idempotency_key, input.request_hash, input.access_token_hash
      FROM input, counter
      ORDER BY input.ord
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, idempotency_key, order_number, total_amount::text AS total_amount
    ), files AS (
      INSERT INTO order_print_files (order_id, upload_id, kind, position)
      SELECT inserted.id, f.upload_id, f.kind, f.position
      FROM inserted JOIN input ON input.idempotency_key = inserted.idempotency_key,
        jsonb_to_recordset(coalesce(input.print_files, '[]'::jsonb)) AS f(upload_id text, kind text, position int)
    ), queued AS (
      INSERT INTO email_outbox (order_id, kind)
      SELECT inserted.id, kind FROM inserted, unnest(ARRAY['buyer_confirmation', 'shop_notice']) AS kind
    )
    SELECT idempotency_key, order_number, total_amount FROM inserted
  `);
  const stored = new Map<string, InsertedOrder>();
  for (const row of (result as { rows: (InsertedOrder & { idempotency_key: string })[] }).rows) {
    stored.set(row.idempotency_key, { order_number: row.order_number, total_amount: row.total_amount });
  }
  return stored;
}
