import { SQL, sql } from 'drizzle-orm';
import { textLiteral } from '@/server/db/sql-literal';

/**
 * The two exports: `standard` (comma-separated, decimal point, ISO times in UTC, status codes: for
 * programs) and `excel-sv` (what Swedish Excel opens as columns: semicolons, decimal comma,
 * Stockholm local times, Swedish status names). Both UTF-8 with a byte-order mark.
 */
export const csvFormats = ['standard', 'excel-sv'] as const;
export type CsvFormat = (typeof csvFormats)[number];

export const csvSeparator: Record<CsvFormat, string> = { standard: ',', 'excel-sv': ';' };

/**
 * A cell a spreadsheet would run as a formula: starting with =, @, tab or carriage return, or with
 * + or - followed by anything but a plain number or phone number ("+46 70 123 45 67", "-12,5" are
 * data; "+SUM(A1)", "-2+3+cmd|..." are not).
 */
const harmlessSigned = /^[+-][0-9 ().,-]*$/;
export function isFormulaLike(text: string): boolean {
  return /^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !harmlessSigned.test(text));
}

/** One CSV cell: quoted, quotes doubled; a formula-like cell gets a leading apostrophe (shown as text). */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (isFormulaLike(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(
  values: readonly (string | number | null | undefined)[],
  format: CsvFormat = 'standard',
): string {
  return `${values.map(csvCell).join(csvSeparator[format])}\r\n`;
}

/**
 * A text cell's content as csvCell makes it, without the quotes around it: the formula guard and
 * quotes doubled (NULL stays NULL; csvRowSql's concat reads it as empty). Computed by the database
 * for the export of many rows: PostgreSQL formats on its own core while Node only passes the text
 * on. ascii() is the first character's code (0 for '', NULL for NULL): one call and integer
 * comparisons where left(value, 1) made a text per test (about a fifth less of the embedded
 * database's time per row). 61 =, 64 @, 9 tab, 13 CR, 43 +, 45 -. The pattern is a constant of
 * ours written into the text, not a parameter, so that the same expression can live in a stored
 * function (functions/0800_order_export_lines.sql).
 */
export function guardedTextSql(value: SQL): SQL {
  const harmless = sql.raw(textLiteral(harmlessSigned.source));
  return sql`replace(CASE WHEN ascii(${value}) IN (61, 64, 9, 13, 43, 45)
      AND (ascii(${value}) NOT IN (43, 45) OR ${value} !~ ${harmless}) THEN '''' || ${value}
    ELSE ${value} END, '"', '""')`;
}

/**
 * A cell of a CSV line made by the database. A `{ code }` cell is a value that a column type, a
 * CHECK constraint or the query keeps to a number, a time or one of a fixed set of codes and
 * labels: never formula-like, never a quote, so it skips the guard (about three times cheaper per
 * cell, which matters at millions of rows).
 */
export type CsvCellSql = SQL | { code: SQL };

/**
 * concat()'s arguments for the cells, the quotes and separators between them as literal arguments,
 * `before` the first cell and `after` the last: csvRowSql's whole line, or a part of one (the
 * export stores the parts an order holds itself, order-export-lines.ts).
 */
export function csvCellsConcatArgs(
  cells: readonly CsvCellSql[],
  format: CsvFormat,
  before: string,
  after: string,
): SQL[] {
  const between = sql.raw(textLiteral(`"${csvSeparator[format]}"`));
  const args: SQL[] = [];
  if (before) args.push(sql.raw(textLiteral(before)));
  cells.forEach((cell, index) => {
    if (index > 0) args.push(between);
    args.push(cell instanceof SQL ? guardedTextSql(cell) : sql`${cell.code}::text`);
  });
  if (after) args.push(sql.raw(textLiteral(after)));
  return args;
}

/** concat() of the arguments: at most 100 (concat's limit), so up to 49 cells in one call. */
export function concatSql(args: readonly SQL[]): SQL {
  if (args.length > 100) throw new Error(`concat() takes at most 100 arguments, not ${args.length}`);
  return sql`concat(${sql.join([...args], sql`, `)})`;
}

/**
 * A CSV line (cells and CRLF) computed by the database: csvRow of the values. One concat() for the
 * whole line, with the quotes and separators as literal arguments between the cells, where a
 * `'"' || cell || '"'` per cell joined by concat_ws made a text per operator (a quarter of the
 * database's time per row). The same text as csvRow for every value; csv.test.ts holds the two
 * side by side.
 */
export function csvRowSql(cells: readonly CsvCellSql[], format: CsvFormat = 'standard'): SQL {
  return concatSql(csvCellsConcatArgs(cells, format, '"', '"\r\n'));
}
