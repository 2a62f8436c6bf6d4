import { stockholmDate } from '@/shared/dates';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminStats } from '@/shared/admin';
import type { OrderActivity } from '@/shared/order-page';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import { readEml } from '@tests/helpers/eml';
import { checkoutBody, testCustomer } from '@tests/helpers/orders';
import { addProofVersion, decideProof } from '@tests/helpers/proofs';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

const server = useAdminServer();
/** An admin who reads Swedish (the header's switch): the refusals below are in Swedish. */
const swedishAdmin = () => `${server.cookie}; lang=sv`;

/** The buyer's emails of an order in the outbox folder, in the order they were queued. */
function buyerEmails(orderNumber: string): { subject: string; text: string }[] {
  const dir = join(server.dataDir, 'outbox');
  const names = readdirSync(dir).filter(
    (name) => name.startsWith(`${orderNumber}-`) && !name.includes('shop_notice'),
  );
  // The confirmation first, then the status emails by their outbox id.
  names.sort((a, b) =>
    a.includes('confirmation') ? -1 : b.includes('confirmation') ? 1 : a.localeCompare(b),
  );
  return names.map((name) => readEml(readFileSync(join(dir, name), 'utf8')));
}

function linkToken(eml: { text: string }, orderNumber: string): string {
  const match = new RegExp(`/orders/${orderNumber}#([A-Za-z0-9_%-]+)`).exec(eml.text);
  if (!match?.[1]) throw new Error('no order page link');
  return decodeURIComponent(match[1]);
}

async function place(key: string, customer: Record<string, unknown> = testCustomer) {
  const placed = await request<PlacedOrderAnswer>(server, '/api/orders', {
    method: 'POST',
    json: { ...checkoutBody(key), customer },
  });
  expect(placed.status).toBe(201);
  return placed.body;
}

const patch = (number: string, json: Record<string, unknown>) =>
  request<AdminOrderDetail & { error?: string }>(server, `/api/admin/orders/${number}/status`, {
    method: 'PATCH',
    headers: { cookie: swedishAdmin() },
    json,
  });

