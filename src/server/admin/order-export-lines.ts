import type { VatTreatment } from '@/shared/invoicing/vat-treatment';
import { sql, type SQL } from 'drizzle-orm';
import { checkoutPageMessages } from '@/shared/i18n/messages/checkout';
import type { CustomerType } from '@/shared/checkout-schema';
import { sizeCodes, type SizeCode } from '@/shared/sizes';
import { orderStatuses, statusLabels } from '@/shared/order-status';
import { SHOP_TIME_ZONE } from '@/shared/dates';
import { sqlDialect } from '@/server/db/client';
import { textLiteral } from '@/server/db/sql-literal';
import {
  concatSql,
  csvCellsConcatArgs,
  csvFormats,
  csvSeparator,
  type CsvCellSql,
  type CsvFormat,
} from './csv';
import { isoTime } from './order-query';
import type { PaymentState } from '@/shared/ledger';
import { ledgerMessages } from '@/shared/i18n/messages/ledger';

/**
 * The orders export's cells that an order holds itself (everything but the items column, which is
 * stored per language, and the money columns, which come from the ledger at export), as the two
 * parts of each format's line around the items column, stored with the order by a trigger at every
 * insert and change of it (functions/0800_order_export_lines.sql, migrations/6850_order_export_lines.sql).
 * Made at export they were most of the database's work per exported row: about 10 µs a line,
 * whatever the number of cells (docs/performance.md, round 4).
 */

/** Customer types and VAT rules as a Swedish reader of the Excel export reads them. */
export const customerTypeLabelsSv: Readonly<Record<CustomerType, string>> = {
  personal: checkoutPageMessages.sv.personal,
  company: checkoutPageMessages.sv.company,
};
export const vatTreatmentLabelsSv: Readonly<Record<VatTreatment, string>> = {
  domestic: 'Svensk moms',
  reverse_charge: 'Omvänd betalningsskyldighet',
  export: 'Export',
  oss: 'EU-distansförsäljning (OSS)',
};

/** A code column as its Swedish label in the Excel export (the code itself if it has none). */
export function swedishCase(column: string, labels: Readonly<Record<string, string>>): SQL {
  const cases = Object.entries(labels).map(
    ([code, label]) => `WHEN ${textLiteral(code)} THEN ${textLiteral(label)}`,
  );
  return sql.raw(`CASE ${column} ${cases.join(' ')} ELSE ${column} END`);
}

/** Payment states as the Swedish reader of the Excel export reads them (the admin's words). */
export const paymentStateLabelsSv: Readonly<Record<PaymentState, string>> = {
  unpaid: ledgerMessages.sv.unpaid,
  partly_paid: ledgerMessages.sv.partly_paid,
  paid: ledgerMessages.sv.paid,
  overpaid: ledgerMessages.sv.overpaid,
  credited: ledgerMessages.sv.credited,
  refunded: ledgerMessages.sv.refunded,
};

/**
 * The export's money columns of the order `orderId` (alias `money`, joined laterally): its own invoice's
 * date, due date and OCR, and over all its documents what was paid (refunds subtracted), what is
 * left and the payment state, by the same rule as paymentState() in src/shared/ledger.ts
 * (receivables-exports.test.ts compares the two).
 *
 * The four sums are one aggregate over the order's documents (each with its payments' two sums), a
 * subquery the planner cannot flatten, so each is computed once per order. Four scalar subqueries
 * in a flattened subquery were instead copied into every expression that named them (paid,
 * balance and five branches of the state): 17 index descents and about 100 buffer reads per order
 * on orders with their invoices and payments, most of an export's time (docs/performance.md,
 * round 4). The covering indexes of 5600_export_money_indexes.sql answer both reads from the index.
 */
export const orderMoneyLateral = (orderId: string) => `LEFT JOIN LATERAL (
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
        coalesce(sum(d.total) FILTER (WHERE d.kind <> 'credit_note'), 0) AS invoiced,
        coalesce(-sum(d.total) FILTER (WHERE d.kind = 'credit_note'), 0) AS credited,
        coalesce(sum(pay.received), 0) AS received,
        coalesce(sum(pay.refunded), 0) AS refunded
      FROM documents d CROSS JOIN LATERAL (SELECT sum(p.amount) FILTER (WHERE p.amount > 0) AS received,
          -sum(p.amount) FILTER (WHERE p.amount < 0) AS refunded
        FROM payments p WHERE p.document_id = d.id) AS pay
      WHERE d.order_id = ${orderId}) AS sums
    LEFT JOIN documents inv ON inv.order_id = ${orderId} AND inv.kind = 'invoice'
  ) AS money ON TRUE`;

