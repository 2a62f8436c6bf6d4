import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The CHECK that a column holds one of a list of values, as a migration writes it
 * (`kind IN ('a', 'b')`): `check('orders_status_check', oneOf(t.status, orderStatuses))`. The values
 * are our own constants (the enum lists), written as literals because DDL takes no parameters.
 */
export function oneOf(column: PgColumn, values: readonly string[]): SQL {
  return sql`${column} IN (${sql.raw(values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', '))})`;
}
