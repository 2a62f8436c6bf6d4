import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { orderPagePath } from '@/shared/order-page';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/query-rows';
import { trimTrailing } from '@/shared/text';

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
 * A request URL as logs may show it: the path, and the query's parameter names with every value
 * replaced. Values are what people type or carry (an order's access token on an invoice opened in
 * a new tab, an admin's search for a name, an email or a personnummer in `q`), and a log line is
 * kept and read far more widely than the database.
 */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const hash = url.indexOf('#', question);
  const query = url.slice(question + 1, hash === -1 ? undefined : hash);
  const names = query
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const equals = pair.indexOf('=');
      return `${equals === -1 ? pair : pair.slice(0, equals)}=[redacted]`;
    });
  return `${url.slice(0, question)}?${names.join('&')}`;
}
