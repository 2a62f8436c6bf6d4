import { textLiteral } from './sql-literal';
import type { Locale } from '@/shared/i18n/locale';
import { printFileMessages } from '@/shared/i18n/messages/print-files';
import { productNameMessages } from '@/shared/i18n/messages/product-names';
import { allSizeCodes, sizeCodes } from '@/shared/sizes';

/**
 * The body of order_export_item_cells (migration 1850), written from sizes.ts: the items summary
 * ("120 × Hoodie (20 S, 50 M, 50 L), …") and one total per size, in sizes.ts order. The database
 * keeps the function's text as a migration wrote it; `export-item-cells.test.ts` compares the live
 * function with this text, so a size added to sizes.ts fails that test until a migration runs
 * `exportItemCellsFunctionSql()`'s output (CREATE OR REPLACE, then the stored column is rewritten
 * by `UPDATE orders SET items = items`).
 */
export function exportItemCellsBody(sizes: readonly string[] = sizeCodes): string {
  const sized = sizes.map(
    (code) =>
      `          CASE WHEN (line -> 'sizes' ->> ${textLiteral(code)})::integer > 0 THEN (line -> 'sizes' ->> ${textLiteral(code)}) || ${textLiteral(` ${code}`)} END`,
  );
  const totals = sizes.map(
    (code) => `      coalesce(sum((line -> 'sizes' ->> ${textLiteral(code)})::integer), 0)::text`,
  );
  return `
BEGIN
  RETURN (
    SELECT ARRAY[
      string_agg((line ->> 'quantity') || ' × ' || (line ->> 'name') || CASE WHEN jsonb_typeof(line -> 'sizes') = 'object'
        THEN ' (' || concat_ws(', ',
${sized.join(',\n')}) || ')'
        ELSE '' END, ', ' ORDER BY n),
${totals.join(',\n')}
    ]
    FROM jsonb_array_elements(items) WITH ORDINALITY AS e (line, n)
  );
END
`;
}

/** The statement a migration runs to define the function from sizes.ts. */
export function exportItemCellsFunctionSql(sizes: readonly string[] = sizeCodes): string {
  return `CREATE OR REPLACE FUNCTION order_export_item_cells(items jsonb) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$${exportItemCellsBody(sizes)}$$;
`;
}

/**
 * The items summary in one language, as a SQL expression over `items` (an order's jsonb lines), by
 * the rule of orderLineName (src/shared/i18n/order-line-name.ts), which the admin's pages, the
 * buyer's and the documents use: a fee line's fee, the names the line was sold with, the
 * catalogue's name by id for lines stored before names were kept, the stored English name: "120 ×
 * Hoodie (20 S, 50 M, 50 L), 100 × Kuponghäfte". Every size a line may hold, adults' and
 * children's, in formatSplit's order (the size columns beside it count the adults' sizes). Only our
 * words are written into the SQL (the catalogues' messages, as literals); the lines' names are read
 * as data.
 */
export function itemsSummaryExpression(locale: Locale, items: string): string {
  const byId = Object.entries(productNameMessages[locale])
    .map(([id, name]) => `WHEN ${textLiteral(id)} THEN ${textLiteral(name)}`)
    .join(' ');
  const sizes = allSizeCodes
    .map(
      (code) =>
        `CASE WHEN (line -> 'sizes' ->> ${textLiteral(code)})::integer > 0 THEN (line -> 'sizes' ->> ${textLiteral(code)}) || ${textLiteral(` ${code}`)} END`,
    )
    .join(', ');
  return `(SELECT coalesce(string_agg((line ->> 'quantity') || ' × ' ||
    CASE WHEN line ->> 'fee' = 'conversion' THEN ${textLiteral(printFileMessages[locale].conversionFee)}
    ELSE coalesce(line -> 'names' ->> ${textLiteral(locale)}, CASE line ->> 'productId' ${byId} END, line ->> 'name') END ||
    CASE WHEN jsonb_typeof(line -> 'sizes') = 'object' THEN ' (' || concat_ws(', ', ${sizes}) || ')' ELSE '' END,
    ', ' ORDER BY n), '')
  FROM jsonb_array_elements(${items}) WITH ORDINALITY AS e (line, n))`;
}

/**
 * The body of order_items_summary_<locale> (functions/0700_order_items_summaries.sql): the items
 * summary in that language, stored with each order in export_items_summary_<locale> (migration
 * 6800) so that the export reads it instead of making it from the lines. `export-item-cells.test.ts`
 * compares the live functions with this text: a product, a fee or a size renamed or added in the
 * messages fails it until the functions file is written again from here (`npm run db:functions`);
 * stored summaries keep the words they were made with, as the order's documents do.
 */
export function itemsSummaryBody(locale: Locale): string {
  return `
BEGIN
  RETURN ${itemsSummaryExpression(locale, 'items')};
END
`;
}

/** The languages whose items summary each order stores (a column and a function each). */
export const storedSummaryLocales = ['sv', 'en'] as const satisfies readonly Locale[];

/** Where an order stores its items summary in one language (written by the trigger below). */
export const storedItemsSummaryColumn = (locale: (typeof storedSummaryLocales)[number]) =>
  `orders.export_items_summary_${locale}`;

/** The text of functions/0700_order_items_summaries.sql, written by `npm run db:functions`. */
export function itemsSummariesFunctionsFile(): string {
  const functions = storedSummaryLocales.map(
    (locale) => `CREATE OR REPLACE FUNCTION order_items_summary_${locale}(items jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$${itemsSummaryBody(locale)}$$;
`,
  );
  const columns = storedSummaryLocales.map((locale) => `export_items_summary_${locale}`);
  return `-- Repeatable: applied after the migrations on every start (src/server/db/migrate.ts). The orders
-- export's items column in each language, stored with each order (migrations/6800_export_items_summaries.sql
-- says why). Written by \`npm run db:functions\` from src/server/db/export-item-cells.ts; do not edit.

${functions.join('\n')}
-- Every insert, and every change of the lines (a line change, a quote's lines, a group order's
-- sizes), writes the summaries again; nothing else writes the columns.
CREATE OR REPLACE FUNCTION orders_export_items_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
${storedSummaryLocales.map((locale) => `  NEW.export_items_summary_${locale} := order_items_summary_${locale}(NEW.items);`).join('\n')}
  RETURN NEW;
END;
$$;
CREATE OR REPLACE TRIGGER orders_export_items_summaries BEFORE INSERT OR UPDATE OF items, ${columns.join(', ')} ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_export_items_summaries();
`;
}
