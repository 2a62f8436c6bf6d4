import type { FastifyRequest } from 'fastify';
import { orderTokenHeader } from '@/shared/order-view';
import type { Database } from '@/server/db/client';
import { findOrderForToken, type OrderRow } from './service';

/**
 * Where a buyer route takes the order's token: `header` for what the order page fetches (never in
 * a URL, so never in a log or a Referer), `header-or-link` for what an email's link opens (the
 * order page's data, PDFs: `?token=`).
 */
export type OrderTokenSource = 'header' | 'header-or-link';

/** The buyer's order token of a request, or undefined when it carries none. */
export function buyerOrderToken(request: FastifyRequest, source: OrderTokenSource): string | undefined {
  const header = request.headers[orderTokenHeader];
  if (typeof header === 'string' && header !== '') return header;
  if (source === 'header') return undefined;
  const query: unknown = request.query;
  const token = typeof query === 'object' && query !== null && 'token' in query ? query.token : undefined;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

/** The order a buyer's request opens with its token, or undefined (wrong token, no such order). */
export function findBuyerOrder(
  database: Database,
  request: FastifyRequest,
  orderNumber: string,
  source: OrderTokenSource,
): Promise<OrderRow | undefined> {
  return findOrderForToken(database, orderNumber, buyerOrderToken(request, source));
}