describe('status changes the buyer hears about', () => {
  it('a payment, in production and shipped: one Swedish email each, linking the order page; the timeline shows them', async () => {
    const order = await place('status-emails-key-0001');
    await server.app.emailOutbox.drain();
    expect(buyerEmails(order.orderNumber)).toHaveLength(1);

    const pay = (json: Record<string, unknown>) =>
      request<{ error?: string }>(server, `/api/admin/orders/${order.orderNumber}/payments`, {
        method: 'POST',
        headers: { cookie: swedishAdmin() },
        json,
      });
    expect((await pay({ paidOn: '2999-01-01', amount: '1000.50' })).status).toBe(400);
    expect((await pay({ paidOn: stockholmDate(new Date()), amount: '12,555' })).status).toBe(400);
    expect((await pay({ paidOn: stockholmDate(new Date()), amount: '1 000,50' })).status).toBe(201);

    // Production starts once the buyer has approved the proof (its email is checked in proofs.test.ts).
    await addProofVersion(server, swedishAdmin(), order.orderNumber);
    await decideProof(server, order.orderNumber, order.accessToken, 1, { decision: 'approved' });
    expect((await patch(order.orderNumber, { status: 'in_production' })).status).toBe(200);
    const noTracking = await patch(order.orderNumber, { status: 'shipped', carrier: 'dhl' });
    expect(noTracking).toMatchObject({
      status: 400,
      body: { error: 'Ange spårningsnumret (4–40 bokstäver, siffror, mellanslag eller bindestreck)' },
    });
    const shipped = await patch(order.orderNumber, {
      status: 'shipped',
      carrier: 'dhl',
      trackingNumber: 'JD014600006281230704',
    });
    expect(shipped.status).toBe(200);
    await server.app.emailOutbox.drain();
    await server.app.emailOutbox.drain();

    const emails = buyerEmails(order.orderNumber);
    expect(emails.map((e) => e.subject)).toEqual([
      `Orderbekräftelse ${order.orderNumber}`,
      `Betalning mottagen – ${order.orderNumber}`,
      `Korrektur 1 att granska – ${order.orderNumber}`,
      `I produktion – ${order.orderNumber}`,
      `Skickad – ${order.orderNumber}`,
    ]);
    const [, payment, , production, shipping] = emails.map((e) => e.text.replace(/[\u00a0\u202f]/g, ' ')) as [
      string,
      string,
      string,
      string,
      string,
    ];
    expect(payment).toContain(
      `Vi har tagit emot din betalning på 1 000,50 kr (${stockholmDate(new Date())}) för beställning ${order.orderNumber}.`,
    );
    expect(production).toContain(`Din beställning ${order.orderNumber} är nu i produktion.`);
    expect(shipping).toContain(`skickad med DHL, spårningsnummer JD014600006281230704.`);
    expect(shipping).toContain(
      'Spåra försändelsen: https://www.dhl.com/se-sv/home/tracking.html?tracking-id=JD014600006281230704',
    );
    // Every email's own link opens the order page.
    for (const eml of emails) {
      const token = linkToken(eml, order.orderNumber);
      const activity = await request<OrderActivity>(server, `/api/orders/${order.orderNumber}/activity`, {
        headers: { 'x-order-token': token },
      });
      expect(activity.status).toBe(200);
    }
    const activity = await request<OrderActivity>(server, `/api/orders/${order.orderNumber}/activity`, {
      headers: { 'x-order-token': order.accessToken },
    });
    expect(activity.body.events.map((e) => e.status)).toEqual(['pending', 'in_production', 'shipped']);
    expect(activity.body.payments).toEqual([{ paidOn: stockholmDate(new Date()), amount: '1000.50' }]);
    expect(activity.body.events[2]?.shipment).toEqual({
      carrier: 'DHL',
      trackingNumber: 'JD014600006281230704',
      trackingUrl: 'https://www.dhl.com/se-sv/home/tracking.html?tracking-id=JD014600006281230704',
    });
  });

  it('cancel needs a reason (kept for the admin, not shown to the buyer), emails in English abroad, and leaves turnover', async () => {
    const before = (
      await request<AdminStats>(server, '/api/admin/stats', { headers: { cookie: swedishAdmin() } })
    ).body;
    const order = await place('status-emails-key-0002', { ...testCustomer, country: 'NO' });
    const placed = (
      await request<AdminStats>(server, '/api/admin/stats', { headers: { cookie: swedishAdmin() } })
    ).body;
    expect(placed.totalOrders).toBe(before.totalOrders + 1);

    expect(await patch(order.orderNumber, { status: 'cancelled' })).toMatchObject({
      status: 400,
      body: { error: 'Ange varför beställningen avbryts' },
    });
    const cancelled = await patch(order.orderNumber, { status: 'cancelled', reason: 'Kunden ångrade sig' });
    expect(cancelled.body.events.at(-1)?.details).toEqual({ reason: 'Kunden ångrade sig' });
    const after = (
      await request<AdminStats>(server, '/api/admin/stats', { headers: { cookie: swedishAdmin() } })
    ).body;
    expect(after).toEqual(before);

    await server.app.emailOutbox.drain();
    const emails = buyerEmails(order.orderNumber);
    // The confirmation, the cancellation and its credit note (ledger.test.ts reads the credit note).
    expect(emails).toHaveLength(3);
    expect(emails[1]?.subject).toBe(`Order cancelled – ${order.orderNumber}`);
    expect(emails[1]?.text).toContain(`Your order ${order.orderNumber} has been cancelled.`);
    expect(emails[2]?.subject).toMatch(new RegExp(`^Credit note KR-\\d+ – ${order.orderNumber}$`));
    for (const email of emails) expect(email.text).not.toContain('ångrade');
    const activity = await request<OrderActivity>(server, `/api/orders/${order.orderNumber}/activity`, {
      headers: { 'x-order-token': order.accessToken },
    });
    expect(JSON.stringify(activity.body)).not.toContain('ångrade');
  });
});
