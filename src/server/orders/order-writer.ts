import { enqueueEmailsSql } from '@/server/email';
import { attachUploadsSql } from '@/server/uploads';
import { sql, type SQL } from 'drizzle-orm';
import { sqlDialect, type Database } from '@/server/db/client';
import { GroupCommit } from '@/server/db/group-commit';
import { orders } from '@/server/db/orders-schema';
import { queryRows } from '@/server/db/query-rows';
import { issueCheckoutInvoicesSql, takeSeqsSql } from '@/server/ledger';
import { recordPrintFilesSql } from '@/server/print-files';
import { invoiceDueDatesAround } from '@/shared/receivables/aging';
import {
  allowancesOf,
  numberAllowanceChains,
  type Allowance,
  type AllowanceRequest,
  type AllowanceRow,
} from '@/server/http/throttle';

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
  'invoiceCurrency',
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
  /** false: no confirmation to the buyer (staff entered the order and chose not to tell them yet). */
  buyerConfirmation?: boolean;
  /** The order's invoice as issued, but for its number and dates (checkoutInvoiceSnapshot). */
  invoice: Record<string, unknown>;
  /**
   * Every upload the order uses (line images and print files). They are claimed by the statement
   * that stores the order, so an order the database refuses (its idempotency key taken by another
   * body) claims nothing and its uploads still expire and count against the unattached cap.
   */
  uploadIds: readonly string[];
  /**
   * Throttle allowances the order is stored only if it gets (takeAllowancesInTurn's chain: each
   * taken only when the one before was allowed), taken by the statement that stores it.
   */
  allowances?: readonly AllowanceRequest[];
};

export interface InsertedOrder {
  orderNumber: string;
  totalAmount: string;
}

/**
 * What the statement did with one order: stored it; stored nothing because its idempotency key was
 * already used (the caller replays); or stored nothing because an allowance was refused.
 */
export type WrittenOrder =
  | { outcome: 'stored'; order: InsertedOrder }
  | { outcome: 'key-used' }
  | { outcome: 'throttled'; allowances: Allowance[] };

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

/**
 * Group commit for orders (GroupCommit). Every order takes its invoice number under the counter's
 * row lock, so one order per transaction serialises all checkouts behind one commit (fsync) each.
 * Orders that arrive while a write is in flight go together in the next statement: one lock, one
 * commit, many orders; a batch the database refuses is halved until the bad order fails alone.
 */
export class OrderWriter {
  private readonly batches: GroupCommit<NewOrderRow, WrittenOrder>;

  constructor(database: Database) {
    this.batches = new GroupCommit((rows) => insertOrders(database, rows));
  }

