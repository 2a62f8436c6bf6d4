import { sql, type SQL } from 'drizzle-orm';
import { uploadIdPattern } from '@/shared/uploads';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';

/**
 * Which earlier orders' files a new order may use again (decisions 0050 and 0077): the rule is a
 * subquery of order ids, built once per buyer and used by everything that lets a file be used
 * again (checkout's print files and customiser images, the account's design library).
 */

/**
 * The customiser images an order's lines print, as a jsonb array of upload ids: the expression the
 * orders_print_upload_ids_idx index is built on (migrations/6700_order_print_upload_ids.sql), so a
 * query must spell it exactly so to use the index. `items` names the orders' items column.
 */
export function orderImageIdsSql(items: SQL): SQL {
  return sql`jsonb_path_query_array(${items}, '$[*]."customisation"."prints"[*]."uploadId"')`;
}

/**
 * Orders placed with `email` (any case): whose files a buyer placing an order with that address
 * may use again without an account (the reorder's rule, decision 0050). An account widens it to
 * its company's orders (accounts' reusableOrdersSql, decision 0077).
 */
export function ordersOfAddressSql(email: string): SQL {
  return sql`(SELECT id FROM orders WHERE lower(customer_email) = lower(${email}))`;
}

/**
 * The customiser images among `ids` that an order outside `reusable` already prints (the order
 * with this idempotency key aside: a retried checkout is the same order). A fresh upload is on no
 * order; an earlier order's image belongs to whoever may reuse that order's files.
 */
export async function imagesOfOtherBuyers(
  db: Db,
  ids: readonly string[],
  idempotencyKeyHash: string,
  reusable: SQL,
): Promise<string[]> {
  // Well-formed ids only: base64url has no comma, so the list is one parameter split in SQL.
  const candidates = [...new Set(ids)].filter((id) => uploadIdPattern.test(id));
  if (candidates.length === 0) return [];
  const used = orderImageIdsSql(sql`o.items`);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT DISTINCT x.id FROM orders o
          CROSS JOIN LATERAL jsonb_array_elements_text(${used}) AS x(id)
        WHERE ${used} ?| string_to_array(${candidates.join(',')}, ',')
          AND x.id = ANY (string_to_array(${candidates.join(',')}, ','))
          AND o.idempotency_key <> ${idempotencyKeyHash}
          AND o.id NOT IN ${reusable}`,
  );
  return rows.map((row) => row.id);
}
