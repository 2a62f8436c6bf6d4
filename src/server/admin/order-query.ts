import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@/shared/admin';
import { searchCondition } from './search';

/**
 * The admin's order list and CSV export page the same way: a filter (search, status) and a keyset
 * cursor on (order_date, id), newest first, so every page and batch uses the index.
 */
export interface OrderFilter {
  q?: string | undefined;
  status?: OrderStatus | undefined;
}

export interface Cursor {
  date: string;
  id: string;
}

const cursorPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(\d{1,19})$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.date}|${cursor.id}`).toString('base64url');
}

const MAX_BIGINT = 9223372036854775807n;

/** undefined for anything not made by encodeCursor. */
export function decodeCursor(value: string): Cursor | undefined {
  const match = cursorPattern.exec(Buffer.from(value, 'base64url').toString('utf8'));
  const date = match?.[1];
  const id = match?.[2];
  if (!date || !id) return undefined;
  // The pattern lets through times that do not exist (month 13, hour 25, year 0) and ids beyond
  // bigint: the database would refuse them with an error, so they are no cursor either.
  const ms = Date.parse(`${date.slice(0, 23)}Z`);
  if (
    Number.isNaN(ms) ||
    date.startsWith('0000') ||
    new Date(ms).toISOString().slice(0, 23) !== date.slice(0, 23)
  )
    return undefined;
  if (BigInt(id) > MAX_BIGINT) return undefined;
  return { date, id };
}

export function filterSql(filter: OrderFilter, cursor: Cursor | undefined): SQL {
  const conditions: SQL[] = [sql`TRUE`];
  if (filter.status) conditions.push(sql`status = ${filter.status}`);
  if (filter.q) conditions.push(searchCondition(filter.q));
  if (cursor)
    conditions.push(
      sql`(orders.order_date, orders.id) < (${cursor.date}::timestamptz, ${cursor.id}::bigint)`,
    );
  return sql.join(conditions, sql` AND `);
}

export const isoTime = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