  write(row: NewOrderRow): Promise<WrittenOrder> {
    return this.batches.submit(row);
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
 * One statement, so one round trip and one implicit transaction: take the orders' throttle
 * allowances (take_allowances_within, migration 3900; an order whose chain is refused goes no
 * further), take a run of invoice numbers for the rest under the counter's row lock (strictly
 * increasing across transactions and instances, even within one millisecond; the first is at least
 * now in milliseconds), store them in arrival order with their invoices (documents, the snapshot
 * completed with its number and dates), queue their emails (the buyer's confirmation unless staff said not to, the shop's notice), record their print files and
 * claim their uploads. A key already used inserts nothing (its number is a harmless gap).
 * `input` is the rows as one jsonb value, `allowances` their numbered allowance requests.
 * Answers a row per stored order and a row per allowance request.
 */
function placeOrdersSql(input: SQL, allowances: SQL): SQL {
  return sql`
    WITH allowances AS MATERIALIZED (
      SELECT * FROM take_allowances_within(${allowances})
    ), given AS (
      SELECT * FROM jsonb_to_recordset(${input})
        AS r(ord int, ${recordDefinition}, "printFiles" jsonb, invoice jsonb, "uploadIds" jsonb,
          "lastAllowance" int, "buyerConfirmation" boolean, "dueDates" jsonb)
    ), input AS (
      -- An order goes on when the last allowance of its chain was taken (each is taken only when the
      -- one before was); numbered afresh so that a refused one leaves no gap in the invoice numbers.
      SELECT given.*, row_number() OVER (ORDER BY given.ord) AS seq FROM given
      WHERE given."lastAllowance" IS NULL
        OR EXISTS (SELECT 1 FROM allowances WHERE allowances.ord = given."lastAllowance" AND allowances.allowed)
    ), counter AS (
      ${takeSeqsSql(sql`(SELECT count(*) FROM input)`)}
    ), inserted AS (
      INSERT INTO orders (order_number, invoice_seq, ${insertColumns})
      SELECT 'INV-' || (counter.base + input.seq), counter.base + input.seq, ${insertValues}
      FROM input, counter
      ORDER BY input.seq
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, idempotency_key, order_number, invoice_seq, order_date, vat_treatment, ex_vat_amount,
        vat_amount, total_amount
    ), invoices AS (
      ${issueCheckoutInvoicesSql({
        from: sql`inserted JOIN input ON input."idempotencyKey" = inserted.idempotency_key`,
        order: 'inserted',
        snapshot: sql`input.invoice`,
        dueDates: sql`input."dueDates"`,
      })}
    ), files AS (
      ${recordPrintFilesSql({
        from: sql`inserted JOIN input ON input."idempotencyKey" = inserted.idempotency_key`,
        orderId: sql`inserted.id`,
        files: sql`input."printFiles"`,
      })}
    ), claimed AS (
      ${attachUploadsSql({
        from: sql`inserted JOIN input ON input."idempotencyKey" = inserted.idempotency_key,
          jsonb_array_elements_text(input."uploadIds") AS used(id)`,
        uploadId: sql`used.id`,
      })}
    ), confirmed AS (
      ${enqueueEmailsSql({
        orderId: sql`inserted.id`,
        kind: 'buyer_confirmation',
        // One row per stored order (a key twice in a batch is stored once).
        from: sql`inserted WHERE NOT EXISTS (SELECT 1 FROM input
          WHERE input."idempotencyKey" = inserted.idempotency_key AND input."buyerConfirmation" = false)`,
      })}
    ), queued AS (
      ${enqueueEmailsSql({ orderId: sql`inserted.id`, kind: 'shop_notice', from: sql`inserted` })}
    )
    SELECT idempotency_key, order_number, total_amount::text AS total_amount,
      NULL::int AS ord, NULL::boolean AS allowed, NULL::text AS retry_after
    FROM inserted
    UNION ALL
    SELECT NULL, NULL, NULL, ord, allowed, retry_after::text FROM allowances
  `;
}

/** What the statement answers: a stored order's row, or an allowance request's (AllowanceRow). */
type PlacedRow =
  | { idempotency_key: string; order_number: string; total_amount: string; ord: null }
  | ({ idempotency_key: null } & AllowanceRow);

/**
 * On PGlite the statement runs inside a plpgsql function of this session (pg_temp: never stored,
 * made again by each process), so PostgreSQL parses and plans it once and reuses the plan: planning
 * the six-part statement afresh took as long as running it, and the function halves each
 * checkout's statement (10.6 → 5.4 ms for two orders, the same loaded machine, alternating). On
 * PostgreSQL it is a named prepared statement on each pooled connection (9.3 → 7.1 ms, commit
 * included, measured the same way); the same function there would need making on every connection.
 */
const sessionFunctions = new WeakMap<Database, Promise<void>>();

function placeOrdersFunction(database: Database): Promise<void> {
  let made = sessionFunctions.get(database);
  if (!made) {
    // Constants inlined (the function takes only the rows and their allowances); the body is our own
    // SQL, never a buyer's text, so its dollar quote cannot be closed from inside.
    const body = sqlDialect.sqlToQuery(
      placeOrdersSql(sql.raw('p_input'), sql.raw('p_allowances')).inlineParams(),
    ).sql;
    made = database.db
      .execute(
        sql.raw(`CREATE OR REPLACE FUNCTION pg_temp.place_orders(p_input jsonb, p_allowances jsonb)
          RETURNS TABLE (placed_key text, placed_number text, placed_total text, allowance_ord integer,
            allowance_allowed boolean, allowance_retry_after text)
          LANGUAGE plpgsql AS $place_orders$ BEGIN RETURN QUERY ${body}; END $place_orders$`),
      )
      .then(() => undefined);
    made.catch(() => sessionFunctions.delete(database));
    sessionFunctions.set(database, made);
  }
  return made;
}

async function insertOrders(database: Database, rows: readonly NewOrderRow[]): Promise<WrittenOrder[]> {
  const chains = numberAllowanceChains(rows.map((row) => row.allowances ?? []));
  const dueDates = invoiceDueDatesAround(new Date());
  const input = JSON.stringify(
    rows.map(({ allowances: _taken, ...row }, index) => ({
      ...row,
      dueDates,
      ord: index + 1,
      lastAllowance: chains[index]?.at(-1)?.ord ?? null,
    })),
  );
  const allowances = JSON.stringify(chains.flat());
  let placed: PlacedRow[];
  if (database.kind === 'pglite') {
    await placeOrdersFunction(database);
    placed = await queryRows<PlacedRow>(
      database.db,
      sql`SELECT placed_key AS idempotency_key, placed_number AS order_number, placed_total AS total_amount,
          allowance_ord AS ord, allowance_allowed AS allowed, allowance_retry_after AS retry_after
        FROM pg_temp.place_orders(${input}::jsonb, ${allowances}::jsonb)`,
    );
  } else {
    placed = await database.queryPrepared<PlacedRow>(
      'place_orders',
      placeOrdersSql(sql`${input}::jsonb`, sql`${allowances}::jsonb`),
    );
  }
  const stored = new Map<string, InsertedOrder>();
  const answers: AllowanceRow[] = [];
  for (const row of placed) {
    if (row.idempotency_key === null) answers.push(row);
    else stored.set(row.idempotency_key, { orderNumber: row.order_number, totalAmount: row.total_amount });
  }
  const taken = allowancesOf(chains, answers);
  return rows.map((row, index): WrittenOrder => {
    const allowances = taken[index] ?? [];
    if (allowances.some((allowance) => !allowance.allowed)) return { outcome: 'throttled', allowances };
    const order = stored.get(row.idempotencyKey);
    // A key twice in one batch: the first is stored, the second replays it.
    stored.delete(row.idempotencyKey);
    return order ? { outcome: 'stored', order } : { outcome: 'key-used' };
  });
}