/** The money cells, from the lateral `money` (orderMoneyLateral): decimal comma and Swedish states in Excel. */
export function moneyCells(format: CsvFormat): CsvCellSql[] {
  const excel = format === 'excel-sv';
  const amount = (column: string) =>
    sql.raw(excel ? `replace(${column}::text, '.', ',')` : `${column}::text`);
  return [
    { code: sql.raw(`to_char(money.invoice_date, 'YYYY-MM-DD')`) },
    { code: sql.raw(`to_char(money.due_date, 'YYYY-MM-DD')`) },
    { code: sql.raw('money.ocr') },
    { code: amount('money.paid') },
    { code: amount('money.balance') },
    {
      code: excel ? swedishCase('money.payment_state', paymentStateLabelsSv) : sql.raw('money.payment_state'),
    },
  ];
}

/**
 * How the cells read an order: its column by name (bare in a query over `orders`, `NEW.<name>` in
 * the trigger) and its pieces of one size over all its lines.
 */
export interface OrderColumns {
  column: (name: string) => string;
  sizeCell: (code: SizeCode) => string;
}

/** Where order_export_item_cells puts a column in its array: the items summary, then one per size. */
export function itemCellIndex(column: 'items_summary' | SizeCode): number {
  return column === 'items_summary' ? 1 : sizeCodes.indexOf(column) + 2;
}

/** An order's columns in a query over `orders` (the stored export_item_cells for the sizes). */
export const columnsOfOrders: OrderColumns = {
  column: (name) => name,
  sizeCell: (code) => `export_item_cells[${itemCellIndex(code)}]`,
};

/**
 * The cells before the items column: order number, date, status, customer type, name, company,
 * organisation number, email, phone, address, delivery address, country. Numbers, times and codes
 * fixed by the schema need no formula guard (csvCellsConcatArgs' { code }).
 */
function headCells(format: CsvFormat, { column }: OrderColumns): CsvCellSql[] {
  const excel = format === 'excel-sv';
  const status = column('status');
  return [
    sql.raw(column('order_number')),
    {
      code: excel
        ? sql.raw(`to_char(${column('order_date')} AT TIME ZONE '${SHOP_TIME_ZONE}', 'YYYY-MM-DD HH24:MI')`)
        : isoTime(sql.raw(column('order_date'))),
    },
    {
      code: excel
        ? sql.raw(
            `CASE ${status} ${orderStatuses.map((s) => `WHEN '${s}' THEN ${textLiteral(statusLabels[s])}`).join(' ')} ELSE ${status} END`,
          )
        : sql.raw(status),
    },
    {
      code: excel
        ? swedishCase(column('customer_type'), customerTypeLabelsSv)
        : sql.raw(column('customer_type')),
    },
    ...[
      'customer_name',
      'customer_organization',
      'customer_org_number',
      'customer_email',
      'customer_phone',
      'customer_address',
      'delivery_address',
      'country_code',
    ].map((name) => sql.raw(column(name))),
  ];
}

/**
 * The cells after the items column, before the money columns: the amounts, the VAT rule, the
 * buyer's VAT number and reference, the billing address and one cell per size.
 */
function tailCells(format: CsvFormat, { column, sizeCell }: OrderColumns): CsvCellSql[] {
  const excel = format === 'excel-sv';
  const money = (name: string) =>
    sql.raw(excel ? `replace(${column(name)}::text, '.', ',')` : `${column(name)}::text`);
  return [
    { code: money('total_amount') },
    { code: money('ex_vat_amount') },
    { code: money('vat_amount') },
    {
      code: excel
        ? swedishCase(column('vat_treatment'), vatTreatmentLabelsSv)
        : sql.raw(column('vat_treatment')),
    },
    sql.raw(column('buyer_vat_number')),
    sql.raw(column('buyer_reference')),
    sql.raw(column('billing_address')),
    ...sizeCodes.map((code) => ({ code: sql.raw(sizeCell(code)) })),
  ];
}

