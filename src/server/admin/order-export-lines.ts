import type { VatTreatment } from '@/shared/invoicing/vat-treatment';
import { sql, type SQL } from 'drizzle-orm';
import { checkoutPageMessages } from '@/shared/i18n/messages/checkout';
import type { CustomerType } from '@/shared/checkout-schema';
import { sizeCodes, type SizeCode } from '@/shared/sizes';
import { orderStatuses, statusLabels } from '@/shared/order-status';
import { SHOP_TIME_ZONE } from '@/shared/dates';
import { sqlDialect } from '@/server/db/client';
import {
  concatSql,
  csvCellsConcatArgs,
  csvSeparator,
  textLiteral,
  type CsvCellSql,
  type CsvFormat,
} from './csv';
import { isoTime } from './order-query';

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
 * Each format's two stored parts. The head is the line up to the items column's opening quote
 * (`"K-1001","2026-…",…,"SE","`), the tail from its closing quote to the money columns' first
 * opening quote (`","1250.00",…,"0","`), so a line is head, the items cell, tail, the money cells.
 */
export const storedLineParts = ['head', 'tail'] as const;
export type StoredLinePart = (typeof storedLineParts)[number];
const formatColumnName: Record<CsvFormat, string> = { standard: 'standard', 'excel-sv': 'excel' };

/** The column that stores one part of one format's line (orders.export_line_<format>_<part>). */
export const storedLineColumn = (format: CsvFormat, part: StoredLinePart) =>
  `export_line_${formatColumnName[format]}_${part}`;

/** One stored part's expression over an order's columns, as text with no parameters. */
export function storedLinePartSql(format: CsvFormat, part: StoredLinePart, columns: OrderColumns): string {
  const { head, tail } = orderLineCells(format, columns);
  const quote = `"${csvSeparator[format]}"`;
  const args =
    part === 'head'
      ? csvCellsConcatArgs(head, format, '"', quote)
      : csvCellsConcatArgs(tail, format, quote, quote);
  const query = sqlDialect.sqlToQuery(concatSql(args));
  if (query.params.length > 0) throw new Error('a stored part of the export line must not take parameters');
  return query.sql;
}

const csvFormatsStored = ['standard', 'excel-sv'] as const satisfies readonly CsvFormat[];

/** Every stored column with its expression over an order's columns. */
export function storedLineExpressions(columns: OrderColumns): { column: string; expression: string }[] {
  return csvFormatsStored.flatMap((format) =>
    storedLineParts.map((part) => ({
      column: storedLineColumn(format, part),
      expression: storedLinePartSql(format, part, columns),
    })),
  );
}

/** The order in the trigger: NEW's columns, its sizes from the lines being written. */
const columnsOfNewRow: OrderColumns = {
  column: (name) => `NEW.${name}`,
  // export_item_cells is a generated column, not yet computed when a BEFORE trigger runs.
  sizeCell: (code) => `item_cells[${itemCellIndex(code)}]`,
};

/** The text of functions/0800_order_export_lines.sql, written by `npm run db:functions`. */
export function exportLinesFunctionsFile(): string {
  const assignments = storedLineExpressions(columnsOfNewRow)
    .map(({ column, expression }) => `  NEW.${column} := ${expression};`)
    .join('\n');
  return `-- Repeatable: applied after the migrations on every start (src/server/db/migrate.ts). The parts of
-- the orders export's line that each order holds itself, stored with it
-- (migrations/6850_order_export_lines.sql says why). Written by \`npm run db:functions\` from
-- src/server/admin/order-export-lines.ts; do not edit.

-- Every insert and every change of an order (its status, the buyer's details at a change or an
-- erasure, its lines and amounts) writes the parts again; nothing else writes the columns.
CREATE OR REPLACE FUNCTION orders_export_lines() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item_cells text[] := order_export_item_cells(NEW.items);
BEGIN
${assignments}
  RETURN NEW;
END;
$$;
CREATE OR REPLACE TRIGGER orders_export_lines BEFORE INSERT OR UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_export_lines();
`;
}
