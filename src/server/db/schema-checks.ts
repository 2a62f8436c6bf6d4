import { sql, type SQL } from 'drizzle-orm';
import { index, uniqueIndex, type PgColumn } from 'drizzle-orm/pg-core';

/**
 * The CHECK that a column holds one of a list of values, as a migration writes it
 * (`kind IN ('a', 'b')`): `check('orders_status_check', oneOf(t.status, orderStatuses))`. The values
 * are our own constants (the enum lists), written as literals because DDL takes no parameters.
 */
export function oneOf(column: PgColumn, values: readonly string[]): SQL {
  return sql`${column} IN (${sql.raw(values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', '))})`;
}

/** A partial index of the rows where `column` is set (`… WHERE column IS NOT NULL`). */
export function indexWhereSet(name: string, column: PgColumn) {
  return index(name)
    .on(column)
    .where(sql`${column} IS NOT NULL`);
}

/** The UNIQUE form of {@link indexWhereSet}: at most one row for each value once it is set. */
export function uniqueWhereSet(name: string, column: PgColumn) {
  return uniqueIndex(name)
    .on(column)
    .where(sql`${column} IS NOT NULL`);
}