/** The cells of the whole line that the order holds, around the items column (the former line's). */
export function orderLineCells(
  format: CsvFormat,
  columns: OrderColumns,
): { head: CsvCellSql[]; tail: CsvCellSql[] } {
  return { head: headCells(format, columns), tail: tailCells(format, columns) };
}

/**
 * Each format's three stored parts. The head is the line up to the items column's opening quote
 * (`"K-1001","2026-…",…,"SE","`), the tail from its closing quote to the money cells' first
 * opening quote (`","1250.00",…,"0","`), the money its cells up to the last one's closing quote
 * (`2026-11-01","2026-12-01",…,"paid`), so a line is head, the items cell, tail, money, `"` CRLF.
 */
export const storedLineParts = ['head', 'tail', 'money'] as const;
export type StoredLinePart = (typeof storedLineParts)[number];
const formatColumnName: Record<CsvFormat, string> = { standard: 'standard', 'excel-sv': 'excel' };

/** The column that stores one part of one format's line (orders.export_line_<format>_<part>). */
export const storedLineColumn = (format: CsvFormat, part: StoredLinePart) =>
  `export_line_${formatColumnName[format]}_${part}`;

/** The function that makes an order's money part from the ledger, by the order's id. */
export const moneyPartFunction = (format: CsvFormat) => `order_export_money_${formatColumnName[format]}`;

/** SQL text with no parameters (a stored expression has none to take). */
function textOf(query: SQL): string {
  const made = sqlDialect.sqlToQuery(query);
  if (made.params.length > 0) throw new Error('a stored part of the export line must not take parameters');
  return made.sql;
}

/** The head's or the tail's expression over an order's columns. */
export function storedLinePartSql(format: CsvFormat, part: 'head' | 'tail', columns: OrderColumns): string {
  const { head, tail } = orderLineCells(format, columns);
  const quote = `"${csvSeparator[format]}"`;
  return textOf(
    concatSql(
      part === 'head'
        ? csvCellsConcatArgs(head, format, '"', quote)
        : csvCellsConcatArgs(tail, format, quote, quote),
    ),
  );
}

/** The money cells of one format joined, over the lateral `money`. */
const moneyCellsText = (format: CsvFormat) =>
  textOf(concatSql(csvCellsConcatArgs(moneyCells(format), format, '', '')));

/**
 * The body of order_export_money_<format>(order id): the money cells of that order as the ledger
 * holds them now, by the export's former lateral (the order's invoice, its documents' sums).
 */
export function moneyPartBody(format: CsvFormat): string {
  const cells = moneyCellsText(format);
  return `
BEGIN
  RETURN (SELECT ${cells}
    FROM (SELECT $1 AS id) AS orders ${orderMoneyLateral('orders.id')});
END
`;
}

/**
 * The money part of an order with no document (a new one: documents refer to their order), as
 * order_export_money_<format> makes it from an empty ledger, without reading the ledger.
 */
export function moneyPartWithoutDocuments(format: CsvFormat): string {
  const cells = moneyCellsText(format);
  return `(SELECT ${cells} FROM (SELECT NULL::date AS invoice_date, NULL::date AS due_date, NULL::text AS ocr,
    0::numeric AS paid, 0::numeric AS balance, 'unpaid'::text AS payment_state) AS money)`;
}

/** Every stored column with its expression over an order's columns (the money by the order's id). */
export function storedLineExpressions(columns: OrderColumns): { column: string; expression: string }[] {
  return csvFormats.flatMap((format) => [
    ...(['head', 'tail'] as const).map((part) => ({
      column: storedLineColumn(format, part),
      expression: storedLinePartSql(format, part, columns),
    })),
    {
      column: storedLineColumn(format, 'money'),
      expression: `${moneyPartFunction(format)}(${columns.column('id')})`,
    },
  ]);
}

/** The order in the trigger: NEW's columns, its sizes from the lines being written. */
const columnsOfNewRow: OrderColumns = {
  column: (name) => `NEW.${name}`,
  // export_item_cells is a generated column, not yet computed when a BEFORE trigger runs.
  sizeCell: (code) => `item_cells[${itemCellIndex(code)}]`,
};

