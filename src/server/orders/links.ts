import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { orderPagePath } from '@/shared/order-page';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { trimTrailing } from '@/shared/trim-trailing';

/** sha256 (hex) of an access token: what the database keeps of it. */
export function accessTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new link to an order's page for an email: a random token whose hash opens the order as the
 * checkout's token does. Made when the email is built, so the database never holds a usable token.
 */
export async function newOrderLink(db: Db, orderId: number, publicBaseUrl: string, orderNumber: string) {
  const token = randomBytes(32).toString('base64url');
  await db.execute(
    sql`INSERT INTO order_links (token_hash, order_id) VALUES (${accessTokenHash(token)}, ${orderId})`,
  );
  return `${trimTrailing(publicBaseUrl, '/')}${orderPagePath(orderNumber, token)}`;
}

/** Whether an emailed link token opens this order. */
export async function isOrderLinkToken(db: Db, orderId: number, token: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`SELECT 1 AS found FROM order_links WHERE token_hash = ${accessTokenHash(token)} AND order_id = ${orderId}`,
  );
  return rows.length > 0;
}

/**
 * A request URL as logs may show it: the value of any `token` parameter replaced, so an order's
 * access token never reaches a log line (the order page sends it as a header; invoice downloads
 * opened in a new tab still carry it in the query).
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}
