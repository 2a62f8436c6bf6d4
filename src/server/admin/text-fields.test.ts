import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@/shared/admin';
import { validationMessages } from '@/shared/i18n/messages/validation';
import { stockholmDate } from '@/shared/dates';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { checkoutBody, testCustomer } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

/**
 * The staff's text fields follow the shared text rules (`textField`) like the buyer's: a credit
 * note's reason with U+FFFF was stored and written into the credit note's Peppol XML (not
 * well-formed, as finding 8 showed for a buyer's name), and a NUL in it was a 500.
 */

const server = useAdminServer();
const refused = validationMessages.sv.invalidCharacter;
const hostile = { 'U+FFFF': 'Fel\uFFFFpris', 'U+FFFE': 'Fel\uFFFEpris', NUL: 'Fel\u0000pris' };

let keys = 0;
async function placeOrder(): Promise<PlacedOrderAnswer> {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: { ...checkoutBody(`text-fields-${Date.now()}-${++keys}-abcdef`, keys), customer: testCustomer },
  });
  expect(placed.status).toBe(201);
  return placed.body;
}

function admin<T>(method: string, path: string, json?: unknown) {
  return request<T & { error?: string }>(server, path, {
    method,
    ...(json === undefined ? {} : { json }),
    headers: { cookie: server.cookie, 'accept-language': 'sv' },
  });
}

const detail = async (orderNumber: string) =>
  (await admin<AdminOrderDetail>('GET', `/api/admin/orders/${orderNumber}`)).body;

type Write = (orderNumber: string, text: string) => [method: string, path: string, body: unknown];

const writes: [name: string, write: Write][] = [
  [
    'credit note reason',
    (n, text) => ['POST', `/api/admin/orders/${n}/credit-notes`, { reason: text, amount: '10' }],
  ],
  [
    'payment reference',
    (n, text) => [
      'POST',
      `/api/admin/orders/${n}/payments`,
      { amount: '10', paidOn: stockholmDate(new Date()), reference: text },
    ],
  ],
  [
    'cancellation reason',
    (n, text) => ['PATCH', `/api/admin/orders/${n}/status`, { status: 'cancelled', reason: text }],
  ],
  [
    'carrier name',
    (n, text) => [
      'PATCH',
      `/api/admin/orders/${n}/status`,
      { status: 'shipped', carrier: 'other', carrierName: text, trackingNumber: 'AB123456789SE' },
    ],
  ],
  ['dispute note', (n, text) => ['POST', `/api/admin/orders/${n}/dispute`, { note: text }]],
];

describe('staff text fields refuse what XML 1.0 forbids, NUL and noncharacters', () => {
  it.each(writes)('%s: 400 in the admin’s language, nothing recorded', async (_name, write) => {
    const order = await placeOrder();
    const before = await detail(order.orderNumber);
    for (const text of Object.values(hostile)) {
      const [method, path, body] = write(order.orderNumber, text);
      const answer = await admin(method, path, body);
      expect(answer.status, `${JSON.stringify(text)} → ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.error).toBe(refused);
    }
    expect(await detail(order.orderNumber)).toEqual(before);
  });

  it('the receivables filter with NUL is a 400, not a database error', async () => {
    const answer = await admin('GET', `/api/admin/receivables?customer=${encodeURIComponent('Anna\u0000')}`);
    expect(answer.status).toBe(400);
  });

  it('a product name with U+FFFF is refused (names reach invoices and the Peppol XML)', async () => {
    const answer = await admin('POST', '/api/admin/products', {
      id: 'tygkasse-fel',
      names: { sv: hostile['U+FFFF'], en: 'Tote Bag' },
      descriptions: { sv: 'Tygkasse.', en: 'Tote bag.' },
      category: 'accessoarer',
      kind: 'tiers',
      tiers: [{ quantity: 50, pricePerUnit: '45' }],
      options: [],
      visible: true,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(refused);
    const listed = await admin<{ id: string }[]>('GET', '/api/admin/products');
    expect(listed.body.map((p) => p.id)).not.toContain('tygkasse-fel');
  });
});
