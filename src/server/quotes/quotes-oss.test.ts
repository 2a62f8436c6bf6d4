import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail } from '@/shared/admin';
import type { PlacedOrderAnswer } from '@/shared/order-view';
import type { AcceptedQuoteAnswer, CreatedQuoteAnswer, QuoteView } from '@/shared/quotes';
import { hoodiesAndBooklets, germanIndividual, testCustomer } from '@tests/helpers/orders';
import { request } from '@tests/helpers/server';
import { useAdminServer } from '@tests/helpers/use-server';

/**
 * OSS where prices are given outside the cart (issue 42): the shop taxes EU distance sales in the
 * buyer's country (OSS_OPT_IN; Mervärdesskattelagen 2023:200 6 kap. 64 §), so a German
 * individual's quote (from the cart and from staff) and a staff order charge Germany's 19 % on the
 * price without Swedish VAT, exactly as checkout does: 12 618,75 kr with Swedish VAT is 10 095,00
 * without, plus 1 918,05 at 19 %: 12 013,05 kr.
 */
const server = useAdminServer({ env: { OSS_OPT_IN: 'true' } });
let keys = 0;
const key = (name: string) => `${name}-${Date.now()}-${++keys}-quotes-oss`;

const view = (number: string, token: string) =>
  request<QuoteView>(server, `/api/quotes/${number}?token=${encodeURIComponent(token)}`, {
    headers: { 'accept-language': 'en' },
  });

describe('OSS in quotes and staff orders', () => {
  it('a quote from the cart charges the buyer country’s VAT, as the order does, and its acceptance costs the same', async () => {
    const order = await request<PlacedOrderAnswer>(server, '/api/orders', {
      method: 'POST',
      json: { idempotencyKey: key('order'), customer: germanIndividual, lines: hoodiesAndBooklets },
    });
    expect(order.body).toMatchObject({ vatTreatment: 'oss', total: '12013.05' });

    const quote = await request<CreatedQuoteAnswer>(server, '/api/quotes', {
      method: 'POST',
      headers: { 'accept-language': 'en' },
      json: { customer: germanIndividual, lines: hoodiesAndBooklets },
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    expect(quote.body.total).toBe('12013.05');
    const page = await view(quote.body.quoteNumber, quote.body.accessToken);
    expect(page.body).toMatchObject({
      vatTreatment: 'oss',
      vatPercent: 19,
      exVat: '10095.00',
      vat: '1918.05',
      total: '12013.05',
    });

    const accepted = await request<AcceptedQuoteAnswer>(
      server,
      `/api/quotes/${quote.body.quoteNumber}/accept?token=${encodeURIComponent(quote.body.accessToken)}`,
      {
        method: 'POST',
        json: { idempotencyKey: key('accept'), acceptedBy: 'Erika Mustermann', termsAccepted: true },
      },
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body).toMatchObject({ vatTreatment: 'oss', total: '12013.05' });
  });

  it('a staff quote and a staff order for the same buyer charge 19 % too; a Swedish buyer keeps Swedish VAT', async () => {
    const staffQuote = await request<CreatedQuoteAnswer>(server, '/api/admin/quotes', {
      method: 'POST',
      headers: { cookie: server.cookie },
      json: { customer: germanIndividual, lines: hoodiesAndBooklets, send: false },
    });
    expect(staffQuote.status, JSON.stringify(staffQuote.body)).toBe(201);
    expect(staffQuote.body.total).toBe('12013.05');

    const staffOrder = (customer: Record<string, unknown>) =>
      request<PlacedOrderAnswer & { error?: string }>(server, '/api/admin/orders', {
        method: 'POST',
        headers: { cookie: server.cookie, 'accept-language': 'en' },
        json: { idempotencyKey: key('staff'), customer, lines: hoodiesAndBooklets },
      });
    const german = await staffOrder(germanIndividual);
    expect(german.status, JSON.stringify(german.body)).toBe(201);
    expect(german.body.total).toBe('12013.05');
    const detail = await request<AdminOrderDetail>(server, `/api/admin/orders/${german.body.orderNumber}`, {
      headers: { cookie: server.cookie },
    });
    expect(detail.body).toMatchObject({ vatPercent: 19, vatAmount: '1918.05', exVatAmount: '10095.00' });
    const swedish = await staffOrder(testCustomer);
    expect(swedish.body.total).toBe('12618.75');
  });
});