/** The text of functions/0800_order_export_lines.sql, written by `npm run db:functions`. */
export function exportLinesFunctionsFile(): string {
  const expressions = storedLineExpressions(columnsOfNewRow);
  const assign = (parts: readonly StoredLinePart[]) =>
    expressions
      .filter(({ column }) => parts.some((part) => column.endsWith(`_${part}`)))
      .map(({ column, expression }) => `  NEW.${column} := ${expression};`)
      .join('\n');
  // The columns the head and the tail are made of (the sizes come from the lines), and their own.
  const read = new Set<string>();
  const recording: OrderColumns = {
    column: (name) => (read.add(name), name),
    sizeCell: () => (read.add('items'), ''),
  };
  for (const format of csvFormats)
    for (const part of ['head', 'tail'] as const) {
      storedLinePartSql(format, part, recording);
      read.add(storedLineColumn(format, part));
    }
  const moneyColumns = csvFormats.map((format) => storedLineColumn(format, 'money'));
  const moneyFunctions = csvFormats.map(
    (format) => `CREATE OR REPLACE FUNCTION ${moneyPartFunction(format)}(bigint) RETURNS text
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$${moneyPartBody(format)}$$;
`,
  );
  const touch = `UPDATE orders SET ${storedLineColumn('standard', 'money')} = ''`;
  return `-- Repeatable: applied after the migrations on every start (src/server/db/migrate.ts). The parts of
-- the orders export's line that are stored with each order (migrations/6850_order_export_lines.sql
-- says why). Written by \`npm run db:functions\` from src/server/admin/order-export-lines.ts; do not
-- edit.

-- An order's money cells (its invoice's dates and OCR, paid, left to pay, the payment state) from
-- the ledger as it is now.
${moneyFunctions.join('\n')}
-- The head and the tail: at every insert, and at every change of a column they are made of (its
-- status, the buyer's details at a change or an erasure, its lines and amounts); nothing else
-- writes them.
CREATE OR REPLACE FUNCTION orders_export_lines() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item_cells text[] := order_export_item_cells(NEW.items);
BEGIN
${assign(['head', 'tail'])}
  RETURN NEW;
END;
$$;
CREATE OR REPLACE TRIGGER orders_export_lines BEFORE INSERT OR UPDATE OF ${[...read].join(', ')} ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_export_lines();

-- The money: at every insert, and when the ledger touches the order (below). An update's BEFORE
-- trigger runs once the row is locked, and each statement here reads the ledger as committed by
-- then (READ COMMITTED): two payments at once are summed one after the other.
CREATE OR REPLACE FUNCTION orders_export_money() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new order has no documents yet: its ledger is empty, and checkout need not read it.
${csvFormats.map((format) => `    NEW.${storedLineColumn(format, 'money')} := ${moneyPartWithoutDocuments(format)};`).join('\n')}
  ELSE
    -- Both formats from one reading of the ledger.
    SELECT ${csvFormats.map((format) => moneyCellsText(format)).join(',\n      ')}
      INTO ${csvFormats.map((format) => `NEW.${storedLineColumn(format, 'money')}`).join(', ')}
      FROM (SELECT NEW.id AS id) AS orders ${orderMoneyLateral('orders.id')};
  END IF;
  RETURN NEW;
END;
$$;
CREATE OR REPLACE TRIGGER orders_export_money BEFORE INSERT OR UPDATE OF ${moneyColumns.join(', ')} ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_export_money();

-- A document or payment written, changed or removed: its order's money is made again (the update
-- fires the trigger above).
CREATE OR REPLACE FUNCTION documents_touch_order_export_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    ${touch} WHERE id = NEW.order_id;
  END IF;
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.order_id IS DISTINCT FROM NEW.order_id) THEN
    ${touch} WHERE id = OLD.order_id;
  END IF;
  RETURN NULL;
END;
$$;
-- Only what the money cells read: a snapshot written when the document is first rendered is not.
CREATE OR REPLACE TRIGGER documents_touch_order_export_line
  AFTER INSERT OR UPDATE OF order_id, kind, total, issued_on, due_on, ocr OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION documents_touch_order_export_line();

CREATE OR REPLACE FUNCTION payments_touch_order_export_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    ${touch} WHERE id = (SELECT order_id FROM documents WHERE id = NEW.document_id);
  END IF;
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.document_id IS DISTINCT FROM NEW.document_id) THEN
    ${touch} WHERE id = (SELECT order_id FROM documents WHERE id = OLD.document_id);
  END IF;
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER payments_touch_order_export_line
  AFTER INSERT OR UPDATE OF document_id, amount OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_touch_order_export_line();
`;
}
