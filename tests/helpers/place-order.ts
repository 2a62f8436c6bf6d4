import { expect } from 'vitest';
import type { OrderView, PlacedOrderAnswer } from '@/shared/order-view';
import { checkoutBody, germanPerson, hoodiesAndBooklets, testCustomer } from './orders';
import { request } from './server';

let placed = 0;

/**
 * POST /api/orders with the test checkout for `customer` (`variant` varies its quantities, so
 * orders differ in lines and total), each with a key of its own: 201 expected.
 */
export async function placeOrder(
  server: { url: string },
  customer: Record<string, unknown> = testCustomer,
  variant = 0,
): Promise<PlacedOrderAnswer> {
  const answer = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: { ...checkoutBody(`order-${Date.now()}-${++placed}-abcdefgh`, variant), customer },
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

/** POST /api/orders for the German buyer, invoiced in EUR: 50 hoodies and 300 booklets. 201 expected. */
export async function placeEurOrder(server: { url: string }): Promise<PlacedOrderAnswer> {
  const answer = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: {
      idempotencyKey: `eur-${Date.now()}-${++placed}-abcdefgh`,
      customer: germanPerson,
      lines: hoodiesAndBooklets,
      invoiceCurrency: 'EUR',
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

/** The buyer's order page data (GET /api/orders/:number with the order's token): 200 expected. */
export async function buyerOrderView(server: { url: string }, order: PlacedOrderAnswer): Promise<OrderView> {
  const answer = await request<OrderView>(
    server,
    `/api/orders/${order.orderNumber}?token=${order.accessToken}`,
  );
  expect(answer.status).toBe(200);
  return answer.body;
}
