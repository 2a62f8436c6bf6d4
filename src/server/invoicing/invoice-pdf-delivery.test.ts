import { describe, expect, it } from 'vitest';
import { stockholmDate } from '@/shared/dates';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { pdfText } from '@tests/helpers/ledger';
import { hoodiesAndBooklets, testCustomer } from '@tests/helpers/orders';
import { shipOrder } from '@tests/helpers/proofs';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

/**
 * The invoice PDF's delivery date (issue 42, decision 0066): the day the order first shipped when
 * the PDF is first rendered after it (the same fact the e-invoice states as BT-72); a PDF rendered
 * before shipping states none and is never changed by the shipping (documents are stored).
 */
const server = useAdminServer();
let keys = 0;

async function place(): Promise<PlacedOrderAnswer> {
  const res = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: {
      idempotencyKey: `pdf-delivery-${Date.now()}-${++keys}-abcdefgh`,
      customer: testCustomer,
      lines: hoodiesAndBooklets,
    },
  });
  expect(res.status).toBe(201);
  return res.body;
}

const ship = (orderNumber: string) => shipOrder(server, orderNumber);

async function invoicePdf(orderNumber: string): Promise<Uint8Array> {
  const res = await fetch(`${server.url}/api/admin/orders/${orderNumber}/documents/${orderNumber}.pdf`, {
    headers: { cookie: server.cookie },
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe('the delivery date on the invoice PDF', () => {
  it('is the day the order shipped when the PDF is first rendered after shipping', async () => {
    // The outbox would render the PDF for the confirmation email at once: held until shipped.
    await server.app.emailOutbox.stop();
    let text: string;
    try {
      const order = await place();
      await ship(order.orderNumber);
      text = await pdfText(await invoicePdf(order.orderNumber));
    } finally {
      server.app.emailOutbox.start();
    }
    const shippedOn = stockholmDate(new Date());
    // A Swedish invoice: "Leveransdatum 2026-11-28", beside the invoice date.
    expect(text).toContain(`Leveransdatum ${shippedOn}`);
  });

  it('a PDF rendered before shipping states none and stays byte for byte the same after shipping', async () => {
    const order = await place();
    const before = await invoicePdf(order.orderNumber);
    expect(await pdfText(before)).not.toContain('Leveransdatum');
    await ship(order.orderNumber);
    const after = await invoicePdf(order.orderNumber);
    expect(Buffer.compare(Buffer.from(after), Buffer.from(before))).toBe(0);
  });
});
