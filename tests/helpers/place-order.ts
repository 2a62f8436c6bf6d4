import { expect } from 'vitest';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { checkoutBody, testCustomer } from './orders';
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
