import { describe, expect, it } from 'vitest';
import { buyerOrderView, placeOrder } from '@tests/helpers/place-order';
import { orderEmails } from '@tests/helpers/outbox';
import { addProofVersion, decideProof } from '@tests/helpers/proofs';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';
import { orderCancelMessages } from '@/shared/i18n/messages/order-cancel';
import { orderCancelPath, type CancelOrderAnswer } from '@/shared/order-cancel';
import type { PlacedOrderAnswer } from '@/shared/order-view';

/**
 * Issue 45: the terms promise free cancellation until the proof is approved, so the buyer cancels
 * on the order page (POST /api/orders/:number/cancel?token=): the order is cancelled and credited
 * through the ledger, the buyer and the shop are emailed; after approval it is 409.
 */
const server = useAdminServer();

type Answer = CancelOrderAnswer & { error?: string; fieldErrors?: Record<string, string> };

function cancel(order: PlacedOrderAnswer, body?: unknown, headers: Record<string, string> = {}) {
  return request<Answer>(server, `${orderCancelPath(order.orderNumber)}?token=${order.accessToken}`, {
    method: 'POST',
    ...(body === undefined ? {} : { json: body }),
    headers,
  });
}

describe('POST /api/orders/:number/cancel', () => {
  it('cancels before proof approval: the order is cancelled, credited in full, buyer and shop emailed', async () => {
    const order = await placeOrder(server);
    const before = await buyerOrderView(server, order);
    expect(before.cancellable).toBe(true);
    const invoice = before.money.documents.find((document) => document.kind === 'invoice');
    expect(invoice?.total).toBe(order.total);

    const cancelled = await cancel(order, { reason: 'Fel storlekar, beställer om' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(cancelled.body.creditNotes).toHaveLength(1);
    // The credit note takes back exactly what the invoice charged.
    expect(cancelled.body.creditNotes[0]?.total).toBe(`-${order.total}`);
    expect(cancelled.body.creditNotes[0]?.number).toMatch(/^KR-\d+$/);

    const after = await buyerOrderView(server, order);
    expect(after.status).toBe('cancelled');
    expect(after.cancellable).toBe(false);
    expect(after.money.paymentState).toBe('credited');
    expect(after.money.balance).toBe('0.00');
    const pdf = await fetch(
      `${server.url}${cancelled.body.creditNotes[0]?.pdf ?? ''}?token=${order.accessToken}`,
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');

    const emails = await orderEmails(server, order.orderNumber);
    const kinds = emails.map((email) => email.name.replace(/^.*-\d{8}-/, '').replace(/\.eml$/, ''));
    expect(kinds).toEqual(expect.arrayContaining(['cancelled', 'credit_note', 'shop_notice_cancelled']));
    const notice = emails.find((email) => email.name.endsWith('shop_notice_cancelled.eml'));
    expect(notice?.to).toContain(server.config.shopEmail);
    expect(notice?.subject).toBe(orderCancelMessages.sv.noticeSubject({ number: order.orderNumber }));
    expect(notice?.text).toContain('Fel storlekar, beställer om');
    expect(notice?.text).toContain(cancelled.body.creditNotes[0]?.number);

    // The admin's history shows the buyer's step and reason.
    const detail = await request<{ events: { toStatus: string; details: Record<string, unknown> | null }[] }>(
      server,
      `/api/admin/orders/${order.orderNumber}`,
      { headers: { cookie: server.cookie } },
    );
    expect(detail.body.events.at(-1)).toMatchObject({
      toStatus: 'cancelled',
      details: { reason: 'Fel storlekar, beställer om', cancelledBy: 'buyer' },
    });
  });

  it('is idempotent: a double click (and a later retry) issues one credit note', async () => {
    const order = await placeOrder(server, undefined, 3);
    const [first, second] = await Promise.all([cancel(order), cancel(order, {})]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const again = await cancel(order, { reason: 'igen' });
    expect(again.status).toBe(200);
    for (const answer of [first, second, again]) expect(answer.body.creditNotes).toHaveLength(1);
    expect(new Set([first, second, again].map((a) => a.body.creditNotes[0]?.number)).size).toBe(1);
    const after = await buyerOrderView(server, order);
    expect(after.money.documents.filter((d) => d.kind === 'credit_note')).toHaveLength(1);
    const emails = await orderEmails(server, order.orderNumber);
    expect(emails.filter((email) => email.name.endsWith('-shop_notice_cancelled.eml'))).toHaveLength(1);
    expect(emails.filter((email) => email.name.endsWith('-credit_note.eml'))).toHaveLength(1);
  });

  it('answers 409 after the proof is approved, in the reader’s language, and changes nothing', async () => {
    const order = await placeOrder(server, undefined, 5);
    const proof = await addProofVersion(server, server.cookie, order.orderNumber);
    // Awaiting the buyer's answer: still free to cancel.
    expect((await buyerOrderView(server, order)).cancellable).toBe(true);
    const approved = await decideProof(server, order.orderNumber, order.accessToken, proof.version, {
      decision: 'approved',
    });
    expect(approved.status).toBe(200);
    expect((await buyerOrderView(server, order)).cancellable).toBe(false);

    const swedish = await cancel(order, { reason: 'för sent' }, { 'accept-language': 'sv-SE' });
    expect(swedish.status).toBe(409);
    expect(swedish.body.error).toBe(orderCancelMessages.sv.tooLate({ email: server.config.seller.email }));
    const english = await cancel(order, undefined, { 'accept-language': 'en' });
    expect(english.status, JSON.stringify(english.body)).toBe(409);
    expect(english.body.error).toBe(orderCancelMessages.en.tooLate({ email: server.config.seller.email }));

    const after = await buyerOrderView(server, order);
    expect(after.status).toBe('pending');
    expect(after.money.documents.map((d) => d.kind)).toEqual(['invoice']);
    const emails = await orderEmails(server, order.orderNumber);
    expect(emails.some((email) => /cancelled\.eml$|credit_note\.eml$/.test(email.name))).toBe(false);
  });

  it('answers 404 without the right token and 400 for a reason too long, changing nothing', async () => {
    const order = await placeOrder(server, undefined, 7);
    const wrongToken = await request<Answer>(server, `${orderCancelPath(order.orderNumber)}?token=nope`, {
      method: 'POST',
      json: {},
    });
    expect(wrongToken.status).toBe(404);
    const noToken = await request<Answer>(server, orderCancelPath(order.orderNumber), { method: 'POST' });
    expect(noToken.status).toBe(404);
    const tooLong = await cancel(order, { reason: 'x'.repeat(1001) }, { 'accept-language': 'sv-SE' });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toBe(orderCancelMessages.sv.reasonTooLong);
    const notText = await cancel(order, { reason: 42 }, { 'accept-language': 'en' });
    expect(notText.status).toBe(400);
    expect((await buyerOrderView(server, order)).status).toBe('pending');
  });
});
